import { describe, expect, it } from 'vitest';
import { WrongExpectedRevisionError } from '../../application/ports/event-store.js';
import type { EventStore } from '../../application/ports/event-store.js';
import { expectStrictlyIncreasingPositions, newEvent, newStreamName, ours } from './event-store-fixtures.js';

/**
 * The port's atomic multi-stream append, part of the event store contract
 * (event-store.contract.ts): every adapter offers it. An append with no
 * events is a consistency check on a stream the call does not write.
 */
export function multiStreamAppendContract(storeOf: () => EventStore): void {
  describe('atomic multi-stream appends (appendToStreams)', () => {
    it('Given two new streams, When both are appended atomically with no_stream, Then both are written, in order, with one result each', async () => {
      const store = storeOf();
      const [first, second] = [newStreamName(), newStreamName()];
      const [a, b1, b2] = [newEvent(), newEvent(), newEvent()];

      const results = await store.appendToStreams([
        { streamName: first, events: [a], expectedRevision: 'no_stream' },
        { streamName: second, events: [b1, b2], expectedRevision: 'no_stream' },
      ]);

      const [storedFirst, storedSecond] = [await store.readStream(first), await store.readStream(second)];
      expect(storedFirst.map((event) => event.id)).toEqual([a.id]);
      expect(storedSecond.map((event) => event.id)).toEqual([b1.id, b2.id]);
      expect(results).toEqual([
        { nextExpectedRevision: 0, lastGlobalPosition: storedFirst[0]!.globalPosition },
        { nextExpectedRevision: 1, lastGlobalPosition: storedSecond[1]!.globalPosition },
      ]);
      expect(storedFirst[0]!.globalPosition).toBeLessThan(storedSecond[0]!.globalPosition);
    });

    it('Given streams at known revisions, When three are appended atomically, Then the log holds the events in the order of the call and each result continues its stream', async () => {
      const store = storeOf();
      const [existing, fresh, anyStream] = [newStreamName(), newStreamName(), newStreamName()];
      await store.appendToStream(existing, [newEvent(), newEvent()], 'no_stream');
      await store.appendToStream(anyStream, [newEvent()], 'no_stream');
      const before = await store.lastGlobalPosition();
      const written = [newEvent(), newEvent(), newEvent(), newEvent(), newEvent()];

      const results = await store.appendToStreams([
        { streamName: existing, events: written.slice(0, 2), expectedRevision: 1 },
        { streamName: fresh, events: written.slice(2, 3), expectedRevision: 'no_stream' },
        { streamName: anyStream, events: written.slice(3), expectedRevision: 'any' },
      ]);

      const log = ours(await store.readAll({ after: before, maxCount: 1_000 }), written);
      expect(log.map((event) => event.id)).toEqual(written.map((event) => event.id));
      expectStrictlyIncreasingPositions(log);
      expect(log.map((event) => [event.streamName, event.streamRevision])).toEqual([
        [existing, 2],
        [existing, 3],
        [fresh, 0],
        [anyStream, 1],
        [anyStream, 2],
      ]);
      expect(results).toEqual([
        { nextExpectedRevision: 3, lastGlobalPosition: log[1]!.globalPosition },
        { nextExpectedRevision: 0, lastGlobalPosition: log[2]!.globalPosition },
        { nextExpectedRevision: 2, lastGlobalPosition: log[4]!.globalPosition },
      ]);
    });

    it('Given a stream that already exists, When it is appended atomically with no_stream together with a new one, Then nothing is written and the refusal names it', async () => {
      const store = storeOf();
      const [taken, fresh] = [newStreamName(), newStreamName()];
      await store.appendToStream(taken, [newEvent()], 'no_stream');

      const append = store.appendToStreams([
        { streamName: fresh, events: [newEvent()], expectedRevision: 'no_stream' },
        { streamName: taken, events: [newEvent()], expectedRevision: 'no_stream' },
      ]);

      await expect(append).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(append).rejects.toMatchObject({ streamName: taken, expected: 'no_stream', actual: 0 });
      expect(await store.readStream(fresh)).toEqual([]);
      expect(await store.readStream(taken)).toHaveLength(1);
    });

    it('Given three streams of which the last is behind the revision expected, When they are appended atomically, Then none of the three is written', async () => {
      const store = storeOf();
      const [first, second, stale] = [newStreamName(), newStreamName(), newStreamName()];
      await store.appendToStream(first, [newEvent()], 'no_stream');
      await store.appendToStream(stale, [newEvent(), newEvent(), newEvent()], 'no_stream');

      const append = store.appendToStreams([
        { streamName: first, events: [newEvent()], expectedRevision: 0 },
        { streamName: second, events: [newEvent(), newEvent()], expectedRevision: 'no_stream' },
        { streamName: stale, events: [newEvent()], expectedRevision: 1 },
      ]);

      await expect(append).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(append).rejects.toMatchObject({ streamName: stale, expected: 1, actual: 2 });
      expect(await store.readStream(first)).toHaveLength(1);
      expect(await store.readStream(second)).toEqual([]);
      expect(await store.readStream(stale)).toHaveLength(3);
    });

    it('Given a revision number for a stream that does not exist, When appended atomically, Then it is refused with actual no_stream and nothing is written', async () => {
      const store = storeOf();
      const [missing, fresh] = [newStreamName(), newStreamName()];

      const append = store.appendToStreams([
        { streamName: fresh, events: [newEvent()], expectedRevision: 'no_stream' },
        { streamName: missing, events: [newEvent()], expectedRevision: 0 },
      ]);

      await expect(append).rejects.toMatchObject({ name: 'WrongExpectedRevisionError', streamName: missing, actual: 'no_stream' });
      expect(await store.readStream(fresh)).toEqual([]);
      expect(await store.readStream(missing)).toEqual([]);
    });

    it('Given two atomic appends claiming the same stream at once, When they settle, Then one is written whole and the other not at all', async () => {
      const store = storeOf();
      const claimed = newStreamName();
      const [ownA, ownB] = [newStreamName(), newStreamName()];

      const outcomes = await Promise.allSettled([
        store.appendToStreams([
          { streamName: claimed, events: [newEvent()], expectedRevision: 'no_stream' },
          { streamName: ownA, events: [newEvent()], expectedRevision: 'no_stream' },
        ]),
        store.appendToStreams([
          { streamName: claimed, events: [newEvent()], expectedRevision: 'no_stream' },
          { streamName: ownB, events: [newEvent()], expectedRevision: 'no_stream' },
        ]),
      ]);

      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
      const rejected = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected')!;
      expect(rejected.reason).toBeInstanceOf(WrongExpectedRevisionError);
      const winnerOwn = outcomes[0]!.status === 'fulfilled' ? ownA : ownB;
      const loserOwn = winnerOwn === ownA ? ownB : ownA;
      expect(await store.readStream(claimed)).toHaveLength(1);
      expect(await store.readStream(winnerOwn)).toHaveLength(1);
      expect(await store.readStream(loserOwn)).toEqual([]);
    });

    it('Given metadata with nulls and an idempotency mark, When appended atomically and read back, Then it round-trips exactly', async () => {
      const store = storeOf();
      const [first, second] = [newStreamName(), newStreamName()];
      const event = newEvent('contract.RoundTrip.v1', { text: 'Reprise « iPhone 15 » 📱', amountInCents: 123450, nothing: null });
      event.metadata = { ...event.metadata, organizationId: null, userId: null, causationId: null, idempotency: { key: 'k'.repeat(64), request: 'r'.repeat(64) } };

      await store.appendToStreams([
        { streamName: first, events: [event], expectedRevision: 'no_stream' },
        { streamName: second, events: [newEvent()], expectedRevision: 'no_stream' },
      ]);

      const [stored] = await store.readStream(first);
      expect(stored).toMatchObject({ id: event.id, type: event.type, streamRevision: 0 });
      expect(stored!.data).toStrictEqual(event.data);
      expect(stored!.metadata).toStrictEqual(event.metadata);
    });

    it('Given no appends, When appending atomically, Then nothing happens and there is no result', async () => {
      await expect(storeOf().appendToStreams([])).resolves.toEqual([]);
    });
  });

  describe('consistency checks (appendToStreams parts with no events)', () => {
    it('Given a stream still at the revision expected, When it is checked while another is written, Then the other is written, the checked one is unchanged and its result is its head', async () => {
      const store = storeOf();
      const [checked, written] = [newStreamName(), newStreamName()];
      await store.appendToStream(checked, [newEvent(), newEvent()], 'no_stream');
      const event = newEvent();

      const results = await store.appendToStreams([
        { streamName: checked, events: [], expectedRevision: 1 },
        { streamName: written, events: [event], expectedRevision: 'no_stream' },
      ]);

      const [storedChecked, storedWritten] = [await store.readStream(checked), await store.readStream(written)];
      expect(storedChecked).toHaveLength(2);
      expect(storedWritten.map((stored) => stored.id)).toEqual([event.id]);
      expect(results).toEqual([
        { nextExpectedRevision: 1, lastGlobalPosition: storedChecked[1]!.globalPosition },
        { nextExpectedRevision: 0, lastGlobalPosition: storedWritten[0]!.globalPosition },
      ]);
    });

    it('Given a stream that moved past the revision expected, When it is checked while another is written, Then nothing is written and the refusal names the checked stream', async () => {
      const store = storeOf();
      const [checked, written] = [newStreamName(), newStreamName()];
      await store.appendToStream(checked, [newEvent(), newEvent(), newEvent()], 'no_stream');

      const append = store.appendToStreams([
        { streamName: written, events: [newEvent()], expectedRevision: 'no_stream' },
        { streamName: checked, events: [], expectedRevision: 1 },
      ]);

      await expect(append).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(append).rejects.toMatchObject({ streamName: checked, expected: 1, actual: 2 });
      expect(await store.readStream(written)).toEqual([]);
      expect(await store.readStream(checked)).toHaveLength(3);
    });

    it('Given a stream that does not exist, When it is checked with no_stream while another is written, Then the other is written and the check reports revision -1', async () => {
      const store = storeOf();
      const [absent, written] = [newStreamName(), newStreamName()];
      await store.appendToStream(written, [newEvent()], 'no_stream');

      const results = await store.appendToStreams([
        { streamName: written, events: [newEvent()], expectedRevision: 0 },
        { streamName: absent, events: [], expectedRevision: 'no_stream' },
      ]);

      const storedWritten = await store.readStream(written);
      expect(results).toEqual([
        { nextExpectedRevision: 1, lastGlobalPosition: storedWritten[1]!.globalPosition },
        { nextExpectedRevision: -1, lastGlobalPosition: 0 },
      ]);
      expect(await store.readStream(absent)).toEqual([]);
    });

    it('Given a stream that exists, When it is checked with no_stream while another is written, Then nothing is written and the refusal says it is at revision 0', async () => {
      const store = storeOf();
      const [present, written] = [newStreamName(), newStreamName()];
      await store.appendToStream(present, [newEvent()], 'no_stream');

      const append = store.appendToStreams([
        { streamName: present, events: [], expectedRevision: 'no_stream' },
        { streamName: written, events: [newEvent()], expectedRevision: 'no_stream' },
      ]);

      await expect(append).rejects.toMatchObject({ name: 'WrongExpectedRevisionError', streamName: present, expected: 'no_stream', actual: 0 });
      expect(await store.readStream(written)).toEqual([]);
      expect(await store.readStream(present)).toHaveLength(1);
    });

    it('Given a checked stream written by someone else first, When the decision that checked it commits, Then it is refused and writes nothing', async () => {
      const store = storeOf();
      const [checked, decided] = [newStreamName(), newStreamName()];
      await store.appendToStream(checked, [newEvent()], 'no_stream');
      const decision = [
        { streamName: checked, events: [], expectedRevision: 0 },
        { streamName: decided, events: [newEvent()], expectedRevision: 'no_stream' as const },
      ];

      await store.appendToStream(checked, [newEvent()], 0);
      const append = store.appendToStreams(decision);

      await expect(append).rejects.toMatchObject({ name: 'WrongExpectedRevisionError', streamName: checked, expected: 0, actual: 1 });
      expect(await store.readStream(decided)).toEqual([]);
    });

    it('Given only checks, When they hold, Then each reports its head and nothing is written; When one fails, Then the call is refused', async () => {
      const store = storeOf();
      const [present, absent] = [newStreamName(), newStreamName()];
      await store.appendToStream(present, [newEvent(), newEvent()], 'no_stream');
      const [, head] = await store.readStream(present);

      const results = await store.appendToStreams([
        { streamName: present, events: [], expectedRevision: 1 },
        { streamName: absent, events: [], expectedRevision: 'no_stream' },
      ]);
      const refused = store.appendToStreams([
        { streamName: absent, events: [], expectedRevision: 'no_stream' },
        { streamName: present, events: [], expectedRevision: 0 },
      ]);

      expect(results).toEqual([
        { nextExpectedRevision: 1, lastGlobalPosition: head!.globalPosition },
        { nextExpectedRevision: -1, lastGlobalPosition: 0 },
      ]);
      await expect(refused).rejects.toMatchObject({ name: 'WrongExpectedRevisionError', streamName: present, expected: 0, actual: 1 });
      expect(await store.readStream(present)).toHaveLength(2);
      expect(await store.readStream(absent)).toEqual([]);
    });
  });
}
