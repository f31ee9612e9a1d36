import { useSearchParams } from 'react-router';
import { TrackingScreen } from '../../features/tracking/components/tracking-screen';

/** /tracking?id=…&token=…: the link of the confirmation e-mail (features/tracking). */
export function Component() {
  const [params] = useSearchParams();
  return <TrackingScreen buybackId={params.get('id') ?? ''} token={params.get('token') ?? ''} />;
}
