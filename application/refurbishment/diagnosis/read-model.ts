/**
 * The diagnosis feature's read model (issue 22): an item's diagnosis. Types
 * and collection names only.
 */
import type { PlannedRefurbStep, RefurbDiagnosisAnswer } from '../../../domain/refurbishment/events.js';

export const DIAGNOSIS_COLLECTIONS = {
  diagnoses: 'refurb_diagnoses',
} as const;

/** One per item diagnosis (its id derived from the item's). */
export interface RefurbDiagnosisDocument {
  _id: string;
  accountId: string;
  itemId: string;
  warehouseId: string;
  productId: string;
  status: 'open' | 'finalized';
  answers: RefurbDiagnosisAnswer[];
  stockId: string | null;
  plannedSteps: PlannedRefurbStep[];
  startedAt: string;
  startedBy: string | null;
  answeredAt: string | null;
  finalizedAt: string | null;
  finalizedBy: string | null;
  updatedAt: string;
  /** Revision of the diagnosis stream (the ETag). */
  revision: number;
  [key: string]: unknown;
}
