import type { Decider } from '../../shared/decider.js';
import { DomainError } from '../../shared/domain-error.js';
import { money } from '../../shared/money.js';
import type { ItemRefurbStepPlanned, PlannedRefurbStep, RefurbDiagnosisAnswer, RefurbDiagnosisEvent, RefurbDiagnosisFinalized } from '../events.js';
import {
  evolveDiagnosis,
  NO_DIAGNOSIS,
  type DiagnosisQuestionFacts,
  type RefurbDiagnosisCommand,
  type RefurbDiagnosisState,
  type StepDefinitionFacts,
} from './diagnosis.js';

/** The item status a diagnosis starts from: a completed item in the warehouse. */
export const PROCESSABLE_ITEM_STATUSES: readonly string[] = ['item_completed'];
/** The statuses of an item whose diagnosis was already started (the specification's "already diagnosed"). */
export const DIAGNOSED_ITEM_STATUSES: readonly string[] = ['item_refurb_diagnostic_in_progress', 'item_refurb_in_progress', 'item_refurb_completed'];

/** Why an item in this status cannot be diagnosed, or null when it can. */
export function diagnosisRefusal(itemStatus: string): 'REFURB_ITEM_ALREADY_DIAGNOSED' | 'REFURB_ITEM_NOT_PROCESSABLE' | null {
  if (PROCESSABLE_ITEM_STATUSES.includes(itemStatus)) return null;
  return DIAGNOSED_ITEM_STATUSES.includes(itemStatus) ? 'REFURB_ITEM_ALREADY_DIAGNOSED' : 'REFURB_ITEM_NOT_PROCESSABLE';
}

