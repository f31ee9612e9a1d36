import type { CommandAnswer } from '@server/application/views/schema';
import { api } from '../../../lib/api-client';
import { useStockMutation } from './stock-mutation';

/** DELETE /api/stocks/{id}: a stock of the warehouse's own that holds nothing. */
export function deleteStock(id: string): Promise<CommandAnswer> {
  return api.request<CommandAnswer>('DELETE', `/stocks/${id}`).then((response) => response.data);
}

export function useDeleteStock() {
  return useStockMutation(deleteStock);
}
