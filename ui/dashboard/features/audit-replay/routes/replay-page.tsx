import { useParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { ReplayScreen } from '../components/replay-screen';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /replay/{buybackId}?upTo=|at=: a buyback replayed at a moment; ids are UUIDs, anything else names nothing. */
export function Component() {
  const { buybackId = '' } = useParams();
  if (!UUID.test(buybackId)) return <NotFound />;
  return <ReplayScreen key={buybackId} buybackId={buybackId} />;
}
