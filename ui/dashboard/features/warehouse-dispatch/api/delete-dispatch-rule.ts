import type { CommandAnswer } from '@server/application/views/schema';
import { api } from '../../../lib/api-client';
import { useDispatchMutation } from './dispatch-mutation';
import { ifMatchOf } from './revision';

/** DELETE /api/warehouse-dispatch-rules/{id}, at the rules' revision the screen showed. */
export function deleteDispatchRule({ id, revision }: { id: string; revision: number }): Promise<CommandAnswer> {
  return api.request<CommandAnswer>('DELETE', `/warehouse-dispatch-rules/${id}`, { ifMatch: ifMatchOf(revision) }).then((response) => response.data);
}

export function useDeleteDispatchRule() {
  return useDispatchMutation(deleteDispatchRule);
}
