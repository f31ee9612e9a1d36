import type { CommandAnswer } from '@server/application/views/schema';
import { api } from '../../../lib/api-client';
import type { DispatchRuleInput } from '../types';
import { useDispatchMutation } from './dispatch-mutation';
import { ifMatchOf } from './revision';

export interface UpdateDispatchRuleInput {
  id: string;
  rule: DispatchRuleInput;
  /** The rules' revision the form was loaded at: another administrator's change since is refused (412). */
  revision: number;
}

/** PUT /api/warehouse-dispatch-rules/{id}: the whole rule, replaced where it stands. */
export function updateDispatchRule({ id, rule, revision }: UpdateDispatchRuleInput): Promise<CommandAnswer> {
  return api.request<CommandAnswer>('PUT', `/warehouse-dispatch-rules/${id}`, { body: rule, ifMatch: ifMatchOf(revision) }).then((response) => response.data);
}

export function useUpdateDispatchRule() {
  return useDispatchMutation(updateDispatchRule);
}
