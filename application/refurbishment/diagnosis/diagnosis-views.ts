/** What the diagnosis's routes answer (TypeBox: the handlers' types, the OpenAPI schemas, the screens' types). */
import { REFURB_QUESTION_TYPES } from '../../../domain/refurbishment/events.js';
import { ITEM_STATUSES } from '../../../domain/warehouse/items/state.js';
import { DateTime, MoneyView, Nullable, StringEnum, Type, Uuid, type Static } from '../../views/schema.js';

export const DIAGNOSIS_STATUSES = ['open', 'finalized'] as const;

const PlannedStepView = Type.Object(
  {
    itemRefurbStepId: Uuid,
    stepDefinitionId: Type.String(),
    name: Type.String(),
    description: Nullable(Type.String()),
    stockId: Type.String(),
    cost: MoneyView,
    sequence: Type.Integer({ minimum: 1 }),
  },
  { title: 'RefurbPlannedStep' },
);

const DiagnosisQuestionView = Type.Object(
  {
    id: Type.String(),
    label: Type.String({ description: 'In the caller’s language (French when untranslated).' }),
    type: StringEnum(REFURB_QUESTION_TYPES),
    answers: Type.Array(
      Type.Object({
        id: Type.String(),
        label: Type.String(),
        stepDefinitionIds: Type.Array(Type.String(), { description: 'The step definitions this answer plans.' }),
      }),
    ),
    chosenAnswerIds: Type.Array(Type.String(), { description: 'The answers saved; empty: not answered yet.' }),
  },
  { title: 'RefurbDiagnosisAskedQuestion' },
);

export const RefurbDiagnosisView = Type.Object(
  {
    id: Uuid,
    revision: Type.Integer({ minimum: 0, description: 'The diagnosis stream’s revision (its ETag, for If-Match).' }),
    status: StringEnum(DIAGNOSIS_STATUSES),
    item: Type.Object({
      id: Uuid,
      identificationNumber: Type.String(),
      shortCode: Type.String(),
      status: StringEnum(ITEM_STATUSES),
      warehouseId: Type.String(),
      stockId: Nullable(Type.String()),
    }),
    product: Type.Object({ productId: Type.String(), label: Type.String(), brand: Type.String() }),
    questions: Type.Array(DiagnosisQuestionView, { description: 'The questions that apply to the product, in the order they are asked.' }),
    answers: Type.Array(Type.Object({ questionId: Type.String(), answerIds: Type.Array(Type.String()) }), { description: 'The answers saved, as saved.' }),
    unansweredQuestionIds: Type.Array(Type.String()),
    plannedSteps: Type.Array(PlannedStepView, {
      description: 'Finalized: the steps planned, with the cost they were planned at. Open: the steps the answers saved would plan now, with today’s costs in the item’s warehouse.',
    }),
    totalCost: MoneyView,
    planProblem: Type.Union([Type.Object({ code: Type.String(), details: Type.Record(Type.String(), Type.Unknown()) }), Type.Null()], {
      description: 'Open: why the answers cannot be planned as they are (a step definition deleted since), null otherwise.',
    }),
    stockId: Nullable(Type.String({ description: 'The stock chosen at the finalize.' })),
    startedAt: DateTime,
    finalizedAt: Nullable(DateTime),
  },
  { title: 'RefurbDiagnosis' },
);
export type RefurbDiagnosisView = Static<typeof RefurbDiagnosisView>;

export const RefurbDiagnosisCommandAnswer = Type.Object(
  {
    id: Uuid,
    itemId: Uuid,
    status: StringEnum(DIAGNOSIS_STATUSES),
    revision: Type.Integer({ minimum: 0 }),
  },
  { title: 'RefurbDiagnosisCommandAnswer' },
);
