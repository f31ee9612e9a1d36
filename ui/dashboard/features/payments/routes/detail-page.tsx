import { PaymentDetail } from '../components/payment-detail';
import { lastPaymentListSearch } from '../hooks/use-list-params';
import { paymentPaths } from '../paths';
import { UuidRoute } from '../../../components/uuid-route';

/** /payments/{id}: ids are UUIDs; anything else is not a payment. */
export function Component() {
  return <UuidRoute>{(id) => <PaymentDetail key={id} id={id} listPath={`${paymentPaths.list}${lastPaymentListSearch()}`} />}</UuidRoute>;
}
