import { describe, expect, it } from 'vitest';
import { deciderSpecification } from '../../shared/test-support.js';
import type { RefurbDiagnosisAnswered, RefurbDiagnosisEvent, RefurbDiagnosisFinalized, RefurbDiagnosisStarted } from '../events.js';
import { plannedStepEvents, refurbDiagnosisDecider } from './decide.js';
import type { DiagnosisQuestionFacts, RefurbDiagnosisCommand, StepDefinitionFacts } from './diagnosis.js';

const spec = deciderSpecification(refurbDiagnosisDecider);
const eur = (amountInCents: number) => ({ amountInCents, currency: 'EUR' as const });

const D = 'diagnosis-1';
const ITEM = 'item-1';
const WAREHOUSE = 'warehouse-paris';
const SHELF = 'stock-shelf';

/** Two questions, asked screen first (position 1) then battery (position 2), given in the other order. */
const SCREEN: DiagnosisQuestionFacts = {
  questionId: 'q-screen',
  label: 'Screen',
  questionType: 'unique',
  position: 1,
  answers: [
    { answerId: 'screen-ok', label: 'Intact', stepDefinitionIds: [] },
    { answerId: 'screen-cracked', label: 'Cracked', stepDefinitionIds: ['replace-screen', 'clean'] },
  ],
};
const BODY: DiagnosisQuestionFacts = {
  questionId: 'q-body',
  label: 'Body and battery',
  questionType: 'multiple',
  position: 2,
  answers: [
    { answerId: 'battery-weak', label: 'Weak battery', stepDefinitionIds: ['battery'] },
    { answerId: 'scratched', label: 'Scratched', stepDefinitionIds: ['clean', 'polish'] },
  ],
};
const QUESTIONS = [BODY, SCREEN];

const definition = (id: string, name: string, costs: Array<[string, number]>, deleted = false): StepDefinitionFacts => ({
  stepDefinitionId: id,
  name,
  description: `${name} (description)`,
  stockId: `stock-${id}`,
  costs: costs.map(([warehouseId, cents]) => ({ warehouseId, cost: eur(cents) })),
  deleted,
});
const DEFINITIONS: Record<string, StepDefinitionFacts> = {
  'replace-screen': definition('replace-screen', 'Replace the screen', [[WAREHOUSE, 4500], ['warehouse-lyon', 5000]]),
  clean: definition('clean', 'Cleaning', [[WAREHOUSE, 300]]),
  battery: definition('battery', 'Battery', [[WAREHOUSE, 2000]]),
  polish: definition('polish', 'Polishing', [['warehouse-lyon', 800]]),
};

const started = (): RefurbDiagnosisStarted => ({ type: 'RefurbDiagnosisStarted', data: { diagnosisId: D, accountId: 'acc', itemId: ITEM, warehouseId: WAREHOUSE, productId: 'p' } });
const answered = (answers: RefurbDiagnosisAnswered['data']['answers']): RefurbDiagnosisAnswered => ({ type: 'RefurbDiagnosisAnswered', data: { diagnosisId: D, itemId: ITEM, answers } });
const start = (itemStatus: string): RefurbDiagnosisCommand => ({
  type: 'StartRefurbDiagnosis',
  data: { diagnosisId: D, accountId: 'acc', itemId: ITEM, warehouseId: WAREHOUSE, productId: 'p', itemStatus },
});
const answer = (answers: RefurbDiagnosisAnswered['data']['answers'], questions = QUESTIONS): RefurbDiagnosisCommand => ({ type: 'AnswerRefurbDiagnosis', data: { answers, questions } });
const finalize = (facts: { stockId?: string; questions?: DiagnosisQuestionFacts[]; definitions?: Record<string, StepDefinitionFacts> } = {}): RefurbDiagnosisCommand => ({
  type: 'FinalizeRefurbDiagnosis',
  data: {
    stockId: facts.stockId ?? SHELF,
    warehouseStockIds: [SHELF, 'stock-to-refurbish'],
    questions: facts.questions ?? QUESTIONS,
    stepDefinitions: facts.definitions ?? DEFINITIONS,
    currency: 'EUR',
    stepIdOf: (sequence) => `step-${sequence}`,
  },
});
const FINALIZED: RefurbDiagnosisFinalized = { type: 'RefurbDiagnosisFinalized', data: { diagnosisId: D, itemId: ITEM, stockId: SHELF, plannedSteps: [] } };
const ALL_ANSWERED = answered([
  { questionId: 'q-screen', answerIds: ['screen-cracked'] },
  { questionId: 'q-body', answerIds: ['battery-weak', 'scratched'] },
]);

