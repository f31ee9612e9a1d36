import type { LegalPage, LegalPageView } from '@server/application/settings/legal/legal-views';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../../shared/api/client';
import { useAppEnvironment } from '../../../../shared/app-environment';
import { useWhiteLabel } from '../../../lib/white-label';

/** GET /white-label/legal/{page}: the retailer's own text and PDF for a legal page (null when not written). */
export const legalPageQueryOptions = (api: ApiClient, accountId: string, page: LegalPage) =>
  queryOptions({
    queryKey: ['white-label', 'legal', accountId, page] as const,
    queryFn: ({ signal }) => api.get<LegalPageView>(`/white-label/legal/${page}`, { query: { accountId }, signal }),
    staleTime: 5 * 60_000,
  });

export function useLegalPage(page: LegalPage) {
  const { api } = useAppEnvironment();
  const { accountId } = useWhiteLabel();
  return useQuery(legalPageQueryOptions(api, accountId, page));
}
