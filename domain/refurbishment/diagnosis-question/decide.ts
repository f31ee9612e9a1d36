/**
 * The refurbishment diagnosis question's decisions: its creation, its
 * changes (only the fields whose value changed), its deletion.
 */
import type { Decider } from '../../shared/decider.js';
import { DomainError } from '../../shared/domain-error.js';
import type { RefurbDiagnosisQuestionChanged, RefurbDiagnosisQuestionEvent } from '../events.js';
import {
  evolveRefurbQuestion,
  initialRefurbQuestionState,
  normalizeRefurbQuestion,
  type FieldProblem,
  type RefurbQuestionData,
  type RefurbQuestionFacts,
  type RefurbQuestionFields,
  type RefurbQuestionState,
} from './question.js';

export type RefurbQuestionCommand =
  | { type: 'CreateRefurbQuestion'; data: { questionId: string; accountId: string; fields: RefurbQuestionFields; facts: RefurbQuestionFacts } }
  | { type: 'ChangeRefurbQuestion'; data: { questionId: string; changes: Partial<RefurbQuestionFields>; facts: RefurbQuestionFacts } }
  | { type: 'DeleteRefurbQuestion'; data: { questionId: string } };

const FIELD_NAMES = ['label', 'questionType', 'answers', 'categoryIds', 'productIds', 'position', 'translations'] as const satisfies ReadonlyArray<keyof RefurbQuestionFields>;

function refuse(problems: readonly FieldProblem[]): void {
  if (problems.length > 0) throw new DomainError('REFURB_QUESTION_INVALID', { fields: problems });
}

function existing(state: RefurbQuestionState, questionId: string): RefurbQuestionData {
  if (!state.question) throw new DomainError('REFURB_QUESTION_NOT_FOUND', { questionId });
  return state.question;
}

export function fieldsOfQuestion(q: RefurbQuestionData): RefurbQuestionFields {
  return { label: q.label, questionType: q.questionType, answers: q.answers, categoryIds: q.categoryIds, productIds: q.productIds, position: q.position, translations: q.translations };
}

export function decideRefurbQuestion(command: RefurbQuestionCommand, state: RefurbQuestionState): RefurbDiagnosisQuestionEvent[] {
  switch (command.type) {
    case 'CreateRefurbQuestion': {
      const { questionId, accountId, fields, facts } = command.data;
      if (state.question || state.deleted) throw new DomainError('REFURB_QUESTION_ALREADY_EXISTS', { questionId });
      const problems: FieldProblem[] = [];
      const normalized = normalizeRefurbQuestion(fields, facts, problems);
      refuse(problems);
      return [{ type: 'RefurbDiagnosisQuestionCreated', data: { questionId, accountId, ...normalized } }];
    }
    case 'ChangeRefurbQuestion': {
      const current = existing(state, command.data.questionId);
      const defined = Object.fromEntries(Object.entries(command.data.changes).filter(([, v]) => v !== undefined)) as Partial<RefurbQuestionFields>;
      const problems: FieldProblem[] = [];
      const normalized = normalizeRefurbQuestion({ ...fieldsOfQuestion(current), ...defined }, command.data.facts, problems);
      refuse(problems);
      const changes: Omit<RefurbDiagnosisQuestionChanged['data'], 'questionId'> = {};
      const target = changes as Record<string, unknown>;
      for (const name of FIELD_NAMES) {
        if (JSON.stringify(normalized[name]) !== JSON.stringify(current[name])) target[name] = normalized[name];
      }
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'RefurbDiagnosisQuestionChanged', data: { questionId: current.questionId, ...changes } }];
    }
    case 'DeleteRefurbQuestion': {
      const current = existing(state, command.data.questionId);
      return [{ type: 'RefurbDiagnosisQuestionDeleted', data: { questionId: current.questionId } }];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const refurbQuestionDecider: Decider<RefurbQuestionState, RefurbQuestionCommand, RefurbDiagnosisQuestionEvent> = {
  initialState: initialRefurbQuestionState,
  evolve: evolveRefurbQuestion,
  decide: decideRefurbQuestion,
};
