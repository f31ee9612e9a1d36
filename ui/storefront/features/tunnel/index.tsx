import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import { RENDERED_FROM_CONFIRMATIONS, SERVER_RENDERED } from '../../app/paths';
import { tunnelPaths } from './paths';

// Each page is fetched on its first visit: none of the tunnel weighs on the storefront's first load.

/**
 * The buyback tunnel of the storefront (specification 000, section 2):
 * /diag/{productId?}/{slug?}/{itemId?}/{predeclaredBuybackId?} (the
 * diagnostic one question per screen, the price, transport and payment),
 * /cart/customer-infos, /cart/summary and /buyback-confirmation?ids=….
 */
export const tunnelRoutes: RouteObject[] = [
  { path: tunnelPaths.diagnostic.pattern, ...lazyPage(() => import('./routes/diagnostic')), handle: SERVER_RENDERED },
  { path: tunnelPaths.customerInfos.pattern, ...lazyPage(() => import('./routes/customer-infos'), 'Component', ['api']) },
  { path: tunnelPaths.summary.pattern, ...lazyPage(() => import('./routes/summary'), 'Component', ['cart-checkout', 'api']) },
  { path: tunnelPaths.confirmation.pattern, ...lazyPage(() => import('./routes/confirmation')), handle: RENDERED_FROM_CONFIRMATIONS },
];
