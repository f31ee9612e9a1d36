import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/** The SEPA credit-transfer files (issue 19): the debtor account, building, downloading and settling the files. */
export const routes: RouteObject[] = [{ path: 'payments/transfer-files', loader: guard('payment.transfer_file'), lazy: () => import('./transfer-files-page') }];
