import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import { cartCheckoutPaths } from './paths';

/**
 * cart/{cartId}/checkout (specification 000, section 2): a cart kept on the
 * server ("Continue later" on the tunnel's summary) resumed in any tab by
 * any visitor of the same storefront, checked out with the customer's
 * details, then its buybacks' codes. Fetched on its first visit.
 */
export const cartCheckoutRoutes: RouteObject[] = [{ path: cartCheckoutPaths.checkout.pattern, ...lazyPage(() => import('./routes/checkout'), 'Component', ['cart-checkout', 'api']) }];
