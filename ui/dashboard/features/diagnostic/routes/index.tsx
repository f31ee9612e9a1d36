import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/**
 * The diagnostic questions (specification 000: /diagnostic, category/{categoryId},
 * category/{categoryId}/question/add, category/{categoryId}/question/{questionId}):
 * whoever may see them reads them (the form read-only without question.manage);
 * adding needs question.manage.
 */
export const routes: RouteObject[] = [
  { path: 'diagnostic', loader: guard('question.list'), lazy: () => import('./home-page') },
  { path: 'category/:categoryId', loader: guard('question.list'), lazy: () => import('./category-page') },
  { path: 'category/:categoryId/question/add', loader: guard('question.manage'), lazy: () => import('./add-page') },
  { path: 'category/:categoryId/question/:questionId', loader: guard('question.list'), lazy: () => import('./edit-page') },
];
