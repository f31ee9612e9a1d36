import type { Money } from '../../shared/money.js';
import type { ItemRefurbStepStatus } from '../events.js';

/** What a step's decisions need, folded from its stream (the plan is a copy of the definition when planned). */
export interface ItemRefurbStepContext {
  itemRefurbStepId: string | null;
  accountId: string | null;
  itemId: string | null;
  diagnosisId: string | null;
  warehouseId: string | null;
  stepDefinitionId: string | null;
  name: string;
  stockId: string | null;
  cost: Money | null;
  sequence: number;
}

export const EMPTY_ITEM_REFURB_STEP: ItemRefurbStepContext = {
  itemRefurbStepId: null,
  accountId: null,
  itemId: null,
  diagnosisId: null,
  warehouseId: null,
  stepDefinitionId: null,
  name: '',
  stockId: null,
  cost: null,
  sequence: 0,
};

/** The statuses in which nothing more happens to a step: the item's refurbishment may be confirmed once every step is in one. */
export const FINISHED_STEP_STATUSES: readonly ItemRefurbStepStatus[] = ['completed', 'cancelled'];

/** At most this many characters in an action's comment (specification 001: "Refurb action comment: max 255"). */
export const REFURB_COMMENT_MAX = 255;
