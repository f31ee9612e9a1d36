/**
 * What the refurbishment diagnosis question routes answer (TypeBox).
 */
import { REFURB_QUESTION_TYPES } from '../../../domain/refurbishment/events.js';
import { DateTime, ListPage, StringEnum, Type, type Static } from '../../views/schema.js';
import { RefurbTranslationsView, refurbHistoryOf } from '../step-definitions/step-definition-views.js';

export const REFURB_QUESTION_HISTORY_TYPES = ['RefurbDiagnosisQuestionCreated', 'RefurbDiagnosisQuestionChanged', 'RefurbDiagnosisQuestionDeleted'] as const;

export const RefurbAnswerView = Type.Object(
  {
    answerId: Type.String(),
    label: Type.String({ description: 'In the caller’s language.' }),
    frenchLabel: Type.String({ description: 'As written: the form edits it.' }),
    stepDefinitionIds: Type.Array(Type.String(), { description: 'The refurb step definitions this answer plans.' }),
    steps: Type.Array(Type.Object({ id: Type.String(), name: Type.String() }), { description: 'Those definitions, named in the caller’s language (a deleted one left out).' }),
  },
  { title: 'RefurbAnswer' },
);

export const RefurbQuestionView = Type.Object(
  {
    id: Type.String(),
    accountId: Type.String(),
    label: Type.String({ description: 'In the caller’s language (French when not translated).' }),
    frenchLabel: Type.String(),
    questionType: StringEnum(REFURB_QUESTION_TYPES),
    answers: Type.Array(RefurbAnswerView),
    categoryIds: Type.Array(Type.String()),
    productIds: Type.Array(Type.String()),
    everyProduct: Type.Boolean({ description: 'It names neither category nor product: it applies to every product.' }),
    position: Type.Integer({ minimum: 0, description: 'Its place among the account’s questions (ascending).' }),
    translations: RefurbTranslationsView,
    createdAt: DateTime,
    updatedAt: DateTime,
    revision: Type.Integer({ minimum: 0, description: 'Its stream revision, also the ETag: send it back as If-Match.' }),
  },
  { title: 'RefurbDiagnosisQuestion' },
);
export type RefurbQuestionView = Static<typeof RefurbQuestionView>;
export const RefurbQuestionPage = ListPage(RefurbQuestionView, 'RefurbDiagnosisQuestionPage');

export const RefurbQuestionHistory = refurbHistoryOf(REFURB_QUESTION_HISTORY_TYPES, 'RefurbDiagnosisQuestionHistory');
export type RefurbQuestionHistory = Static<typeof RefurbQuestionHistory>;

