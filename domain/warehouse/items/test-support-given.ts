/**
 * Given / When / Then on the item, on the generic decider specification,
 * with status and stock assertions after the events (re-exported by
 * test-support.ts).
 */
import { expect } from 'vitest';
import { deciderSpecification, givenWhenThen } from '../../shared/test-support.js';
import type { ItemCommand } from './commands.js';
import { decide } from './decide.js';
import type { ItemEvent } from './events.js';
import { evolveItem, initialItem, itemStatus, type ItemSnapshot } from './machine.js';
import type { ItemStatus } from './state.js';


export const itemSpecification = deciderSpecification<ItemSnapshot, ItemCommand, ItemEvent>({
  initialState: initialItem,
  evolve: evolveItem,
  decide,
});

/** The item's specification, with status and stock assertions after the events. */
export const given = givenWhenThen(itemSpecification, {
  /** The status after the emitted events. */
  andStatus: (state: ItemSnapshot, status: ItemStatus | null) => expect(itemStatus(state)).toBe(status),
  /** The stock the item is in after the emitted events (null: outside the warehouse). */
  andStock: (state: ItemSnapshot, stockId: string | null) => expect(state.context.stockId).toBe(stockId),
});
