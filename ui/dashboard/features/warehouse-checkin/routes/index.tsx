import { redirect, type RouteObject } from 'react-router';
import { paths } from '../../../app/paths';
import { requireUser } from '../../../lib/auth';
import { menuOffers } from '../../../lib/menu';
import { checkInPaths } from '../paths';

/**
 * Check-in is for retailers who use it: when their check-in is disabled (and
 * for provider staff, treated as disabled) the API's menu has no entry for it
 * and both screens send the user home (specification 001 §2). The menu is the
 * API's answer; the rule is not restated here.
 */
async function checkInOffered({ request }: { request: Request }) {
  const me = await requireUser(request, 'item.check_in');
  if (!menuOffers(me, checkInPaths.checkIn)) throw redirect(paths.home);
  return null;
}

/** Check-in (specification 001 §2): the code of each parcel, and one parcel's confirmation; screens loaded on the first visit. */
export const routes: RouteObject[] = [
  { path: 'warehouse/checkin', loader: checkInOffered, lazy: () => import('./check-in-page') },
  { path: 'warehouse/confirmation-checkin/:itemId', loader: checkInOffered, lazy: () => import('./confirmation-page') },
];
