import { useParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { ItemDetail } from '../components/item-detail';
import { lastItemListSearch } from '../hooks/use-list-params';
import { itemPaths } from '../paths';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /items-stock/{id}/edit: ids are UUIDs; anything else is not a device. */
export function Component() {
  const { id = '' } = useParams();
  if (!UUID.test(id)) return <NotFound />;
  return <ItemDetail key={id} id={id} listPath={`${itemPaths.list}${lastItemListSearch()}`} />;
}
