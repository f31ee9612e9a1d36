import { useParams } from 'react-router';
import { BuybackDetail } from '../../features/buybacks/components/buyback-detail';
import { lastListSearch } from '../../features/buybacks/hooks/use-list-params';
import { paths } from '../paths';
import { NotFound } from './not-found';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /buyback/{id}: ids are UUIDs; anything else is not a buyback. */
export function Component() {
  const { id = '' } = useParams();
  if (!UUID.test(id)) return <NotFound />;
  return <BuybackDetail key={id} id={id} listPath={`${paths.buybacks}${lastListSearch()}`} />;
}
