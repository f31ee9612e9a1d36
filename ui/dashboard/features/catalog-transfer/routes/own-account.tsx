import { Navigate, useLocation } from 'react-router';
import { useMe } from '../../../lib/auth';
import { catalogTransferPaths } from '../paths';

/** The menu's `/catalog-export` and `/catalog-imports`: the same screen under the user's own tenant. */
export function Component() {
  const me = useMe();
  const { pathname } = useLocation();
  const accountId = me.account?.id ?? '';
  return <Navigate replace to={pathname.endsWith('catalog-export') ? catalogTransferPaths.exportOf(accountId) : catalogTransferPaths.importsOf(accountId)} />;
}
