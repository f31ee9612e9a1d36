import type { CatalogExportView } from '@server/application/catalog/transfer/transfer-views';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type ExportKind = CatalogExportView['kind'];
export type CatalogExport = CatalogExportView;

/** How often an export under way is asked again (the specification's 3 seconds). */
export const EXPORT_POLL_MS = 3_000;

const working = (view: CatalogExport | undefined) => view?.status === 'queued' || view?.status === 'running';

/** POST /api/{kind}/exports: starts an export of the tenant's products, categories or questions. */
export function useStartExport(accountId: string) {
  return useMutation({
    mutationFn: (kind: ExportKind) => api.post<CatalogExport>(`/${kind}/exports`, undefined, { query: { accountId } }).then((answer) => answer.data),
  });
}

/** GET /api/{kind}/exports/{id}, polled every 3 s until its link or its error. */
export function useExport(accountId: string, started: { kind: ExportKind; id: string } | null) {
  return useQuery({
    queryKey: ['catalog-transfer', 'export', accountId, started?.kind, started?.id],
    enabled: started !== null,
    queryFn: ({ signal }) => api.get<CatalogExport>(`/${started?.kind}/exports/${encodeURIComponent(started?.id ?? '')}`, { query: { accountId }, signal }),
    refetchInterval: (query) => (working(query.state.data) ? EXPORT_POLL_MS : false),
  });
}