export function decideDiagnosis(command: RefurbDiagnosisCommand, state: RefurbDiagnosisState): RefurbDiagnosisEvent[] {
  if (command.type === 'StartRefurbDiagnosis') {
    const { itemStatus, ...data } = command.data;
    if (state.diagnosisId !== null) throw new DomainError('REFURB_ITEM_ALREADY_DIAGNOSED', { itemId: data.itemId, diagnosisId: state.diagnosisId });
    const refusal = diagnosisRefusal(itemStatus);
    if (refusal) throw new DomainError(refusal, { itemId: data.itemId, status: itemStatus });
    return [{ type: 'RefurbDiagnosisStarted', data }];
  }
  const { diagnosisId, itemId } = state;
  if (diagnosisId === null || itemId === null) throw new DomainError('REFURB_DIAGNOSIS_NOT_FOUND');
  if (state.status === 'finalized') throw new DomainError('REFURB_DIAGNOSIS_ALREADY_FINALIZED', { diagnosisId });

  switch (command.type) {
    case 'AnswerRefurbDiagnosis': {
      const answers = validAnswers(command.data.answers, command.data.questions);
      if (sameAnswers(answers, state.answers)) return [];
      return [{ type: 'RefurbDiagnosisAnswered', data: { diagnosisId, itemId, answers } }];
    }
    case 'FinalizeRefurbDiagnosis': {
      const { stockId, warehouseStockIds, questions } = command.data;
      if (!warehouseStockIds.includes(stockId)) throw new DomainError('REFURB_STOCK_NOT_IN_WAREHOUSE', { stockId, warehouseId: state.warehouseId });
      const answers = validAnswers(state.answers, questions);
      const unanswered = ordered(questions).filter((q) => !answers.some((a) => a.questionId === q.questionId));
      if (unanswered.length > 0) throw new DomainError('REFURB_DIAGNOSIS_INCOMPLETE', { questionIds: unanswered.map((q) => q.questionId) });
      const plannedSteps = planSteps(answers, questions, command.data.stepDefinitions, state.warehouseId as string, command.data.currency, command.data.stepIdOf);
      return [{ type: 'RefurbDiagnosisFinalized', data: { diagnosisId, itemId, stockId, plannedSteps } }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const refurbDiagnosisDecider: Decider<RefurbDiagnosisState, RefurbDiagnosisCommand, RefurbDiagnosisEvent> = {
  initialState: () => NO_DIAGNOSIS,
  evolve: evolveDiagnosis,
  decide: decideDiagnosis,
};

/** The item refurb step streams' first events: one per step a finalize planned. */
export function plannedStepEvents(state: RefurbDiagnosisState, finalized: RefurbDiagnosisFinalized): ItemRefurbStepPlanned[] {
  const { accountId, itemId, diagnosisId, warehouseId } = state;
  if (accountId === null || itemId === null || diagnosisId === null || warehouseId === null) throw new DomainError('REFURB_DIAGNOSIS_NOT_FOUND');
  return finalized.data.plannedSteps.map((step) => ({ type: 'ItemRefurbStepPlanned', data: { ...step, accountId, itemId, diagnosisId, warehouseId } }));
}

/** The questions in the order they are asked: by position, then id (stable). */
export function ordered(questions: readonly DiagnosisQuestionFacts[]): DiagnosisQuestionFacts[] {
  return [...questions].sort((a, b) => a.position - b.position || (a.questionId < b.questionId ? -1 : a.questionId > b.questionId ? 1 : 0));
}

/**
 * The answers checked against the questions that apply (each exists and
 * applies, each answer is one of its question's, unique: exactly one,
 * multiple: at least one), in the questions' order and each question's
 * answers' order. Questions left out are not answered yet (saved for later).
 */
export function validAnswers(answers: readonly RefurbDiagnosisAnswer[], questions: readonly DiagnosisQuestionFacts[]): RefurbDiagnosisAnswer[] {
  const seen = new Set<string>();
  for (const answer of answers) {
    if (seen.has(answer.questionId)) throw new DomainError('REFURB_ANSWER_DUPLICATE', { questionId: answer.questionId });
    seen.add(answer.questionId);
    const question = questions.find((q) => q.questionId === answer.questionId);
    if (!question) throw new DomainError('REFURB_ANSWER_QUESTION_NOT_APPLICABLE', { questionId: answer.questionId });
    const unknown = answer.answerIds.find((id) => !question.answers.some((a) => a.answerId === id));
    if (unknown !== undefined) throw new DomainError('REFURB_ANSWER_NOT_FOUND', { questionId: question.questionId, label: question.label, answerId: unknown });
    const chosen = new Set(answer.answerIds);
    if (chosen.size !== answer.answerIds.length) throw new DomainError('REFURB_ANSWER_DUPLICATE', { questionId: question.questionId, label: question.label });
    if (question.questionType === 'unique' && chosen.size !== 1) throw new DomainError('REFURB_UNIQUE_ANSWER_REQUIRED', { questionId: question.questionId, label: question.label });
    if (question.questionType === 'multiple' && chosen.size === 0) throw new DomainError('REFURB_MULTIPLE_ANSWER_REQUIRED', { questionId: question.questionId, label: question.label });
  }
  return ordered(questions).flatMap((question) => {
    const answer = answers.find((a) => a.questionId === question.questionId);
    if (!answer) return [];
    return [{ questionId: question.questionId, answerIds: question.answers.filter((a) => answer.answerIds.includes(a.answerId)).map((a) => a.answerId) }];
  });
}

/**
 * The steps the chosen answers plan: the union of their step definitions,
 * in question order (then answer, then the answer's own order), each once,
 * copied with its name, description, stock and its cost in the item's
 * warehouse (zero when it has none there). A definition deleted since the
 * answer refuses, naming it.
 */
export function planSteps(
  answers: readonly RefurbDiagnosisAnswer[],
  questions: readonly DiagnosisQuestionFacts[],
  definitions: Readonly<Record<string, StepDefinitionFacts>>,
  warehouseId: string,
  currency: PlannedRefurbStep['cost']['currency'],
  stepIdOf: (sequence: number) => string,
): PlannedRefurbStep[] {
  const ids: string[] = [];
  for (const question of ordered(questions)) {
    const chosen = answers.find((a) => a.questionId === question.questionId)?.answerIds ?? [];
    for (const answer of question.answers) {
      if (!chosen.includes(answer.answerId)) continue;
      for (const id of answer.stepDefinitionIds) if (!ids.includes(id)) ids.push(id);
    }
  }
  return ids.map((stepDefinitionId, index) => {
    const definition = definitions[stepDefinitionId];
    if (!definition || definition.deleted) {
      throw new DomainError('REFURB_STEP_DEFINITION_DELETED', { stepDefinitionId, name: definition?.name ?? null });
    }
    const sequence = index + 1;
    return {
      itemRefurbStepId: stepIdOf(sequence),
      stepDefinitionId,
      name: definition.name,
      description: definition.description,
      stockId: definition.stockId,
      cost: definition.costs.find((c) => c.warehouseId === warehouseId)?.cost ?? money(0, currency),
      sequence,
    };
  });
}

function sameAnswers(a: readonly RefurbDiagnosisAnswer[], b: readonly RefurbDiagnosisAnswer[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
