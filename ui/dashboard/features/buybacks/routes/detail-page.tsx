import { paths } from '../../../app/paths';
import { BuybackDetail } from '../components/buyback-detail';
import { lastListSearch } from '../hooks/use-list-params';
import { UuidRoute } from '../../../components/uuid-route';

/** /buyback/{id}: ids are UUIDs; anything else is not a buyback. */
export function Component() {
  return <UuidRoute>{(id) => <BuybackDetail key={id} id={id} listPath={`${paths.buybacks}${lastListSearch()}`} />}</UuidRoute>;
}
