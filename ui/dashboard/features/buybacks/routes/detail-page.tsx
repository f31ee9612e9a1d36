import { useParams } from 'react-router';
import { paths } from '../../../app/paths';
import { NotFound } from '../../../components/not-found';
import { BuybackDetail } from '../components/buyback-detail';
import { lastListSearch } from '../hooks/use-list-params';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /buyback/{id}: ids are UUIDs; anything else is not a buyback. */
export function Component() {
  const { id = '' } = useParams();
  if (!UUID.test(id)) return <NotFound />;
  return <BuybackDetail key={id} id={id} listPath={`${paths.buybacks}${lastListSearch()}`} />;
}
