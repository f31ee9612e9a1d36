import type { CommandAnswer } from '@server/application/views/schema';
import type { EditionPreviewView } from '@server/application/buybacks/edition-views';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateBuyback } from '../../buybacks/api/invalidate-buyback';

export interface CustomerPatch {
  firstName?: string;
  lastName?: string;
  phone?: string;
  street?: string;
  streetComplement?: string | null;
  city?: string;
  zipCode?: string;
  country?: string;
}

/** What the form sends: the customer's fields it changed, and the whole new set of answers. */
export interface EditionChanges {
  customer?: CustomerPatch;
  responses?: Array<{ questionId: string; answerIds: string[] }>;
}

export type EditionPreview = EditionPreviewView;

/** POST /api/buybacks/{id}/edition-preview: the server's estimate of the changes, nothing written. */
export function usePreviewEdition() {
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: EditionChanges }) =>
      api.post<EditionPreview>(`/buybacks/${id}/edition-preview`, changes).then((response) => response.data),
  });
}

/** PATCH /api/buybacks/{id} (a merge-patch with the reason), If-Match the revision the preview was computed on. */
export function useEditBuyback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes, reason, revision }: { id: string; changes: EditionChanges; reason: string; revision: number }) =>
      api.request<CommandAnswer>('PATCH', `/buybacks/${id}`, { body: { ...changes, reason }, ifMatch: `W/"${revision}"` }).then((response) => response.data),
    onSettled: (_answer, _error, { id }) => invalidateBuyback(queryClient, id),
  });
}
