import type { SftpCredentialsView, SftpHistory, SftpSettingsView } from '@server/application/settings/sftp/sftp-views';
import type { CommandAnswer } from '@server/application/views/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type SftpSettings = SftpSettingsView;
export type SftpHistoryEntry = SftpHistory['items'][number];

const base = (organizationId: string) => `/organizations/${encodeURIComponent(organizationId)}/sftp`;
const keys = {
  all: (organizationId: string) => ['sftp', organizationId] as const,
  history: (organizationId: string) => ['sftp', organizationId, 'history'] as const,
};

/** GET /api/organizations/{id}/sftp: the access and the import's configuration; polled while the last import runs. */
export function useSftpSettings(organizationId: string) {
  return useQuery({
    queryKey: keys.all(organizationId),
    queryFn: ({ signal }) => api.get<SftpSettings>(base(organizationId), { signal }),
    refetchInterval: (query) => (query.state.data?.lastImport?.status === 'in_progress' ? 1_000 : 3_000),
  });
}

export function useSftpHistory(organizationId: string) {
  return useQuery({ queryKey: keys.history(organizationId), queryFn: ({ signal }) => api.get<SftpHistory>(`${base(organizationId)}/history`, { signal }).then((a) => a.items) });
}

/** POST …/sftp/access (the password, answered once) or DELETE …/sftp/access. */
export function useSftpAccess(organizationId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.all(organizationId) });
  return {
    enable: useMutation({ mutationFn: () => api.post<SftpCredentialsView>(`${base(organizationId)}/access`).then((r) => r.data), onSettled: refresh }),
    disable: useMutation({ mutationFn: () => api.request<CommandAnswer>('DELETE', `${base(organizationId)}/access`).then((r) => r.data), onSettled: refresh }),
  };
}

/** PATCH …/sftp/import-configuration (merge-patch) with If-Match the revision read. */
export function useSaveSftpImport(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, revision }: { body: { parentCategoryIds: string[]; suffix: string | null; status: 'active' | 'inactive' }; revision: number }) =>
      api.request<CommandAnswer>('PATCH', `${base(organizationId)}/import-configuration`, { body, ...(revision >= 0 ? { ifMatch: `W/"${revision}"` } : {}) }).then((r) => r.data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all(organizationId) }),
  });
}
