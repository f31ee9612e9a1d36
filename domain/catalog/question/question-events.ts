/**
 * A diagnostic question's events after its creation (DiagnosticQuestionCreated
 * stays in ../events.ts, its v2 carrying the answers' `exclusive` flag and the
 * translations). Each carries only what changed; who and when are the events'
 * metadata.
 */
import type { Translations } from '../../shared/translations.js';
import type { DiagnosticAnswer, DiagnosticQuestionCreated } from '../events.js';

export type QuestionType = DiagnosticQuestionCreated['data']['type'];
export const QUESTION_TYPES = ['unique', 'multiple'] as const satisfies readonly QuestionType[];

/** What a question's form edits: its texts, type, answers (the whole list when one of them changed) and translations. */
export interface QuestionFields {
  title: string;
  howToTest: string | null;
  description: string | null;
  type: QuestionType;
  answers: DiagnosticAnswer[];
  /** Keyed by path: `title`, `howToTest`, `description`, `answers.<id>.title`, `answers.<id>.description`. */
  translations: Translations | null;
}

export interface DiagnosticQuestionChanged {
  type: 'DiagnosticQuestionChanged';
  data: {
    questionId: string;
    categoryId: string;
    /** Only the fields whose value changed. */
    changes: Partial<QuestionFields>;
  };
}

export interface DiagnosticQuestionDeleted {
  type: 'DiagnosticQuestionDeleted';
  data: { questionId: string; categoryId: string };
}

/** The order in which a category's own questions are asked (on the category's `diagnostic_question_order` stream). */
export interface DiagnosticQuestionsReordered {
  type: 'DiagnosticQuestionsReordered';
  data: { categoryId: string; questionIds: string[] };
}

export type DiagnosticQuestionLaterEvent = DiagnosticQuestionChanged | DiagnosticQuestionDeleted | DiagnosticQuestionsReordered;
