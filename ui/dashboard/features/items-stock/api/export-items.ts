import { viewerTimeZone } from '../../../components/list';
import { api } from '../../../lib/api-client';
import { apiItemFilters, type ItemListParams } from '../list-params';

/**
 * GET /api/items/export: every item of the list as filtered and sorted on
 * screen, as CSV, in the interface language and the viewer's time zone.
 */
export async function exportItems(params: Pick<ItemListParams, 'filters' | 'sort' | 'direction'>): Promise<Blob> {
  const response = await api.request<Blob>('GET', '/items/export', {
    query: { ...apiItemFilters(params.filters), [`order[${params.sort}]`]: params.direction, timeZone: viewerTimeZone() },
    as: 'blob',
  });
  return response.data;
}
