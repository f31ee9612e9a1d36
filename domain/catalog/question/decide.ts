/**
 * The diagnostic question's decisions: its creation, its changes (only the
 * fields whose value changed), its deletion; and the order of a category's
 * questions, decided on the category's own order stream.
 */
import type { Decider } from '../../shared/decider.js';
import { DomainError } from '../../shared/domain-error.js';
import type { DiagnosticQuestionCreated } from '../events.js';
import type { DiagnosticQuestionsReordered, QuestionFields } from './question-events.js';
import { evolveQuestion, initialQuestionState, type QuestionAggregateEvent, type QuestionState } from './question.js';
import { normalizeQuestion, refuseProblems, type FieldProblem } from './validate.js';

export interface CreateDiagnosticQuestion {
  type: 'CreateDiagnosticQuestion';
  data: { questionId: string; categoryId: string; position: number; fields: QuestionFields };
}

/** What a merge-patch names, the application having merged the translations and given new answers their ids. */
export interface ChangeDiagnosticQuestion {
  type: 'ChangeDiagnosticQuestion';
  data: { questionId: string; changes: Partial<QuestionFields> };
}

export interface DeleteDiagnosticQuestion {
  type: 'DeleteDiagnosticQuestion';
  data: { questionId: string };
}

export type QuestionCommand = CreateDiagnosticQuestion | ChangeDiagnosticQuestion | DeleteDiagnosticQuestion;

const FIELD_NAMES = ['title', 'howToTest', 'description', 'type', 'answers', 'translations'] as const satisfies ReadonlyArray<keyof QuestionFields>;

export function decideQuestion(command: QuestionCommand, state: QuestionState): QuestionAggregateEvent[] {
  switch (command.type) {
    case 'CreateDiagnosticQuestion':
      return create(command.data, state);
    case 'ChangeDiagnosticQuestion':
      return change(command.data, state);
    case 'DeleteDiagnosticQuestion': {
      const current = existing(state, command.data.questionId);
      return [{ type: 'DiagnosticQuestionDeleted', data: { questionId: current.questionId, categoryId: current.categoryId } }];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

function existing(state: QuestionState, questionId: string): DiagnosticQuestionCreated['data'] {
  if (!state.question) throw new DomainError('QUESTION_NOT_FOUND', { questionId });
  return state.question;
}

function create(data: CreateDiagnosticQuestion['data'], state: QuestionState): QuestionAggregateEvent[] {
  if (state.question || state.deleted) throw new DomainError('QUESTION_ALREADY_EXISTS', { questionId: data.questionId });
  const problems: FieldProblem[] = [];
  const fields = normalizeQuestion(data.fields, problems);
  refuseProblems(problems);
  return [{ type: 'DiagnosticQuestionCreated', data: { questionId: data.questionId, categoryId: data.categoryId, position: data.position, ...fields } }];
}

function change(data: ChangeDiagnosticQuestion['data'], state: QuestionState): QuestionAggregateEvent[] {
  const current = existing(state, data.questionId);
  const merged: QuestionFields = { ...pickFields(current), ...definedOnly(data.changes) };
  const problems: FieldProblem[] = [];
  const fields = normalizeQuestion(merged, problems);
  refuseProblems(problems);
  const changes: Partial<QuestionFields> = {};
  const target = changes as Record<string, unknown>;
  for (const name of FIELD_NAMES) {
    if (JSON.stringify(fields[name]) !== JSON.stringify(current[name])) target[name] = fields[name];
  }
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'DiagnosticQuestionChanged', data: { questionId: current.questionId, categoryId: current.categoryId, changes } }];
}

function pickFields(question: DiagnosticQuestionCreated['data']): QuestionFields {
  return {
    title: question.title,
    howToTest: question.howToTest,
    description: question.description,
    type: question.type,
    answers: question.answers,
    translations: question.translations,
  };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export const questionDecider: Decider<QuestionState, QuestionCommand, QuestionAggregateEvent> = {
  initialState: initialQuestionState,
  evolve: evolveQuestion,
  decide: decideQuestion,
};

// ---------------------------------------------------------------------------
// The order of a category's own questions.
// ---------------------------------------------------------------------------

export interface ReorderDiagnosticQuestions {
  type: 'ReorderDiagnosticQuestions';
  data: {
    categoryId: string;
    /** The new order. */
    questionIds: string[];
    /** The category's questions as they are asked now (read by the application). */
    current: string[];
  };
}

export interface QuestionOrderState {
  questionIds: string[] | null;
}

/** The order sent must name each of the category's questions once, and no other: QUESTION_ORDER_INVALID. */
export function decideOrder(command: ReorderDiagnosticQuestions, _state: QuestionOrderState): DiagnosticQuestionsReordered[] {
  const { categoryId, questionIds, current } = command.data;
  const sent = new Set(questionIds);
  const same = sent.size === questionIds.length && sent.size === current.length && current.every((id) => sent.has(id));
  if (!same) throw new DomainError('QUESTION_ORDER_INVALID', { categoryId, expected: current.length });
  if (questionIds.every((id, index) => current[index] === id)) return [];
  return [{ type: 'DiagnosticQuestionsReordered', data: { categoryId, questionIds: [...questionIds] } }];
}

export const questionOrderDecider: Decider<QuestionOrderState, ReorderDiagnosticQuestions, DiagnosticQuestionsReordered> = {
  initialState: () => ({ questionIds: null }),
  evolve: (_state, event) => ({ questionIds: event.data.questionIds }),
  decide: decideOrder,
};
