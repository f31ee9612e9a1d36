import type { CommandAnswer } from '@server/application/views/schema';
import { api } from '../../../lib/api-client';
import type { StockFields } from './create-stock';
import { useStockMutation } from './stock-mutation';

/** PATCH /api/stocks/{id}: renames a stock of the warehouse's own, or changes its identifier or location. */
export function updateStock({ id, fields }: { id: string; fields: StockFields }): Promise<CommandAnswer> {
  return api.request<CommandAnswer>('PATCH', `/stocks/${id}`, { body: fields }).then((response) => response.data);
}

export function useUpdateStock() {
  return useStockMutation(updateStock);
}
