import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/**
 * The workshop's definitions (specification 001: /refurb-steps,
 * /refurb-step/create, /refurb-step/{id}/edit, /refurb-diagnosis-questions,
 * its create and edit): read-only without the manage permission.
 */
export const routes: RouteObject[] = [
  { path: 'refurb-steps', loader: guard('refurb_step.list'), lazy: () => import('./pages').then((m) => ({ Component: m.StepsPage })) },
  { path: 'refurb-step/create', loader: guard('refurb_step.manage'), lazy: () => import('./pages').then((m) => ({ Component: m.StepCreatePage })) },
  { path: 'refurb-step/:id/edit', loader: guard('refurb_step.list'), lazy: () => import('./pages').then((m) => ({ Component: m.StepEditPage })) },
  { path: 'refurb-diagnosis-questions', loader: guard('refurb_diagnostic.manage'), lazy: () => import('./pages').then((m) => ({ Component: m.QuestionsPage })) },
  { path: 'refurb-diagnosis-questions/create', loader: guard('refurb_diagnostic.manage'), lazy: () => import('./pages').then((m) => ({ Component: m.QuestionCreatePage })) },
  { path: 'refurb-diagnosis-questions/:id/edit', loader: guard('refurb_diagnostic.manage'), lazy: () => import('./pages').then((m) => ({ Component: m.QuestionEditPage })) },
];
