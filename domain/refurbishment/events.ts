import type { Money } from '../shared/money.js';
import type { Translations } from '../shared/translations.js';

/**
 * The refurbishment part's events (issue 22): the workshop's step
 * definitions and diagnosis questions, an item's diagnosis, and the item's
 * refurb steps. Who and when are in each event's metadata (the store adds
 * them); a change carries only the changed fields. Stored as `<type>.v1`.
 * The item's own status changes stay item events (ItemRefurbDiagnosticStarted,
 * ItemRefurbStarted, ItemRefurbCompleted), appended in the same atomic
 * append as the refurbishment events that cause them.
 */

/** What a step costs in one warehouse. */
export interface WarehouseCost {
  warehouseId: string;
  cost: Money;
}

// ── Step definitions (stream `refurb_step_definition-<id>`) ────────────────

export interface RefurbStepDefined {
  type: 'RefurbStepDefined';
  data: {
    stepDefinitionId: string;
    accountId: string;
    name: string;
    description: string | null;
    /** The stock the item waits in while this step is to do. */
    stockId: string;
    costs: WarehouseCost[];
    translations: Translations | null;
  };
}

export interface RefurbStepDefinitionChanged {
  type: 'RefurbStepDefinitionChanged';
  data: {
    stepDefinitionId: string;
    name?: string;
    description?: string | null;
    stockId?: string;
    costs?: WarehouseCost[];
    translations?: Translations | null;
  };
}

export interface RefurbStepDefinitionDeleted {
  type: 'RefurbStepDefinitionDeleted';
  data: { stepDefinitionId: string };
}

// ── Diagnosis questions (stream `refurb_diagnosis_question-<id>`) ──────────

export const REFURB_QUESTION_TYPES = ['unique', 'multiple'] as const;
export type RefurbQuestionType = (typeof REFURB_QUESTION_TYPES)[number];

export interface RefurbAnswer {
  answerId: string;
  label: string;
  /** The step definitions this answer plans. */
  stepDefinitionIds: string[];
}

export interface RefurbDiagnosisQuestionCreated {
  type: 'RefurbDiagnosisQuestionCreated';
  data: {
    questionId: string;
    accountId: string;
    label: string;
    questionType: RefurbQuestionType;
    answers: RefurbAnswer[];
    /** The products it applies to: those of these categories (and their descendants) and these products; both empty: every product. */
    categoryIds: string[];
    productIds: string[];
    /** Its place among the account's questions (ascending). */
    position: number;
    translations: Translations | null;
  };
}

export interface RefurbDiagnosisQuestionChanged {
  type: 'RefurbDiagnosisQuestionChanged';
  data: {
    questionId: string;
    label?: string;
    questionType?: RefurbQuestionType;
    answers?: RefurbAnswer[];
    categoryIds?: string[];
    productIds?: string[];
    position?: number;
    translations?: Translations | null;
  };
}

export interface RefurbDiagnosisQuestionDeleted {
  type: 'RefurbDiagnosisQuestionDeleted';
  data: { questionId: string };
}

// ── An item's diagnosis (stream `refurb_diagnosis-<id>`) ────────────────────

export interface RefurbDiagnosisAnswer {
  questionId: string;
  answerIds: string[];
}

/** One step the diagnosis plans: a copy of its definition at planning time (a later change of the definition never rewrites it). */
export interface PlannedRefurbStep {
  itemRefurbStepId: string;
  stepDefinitionId: string;
  name: string;
  description: string | null;
  stockId: string;
  /** The definition's cost in the item's warehouse when planned (zero when it has none there). */
  cost: Money;
  /** Order of execution, from 1. */
  sequence: number;
}

export interface RefurbDiagnosisStarted {
  type: 'RefurbDiagnosisStarted';
  data: { diagnosisId: string; accountId: string; itemId: string; warehouseId: string; productId: string };
}

export interface RefurbDiagnosisAnswered {
  type: 'RefurbDiagnosisAnswered';
  data: { diagnosisId: string; itemId: string; answers: RefurbDiagnosisAnswer[] };
}

export interface RefurbDiagnosisFinalized {
  type: 'RefurbDiagnosisFinalized';
  data: { diagnosisId: string; itemId: string; stockId: string; plannedSteps: PlannedRefurbStep[] };
}

// ── An item's refurb step (stream `item_refurb_step-<id>`, an XState machine) ─

export const ITEM_REFURB_STEP_STATUSES = ['to_do', 'in_progress', 'paused', 'cancelled', 'completed'] as const;
export type ItemRefurbStepStatus = (typeof ITEM_REFURB_STEP_STATUSES)[number];

export interface ItemRefurbStepPlanned {
  type: 'ItemRefurbStepPlanned';
  data: PlannedRefurbStep & { accountId: string; itemId: string; diagnosisId: string; warehouseId: string };
}

export interface ItemRefurbStepStarted {
  type: 'ItemRefurbStepStarted';
  data: { itemRefurbStepId: string; itemId: string };
}

export interface ItemRefurbStepPaused {
  type: 'ItemRefurbStepPaused';
  data: { itemRefurbStepId: string; itemId: string };
}

export interface ItemRefurbStepResumed {
  type: 'ItemRefurbStepResumed';
  data: { itemRefurbStepId: string; itemId: string };
}

export interface ItemRefurbStepCancelled {
  type: 'ItemRefurbStepCancelled';
  data: { itemRefurbStepId: string; itemId: string; comment: string };
}

export interface ItemRefurbStepValidated {
  type: 'ItemRefurbStepValidated';
  data: { itemRefurbStepId: string; itemId: string; comment: string | null };
}

// ── An item's target resale price (stream `item_resale_target-<itemId>`, the economics feature) ─

/** The price the workshop means to resell the item at, against which its margin is counted; null clears it. */
export interface ItemResaleTargetSet {
  type: 'ItemResaleTargetSet';
  data: { itemId: string; accountId: string; targetResalePrice: Money | null };
}

export type RefurbStepDefinitionEvent = RefurbStepDefined | RefurbStepDefinitionChanged | RefurbStepDefinitionDeleted;
export type RefurbDiagnosisQuestionEvent = RefurbDiagnosisQuestionCreated | RefurbDiagnosisQuestionChanged | RefurbDiagnosisQuestionDeleted;
export type RefurbDiagnosisEvent = RefurbDiagnosisStarted | RefurbDiagnosisAnswered | RefurbDiagnosisFinalized;
export const REFURB_DIAGNOSIS_EVENT_TYPES = ['RefurbDiagnosisStarted', 'RefurbDiagnosisAnswered', 'RefurbDiagnosisFinalized'] as const;
export type ItemRefurbStepEvent =
  | ItemRefurbStepPlanned
  | ItemRefurbStepStarted
  | ItemRefurbStepPaused
  | ItemRefurbStepResumed
  | ItemRefurbStepCancelled
  | ItemRefurbStepValidated;
export const ITEM_REFURB_STEP_EVENT_TYPES = [
  'ItemRefurbStepPlanned',
  'ItemRefurbStepStarted',
  'ItemRefurbStepPaused',
  'ItemRefurbStepResumed',
  'ItemRefurbStepCancelled',
  'ItemRefurbStepValidated',
] as const;

export type RefurbishmentEvent = RefurbStepDefinitionEvent | RefurbDiagnosisQuestionEvent | RefurbDiagnosisEvent | ItemRefurbStepEvent | ItemResaleTargetSet;
