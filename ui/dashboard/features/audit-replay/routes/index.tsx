import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/** The auditor's replay: find a buyback by its code, then replay it; behind audit.replay, screens loaded on the first visit. */
export const routes: RouteObject[] = [
  { path: 'replay', loader: guard('audit.replay'), lazy: () => import('./search-page') },
  { path: 'replay/:buybackId', loader: guard('audit.replay'), lazy: () => import('./replay-page') },
];
