import type { CommandAnswer } from '@server/application/views/schema';
import { api } from '../../../lib/api-client';
import { useDispatchMutation } from './dispatch-mutation';
import { ifMatchOf } from './revision';

export interface ReorderInput {
  /** Every rule once, in the new order. */
  ruleIds: string[];
  revision: number;
  idempotencyKey: string;
}

/** POST /api/warehouse-dispatch-rules/reorder: the same rules in another order. */
export function reorderDispatchRules({ ruleIds, revision, idempotencyKey }: ReorderInput): Promise<CommandAnswer> {
  return api.post<CommandAnswer>('/warehouse-dispatch-rules/reorder', { ruleIds }, { ifMatch: ifMatchOf(revision), idempotencyKey }).then((response) => response.data);
}

export function useReorderDispatchRules() {
  return useDispatchMutation(reorderDispatchRules);
}
