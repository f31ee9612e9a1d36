/**
 * An item's refurbishment diagnosis (stream `refurb_diagnosis-<id>`, its id
 * derived from the item's): started on a completed item, answered now or
 * later (each save records the whole answer set), finalized with a stock,
 * which plans the item's refurb steps. Pure: the questions that apply to the
 * item's product, the step definitions and the warehouse's stocks come in as
 * facts the application read.
 */
import type { Money } from '../../shared/money.js';
import type {
  PlannedRefurbStep,
  RefurbAnswer,
  RefurbDiagnosisAnswer,
  RefurbDiagnosisEvent,
  RefurbQuestionType,
  WarehouseCost,
} from '../events.js';

export type DiagnosisStatus = 'open' | 'finalized';

export interface RefurbDiagnosisState {
  diagnosisId: string | null;
  accountId: string | null;
  itemId: string | null;
  warehouseId: string | null;
  productId: string | null;
  status: DiagnosisStatus | null;
  answers: RefurbDiagnosisAnswer[];
  stockId: string | null;
  plannedSteps: PlannedRefurbStep[];
}

export const NO_DIAGNOSIS: RefurbDiagnosisState = {
  diagnosisId: null,
  accountId: null,
  itemId: null,
  warehouseId: null,
  productId: null,
  status: null,
  answers: [],
  stockId: null,
  plannedSteps: [],
};

/** A question that applies to the item's product, as the definitions read it now. */
export interface DiagnosisQuestionFacts {
  questionId: string;
  label: string;
  questionType: RefurbQuestionType;
  answers: RefurbAnswer[];
  /** Its place among the account's questions (ascending). */
  position: number;
}

/** A step definition an answer plans, as its stream says now (`deleted`: it was deleted since). */
export interface StepDefinitionFacts {
  stepDefinitionId: string;
  name: string;
  description: string | null;
  stockId: string;
  costs: WarehouseCost[];
  deleted: boolean;
}

export type RefurbDiagnosisCommand =
  | {
      type: 'StartRefurbDiagnosis';
      data: { diagnosisId: string; accountId: string; itemId: string; warehouseId: string; productId: string; itemStatus: string };
    }
  | { type: 'AnswerRefurbDiagnosis'; data: { answers: RefurbDiagnosisAnswer[]; questions: DiagnosisQuestionFacts[] } }
  | {
      type: 'FinalizeRefurbDiagnosis';
      data: {
        stockId: string;
        /** The stocks of the item's warehouse. */
        warehouseStockIds: string[];
        questions: DiagnosisQuestionFacts[];
        /** Every definition the chosen answers name (absent: never existed). */
        stepDefinitions: Record<string, StepDefinitionFacts>;
        /** The currency of a step without a cost in the item's warehouse (zero). */
        currency: Money['currency'];
        /** The id of the step planned at a sequence (derived from the diagnosis: a retry names the same streams). */
        stepIdOf: (sequence: number) => string;
      };
    };

export function evolveDiagnosis(state: RefurbDiagnosisState, event: RefurbDiagnosisEvent): RefurbDiagnosisState {
  switch (event.type) {
    case 'RefurbDiagnosisStarted':
      return { ...NO_DIAGNOSIS, ...event.data, status: 'open' };
    case 'RefurbDiagnosisAnswered':
      return { ...state, answers: event.data.answers };
    case 'RefurbDiagnosisFinalized':
      return { ...state, status: 'finalized', stockId: event.data.stockId, plannedSteps: event.data.plannedSteps };
    default: {
      const unknown: never = event;
      throw new Error(`Unknown event ${JSON.stringify(unknown)}`);
    }
  }
}