describe('starting a diagnosis', () => {
  it.each([
    ['item_completed', null],
    ['item_refurb_diagnostic_in_progress', 'REFURB_ITEM_ALREADY_DIAGNOSED'],
    ['item_refurb_in_progress', 'REFURB_ITEM_ALREADY_DIAGNOSED'],
    ['item_refurb_completed', 'REFURB_ITEM_ALREADY_DIAGNOSED'],
    ['item_registered_in_warehouse', 'REFURB_ITEM_NOT_PROCESSABLE'],
    ['item_in_quarantine', 'REFURB_ITEM_NOT_PROCESSABLE'],
    ['item_in_transit', 'REFURB_ITEM_NOT_PROCESSABLE'],
    ['item_returned', 'REFURB_ITEM_NOT_PROCESSABLE'],
  ])('given no diagnosis, when one starts on an item %s, then %s', (status, refusal) => {
    if (refusal === null) spec.given().when(start(status)).then([started()]);
    else spec.given().when(start(status)).thenRefused(refusal, { status });
  });

  it('given a diagnosis started (another start won the race), when it starts again, then the item is already diagnosed', () => {
    spec.given(started()).when(start('item_completed')).thenRefused('REFURB_ITEM_ALREADY_DIAGNOSED', { diagnosisId: D });
  });
});

describe('answering', () => {
  it('given an open diagnosis, when one question is answered (the other later), then the answer set is recorded in question order', () => {
    spec
      .given(started())
      .when(answer([{ questionId: 'q-body', answerIds: ['scratched', 'battery-weak'] }]))
      .then([answered([{ questionId: 'q-body', answerIds: ['battery-weak', 'scratched'] }])]);
  });

  it('given answers saved, when the same answers are saved again, then nothing is written', () => {
    spec.given(started(), ALL_ANSWERED).when(answer(ALL_ANSWERED.data.answers)).then([]);
  });

  it('given answers saved, when a new set is saved, then the whole new set is recorded (a question left out is unanswered again)', () => {
    spec
      .given(started(), ALL_ANSWERED)
      .when(answer([{ questionId: 'q-screen', answerIds: ['screen-ok'] }]))
      .then([answered([{ questionId: 'q-screen', answerIds: ['screen-ok'] }])]);
  });

  it.each([
    ['a question that does not apply to the product', [{ questionId: 'q-other', answerIds: ['x'] }], 'REFURB_ANSWER_QUESTION_NOT_APPLICABLE', { questionId: 'q-other' }],
    ['an answer its question does not have', [{ questionId: 'q-screen', answerIds: ['battery-weak'] }], 'REFURB_ANSWER_NOT_FOUND', { answerId: 'battery-weak' }],
    ['two answers to a unique question', [{ questionId: 'q-screen', answerIds: ['screen-ok', 'screen-cracked'] }], 'REFURB_UNIQUE_ANSWER_REQUIRED', { label: 'Screen' }],
    ['no answer to a unique question', [{ questionId: 'q-screen', answerIds: [] }], 'REFURB_UNIQUE_ANSWER_REQUIRED', { questionId: 'q-screen' }],
    ['no answer to a multiple question', [{ questionId: 'q-body', answerIds: [] }], 'REFURB_MULTIPLE_ANSWER_REQUIRED', { questionId: 'q-body' }],
    ['one question twice', [{ questionId: 'q-body', answerIds: ['scratched'] }, { questionId: 'q-body', answerIds: ['battery-weak'] }], 'REFURB_ANSWER_DUPLICATE', { questionId: 'q-body' }],
    ['one answer twice', [{ questionId: 'q-body', answerIds: ['scratched', 'scratched'] }], 'REFURB_ANSWER_DUPLICATE', { questionId: 'q-body' }],
  ])('given an open diagnosis, when answered with %s, then it is refused', (_title, answers, code, details) => {
    spec.given(started()).when(answer(answers)).thenRefused(code, details);
  });

  it('given no diagnosis, when answered, then it is not found', () => {
    spec.given().when(answer([])).thenRefused('REFURB_DIAGNOSIS_NOT_FOUND');
  });
});

