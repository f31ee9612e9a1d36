import { ReplayScreen } from '../components/replay-screen';
import { UuidRoute } from '../../../components/uuid-route';

/** /replay/{buybackId}?upTo=|at=: a buyback replayed at a moment; ids are UUIDs, anything else names nothing. */
export function Component() {
  return <UuidRoute param="buybackId">{(buybackId) => <ReplayScreen key={buybackId} buybackId={buybackId} />}</UuidRoute>;
}
