import type { UserImportView } from '@server/application/organizations/user-import/user-import-views';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userImportKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';

/** How often an import being checked or run is asked again. */
export const IMPORT_POLL_MS = 500;
export const PREVIEW_PAGE_SIZE = 50;

export type RowFilter = UserImportView['rows']['filter'];
export interface RowsPage {
  filter: RowFilter;
  offset: number;
}

const working = (view: UserImportView | undefined) => view?.status === 'validating' || view?.status === 'running';

/** GET /api/users/imports/{id}: the import, a page of its rows (the filter's), its job's progress, its report. */
export function getUserImport(id: string, page: RowsPage, signal?: AbortSignal): Promise<UserImportView> {
  return api.get<UserImportView>(`/users/imports/${encodeURIComponent(id)}`, { query: { filter: page.filter, offset: page.offset, limit: PREVIEW_PAGE_SIZE }, signal });
}

export const userImportQueryOptions = (id: string, page: RowsPage) =>
  queryOptions({
    queryKey: userImportKeys.detail(id, page),
    queryFn: ({ signal }) => getUserImport(id, page, signal),
    placeholderData: keepPreviousData,
    retry: false,
    refetchInterval: (query) => (working(query.state.data) ? IMPORT_POLL_MS : false),
  });

export function useUserImport(id: string, page: RowsPage) {
  return useQuery(userImportQueryOptions(id, page));
}

/** POST /api/users/imports: the file as the body itself (text/csv); answers the import, its rows being checked. */
export function useStartUserImport() {
  return useMutation({
    mutationFn: async (file: File) => {
      const answer = await api.request<UserImportView>('POST', '/users/imports', { query: { fileName: file.name.slice(0, 255) }, upload: { data: file, contentType: 'text/csv' } });
      return answer.data;
    },
  });
}

/** POST /api/users/imports/{id}/run: creates and invites the valid rows' users in the background. */
export function useRunUserImport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<UserImportView>(`/users/imports/${encodeURIComponent(id)}/run`).then((answer) => answer.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userImportKeys.one(id) }),
  });
}

/** The template CSV or the procedure PDF (in the interface's language), as a file to save. */
export async function getImportDocument(kind: 'template.csv' | 'procedure.pdf'): Promise<Blob> {
  const answer = await api.request<Blob>('GET', `/users/imports/${kind}`, { as: 'blob' });
  return answer.data;
}
