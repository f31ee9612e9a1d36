import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/**
 * The circuits (specification 000: /circuits, /circuit/{id}/edit) and their
 * dispatch circuit rules: the lists and forms for whoever may see them
 * (read-only without circuit.manage), a new rule for who manages them.
 */
export const routes: RouteObject[] = [
  { path: 'circuits', loader: guard('circuit.list'), lazy: () => import('./pages').then((m) => ({ Component: m.CircuitsPage })) },
  { path: 'circuit/:id/edit', loader: guard('circuit.list'), lazy: () => import('./pages').then((m) => ({ Component: m.CircuitEditPage })) },
  { path: 'dispatch-circuit-rules', loader: guard('circuit.list'), lazy: () => import('./pages').then((m) => ({ Component: m.RulesPage })) },
  { path: 'dispatch-circuit-rule/create', loader: guard('circuit.manage'), lazy: () => import('./pages').then((m) => ({ Component: m.RuleCreatePage })) },
  { path: 'dispatch-circuit-rule/:id/edit', loader: guard('circuit.list'), lazy: () => import('./pages').then((m) => ({ Component: m.RuleEditPage })) },
];
