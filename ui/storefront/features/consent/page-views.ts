import { matchPath } from 'react-router';
import { paths } from '../../app/paths.js';

/**
 * The routes that send no page view (specification 000 §2, 002 §3): a
 * category's products, the add-to-cart tunnel (/diag/…), the confirmation and
 * the estimate error.
 */
export const ROUTES_WITHOUT_PAGE_VIEW = [paths.category.pattern, paths.diagnostic.pattern, paths.buybackConfirmation.pattern, paths.estimateError.pattern] as const;

/** Whether arriving at `pathname` is counted as a page view. */
export function sendsPageView(pathname: string): boolean {
  return !ROUTES_WITHOUT_PAGE_VIEW.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);
}

/** The page view of a location, or null on an excluded route or when the location did not change (same path and query). */
export function pageViewOf(location: { pathname: string; search: string }, previous: string | null): { path: string } | null {
  const path = `${location.pathname}${location.search}`;
  if (path === previous || !sendsPageView(location.pathname)) return null;
  return { path };
}
