import type { CommandAnswer } from '@server/application/views/schema';
import { api } from '../../../lib/api-client';
import type { DispatchRuleInput } from '../types';
import { useDispatchMutation } from './dispatch-mutation';

export interface CreateDispatchRuleInput {
  rule: DispatchRuleInput;
  idempotencyKey: string;
}

/** POST /api/warehouse-dispatch-rules: a new rule, after the others. */
export function createDispatchRule({ rule, idempotencyKey }: CreateDispatchRuleInput): Promise<CommandAnswer> {
  return api.post<CommandAnswer>('/warehouse-dispatch-rules', rule, { idempotencyKey }).then((response) => response.data);
}

export function useCreateDispatchRule() {
  return useDispatchMutation(createDispatchRule);
}
