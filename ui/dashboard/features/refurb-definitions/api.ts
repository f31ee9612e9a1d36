import type { CommandAnswer } from '@server/application/views/schema';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { apiPaging } from '../../hooks/use-list-params';
import { apiQuestionFilters, apiStepFilters, questionList, stepList, type QuestionListParams, type StepListParams } from './list-params';
import type { ListPage, RefurbQuestion, RefurbQuestionHistory, RefurbStep, RefurbStepChoices, RefurbStepDefinitionHistory } from './types';

/** Every read of the workshop's definitions: a change refreshes them all (a question names its steps). */
export const refurbKeys = {
  all: ['refurb-definitions'] as const,
  steps: (params: object) => [...refurbKeys.all, 'steps', params] as const,
  step: (id: string) => [...refurbKeys.all, 'step', id] as const,
  stepHistory: (id: string) => [...refurbKeys.all, 'step-history', id] as const,
  choices: () => [...refurbKeys.all, 'choices'] as const,
  stepOptions: () => [...refurbKeys.all, 'step-options'] as const,
  questions: (params: object) => [...refurbKeys.all, 'questions', params] as const,
  productQuestions: (productId: string) => [...refurbKeys.all, 'product-questions', productId] as const,
  question: (id: string) => [...refurbKeys.all, 'question', id] as const,
  questionHistory: (id: string) => [...refurbKeys.all, 'question-history', id] as const,
};

const one = encodeURIComponent;

export function useRefurbSteps(params: StepListParams) {
  return useQuery({
    queryKey: refurbKeys.steps(params),
    queryFn: ({ signal }) => api.get<ListPage<RefurbStep>>('/refurb-steps', { query: { ...apiStepFilters(params.filters), ...apiPaging(params, stepList) }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every step definition (an answer plans some of them). */
export function useRefurbStepOptions() {
  return useQuery({ queryKey: refurbKeys.stepOptions(), queryFn: ({ signal }) => api.get<ListPage<RefurbStep>>('/refurb-steps', { query: { pagination: false }, signal }).then((p) => p.items) });
}

export function useRefurbStep(id: string) {
  return useQuery({ queryKey: refurbKeys.step(id), queryFn: ({ signal }) => api.get<RefurbStep>(`/refurb-steps/${one(id)}`, { signal }) });
}

export function useRefurbStepHistory(id: string) {
  return useQuery({ queryKey: refurbKeys.stepHistory(id), queryFn: ({ signal }) => api.get<RefurbStepDefinitionHistory>(`/refurb-steps/${one(id)}/history`, { signal }).then((a) => a.items) });
}

export function useRefurbStepChoices() {
  return useQuery({ queryKey: refurbKeys.choices(), queryFn: ({ signal }) => api.get<RefurbStepChoices>('/refurb-step-choices', { signal }) });
}

export function useRefurbQuestions(params: QuestionListParams) {
  return useQuery({
    queryKey: refurbKeys.questions(params),
    queryFn: ({ signal }) => api.get<ListPage<RefurbQuestion>>('/refurb-diagnosis-questions', { query: { ...apiQuestionFilters(params.filters), ...apiPaging(params, questionList) }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The questions that apply to a product, in the order a diagnosis asks them. */
export function useProductRefurbQuestions(productId: string, enabled = true) {
  return useQuery({
    queryKey: refurbKeys.productQuestions(productId),
    queryFn: ({ signal }) => api.get<ListPage<RefurbQuestion>>('/refurb-diagnosis-questions', { query: { productId }, signal }).then((p) => p.items),
    enabled,
  });
}

export function useRefurbQuestion(id: string) {
  return useQuery({ queryKey: refurbKeys.question(id), queryFn: ({ signal }) => api.get<RefurbQuestion>(`/refurb-diagnosis-questions/${one(id)}`, { signal }) });
}

export function useRefurbQuestionHistory(id: string) {
  return useQuery({ queryKey: refurbKeys.questionHistory(id), queryFn: ({ signal }) => api.get<RefurbQuestionHistory>(`/refurb-diagnosis-questions/${one(id)}/history`, { signal }).then((a) => a.items) });
}

function useRefurbMutation<Input>(send: (input: Input) => Promise<CommandAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => void queryClient.invalidateQueries({ queryKey: refurbKeys.all }) });
}

type Resource = 'refurb-steps' | 'refurb-diagnosis-questions';

export function useCreateDefinition(resource: Resource) {
  return useRefurbMutation((body: Record<string, unknown>) => api.post<CommandAnswer>(`/${resource}`, body).then((r) => r.data));
}

export function useChangeDefinition(resource: Resource) {
  return useRefurbMutation(({ id, body, revision }: { id: string; body: Record<string, unknown>; revision: number }) =>
    api.request<CommandAnswer>('PATCH', `/${resource}/${one(id)}`, { body, ifMatch: `W/"${revision}"` }).then((r) => r.data),
  );
}

export function useDeleteDefinition(resource: Resource) {
  return useRefurbMutation(({ id, revision }: { id: string; revision: number }) => api.request<CommandAnswer>('DELETE', `/${resource}/${one(id)}`, { ifMatch: `W/"${revision}"` }).then((r) => r.data));
}

export function useReorderQuestions() {
  return useRefurbMutation((questionIds: string[]) => api.request<CommandAnswer>('PUT', '/refurb-diagnosis-questions/order', { body: { questionIds } }).then((r) => r.data));
}

/** Every question of the retailer, in the order a diagnosis asks them (an account has a few dozen: one answer). */
export function useAllRefurbQuestions() {
  return useQuery({
    queryKey: refurbKeys.questions({ all: true }),
    queryFn: ({ signal }) => api.get<ListPage<RefurbQuestion>>('/refurb-diagnosis-questions', { query: { pagination: false }, signal }),
  });
}
