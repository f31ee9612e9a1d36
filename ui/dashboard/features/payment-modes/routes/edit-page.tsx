import { PaymentModeEdit } from '../components/payment-mode-edit';
import { UuidRoute } from '../../../components/uuid-route';

/** /paymentMode/{id}/edit: ids are UUIDs; anything else is not a payment mode. */
export function Component() {
  return <UuidRoute>{(id) => <PaymentModeEdit key={id} id={id} />}</UuidRoute>;
}
