/**
 * A category identifier's reservation within its account's catalogue: one
 * stream per account and identifier (its name derived from both), appended in
 * the same atomic append as the category that takes or gives it up, each at
 * the revision read. Of two categories racing for one identifier exactly one
 * is written; the other decides again and is refused CATEGORY_IDENTIFIER_TAKEN.
 */
import type { Decider } from '../../shared/decider.js';
import { derivedId } from '../../shared/derived-id.js';
import { DomainError } from '../../shared/domain-error.js';
import type { CategoryIdentifierEvent } from './category-events.js';

export type CategoryIdentifierCommand =
  | {
      type: 'ReserveCategoryIdentifier';
      /** heldElsewhere: another category the read model shows with this identifier (one created before reservations existed), or null. */
      data: { accountId: string; identifier: string; categoryId: string; heldElsewhere: string | null };
    }
  | { type: 'ReleaseCategoryIdentifier'; data: { accountId: string; identifier: string; categoryId: string } };

export interface CategoryIdentifierState {
  holder: string | null;
}

export function categoryIdentifierKey(accountId: string, identifier: string): string {
  return derivedId(`category-identifier:${accountId}:${identifier.trim().toLowerCase()}`);
}

export const categoryIdentifierDecider: Decider<CategoryIdentifierState, CategoryIdentifierCommand, CategoryIdentifierEvent> = {
  initialState: () => ({ holder: null }),
  evolve: (state, event) => {
    if (event.type === 'CategoryIdentifierReserved') return { holder: event.data.categoryId };
    return state.holder === event.data.categoryId ? { holder: null } : state;
  },
  decide: (command, state) => {
    if (command.type === 'ReserveCategoryIdentifier') {
      const { heldElsewhere, ...data } = command.data;
      if (state.holder === data.categoryId) return [];
      const other = state.holder ?? (heldElsewhere !== data.categoryId ? heldElsewhere : null);
      if (other !== null) throw new DomainError('CATEGORY_IDENTIFIER_TAKEN', { identifier: data.identifier });
      return [{ type: 'CategoryIdentifierReserved', data }];
    }
    return state.holder === command.data.categoryId ? [{ type: 'CategoryIdentifierReleased', data: command.data }] : [];
  },
};
