import type { CategoryNodeView } from '@server/application/catalog/catalog-views';
import type { CategoryQuestionsView, QuestionDetailView, QuestionHistory } from '@server/application/catalog/questions/question-views';
import type { CommandAnswer } from '@server/application/views/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { categoryKeys, estimateKeys, productKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';
import type { QuestionBody } from '../form-model';

/** GET /diagnostic-questions… and the categories' questions: one key family, dropped by every command (with what the buyback path asks and estimates). */
const keys = {
  all: ['diagnostic-questions'] as const,
  ofCategory: (categoryId: string) => [...keys.all, 'category', categoryId] as const,
  detail: (id: string) => [...keys.all, 'detail', id] as const,
  history: (id: string) => [...keys.all, 'detail', id, 'history'] as const,
};

/** GET /api/categories/tree: the tree a category is picked in. */
export function useCategoryTree() {
  return useQuery({ queryKey: categoryKeys.tree(), queryFn: ({ signal }) => api.get<{ items: CategoryNodeView[] }>('/categories/tree', { signal }).then((answer) => answer.items) });
}

/** GET /api/categories/{id}/diagnostic-questions: its own questions and the inherited ones. */
export function useCategoryQuestions(categoryId: string) {
  return useQuery({
    queryKey: keys.ofCategory(categoryId),
    queryFn: ({ signal }) => api.get<CategoryQuestionsView>(`/categories/${encodeURIComponent(categoryId)}/diagnostic-questions`, { signal }),
  });
}

export function useQuestion(id: string) {
  return useQuery({ queryKey: keys.detail(id), queryFn: ({ signal }) => api.get<QuestionDetailView>(`/diagnostic-questions/${encodeURIComponent(id)}`, { signal }) });
}

export function useQuestionHistory(id: string) {
  return useQuery({
    queryKey: keys.history(id),
    queryFn: ({ signal }) => api.get<QuestionHistory>(`/diagnostic-questions/${encodeURIComponent(id)}/history`, { signal }).then((answer) => answer.items),
  });
}

function useQuestionMutation<Input>(send: (input: Input) => Promise<CommandAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => Promise.all([keys.all, productKeys.all, estimateKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export function useCreateQuestion() {
  return useQuestionMutation(({ categoryId, body, idempotencyKey }: { categoryId: string; body: QuestionBody; idempotencyKey: string }) =>
    api.request<CommandAnswer>('POST', `/categories/${encodeURIComponent(categoryId)}/diagnostic-questions`, { body, idempotencyKey }).then((r) => r.data),
  );
}

/** PATCH (merge-patch) with If-Match the revision the form was read at. */
export function useUpdateQuestion() {
  return useQuestionMutation(({ id, body, revision }: { id: string; body: Partial<QuestionBody>; revision: number }) =>
    api.request<CommandAnswer>('PATCH', `/diagnostic-questions/${encodeURIComponent(id)}`, { body, ifMatch: `W/"${revision}"` }).then((r) => r.data),
  );
}

export function useDeleteQuestion() {
  return useQuestionMutation(({ id, revision }: { id: string; revision: number }) =>
    api.request<CommandAnswer>('DELETE', `/diagnostic-questions/${encodeURIComponent(id)}`, { ifMatch: `W/"${revision}"` }).then((r) => r.data),
  );
}

export function useReorderQuestions() {
  return useQuestionMutation(({ categoryId, questionIds }: { categoryId: string; questionIds: string[] }) =>
    api.request<CommandAnswer>('PUT', `/categories/${encodeURIComponent(categoryId)}/diagnostic-questions/order`, { body: { questionIds } }).then((r) => r.data),
  );
}
