/**
 * The refurb step definitions' read models: what their projection writes and
 * the queries read. Types and collection names only.
 */
import type { RefurbStepDefined } from '../../../domain/refurbishment/events.js';

export const STEP_DEFINITION_COLLECTIONS = {
  definitions: 'refurb_step_definitions',
  /** One per item refurb step planned (ItemRefurbStepPlanned): which definition it was planned from; counted to refuse a deletion. */
  usages: 'refurb_step_usages',
} as const;

/** A step definition with every change applied; `revision` is its stream's (the ETag); a deleted one goes. */
export type RefurbStepDefinitionDocument = RefurbStepDefined['data'] & {
  _id: string;
  /** Lower-case name, for the search by name. */
  nameKey: string;
  createdAt: string;
  updatedAt: string;
  revision: number;
  [key: string]: unknown;
};

export interface RefurbStepUsageDocument {
  _id: string;
  accountId: string;
  stepDefinitionId: string;
  itemId: string;
  plannedAt: string;
  [key: string]: unknown;
}