describe('finalizing', () => {
  it('given every question answered, when finalized with a stock of the warehouse, then the union of the steps is planned in question order, each once, with the warehouse’s cost (zero without one)', () => {
    const { events } = spec.given(started(), ALL_ANSWERED).when(finalize()).then([
      {
        type: 'RefurbDiagnosisFinalized',
        data: {
          diagnosisId: D,
          itemId: ITEM,
          stockId: SHELF,
          plannedSteps: [
            { itemRefurbStepId: 'step-1', stepDefinitionId: 'replace-screen', name: 'Replace the screen', description: 'Replace the screen (description)', stockId: 'stock-replace-screen', cost: eur(4500), sequence: 1 },
            { itemRefurbStepId: 'step-2', stepDefinitionId: 'clean', name: 'Cleaning', description: 'Cleaning (description)', stockId: 'stock-clean', cost: eur(300), sequence: 2 },
            { itemRefurbStepId: 'step-3', stepDefinitionId: 'battery', name: 'Battery', description: 'Battery (description)', stockId: 'stock-battery', cost: eur(2000), sequence: 3 },
            { itemRefurbStepId: 'step-4', stepDefinitionId: 'polish', name: 'Polishing', description: 'Polishing (description)', stockId: 'stock-polish', cost: eur(0), sequence: 4 },
          ],
        },
      },
    ]);
    const steps = plannedStepEvents(refurbDiagnosisDecider.evolve(refurbDiagnosisDecider.initialState(), started()), events[0] as RefurbDiagnosisFinalized);
    expect(steps.map((s) => [s.type, s.data.itemRefurbStepId, s.data.itemId, s.data.diagnosisId, s.data.warehouseId, s.data.accountId])).toEqual([
      ['ItemRefurbStepPlanned', 'step-1', ITEM, D, WAREHOUSE, 'acc'],
      ['ItemRefurbStepPlanned', 'step-2', ITEM, D, WAREHOUSE, 'acc'],
      ['ItemRefurbStepPlanned', 'step-3', ITEM, D, WAREHOUSE, 'acc'],
      ['ItemRefurbStepPlanned', 'step-4', ITEM, D, WAREHOUSE, 'acc'],
    ]);
  });

  it('given answers planning no step, when finalized, then it is finalized with no step', () => {
    spec
      .given(started(), answered([{ questionId: 'q-screen', answerIds: ['screen-ok'] }]))
      .when(finalize({ questions: [SCREEN] }))
      .then([{ type: 'RefurbDiagnosisFinalized', data: { diagnosisId: D, itemId: ITEM, stockId: SHELF, plannedSteps: [] } }]);
  });

  it.each([
    ['a question left for later', [started(), answered([{ questionId: 'q-screen', answerIds: ['screen-ok'] }])], finalize(), 'REFURB_DIAGNOSIS_INCOMPLETE', { questionIds: ['q-body'] }],
    ['a stock of another warehouse', [started(), ALL_ANSWERED], finalize({ stockId: 'stock-of-lyon' }), 'REFURB_STOCK_NOT_IN_WAREHOUSE', { stockId: 'stock-of-lyon' }],
    [
      'a step definition deleted since the answers',
      [started(), ALL_ANSWERED],
      finalize({ definitions: { ...DEFINITIONS, battery: definition('battery', 'Battery', [], true) } }),
      'REFURB_STEP_DEFINITION_DELETED',
      { stepDefinitionId: 'battery', name: 'Battery' },
    ],
    ['an answered question that no longer applies', [started(), ALL_ANSWERED], finalize({ questions: [SCREEN] }), 'REFURB_ANSWER_QUESTION_NOT_APPLICABLE', { questionId: 'q-body' }],
    ['a finalized diagnosis (another finalize won)', [started(), ALL_ANSWERED, FINALIZED], finalize(), 'REFURB_DIAGNOSIS_ALREADY_FINALIZED', { diagnosisId: D }],
  ] as const)('given %s, when finalized, then it is refused', (_title, history, command, code, details) => {
    spec.given(...(history as readonly RefurbDiagnosisEvent[])).when(command).thenRefused(code, details);
  });

  it('given a finalized diagnosis, when answered again, then it is refused', () => {
    spec
      .given(started(), ALL_ANSWERED, FINALIZED)
      .when(answer([]))
      .thenRefused('REFURB_DIAGNOSIS_ALREADY_FINALIZED');
  });
});
