import type { ItemRefurbStepsView, ItemRefurbStepView } from '@server/application/refurbishment/item-refurb-steps/item-refurb-steps-views';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { newIdempotencyKey } from '../../../../shared/api/client';
import { itemKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';

export type ItemSteps = ItemRefurbStepsView;
export type Step = ItemRefurbStepView & { item: ItemRefurbStepsView['item'] };
export type StepAction = 'start' | 'pause' | 'resume' | 'cancel' | 'validate';

export const stepKeys = {
  all: ['item-refurb-steps'] as const,
  item: (itemId: string) => [...stepKeys.all, 'item', itemId] as const,
  step: (id: string) => [...stepKeys.all, 'step', id] as const,
};

/** GET /api/items/{id}/refurb-steps: the item's steps in order, the steps left, whether it may be confirmed. */
export function useItemSteps(itemId: string) {
  return useQuery({ queryKey: stepKeys.item(itemId), queryFn: ({ signal }) => api.get<ItemSteps>(`/items/${encodeURIComponent(itemId)}/refurb-steps`, { signal }) });
}

/** GET /api/item-refurb-steps/{id}: one step with its item. */
export function useStep(id: string) {
  return useQuery({ queryKey: stepKeys.step(id), queryFn: ({ signal }) => api.get<Step>(`/item-refurb-steps/${encodeURIComponent(id)}`, { signal }) });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: stepKeys.all }), queryClient.invalidateQueries({ queryKey: itemKeys.all })]);
}

/** GET /api/item-refurb-steps/search?code=: the item a code names (ITEM_CODE_AMBIGUOUS lists the candidates). */
export function useFindItem() {
  return useMutation({ mutationFn: (code: string) => api.get<ItemSteps['item']>(`/item-refurb-steps/search?code=${encodeURIComponent(code)}`) });
}

/** POST /api/item-refurb-steps/{id}/{action} at the revision read: another user's change answers REFURB_STEP_STATUS_CHANGED. */
export function useStepAction(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ action, revision, comment }: { action: StepAction; revision: number; comment?: string | null }) =>
      api
        .post<{ id: string; status: string; revision: number }>(`/item-refurb-steps/${encodeURIComponent(id)}/${action}`, comment === undefined ? {} : { comment }, {
          ifMatch: `W/"${revision}"`,
          idempotencyKey: newIdempotencyKey(),
        })
        .then((r) => r.data),
    onSettled: invalidate,
  });
}

/** POST /api/items/{id}/refurb-completion: REFURB_STEPS_NOT_FINISHED names the steps left. */
export function useCompleteRefurbishment(itemId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => api.post<{ id: string; status: string }>(`/items/${encodeURIComponent(itemId)}/refurb-completion`, {}, { idempotencyKey: newIdempotencyKey() }).then((r) => r.data),
    onSettled: invalidate,
  });
}
