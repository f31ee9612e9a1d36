import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventStore, StoredEvent, SubscribeOptions, SubscriptionHandle } from '../../application/ports/event-store.js';
import { expectStrictlyIncreasingPositions, newEvent, newStreamName, ours } from './event-store-fixtures.js';

/** Long enough for a live subscription (including a polling one) to have delivered, were it still open. */
const QUIET_PERIOD_MS = 300;
const WAIT = { timeout: 5_000, interval: 10 };

/** Subscriptions to the global log, part of the event store contract (event-store.contract.ts). */
export function subscriptionContract(storeOf: () => EventStore): void {
  describe('subscribing to the global log', () => {
    let store: EventStore;
    let handles: SubscriptionHandle[];

    beforeEach(() => {
      store = storeOf();
      handles = [];
    });

    afterEach(async () => {
      await Promise.all(handles.map((handle) => handle.close()));
    });

    function subscribe(options: Omit<SubscribeOptions, 'onEvents'> & Partial<Pick<SubscribeOptions, 'onEvents'>>) {
      const delivered: StoredEvent[] = [];
      const handle = store.subscribeToAll({
        ...options,
        onEvents: async (events) => {
          await options.onEvents?.(events);
          delivered.push(...events);
        },
      });
      handles.push(handle);
      return { delivered, handle };
    }

    it('Given past events, When subscribing before them and appending more, Then it delivers the past events then the live ones, in global order, each once', async () => {
      const before = await store.lastGlobalPosition();
      const stream = newStreamName();
      const past = [newEvent(), newEvent()];
      const live = [newEvent(), newEvent()];
      const { nextExpectedRevision } = await store.appendToStream(stream, past, 'no_stream');

      const { delivered } = subscribe({ after: before });
      await vi.waitFor(() => expect(ours(delivered, past)).toHaveLength(2), WAIT);
      await store.appendToStream(stream, live.slice(0, 1), nextExpectedRevision);
      await store.appendToStream(stream, live.slice(1), nextExpectedRevision + 1);

      const all = [...past, ...live];
      await vi.waitFor(() => expect(ours(delivered, all)).toHaveLength(4), WAIT);
      await sleep(QUIET_PERIOD_MS);
      expect(ours(delivered, all).map((event) => event.id)).toEqual(all.map((event) => event.id));
      expectStrictlyIncreasingPositions(delivered);
    });

    it('Given a checkpoint at the second of three events, When subscribing from it, Then only the third and later events are delivered', async () => {
      const stream = newStreamName();
      const written = [newEvent(), newEvent(), newEvent()];
      await store.appendToStream(stream, written, 'no_stream');
      const checkpoint = (await store.readStream(stream))[1]!.globalPosition;
      const later = newEvent();

      const { delivered } = subscribe({ after: checkpoint });
      await vi.waitFor(() => expect(ours(delivered, written)).toHaveLength(1), WAIT);
      await store.appendToStream(stream, [later], 2);

      await vi.waitFor(() => expect(ours(delivered, [...written, later])).toHaveLength(2), WAIT);
      expect(ours(delivered, [...written, later]).map((event) => event.id)).toEqual([written[2]!.id, later.id]);
      expect(delivered.every((event) => event.globalPosition > checkpoint)).toBe(true);
    });

    it('Given an open subscription, When it is closed and events are appended, Then nothing more is delivered', async () => {
      const before = await store.lastGlobalPosition();
      const stream = newStreamName();
      const first = newEvent();
      const { delivered, handle } = subscribe({ after: before });
      await store.appendToStream(stream, [first], 'no_stream');
      await vi.waitFor(() => expect(ours(delivered, [first])).toHaveLength(1), WAIT);

      await handle.close();
      const afterClose = newEvent();
      await store.appendToStream(stream, [afterClose], 0);
      await sleep(QUIET_PERIOD_MS);

      expect(ours(delivered, [afterClose])).toEqual([]);
    });

    it('Given a slow handler, When events keep arriving, Then batches are handed over one at a time and all arrive in order', async () => {
      const before = await store.lastGlobalPosition();
      const stream = newStreamName();
      const written = [newEvent(), newEvent(), newEvent(), newEvent()];
      let inFlight = 0;
      let maxInFlight = 0;
      const { delivered } = subscribe({
        after: before,
        batchSize: 2,
        onEvents: async () => {
          maxInFlight = Math.max(maxInFlight, ++inFlight);
          await sleep(20);
          inFlight--;
        },
      });

      for (const [revision, event] of written.entries()) {
        await store.appendToStream(stream, [event], revision === 0 ? 'no_stream' : revision - 1);
      }

      await vi.waitFor(() => expect(ours(delivered, written)).toHaveLength(4), WAIT);
      expect(maxInFlight).toBe(1);
      expect(ours(delivered, written).map((event) => event.id)).toEqual(written.map((event) => event.id));
    });

    it('Given a handler that fails once, When events are delivered, Then onError is told and the same batch is retried, not skipped', async () => {
      const before = await store.lastGlobalPosition();
      const stream = newStreamName();
      const written = [newEvent(), newEvent()];
      const failure = new Error('projection database unavailable');
      const errors: unknown[] = [];
      let failed = false;
      const { delivered } = subscribe({
        after: before,
        onError: (error) => errors.push(error),
        onEvents: async () => {
          if (failed) return;
          failed = true;
          throw failure;
        },
      });

      await store.appendToStream(stream, written, 'no_stream');

      await vi.waitFor(() => expect(ours(delivered, written)).toHaveLength(2), WAIT);
      expect(errors).toContain(failure);
      expect(ours(delivered, written).map((event) => event.id)).toEqual(written.map((event) => event.id));
    });

    it('Given a handler in the middle of a batch, When the subscription is closed, Then close resolves only once the batch is handled', async () => {
      const before = await store.lastGlobalPosition();
      let releaseHandler!: () => void;
      const handlerReleased = new Promise<void>((resolve) => (releaseHandler = resolve));
      let started = false;
      let finished = false;
      const { handle } = subscribe({
        after: before,
        onEvents: async () => {
          started = true;
          await handlerReleased;
          finished = true;
        },
      });
      await store.appendToStream(newStreamName(), [newEvent()], 'no_stream');
      await vi.waitFor(() => expect(started).toBe(true), WAIT);

      let closed = false;
      const closing = handle.close().then(() => (closed = true));
      await sleep(50);
      expect(closed).toBe(false);
      releaseHandler();
      await closing;

      expect(finished).toBe(true);
    });
  });
}
