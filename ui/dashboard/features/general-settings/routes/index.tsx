import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { paths } from '../../../app/paths';
import { requireUser } from '../../../lib/auth';
import { menuOffers } from '../../../lib/menu';
import { GENERAL_SETTINGS_PAGES, generalSettingsPaths, type GeneralSettingsPage } from '../paths';

/**
 * /settings/tim/general and /settings/lcm/general (specification 002 §2):
 * each page only for the accounts it applies to (a retailer's stores, a
 * buyer and workshop supervisor's): the API's menu offers it or the user
 * goes home (the rule is the API's, not restated here).
 */
async function pageOffered({ request, params }: LoaderFunctionArgs) {
  const me = await requireUser(request, 'settings.manage');
  const page = params.page as GeneralSettingsPage;
  if (!GENERAL_SETTINGS_PAGES.includes(page) || !me.account || !menuOffers(me, generalSettingsPaths.page(page))) throw redirect(paths.home);
  return null;
}

export const routes: RouteObject[] = [{ path: 'settings/:page/general', loader: pageOffered, lazy: () => import('./settings-page') }];
