import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/**
 * The warehouse dispatch (specification 001): the rules in order and the
 * default warehouse for whoever may read them; a new rule for who manages
 * them; a rule's form for both (read-only without dispatch_rule.manage).
 */
export const routes: RouteObject[] = [
  { path: 'warehouse-dispatch', loader: guard('dispatch_rule.read'), lazy: () => import('./rules-page') },
  { path: 'warehouse-dispatch-rule/new', loader: guard('dispatch_rule.manage'), lazy: () => import('./new-rule-page') },
  { path: 'warehouse-dispatch-rule/:id', loader: guard('dispatch_rule.read'), lazy: () => import('./rule-page') },
];
