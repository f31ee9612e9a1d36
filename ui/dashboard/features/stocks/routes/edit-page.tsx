import { useParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { StockEdit } from '../components/stock-edit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /stocks/{id}/edit: ids are UUIDs; anything else is not a stock. */
export function Component() {
  const { id = '' } = useParams();
  if (!UUID.test(id)) return <NotFound />;
  return <StockEdit key={id} id={id} />;
}
