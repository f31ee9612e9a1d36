import type { HomePageHistoryEntryView, HomePageSettingsView, HomePageWidgetView } from '@server/application/settings/home-page/home-page-views';
import type { CommandAnswer } from '@server/application/views/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type HomePage = HomePageSettingsView;
export type HomePageWidget = HomePageWidgetView;
export type HomePageHistoryEntry = HomePageHistoryEntryView;

const keys = {
  all: ['home-page'] as const,
  page: (accountId: string) => ['home-page', accountId] as const,
  history: (accountId: string) => ['home-page', accountId, 'history'] as const,
};
const pathOf = (accountId: string) => `/accounts/${encodeURIComponent(accountId)}/home-page`;

/** GET /api/accounts/{id}/home-page: the home page and the revision (for If-Match). */
export function useHomePage(accountId: string) {
  return useQuery({ queryKey: keys.page(accountId), queryFn: ({ signal }) => api.get<HomePage>(pathOf(accountId), { signal }), enabled: accountId !== '' });
}

/** GET …/history: its changes, oldest first. */
export function useHomePageHistory(accountId: string) {
  return useQuery({
    queryKey: keys.history(accountId),
    queryFn: ({ signal }) => api.get<{ items: HomePageHistoryEntry[] }>(`${pathOf(accountId)}/history`, { signal }).then((body) => body.items),
  });
}

/** PATCH /api/accounts/{id}/home-page: a merge-patch, If-Match the revision read. */
export function useSaveHomePage(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, revision }: { body: Record<string, unknown>; revision: number }) =>
      api.request<CommandAnswer>('PATCH', pathOf(accountId), { body, ifMatch: `W/"${revision}"` }).then((response) => response.data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
