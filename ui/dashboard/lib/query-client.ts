import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../shared/api/client';
import { appAlerts, type ServerErrorAlert } from './app-alerts';

/** What a query or mutation may say of its own server error's modal (`meta.serverError`): go home, a named route, its own message. */
export type ServerErrorOptions = Omit<Partial<ServerErrorAlert>, 'error'>;
const optionsOf = (meta: Record<string, unknown> | undefined): ServerErrorOptions => (meta?.serverError as ServerErrorOptions | undefined) ?? {};

function isServerError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.isServerError;
}

/**
 * Server and network failures open the server error modal: a screen that
 * could not load offers to reload the page, a failed command just says so.
 * Other refusals (4xx) are the screens' business: field errors, conflicts.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      // A query may handle its own failure (the route guard's /me sends the user to "not available").
      if (query.meta?.handlesServerError) return;
      if (isServerError(error)) appAlerts.showServerError({ error, reloadPage: true, ...optionsOf(query.meta) });
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (isServerError(error)) appAlerts.showServerError({ error, reloadPage: false, ...optionsOf(mutation.meta) });
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Only a lost connection is worth retrying; an answer (even 5xx) is shown as it is.
      retry: (failureCount, error) => error instanceof ApiError && error.status === 0 && failureCount < 2,
    },
    mutations: { retry: false },
  },
});
