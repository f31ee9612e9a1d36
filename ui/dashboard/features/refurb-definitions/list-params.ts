// .js: Node tests load this file.
import { defineList, emptyFilters, filter, type ListParams } from '../../hooks/list-params.js';

/** Columns the API sorts the step definitions by (STEP_DEFINITION_SORTS). */
export const STEP_SORTABLE = ['name', 'createdAt', 'updatedAt'] as const;
export type StepSortField = (typeof STEP_SORTABLE)[number];
export interface StepFilters {
  name: string;
}

/** The refurb step definitions, by name. */
export const stepList = defineList<StepFilters, StepSortField>({
  name: 'refurb-steps',
  filters: { name: filter.text() },
  sorts: STEP_SORTABLE,
  defaultSort: 'name',
  defaultDirection: 'asc',
});
export type StepListParams = ListParams<StepFilters, StepSortField>;
export const EMPTY_STEP_FILTERS: StepFilters = emptyFilters(stepList);
export const apiStepFilters = (filters: StepFilters): Record<string, string | undefined> => ({ name: filters.name.trim() || undefined });

export const QUESTION_SORTABLE = ['position', 'label', 'updatedAt'] as const;
export type QuestionSortField = (typeof QUESTION_SORTABLE)[number];
export interface QuestionFilters {
  label: string;
}

/** The diagnosis questions, in the order a diagnosis asks them. */
export const questionList = defineList<QuestionFilters, QuestionSortField>({
  name: 'refurb-diagnosis-questions',
  filters: { label: filter.text() },
  sorts: QUESTION_SORTABLE,
  defaultSort: 'position',
  defaultDirection: 'asc',
});
export type QuestionListParams = ListParams<QuestionFilters, QuestionSortField>;
export const EMPTY_QUESTION_FILTERS: QuestionFilters = emptyFilters(questionList);
export const apiQuestionFilters = (filters: QuestionFilters): Record<string, string | undefined> => ({ label: filters.label.trim() || undefined });
