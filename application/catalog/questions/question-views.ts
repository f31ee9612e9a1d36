/**
 * What the diagnostic questions' routes answer (TypeBox): the handlers'
 * return types, the OpenAPI schemas and the types the dashboard imports.
 */
import { DateTime, Nullable, StringEnum, Type, type Static } from '../../views/schema.js';
import { GRADES } from '../../../domain/catalog/estimate.js';
import { QUESTION_TYPES } from '../../../domain/catalog/question/question-events.js';

export const PriceImpactView = Type.Object(
  { type: StringEnum(['fixed', 'percentage'] as const), value: Type.Number({ description: 'fixed: cents (negative lowers the price); percentage: percent of the grade’s price.' }) },
  { title: 'PriceImpact' },
);

export const QuestionAnswerView = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    description: Nullable(Type.String()),
    gradeCap: Nullable(StringEnum(GRADES)),
    priceImpact: Nullable(PriceImpactView),
    blocksEstimate: Type.Boolean(),
    exclusive: Type.Boolean({ description: 'Excludes the other answers of its question.' }),
  },
  { title: 'DiagnosticAnswer' },
);
export type QuestionAnswerView = Static<typeof QuestionAnswerView>;

const PerLanguage = Type.Optional(Type.Record(Type.String(), Type.String()));
export const TranslationsView = Nullable(
  Type.Object(
    { 'en-GB': PerLanguage, 'nl-BE': PerLanguage, 'de-DE': PerLanguage },
    { description: 'Per language, by field path (`title`, `howToTest`, `description`, `answers.<id>.title`, `answers.<id>.description`); French is the field itself.' },
  ),
);

export const QuestionDetailView = Type.Object(
  {
    id: Type.String(),
    accountId: Type.String(),
    categoryId: Type.String(),
    position: Type.Integer({ minimum: 0 }),
    title: Type.String(),
    howToTest: Nullable(Type.String()),
    description: Nullable(Type.String()),
    type: StringEnum(QUESTION_TYPES),
    answers: Type.Array(QuestionAnswerView),
    translations: TranslationsView,
    createdAt: DateTime,
    updatedAt: DateTime,
    revision: Type.Integer({ minimum: 0 }),
  },
  { title: 'DiagnosticQuestionDetail' },
);
export type QuestionDetailView = Static<typeof QuestionDetailView>;

const CategoryRef = Type.Object({ id: Type.String(), label: Type.String() });

/** A category's own questions, in order, and those it inherits from its ancestors (root first), read-only here. */
export const CategoryQuestionsView = Type.Object(
  {
    category: CategoryRef,
    /** Root first, the category last. */
    ancestry: Type.Array(CategoryRef),
    own: Type.Array(QuestionDetailView),
    inherited: Type.Array(Type.Object({ category: CategoryRef, questions: Type.Array(QuestionDetailView) })),
  },
  { title: 'CategoryDiagnosticQuestions' },
);
export type CategoryQuestionsView = Static<typeof CategoryQuestionsView>;

export const QUESTION_HISTORY_TYPES = ['DiagnosticQuestionCreated', 'DiagnosticQuestionChanged', 'DiagnosticQuestionDeleted'] as const;

/** One event of a question's stream: what, when, who (named), and each value it changed (from, to). */
export const QuestionHistoryEntry = Type.Object(
  {
    eventId: Type.String(),
    revision: Type.Integer({ minimum: 0 }),
    type: StringEnum(QUESTION_HISTORY_TYPES),
    at: DateTime,
    user: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
    changes: Type.Record(Type.String(), Type.Object({ from: Type.Unknown(), to: Type.Unknown() })),
  },
  { title: 'DiagnosticQuestionHistoryEntry' },
);
export type QuestionHistoryEntry = Static<typeof QuestionHistoryEntry>;
export const QuestionHistory = Type.Object({ items: Type.Array(QuestionHistoryEntry) }, { title: 'DiagnosticQuestionHistory' });
export type QuestionHistory = Static<typeof QuestionHistory>;
