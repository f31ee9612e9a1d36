import type { CatalogImportSummaryView, CatalogImportView } from '@server/application/catalog/transfer/transfer-views';
import type { ListPage } from '@server/application/views/schema';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaging } from '../../../hooks/use-list-params';
import { api } from '../../../lib/api-client';
import { importList, type ImportListParams } from '../list-params';

export type CatalogImport = CatalogImportView;
export type CatalogImportSummary = CatalogImportSummaryView;

/** How often an import under way (its row in the list, its report) is asked again. */
export const IMPORT_POLL_MS = 1_000;
export const IGNORED_PAGE_SIZE = 20;

const keys = {
  all: (accountId: string) => ['catalog-transfer', 'imports', accountId] as const,
  list: (accountId: string, params: ImportListParams) => ['catalog-transfer', 'imports', accountId, 'list', params] as const,
  one: (accountId: string, id: string, offset: number) => ['catalog-transfer', 'imports', accountId, 'one', id, offset] as const,
};

/** GET /api/products/imports: a page of the tenant's imports, newest first; polled while one is in progress. */
export function useImports(accountId: string, params: ImportListParams) {
  return useQuery({
    queryKey: keys.list(accountId, params),
    queryFn: ({ signal }) => api.get<ListPage<CatalogImportSummary>>('/products/imports', { query: { ...apiPaging(params, importList), accountId }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((item) => item.status === 'in_progress') ? IMPORT_POLL_MS : false),
  });
}

/** GET /api/products/imports/{id}: its report and a page of its ignored lines. */
export function useImport(accountId: string, id: string | null, offset: number) {
  return useQuery({
    queryKey: keys.one(accountId, id ?? '', offset),
    enabled: id !== null,
    queryFn: ({ signal }) =>
      api.get<CatalogImport>(`/products/imports/${encodeURIComponent(id ?? '')}`, { query: { accountId, offset, limit: IGNORED_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.status === 'in_progress' ? IMPORT_POLL_MS : false),
  });
}

/** POST /api/products/imports: the file as the body itself (text/csv). */
export function useStartImport(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      api
        .request<CatalogImport>('POST', '/products/imports', { query: { accountId, fileName: file.name.slice(0, 255) }, upload: { data: file, contentType: 'text/csv' } })
        .then((answer) => answer.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all(accountId) }),
  });
}
