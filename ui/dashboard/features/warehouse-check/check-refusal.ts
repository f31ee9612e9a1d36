// Imports end in .js: the Node unit tests (tests/ui) type-check this file too, with NodeNext resolution.
import type { ItemLookupView } from '@server/application/warehouse/warehouse-views.js';

/** Why an item cannot be checked now: the API's error code (its text is `api:errors.<code>`) and the item's status. */
export interface CheckRefusal {
  code: NonNullable<ItemLookupView['checkRefusal']>;
  status: string;
}

/**
 * Why the check cannot start, as the lookup says it (the domain's rule,
 * the specification's errors 001 §8), before the operator spends time on
 * the device; the command refuses alike, with the same codes.
 */
export function checkRefusal(lookup: Pick<ItemLookupView, 'item' | 'checkRefusal'>): CheckRefusal | null {
  return lookup.checkRefusal ? { code: lookup.checkRefusal, status: lookup.item.status } : null;
}
