import { ItemDetail } from '../components/item-detail';
import { lastItemListSearch } from '../hooks/use-list-params';
import { itemPaths } from '../paths';
import { UuidRoute } from '../../../components/uuid-route';

/** /items-stock/{id}/edit: ids are UUIDs; anything else is not a device. */
export function Component() {
  return <UuidRoute>{(id) => <ItemDetail key={id} id={id} listPath={`${itemPaths.list}${lastItemListSearch()}`} />}</UuidRoute>;
}
