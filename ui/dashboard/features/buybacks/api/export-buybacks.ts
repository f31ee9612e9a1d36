import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiFilters, apiOrder, type BuybackListParams } from '../list-params';

export interface BuybacksExport {
  file: Blob;
  /** The export stops at 10,000 rows; true when rows were left out. */
  truncated: boolean;
}

/** GET /api/buybacks/export: the filtered list (every page) as CSV, in the interface language. */
export async function exportBuybacks(params: Pick<BuybackListParams, 'filters' | 'sort' | 'direction'>): Promise<BuybacksExport> {
  const response = await api.request<Blob>('GET', '/buybacks/export', {
    query: { ...apiFilters(params.filters), ...apiOrder(params.sort, params.direction) },
    as: 'blob',
  });
  return { file: response.data, truncated: response.headers.get('X-Export-Truncated') === 'true' };
}

export function useExportBuybacks() {
  return useMutation({ mutationFn: exportBuybacks });
}
