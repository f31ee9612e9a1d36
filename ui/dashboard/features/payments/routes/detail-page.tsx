import { useParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { PaymentDetail } from '../components/payment-detail';
import { lastPaymentListSearch } from '../hooks/use-list-params';
import { paymentPaths } from '../paths';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /payments/{id}: ids are UUIDs; anything else is not a payment. */
export function Component() {
  const { id = '' } = useParams();
  if (!UUID.test(id)) return <NotFound />;
  return <PaymentDetail key={id} id={id} listPath={`${paymentPaths.list}${lastPaymentListSearch()}`} />;
}
