import { useParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { PaymentModeEdit } from '../components/payment-mode-edit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /paymentMode/{id}/edit: ids are UUIDs; anything else is not a payment mode. */
export function Component() {
  const { id = '' } = useParams();
  if (!UUID.test(id)) return <NotFound />;
  return <PaymentModeEdit key={id} id={id} />;
}
