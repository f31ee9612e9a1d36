import { NotFound } from '../../components/not-found';

/** /404 and every unknown path of the signed-in dashboard. */
export function Component() {
  return <NotFound />;
}
