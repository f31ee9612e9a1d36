import { viewerTimeZone } from '../../../components/list';
import { api } from '../../../lib/api-client';
import { apiFilters, type BuybackListParams } from '../list-params';

/**
 * GET /api/buybacks/export: every buyback of the list as filtered and sorted
 * on screen, as CSV, in the interface language and the viewer's time zone
 * (the API streams it; no row is left out).
 */
export async function exportBuybacks(params: Pick<BuybackListParams, 'filters' | 'sort' | 'direction'>): Promise<Blob> {
  const response = await api.request<Blob>('GET', '/buybacks/export', {
    query: { ...apiFilters(params.filters), [`order[${params.sort}]`]: params.direction, timeZone: viewerTimeZone() },
    as: 'blob',
  });
  return response.data;
}
