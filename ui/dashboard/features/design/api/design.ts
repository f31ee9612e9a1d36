import type { DesignHistoryEntryView, DesignView, SettingsFileAnswer } from '@server/application/settings/design/design-views';
import type { CommandAnswer } from '@server/application/views/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type Design = DesignView;
export type DesignHistoryEntry = DesignHistoryEntryView;
export type DesignPatch = Partial<{ mainColor: string; secondaryColor: string | null; logoFileId: string | null; faviconFileId: string | null }>;

const keys = {
  all: ['design'] as const,
  detail: (accountId: string) => ['design', accountId] as const,
  history: (accountId: string) => ['design', accountId, 'history'] as const,
};
const path = (accountId: string) => `/accounts/${encodeURIComponent(accountId)}/design`;

/** GET /api/accounts/{id}/design: the colours with their contrast, the logo and favicon; its revision for If-Match. */
export function useDesign(accountId: string) {
  return useQuery({ queryKey: keys.detail(accountId), queryFn: ({ signal }) => api.get<Design>(path(accountId), { signal }) });
}

export function useDesignHistory(accountId: string) {
  return useQuery({ queryKey: keys.history(accountId), queryFn: ({ signal }) => api.get<{ items: DesignHistoryEntry[] }>(`${path(accountId)}/history`, { signal }).then((a) => a.items) });
}

/** PATCH /api/accounts/{id}/design (a merge-patch), If-Match the revision read; the signed-in user's look is reloaded with /me. */
export function useUpdateDesign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, body, revision }: { accountId: string; body: DesignPatch; revision: number }) =>
      api.request<CommandAnswer>('PATCH', path(accountId), { body, ifMatch: `W/"${revision}"` }).then((r) => r.data),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: keys.all }), queryClient.invalidateQueries({ queryKey: ['me'] })]),
  });
}

/** POST /api/settings-files?kind=…: the file itself; its type is read from its content by the API. */
export function useUploadSettingsFile() {
  return useMutation({
    mutationFn: ({ kind, file, accountId }: { kind: 'logo' | 'favicon' | 'banner'; file: File; accountId?: string }) =>
      api
        .request<SettingsFileAnswer>('POST', '/settings-files', { query: { kind, accountId }, upload: { data: file, contentType: 'application/octet-stream' } })
        .then((r) => r.data),
  });
}
