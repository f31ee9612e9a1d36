import type { ReplayTargetView } from '@server/application/warehouse/warehouse-views';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * GET /api/replay-targets/{code}: which buyback a code names, to open its
 * replay: its 13-digit code, or the 8-character item code the lists show
 * (409 ITEM_CODE_AMBIGUOUS lists the devices sharing it, each with its
 * buyback; 404 ITEM_CODE_NOT_RECOGNISED; 400 ITEM_CODE_*). A one-off lookup
 * (the auditor's search), so a mutation.
 */
export function findBuybackByCode(code: string): Promise<ReplayTargetView> {
  return api.get<ReplayTargetView>(`/replay-targets/${encodeURIComponent(code)}`);
}

export function useFindBuybackByCode() {
  return useMutation({ mutationFn: findBuybackByCode });
}
