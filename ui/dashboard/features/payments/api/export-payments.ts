import { viewerTimeZone } from '../../../components/list';
import { api } from '../../../lib/api-client';
import { apiPaymentFilters, type PaymentListParams } from '../list-params';

/**
 * GET /api/payments/export: every payment of the search as filtered and
 * sorted on screen, as CSV, in the interface language and the viewer's time zone.
 */
export async function exportPayments(params: Pick<PaymentListParams, 'filters' | 'sort' | 'direction'>): Promise<Blob> {
  const response = await api.request<Blob>('GET', '/payments/export', {
    query: { ...apiPaymentFilters(params.filters), [`order[${params.sort}]`]: params.direction, timeZone: viewerTimeZone() },
    as: 'blob',
  });
  return response.data;
}
