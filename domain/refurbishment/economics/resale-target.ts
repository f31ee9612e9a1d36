import type { Money } from '../../shared/money.js';
import type { Decider } from '../../shared/decider.js';
import type { ItemResaleTargetSet } from '../events.js';

/**
 * An item's target resale price (its own small stream, keyed by the item):
 * the price the workshop means to resell the device at, against which its
 * margin is counted. Setting the price it already has records nothing.
 */
export interface ResaleTargetState {
  targetResalePrice: Money | null;
}

export interface SetResaleTarget {
  type: 'SetResaleTarget';
  data: { itemId: string; accountId: string; targetResalePrice: Money | null };
}

const same = (a: Money | null, b: Money | null) => a === b || (a !== null && b !== null && a.amountInCents === b.amountInCents && a.currency === b.currency);

export const resaleTargetDecider: Decider<ResaleTargetState, SetResaleTarget, ItemResaleTargetSet> = {
  initialState: () => ({ targetResalePrice: null }),
  evolve: (_state, event) => ({ targetResalePrice: event.data.targetResalePrice }),
  decide(command, state) {
    if (same(command.data.targetResalePrice, state.targetResalePrice)) return [];
    return [{ type: 'ItemResaleTargetSet', data: { ...command.data } }];
  },
};
