import type { ImportEntryView } from '@server/application/settings/exports/export-views';
import type { ListPage } from '@server/application/views/schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPaging } from '../../../hooks/use-list-params';
import { api } from '../../../lib/api-client';
import { importsList, type ImportsListParams } from '../list-params';

export type ImportEntry = ImportEntryView;

/** How often the list is asked again while an import runs (the specification's 3 seconds). */
export const IMPORTS_POLL_MS = 3_000;

/** GET /api/imports: a page of the account's imports (products by upload or SFTP, users), newest first; polled while one runs. */
export function useImportsOf(organizationId: string, params: ImportsListParams) {
  return useQuery({
    queryKey: ['imports', organizationId, params],
    queryFn: ({ signal }) => api.get<ListPage<ImportEntry>>('/imports', { query: { ...apiPaging(params, importsList), organizationId }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((item) => item.status === 'in_progress') ? IMPORTS_POLL_MS : false),
  });
}
