/**
 * The diagnostic question aggregate: its state folded from its events, and
 * the bounds of specification 000 §5 (title and answer names 2 to 255,
 * description at most 3000, at least 2 answers).
 */
import type { DiagnosticQuestionCreated } from '../events.js';
import type { DiagnosticQuestionChanged, DiagnosticQuestionDeleted } from './question-events.js';

export const QUESTION_LIMITS = {
  title: { min: 2, max: 255 },
  howToTest: { min: 0, max: 3000 },
  description: { min: 0, max: 3000 },
  answers: { min: 2, max: 30 },
  answerTitle: { min: 2, max: 255 },
  answerDescription: { min: 0, max: 500 },
  /** A fixed impact: whole cents, at most the largest price (50,000.00) either way. */
  fixedImpactCents: { min: -5_000_000, max: 5_000_000 },
  /** A percentage of the grade's price, at most two decimals. */
  percentImpact: { min: -100, max: 100 },
} as const;

export type QuestionData = DiagnosticQuestionCreated['data'];

export interface QuestionState {
  /** Null before its creation and after its deletion. */
  question: QuestionData | null;
  deleted: boolean;
}

export type QuestionAggregateEvent = DiagnosticQuestionCreated | DiagnosticQuestionChanged | DiagnosticQuestionDeleted;

export const initialQuestionState = (): QuestionState => ({ question: null, deleted: false });

export function evolveQuestion(state: QuestionState, event: QuestionAggregateEvent): QuestionState {
  switch (event.type) {
    case 'DiagnosticQuestionCreated':
      return { question: event.data, deleted: false };
    case 'DiagnosticQuestionChanged':
      return state.question ? { ...state, question: { ...state.question, ...event.data.changes } } : state;
    case 'DiagnosticQuestionDeleted':
      return { question: null, deleted: true };
    default: {
      const never: never = event;
      return never;
    }
  }
}
