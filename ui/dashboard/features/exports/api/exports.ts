import type { DataExportView } from '@server/application/settings/exports/export-views';
import type { ListPage } from '@server/application/views/schema';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { viewerTimeZone } from '../../../components/list';
import { apiPaging } from '../../../hooks/use-list-params';
import { api } from '../../../lib/api-client';
import { exportList, type ExportListParams } from '../list-params';

export type DataExport = DataExportView;
export type DataExportKind = DataExportView['kind'];

/** How often the list is asked again while an export is under way (the specification's 3 seconds). */
export const EXPORT_POLL_MS = 3_000;

const keys = {
  all: (organizationId: string) => ['data-exports', organizationId] as const,
  list: (organizationId: string, params: ExportListParams) => ['data-exports', organizationId, 'list', params] as const,
};

/** GET /api/data-exports: a page of the organization's exports, newest first; polled while one is in progress. */
export function useDataExports(organizationId: string, params: ExportListParams) {
  return useQuery({
    queryKey: keys.list(organizationId, params),
    queryFn: ({ signal }) => api.get<ListPage<DataExport>>('/data-exports', { query: { ...apiPaging(params, exportList), organizationId }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((item) => item.status === 'in_progress') ? EXPORT_POLL_MS : false),
  });
}

export interface StartExportInput {
  kind: DataExportKind;
  createdFrom: string | null;
  createdTo: string | null;
}

/** POST /api/data-exports: the export queued (202), written in the background. */
export function useStartDataExport(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, createdFrom, createdTo }: StartExportInput) => {
      const filters = { ...(createdFrom ? { createdFrom } : {}), ...(createdTo ? { createdTo } : {}) };
      const timeZone = viewerTimeZone();
      return api
        .post<DataExport>('/data-exports', { organizationId, kind, ...(Object.keys(filters).length > 0 ? { filters } : {}), ...(timeZone ? { timeZone } : {}) })
        .then((answer) => answer.data);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all(organizationId) }),
  });
}

/** GET the file of a done export (its `downloadUrl`), with the user's credentials. */
export async function downloadDataExport(view: DataExport): Promise<Blob> {
  const answer = await api.request<Blob>('GET', (view.downloadUrl ?? '').replace(/^\/api/, ''), { as: 'blob' });
  return answer.data;
}
