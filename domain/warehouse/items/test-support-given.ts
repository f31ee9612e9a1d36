/**
 * Given / When / Then on the item, on the generic decider specification,
 * with status and stock assertions after the events (re-exported by
 * test-support.ts).
 */
import { expect } from 'vitest';
import type { DomainError } from '../../shared/domain-error.js';
import { deciderSpecification } from '../../shared/test-support.js';
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

export interface Recorded {
  /** The emitted events. */
  readonly events: ItemEvent[];
  /** The given events and the emitted ones, folded. */
  readonly state: ItemSnapshot;
  /** Asserts the status after the emitted events. */
  andStatus(status: ItemStatus | null): Recorded;
  /** Asserts the stock the item is in after the emitted events (null: outside the warehouse). */
  andStock(stockId: string | null): Recorded;
}

export interface Decision {
  /** Asserts that exactly these events are emitted. */
  thenEvents(expected: ItemEvent[]): Recorded;
  /** Asserts a DomainError with this code and, when given, details containing these. */
  thenRefused(code: string, details?: Record<string, unknown>): DomainError;
}

/** The item's specification, with status and stock assertions after the events. */
export function given(...history: ItemEvent[]): { when(command: ItemCommand): Decision } {
  return {
    when(command) {
      const decision = itemSpecification.given(...history).when(command);
      return {
        thenEvents(expected) {
          const { events, state } = decision.then(expected);
          const recorded: Recorded = {
            events,
            state,
            andStatus(status) {
              expect(itemStatus(state)).toBe(status);
              return recorded;
            },
            andStock(stockId) {
              expect(state.context.stockId).toBe(stockId);
              return recorded;
            },
          };
          return recorded;
        },
        thenRefused: (code, details) => decision.thenRefused(code, details),
      };
    },
  };
}
