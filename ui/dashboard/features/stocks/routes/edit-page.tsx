import { StockEdit } from '../components/stock-edit';
import { UuidRoute } from '../../../components/uuid-route';

/** /stocks/{id}/edit: ids are UUIDs; anything else is not a stock. */
export function Component() {
  return <UuidRoute>{(id) => <StockEdit key={id} id={id} />}</UuidRoute>;
}
