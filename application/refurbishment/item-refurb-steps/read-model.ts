import type { ItemRefurbStepStatus } from '../../../domain/refurbishment/events.js';
import type { ItemRefurbStepAction } from '../../../domain/refurbishment/item-refurb-step/commands.js';
import type { Money } from '../../../domain/shared/money.js';

/** The item refurb steps' collection (projections/refurbishment/item-refurb-steps-projection.ts). */
export const ITEM_REFURB_STEP_COLLECTIONS = { steps: 'refurb_item_steps' } as const;

/** One action taken on a step, as its event recorded it. */
export interface StepActionRecord {
  action: ItemRefurbStepAction;
  /** Its event's metadata time, UTC ISO-8601. */
  at: string;
  /** Who (the event's metadata user); queries turn it into a name (application/organizations/user-names.ts). */
  userId: string | null;
  comment: string | null;
}

/**
 * One document per item refurb step (`_id`: the step's id). A stable
 * contract: the item's economics read these fields (cost, status,
 * timeSpentMs, runningSince, validatedAt), so a field is only added, never
 * renamed. Times are the events' metadata times; who is a user id (its name
 * read at query time, as every view names users).
 */
export interface ItemRefurbStepDocument {
  _id: string;
  accountId: string;
  itemId: string;
  diagnosisId: string;
  warehouseId: string;
  stepDefinitionId: string;
  /** The definition's name, description, stock and cost in the item's warehouse when planned (a later change of the definition never rewrites them). */
  name: string;
  description: string | null;
  /** The stock the item goes to when the step starts (docs/specification-readings.md). */
  stockId: string;
  cost: Money;
  /** Order of execution among the item's steps, from 1. */
  sequence: number;
  status: ItemRefurbStepStatus;
  plannedAt: string;
  plannedBy: string | null;
  /** The first start. */
  startedAt: string | null;
  startedBy: string | null;
  /** When it was validated (completed) and by whom, with the optional comment. */
  validatedAt: string | null;
  validatedBy: string | null;
  validationComment: string | null;
  /** When it was cancelled and by whom, with the required comment. */
  cancelledAt: string | null;
  cancelledBy: string | null;
  cancellationComment: string | null;
  /** Milliseconds worked from each start or resume to the next pause, validation or cancellation: pauses excluded. */
  timeSpentMs: number;
  /** While in progress: since when it has been worked on (not yet in timeSpentMs); null otherwise. */
  runningSince: string | null;
  /** Every action in order (start, pause, resume, cancel, validate). */
  actions: StepActionRecord[];
  /** When it last changed. */
  updatedAt: string;
  /** Revision of the step's stream: what an action sends back (a concurrent change answers REFURB_STEP_STATUS_CHANGED). */
  revision: number;
  [key: string]: unknown;
}
