import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WrongExpectedRevisionError } from '../../application/ports/event-store.js';
import type { EventStore, NewEvent, StoredEvent } from '../../application/ports/event-store.js';
import { expectStrictlyIncreasingPositions, newEvent, newStreamName, ours } from './event-store-fixtures.js';
import { multiStreamAppendContract } from './event-store-multi-stream.contract.js';
import { subscriptionContract } from './event-store-subscription.contract.js';

export { newEvent, newStreamName } from './event-store-fixtures.js';

export interface EventStoreFixture {
  store: EventStore;
  cleanup(): Promise<void>;
}


/**
 * The behaviour every EventStore adapter must share. Streams get random names,
 * and assertions only look at the test's own streams, so the suite also runs
 * against a shared server that holds other data.
 */
export function eventStoreContract(name: string, factory: () => Promise<EventStoreFixture>): void {
  describe(`${name} honours the event store contract`, () => {
    let fixture: EventStoreFixture;
    let store: EventStore;

    beforeEach(async () => {
      fixture = await factory();
      store = fixture.store;
    });

    afterEach(async () => {
      await fixture.cleanup();
    });

    describe('appending to and reading a stream', () => {
      it('Given a new stream, When three events are appended with no_stream, Then reading it returns them in order with revisions 0, 1, 2', async () => {
        const stream = newStreamName();
        const events = [newEvent(), newEvent(), newEvent()];

        const result = await store.appendToStream(stream, events, 'no_stream');

        const stored = await store.readStream(stream);
        expect(stored.map((event) => event.id)).toEqual(events.map((event) => event.id));
        expect(stored.map((event) => event.streamRevision)).toEqual([0, 1, 2]);
        expect(stored.every((event) => event.streamName === stream)).toBe(true);
        expect(result).toEqual({ nextExpectedRevision: 2, lastGlobalPosition: stored[2]!.globalPosition });
      });

      it('Given a stream that was never written, When it is read, Then it is empty', async () => {
        await expect(store.readStream(newStreamName())).resolves.toEqual([]);
      });

      it('Given an existing stream, When appending with no_stream, Then it fails with WrongExpectedRevisionError and writes nothing', async () => {
        const stream = newStreamName();
        await store.appendToStream(stream, [newEvent()], 'no_stream');

        const append = store.appendToStream(stream, [newEvent()], 'no_stream');

        await expect(append).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        await expect(append).rejects.toMatchObject({ streamName: stream, expected: 'no_stream', actual: 0 });
        expect(await store.readStream(stream)).toHaveLength(1);
      });

      it('Given a stream at revision 1, When appending with expected revision 1, Then it succeeds and the next expected revision is 2', async () => {
        const stream = newStreamName();
        const { nextExpectedRevision } = await store.appendToStream(stream, [newEvent(), newEvent()], 'no_stream');

        const result = await store.appendToStream(stream, [newEvent()], nextExpectedRevision);

        expect(nextExpectedRevision).toBe(1);
        expect(result.nextExpectedRevision).toBe(2);
        expect(await store.readStream(stream)).toHaveLength(3);
      });

      it('Given a stream at revision 1, When appending with the stale revision 0, Then it fails with WrongExpectedRevisionError and writes nothing', async () => {
        const stream = newStreamName();
        await store.appendToStream(stream, [newEvent(), newEvent()], 'no_stream');

        const append = store.appendToStream(stream, [newEvent()], 0);

        await expect(append).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        await expect(append).rejects.toMatchObject({ streamName: stream, expected: 0, actual: 1 });
        expect(await store.readStream(stream)).toHaveLength(2);
      });

      it('Given a stream that does not exist, When appending with a revision number, Then it fails with actual no_stream', async () => {
        const stream = newStreamName();

        const append = store.appendToStream(stream, [newEvent()], 0);

        await expect(append).rejects.toMatchObject({ name: 'WrongExpectedRevisionError', actual: 'no_stream' });
        expect(await store.readStream(stream)).toEqual([]);
      });

      it("Given a new stream and then an existing one, When appending with 'any', Then both appends succeed", async () => {
        const stream = newStreamName();

        await store.appendToStream(stream, [newEvent()], 'any');
        const result = await store.appendToStream(stream, [newEvent()], 'any');

        expect(result.nextExpectedRevision).toBe(1);
        expect((await store.readStream(stream)).map((event) => event.streamRevision)).toEqual([0, 1]);
      });

      it('Given two writers holding the same revision, When both append at once, Then exactly one wins and the other gets WrongExpectedRevisionError', async () => {
        const stream = newStreamName();
        const { nextExpectedRevision } = await store.appendToStream(stream, [newEvent()], 'no_stream');
        const first = newEvent();
        const second = newEvent();

        const outcomes = await Promise.allSettled([
          store.appendToStream(stream, [first], nextExpectedRevision),
          store.appendToStream(stream, [second], nextExpectedRevision),
        ]);

        const rejected = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
        expect(rejected).toHaveLength(1);
        expect(rejected[0]!.reason).toBeInstanceOf(WrongExpectedRevisionError);
        const stored = await store.readStream(stream);
        expect(stored).toHaveLength(2);
        expect([first.id, second.id]).toContain(stored[1]!.id);
      });

      it('Given a stream at revision 0, When a batch of three events is appended with a stale revision, Then none of them is written', async () => {
        const stream = newStreamName();
        await store.appendToStream(stream, [newEvent()], 'no_stream');

        const append = store.appendToStream(stream, [newEvent(), newEvent(), newEvent()], 'no_stream');

        await expect(append).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        expect(await store.readStream(stream)).toHaveLength(1);
      });

      it('Given data and metadata with nesting, unicode, numbers and nulls, When appended and read back, Then they round-trip exactly', async () => {
        const stream = newStreamName();
        const event = newEvent('contract.RoundTrip.v1', {
          text: 'Reprise « iPhone 15 » — 1 234,50 € 📱',
          amountInCents: 123450,
          ratio: 0.125,
          negative: -7,
          flags: [true, false],
          nothing: null,
          nested: { grades: ['A', 'B'], empty: {}, list: [] },
        });
        event.metadata = { ...event.metadata, organizationId: null, userId: null, causationId: null };

        await store.appendToStream(stream, [event], 'no_stream');

        const [stored] = await store.readStream(stream);
        expect(stored).toMatchObject({ id: event.id, type: event.type });
        expect(stored!.data).toStrictEqual(event.data);
        expect(stored!.metadata).toStrictEqual(event.metadata);
      });

      it('Given a stream at revision 1, When appending no events, Then the expected revision is still checked and the current positions are returned', async () => {
        const stream = newStreamName();
        const written = await store.appendToStream(stream, [newEvent(), newEvent()], 'no_stream');

        await expect(store.appendToStream(stream, [], 1)).resolves.toEqual(written);
        await expect(store.appendToStream(stream, [], 0)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        await expect(store.appendToStream(stream, [], 'no_stream')).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        expect(await store.readStream(stream)).toHaveLength(2);
      });

      it('Given a stream that does not exist, When appending no events with no_stream, Then nothing is written and the revision is -1', async () => {
        const stream = newStreamName();

        const result = await store.appendToStream(stream, [], 'no_stream');

        expect(result.nextExpectedRevision).toBe(-1);
        expect(await store.readStream(stream)).toEqual([]);
      });
    });

    describe('concurrent appends (committed together by adapters that group commits)', () => {
      it('Given appends to ten new streams issued at once, When they settle, Then every one lands with its own revision and position', async () => {
        const streams = Array.from({ length: 10 }, () => newStreamName());
        const events = streams.map(() => [newEvent(), newEvent()]);

        const results = await Promise.all(streams.map((stream, index) => store.appendToStream(stream, events[index]!, 'no_stream')));

        for (const [index, stream] of streams.entries()) {
          const stored = await store.readStream(stream);
          expect(stored.map((event) => event.id)).toEqual(events[index]!.map((event) => event.id));
          expect(results[index]).toEqual({ nextExpectedRevision: 1, lastGlobalPosition: stored[1]!.globalPosition });
        }
        expect(new Set(results.map((result) => result.lastGlobalPosition)).size).toBe(streams.length);
      });

      it('Given appends issued at once where one holds a stale revision, When they settle, Then only that one is refused and the others are written', async () => {
        const [stale, fresh, other] = [newStreamName(), newStreamName(), newStreamName()];
        await store.appendToStream(stale, [newEvent()], 'no_stream');
        const [before, refused, after] = [newEvent(), newEvent(), newEvent()];

        const outcomes = await Promise.allSettled([
          store.appendToStream(fresh, [before], 'no_stream'),
          store.appendToStream(stale, [refused], 'no_stream'),
          store.appendToStream(other, [after], 'no_stream'),
        ]);

        expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
        expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
        expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ streamName: stale, expected: 'no_stream', actual: 0 });
        expect((await store.readStream(fresh)).map((event) => event.id)).toEqual([before.id]);
        expect((await store.readStream(other)).map((event) => event.id)).toEqual([after.id]);
        expect(await store.readStream(stale)).toHaveLength(1);
      });

      it('Given two appends to one stream issued at once with consecutive revisions, When they settle, Then both land in issue order', async () => {
        const stream = newStreamName();
        const [first, second] = [newEvent(), newEvent()];

        const results = await Promise.all([
          store.appendToStream(stream, [first], 'no_stream'),
          store.appendToStream(stream, [second], 0),
        ]);

        expect(results.map((result) => result.nextExpectedRevision)).toEqual([0, 1]);
        expect((await store.readStream(stream)).map((event) => event.id)).toEqual([first.id, second.id]);
      });

      it('Given ten writers holding the same revision of one stream, When all append at once, Then exactly one wins', async () => {
        const stream = newStreamName();
        await store.appendToStream(stream, [newEvent()], 'no_stream');
        const contenders = Array.from({ length: 10 }, () => newEvent());

        const outcomes = await Promise.allSettled(contenders.map((event) => store.appendToStream(stream, [event], 0)));

        const winners = outcomes.filter((outcome) => outcome.status === 'fulfilled');
        const losers = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
        expect(winners).toHaveLength(1);
        expect(losers).toHaveLength(9);
        expect(losers.every((outcome) => outcome.reason instanceof WrongExpectedRevisionError)).toBe(true);
        const stored = await store.readStream(stream);
        expect(stored).toHaveLength(2);
        expect(contenders[outcomes.indexOf(winners[0]!)]!.id).toBe(stored[1]!.id);
      });
    });

    multiStreamAppendContract(() => store);

    describe('reading the global log', () => {
      it('Given appends to two streams, When reading all after the position before them, Then the events come in append order with increasing global positions', async () => {
        const before = await store.lastGlobalPosition();
        const written = await appendAcrossTwoStreams(store);

        const read = ours(await store.readAll({ after: before, maxCount: 1_000 }), written);

        expect(read.map((event) => event.id)).toEqual(written.map((event) => event.id));
        expectStrictlyIncreasingPositions(read);
        expect(read[0]!.globalPosition).toBeGreaterThan(before);
      });

      it('Given appended events, When reading all after the position of one of them, Then that event is excluded and the later ones follow', async () => {
        const before = await store.lastGlobalPosition();
        const written = await appendAcrossTwoStreams(store);
        const [first] = ours(await store.readAll({ after: before, maxCount: 1_000 }), written);

        const read = ours(await store.readAll({ after: first!.globalPosition, maxCount: 1_000 }), written);

        expect(read.map((event) => event.id)).toEqual(written.slice(1).map((event) => event.id));
      });

      it('Given five events, When paging through the log with maxCount 2, Then every page holds at most 2 events and together they hold all five in order', async () => {
        const before = await store.lastGlobalPosition();
        const written = [newEvent(), newEvent(), newEvent(), newEvent(), newEvent()];
        await store.appendToStream(newStreamName(), written, 'no_stream');

        const pages = await readPages(store, before, 2);

        expect(pages.length).toBeGreaterThanOrEqual(3);
        expect(pages.every((page) => page.length <= 2)).toBe(true);
        expect(ours(pages.flat(), written).map((event) => event.id)).toEqual(written.map((event) => event.id));
      });

      it('Given an append, When asking for the last global position, Then it is the global position of the last event appended', async () => {
        const stream = newStreamName();

        const { lastGlobalPosition } = await store.appendToStream(stream, [newEvent(), newEvent()], 'no_stream');

        expect(await store.lastGlobalPosition()).toBe(lastGlobalPosition);
        expect((await store.readStream(stream)).at(-1)!.globalPosition).toBe(lastGlobalPosition);
      });
    });

    subscriptionContract(() => store);
  });
}

/** Appends A0, B0, A1 to two new streams and returns them in append order. */
async function appendAcrossTwoStreams(store: EventStore): Promise<NewEvent[]> {
  const [streamA, streamB] = [newStreamName(), newStreamName()];
  const events = [newEvent(), newEvent(), newEvent()] as const;
  await store.appendToStream(streamA, [events[0]], 'no_stream');
  await store.appendToStream(streamB, [events[1]], 'no_stream');
  await store.appendToStream(streamA, [events[2]], 0);
  return [...events];
}

/** Reads the log after `after`, maxCount events at a time, until a page comes back empty. */
async function readPages(store: EventStore, after: number, maxCount: number): Promise<StoredEvent[][]> {
  const pages: StoredEvent[][] = [];
  for (let page = await store.readAll({ after, maxCount }); page.length > 0; ) {
    pages.push(page);
    page = await store.readAll({ after: page.at(-1)!.globalPosition, maxCount });
  }
  return pages;
}
