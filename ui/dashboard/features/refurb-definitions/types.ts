// The screens read the shapes the server sends: the API's refurbishment definition views and the domain's bounds.
export type {
  RefurbStepDefinitionView as RefurbStep,
  RefurbStepDefinitionHistory,
  RefurbStepChoicesView as RefurbStepChoices,
} from '@server/application/refurbishment/step-definitions/step-definition-views.js';
export type { RefurbQuestionView as RefurbQuestion, RefurbQuestionHistory } from '@server/application/refurbishment/diagnosis-questions/question-views.js';
export type { ListPage } from '@server/application/views/schema.js';
export { STEP_DEFINITION_LIMITS } from '@server/domain/refurbishment/step-definition/step-definition.js';
export { REFURB_QUESTION_LIMITS } from '@server/domain/refurbishment/diagnosis-question/question.js';
export { REFURB_QUESTION_TYPES, type RefurbQuestionType } from '@server/domain/refurbishment/events.js';
export { TRANSLATED_LOCALES, type TranslatedLocale } from '@server/domain/shared/translations.js';
