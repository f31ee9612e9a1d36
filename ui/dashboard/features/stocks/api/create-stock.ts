import type { CommandAnswer } from '@server/application/views/schema';
import { api } from '../../../lib/api-client';
import { useStockMutation } from './stock-mutation';

export interface StockFields {
  name: string;
  identifier: string | null;
  location: string | null;
}

export interface CreateStockInput {
  fields: StockFields & { warehouseId: string | null };
  idempotencyKey: string;
}

/** POST /api/stocks: a stock of the warehouse's own (a warehouse user's warehouse; others name it). */
export function createStock({ fields, idempotencyKey }: CreateStockInput): Promise<CommandAnswer> {
  return api.post<CommandAnswer>('/stocks', fields, { idempotencyKey }).then((response) => response.data);
}

export function useCreateStock() {
  return useStockMutation(createStock);
}
