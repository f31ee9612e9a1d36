import { derivedId } from '../../domain/shared/derived-id.js';
import { streamCategory } from '../events/streams.js';

/** The refurbishment part's stream categories (issue 22). */
export const REFURBISHMENT_STREAMS = {
  /** One per step definition of a workshop (an account): name, description, stock, cost per warehouse. */
  stepDefinition: streamCategory('refurb_step_definition'),
  /** One per (account, normalised name): reserves a step definition's name, appended with the definition's event. */
  stepDefinitionName: streamCategory('refurb_step_name'),
  /**
   * One per step definition (its id): the definition's usage guard (domain/refurbishment/step-definition/usage-guard.ts),
   * opened with it, appended by every finalize planning from it and every question planning or no longer planning it;
   * the deletion decides "in use" on it at the revision read, so a use and a deletion at once never both win.
   */
  stepUsage: streamCategory('refurb_step_usage'),
  /** One per refurbishment diagnosis question of an account. */
  diagnosisQuestion: streamCategory('refurb_diagnosis_question'),
  /** One per item diagnosis: started, answered (now or later), finalized with the steps it plans. */
  diagnosis: streamCategory('refurb_diagnosis'),
  /** One per planned step of an item (the item refurb step machine). */
  itemRefurbStep: streamCategory('item_refurb_step'),
  /** One per item given a target resale price (the economics feature): its stream id is the item's. */
  itemResaleTarget: streamCategory('item_resale_target'),
} as const;

/** The id of an item's diagnosis: derived from the item, so two starts at once name one stream and one wins. */
export function refurbDiagnosisIdOf(itemId: string): string {
  return derivedId(`refurb_diagnosis:${itemId}`);
}

/** The id of the step a diagnosis plans at a sequence: derived, so a finalize delivered twice writes the same streams. */
export function itemRefurbStepIdOf(diagnosisId: string, sequence: number): string {
  return derivedId(`item_refurb_step:${diagnosisId}:${sequence}`);
}
