import type { BuybackView } from '@server/application/buybacks/buyback-views';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * GET /api/buybacks/by-identification-number/{code}: which buyback a 13-digit
 * code names, to open its replay. A one-off lookup (the auditor's search),
 * so a mutation: nothing is kept under the code's query key, whose answer
 * other screens keep with its ETag.
 */
export function findBuybackByCode(code: string): Promise<BuybackView> {
  return api.get<BuybackView>(`/buybacks/by-identification-number/${encodeURIComponent(code)}`);
}

export function useFindBuybackByCode() {
  return useMutation({ mutationFn: findBuybackByCode });
}
