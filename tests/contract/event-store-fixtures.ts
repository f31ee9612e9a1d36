import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { NewEvent, StoredEvent } from '../../application/ports/event-store.js';

/** Events and streams for the event store contract: random names, so the suite also runs against a shared server. */

export function newStreamName(category = 'contract'): string {
  return `${category}-${randomUUID()}`;
}

export function newEvent(type = 'contract.SomethingHappened.v1', data: Record<string, unknown> = { value: randomUUID() }): NewEvent {
  return {
    id: randomUUID(),
    type,
    data,
    metadata: {
      accountId: 'account-1',
      organizationId: 'store-paris-1',
      userId: 'user-1',
      correlationId: randomUUID(),
      causationId: randomUUID(),
      occurredAt: '2025-01-15T10:30:00.000Z',
    },
  };
}

/** The stored events that belong to the given written events (a shared server holds others). */
export function ours(stored: StoredEvent[], written: NewEvent[]): StoredEvent[] {
  const ids = new Set(written.map((event) => event.id));
  return stored.filter((event) => ids.has(event.id));
}

export function expectStrictlyIncreasingPositions(events: StoredEvent[]): void {
  const positions = events.map((event) => event.globalPosition);
  expect(positions).toEqual([...positions].sort((a, b) => a - b));
  expect(new Set(positions).size).toBe(positions.length);
}
