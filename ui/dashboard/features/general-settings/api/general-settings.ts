import type { GeneralSettingsHistoryEntryView, GeneralSettingsView } from '@server/application/settings/general/general-settings-views';
import type { CommandAnswer } from '@server/application/views/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { meKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';
import type { GeneralSettingsPage } from '../paths';

export type GeneralSettings = GeneralSettingsView;
export type GeneralSettingsValues = GeneralSettingsView['settings'];
export type GeneralSettingsHistoryEntry = GeneralSettingsHistoryEntryView;

const keys = {
  all: ['general-settings'] as const,
  page: (accountId: string, page: GeneralSettingsPage) => ['general-settings', accountId, page] as const,
  history: (accountId: string, page: GeneralSettingsPage) => ['general-settings', accountId, page, 'history'] as const,
};

/** GET /api/accounts/{id}/general-settings/{page}: the page's settings and the revision (for If-Match). */
export function useGeneralSettings(accountId: string, page: GeneralSettingsPage) {
  return useQuery({
    queryKey: keys.page(accountId, page),
    queryFn: ({ signal }) => api.get<GeneralSettings>(`/accounts/${encodeURIComponent(accountId)}/general-settings/${page}`, { signal }),
  });
}

/** GET …/history: the page's changes, oldest first. */
export function useGeneralSettingsHistory(accountId: string, page: GeneralSettingsPage) {
  return useQuery({
    queryKey: keys.history(accountId, page),
    queryFn: ({ signal }) =>
      api.get<{ items: GeneralSettingsHistoryEntry[] }>(`/accounts/${encodeURIComponent(accountId)}/general-settings/${page}/history`, { signal }).then((body) => body.items),
  });
}

/**
 * PATCH /api/general-settings/{id}/{page}: a merge-patch, If-Match the
 * revision read. The menu follows some settings (check-in disabled hides its
 * screen): the user's /api/me is read again after a save.
 */
export function useSaveGeneralSettings(accountId: string, page: GeneralSettingsPage) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, revision }: { body: Record<string, unknown>; revision: number }) =>
      api.request<CommandAnswer>('PATCH', `/general-settings/${encodeURIComponent(accountId)}/${page}`, { body, ifMatch: `W/"${revision}"` }).then((response) => response.data),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: keys.all }), queryClient.invalidateQueries({ queryKey: meKeys.all })]),
  });
}
