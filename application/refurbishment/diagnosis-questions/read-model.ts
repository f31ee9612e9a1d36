/**
 * The refurbishment diagnosis questions' read model: what its projection
 * writes and the queries read. Types and collection names only.
 */
import type { RefurbDiagnosisQuestionCreated } from '../../../domain/refurbishment/events.js';

export const REFURB_QUESTION_COLLECTION = 'refurb_diagnosis_questions';

/** A question with every change applied; `stepDefinitionIds` every step its answers plan (to find the questions naming a step); a deleted one goes. */
export type RefurbQuestionDocument = RefurbDiagnosisQuestionCreated['data'] & {
  _id: string;
  stepDefinitionIds: string[];
  /** True when it names neither category nor product: it applies to every product. */
  everyProduct: boolean;
  createdAt: string;
  updatedAt: string;
  revision: number;
  [key: string]: unknown;
};
