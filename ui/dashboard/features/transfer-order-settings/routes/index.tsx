import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/** The transfer order's text (specification 001: /settings/transfer-order), for who manages the payment settings. */
export const routes: RouteObject[] = [{ path: 'settings/transfer-order', loader: guard('payment_settings.manage'), lazy: () => import('./settings-page') }];
