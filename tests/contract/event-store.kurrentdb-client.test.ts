import { describe, expect, it } from 'vitest';
import { AppendConsistencyViolationError, UnknownError, WrongExpectedVersionError } from '@kurrent/kurrentdb-client';
import type { AppendRecordInput, AppendStreamRequest, ConsistencyCheck, KurrentDBClient, MultiAppendResult } from '@kurrent/kurrentdb-client';
import { WrongExpectedRevisionError } from '../../application/ports/event-store.js';
import type { ExpectedRevision, StreamAppend } from '../../application/ports/event-store.js';
import { newEvent, newStreamName } from './event-store-fixtures.js';
import { toUserEvent } from '../../infrastructure/event-store/kurrentdb-codec.js';
import { appendToStreamsAtomically } from '../../infrastructure/event-store/kurrentdb-multi-stream-append.js';
import type { StreamReads } from '../../infrastructure/event-store/kurrentdb-multi-stream-append.js';

/**
 * How the adapter speaks to the KurrentDB client: which call for which
 * appends, what it sends, and how the server's refusals (the client's own
 * error classes) become the port's. The server's side is the contract suite's
 * (tests/contract/event-store.kurrentdb.test.ts), which needs a KurrentDB.
 */

type Call =
  | { kind: 'multiStreamAppend'; requests: AppendStreamRequest[] }
  | { kind: 'appendRecords'; records: AppendRecordInput[]; checks: ConsistencyCheck[] | undefined };

/** A server that records what it is asked and answers each written stream's last revision (or refuses with `refusal`). */
function recordingServer(revisions: Record<string, bigint>, refusal?: Error) {
  const calls: Call[] = [];
  const answer = (streams: string[]): MultiAppendResult => {
    if (refusal) throw refusal;
    return { position: 1_000n, responses: [...new Set(streams)].map((streamName) => ({ streamName, revision: revisions[streamName]! })) };
  };
  const client = {
    multiStreamAppend: async (requests: AppendStreamRequest[]) => {
      calls.push({ kind: 'multiStreamAppend', requests });
      return answer(requests.map((request) => request.streamName));
    },
    appendRecords: async (records: AppendRecordInput[], checks?: ConsistencyCheck[]) => {
      calls.push({ kind: 'appendRecords', records, checks });
      return answer(records.map((record) => record.streamName));
    },
  } as unknown as KurrentDBClient;
  return { client, calls };
}

/** Positions derived from stream and revision, so that a result shows which event it was read from. */
const positionOf = (streamName: string, revision: number) => (streamName.length * 100 + revision) * 1_000;
const reads: StreamReads = {
  positionAt: async (streamName, revision) => positionOf(streamName, revision),
  checkWithoutWriting: async (streamName, expected: ExpectedRevision) => {
    if (expected !== 4) throw new WrongExpectedRevisionError(streamName, expected, 4);
    return { nextExpectedRevision: 4, lastGlobalPosition: positionOf(streamName, 4) };
  },
};

describe('KurrentDB atomic append', () => {
  it('Given parts that all write, When appended, Then one multiStreamAppend carries each stream at its expected state with its events in order', async () => {
    const [a, b, c] = [newStreamName('a'), newStreamName('bb'), newStreamName('ccc')];
    const [a1, b1, b2, c1] = [newEvent(), newEvent(), newEvent(), newEvent()];
    const { client, calls } = recordingServer({ [a]: 0n, [b]: 4n, [c]: 7n });

    const results = await appendToStreamsAtomically(
      client,
      [
        { streamName: a, events: [a1], expectedRevision: 'no_stream' },
        { streamName: b, events: [b1, b2], expectedRevision: 2 },
        { streamName: c, events: [c1], expectedRevision: 'any' },
      ],
      reads,
    );

    expect(calls).toHaveLength(1);
    const [call] = calls as [Extract<Call, { kind: 'multiStreamAppend' }>];
    expect(call.kind).toBe('multiStreamAppend');
    expect(call.requests.map((request) => [request.streamName, request.expectedState, request.events.map((event) => event.id)])).toEqual([
      [a, 'no_stream', [a1.id]],
      [b, 2n, [b1.id, b2.id]],
      [c, 'any', [c1.id]],
    ]);
    expect(results).toEqual([
      { nextExpectedRevision: 0, lastGlobalPosition: positionOf(a, 0) },
      { nextExpectedRevision: 4, lastGlobalPosition: positionOf(b, 4) },
      { nextExpectedRevision: 7, lastGlobalPosition: positionOf(c, 7) },
    ]);
  });

  it('Given metadata with nulls and an object, When sent in a multi-stream append, Then it is one string property the reader decodes back exactly', async () => {
    const stream = newStreamName();
    const event = newEvent();
    event.metadata = { ...event.metadata, userId: null, causationId: null, idempotency: { key: 'k', request: 'r' } };
    const { client, calls } = recordingServer({ [stream]: 0n });

    await appendToStreamsAtomically(client, [{ streamName: stream, events: [event], expectedRevision: 'no_stream' }], reads);

    const sent = (calls[0] as Extract<Call, { kind: 'multiStreamAppend' }>).requests[0]!.events[0]!;
    const properties = sent.metadata as Record<string, unknown>;
    expect(Object.values(properties).every((value) => typeof value === 'string')).toBe(true);
    // As KurrentDB stores it: the record's properties, beside its schema's.
    const stored = { ...properties, '$schema.name': event.type, '$schema.format': 'Json' };
    const read = toUserEvent({
      event: { streamId: stream, id: event.id, revision: 0n, type: event.type, data: event.data, metadata: stored, isJson: true, created: new Date(), position: { commit: 42n, prepare: 42n } },
    } as never);
    expect(read?.metadata).toStrictEqual(event.metadata);
    expect(read?.globalPosition).toBe(42);
  });

  it('Given a part with no events, When appended, Then one appendRecords writes the others in order and checks every stream whose revision is expected', async () => {
    const [checked, written, anyStream] = [newStreamName('checked'), newStreamName('w'), newStreamName('any')];
    const [w1, w2, x1] = [newEvent(), newEvent(), newEvent()];
    const { client, calls } = recordingServer({ [written]: 1n, [anyStream]: 5n });

    const results = await appendToStreamsAtomically(
      client,
      [
        { streamName: written, events: [w1, w2], expectedRevision: 'no_stream' },
        { streamName: checked, events: [], expectedRevision: 3 },
        { streamName: anyStream, events: [x1], expectedRevision: 'any' },
      ],
      reads,
    );

    const [call] = calls as [Extract<Call, { kind: 'appendRecords' }>];
    expect(call.kind).toBe('appendRecords');
    expect(call.records.map((record) => [record.streamName, record.record.id])).toEqual([
      [written, w1.id],
      [written, w2.id],
      [anyStream, x1.id],
    ]);
    expect(call.checks).toEqual([
      { type: 'stream_state', streamName: written, expectedState: 'no_stream' },
      { type: 'stream_state', streamName: checked, expectedState: 3n },
    ]);
    expect(results).toEqual([
      { nextExpectedRevision: 1, lastGlobalPosition: positionOf(written, 1) },
      { nextExpectedRevision: 3, lastGlobalPosition: positionOf(checked, 3) },
      { nextExpectedRevision: 5, lastGlobalPosition: positionOf(anyStream, 5) },
    ]);
  });

  it('Given a check-only part expecting no stream, When the append commits, Then its result is revision -1 at position 0', async () => {
    const [absent, written] = [newStreamName(), newStreamName()];
    const { client } = recordingServer({ [written]: 0n });

    const results = await appendToStreamsAtomically(
      client,
      [
        { streamName: absent, events: [], expectedRevision: 'no_stream' },
        { streamName: written, events: [newEvent()], expectedRevision: 'no_stream' },
      ],
      reads,
    );

    expect(results[0]).toEqual({ nextExpectedRevision: -1, lastGlobalPosition: 0 });
  });

  it('Given only checks, When appended, Then the server is not called and each stream is checked by reading it', async () => {
    const [first, second] = [newStreamName(), newStreamName()];
    const { client, calls } = recordingServer({});

    const results = await appendToStreamsAtomically(
      client,
      [
        { streamName: first, events: [], expectedRevision: 4 },
        { streamName: second, events: [], expectedRevision: 4 },
      ],
      reads,
    );
    const refused = appendToStreamsAtomically(client, [{ streamName: first, events: [], expectedRevision: 3 }], reads);

    expect(calls).toEqual([]);
    expect(results.map((result) => result.nextExpectedRevision)).toEqual([4, 4]);
    await expect(refused).rejects.toMatchObject({ name: 'WrongExpectedRevisionError', streamName: first, expected: 3, actual: 4 });
  });

  it('Given a stream named twice, When appended, Then it is refused before the server is called', async () => {
    const stream = newStreamName();
    const { client, calls } = recordingServer({ [stream]: 1n });
    const twice: StreamAppend[] = [
      { streamName: stream, events: [newEvent()], expectedRevision: 'no_stream' },
      { streamName: stream, events: [newEvent()], expectedRevision: 0 },
    ];

    await expect(appendToStreamsAtomically(client, twice, reads)).rejects.toThrow(/twice/);
    expect(calls).toEqual([]);
  });

  it("Given the server's revision conflict, When a multi-stream append is refused, Then it is the port's WrongExpectedRevisionError with the revision expected", async () => {
    const [fresh, taken] = [newStreamName(), newStreamName()];
    const conflict = WrongExpectedVersionError.fromRevisionConflict({ stream: taken, expectedRevision: '-1', actualRevision: '0' });
    const { client } = recordingServer({}, conflict);

    const append = appendToStreamsAtomically(
      client,
      [
        { streamName: fresh, events: [newEvent()], expectedRevision: 'no_stream' },
        { streamName: taken, events: [newEvent()], expectedRevision: 'no_stream' },
      ],
      reads,
    );

    await expect(append).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    await expect(append).rejects.toMatchObject({ streamName: taken, expected: 'no_stream', actual: 0 });
  });

  it('Given consistency violations on two streams, When appendRecords is refused, Then the refusal names the first of the call with its actual revision', async () => {
    const [written, checked] = [newStreamName(), newStreamName()];
    const violation = (stream: string, expectedState: string, actualState: string, checkIndex: number) => ({
      checkIndex,
      streamState: { stream, expectedState, actualState },
    });
    const refusal = new AppendConsistencyViolationError({ code: 9, details: 'violated', metadata: undefined } as never, {
      violationsList: [violation(checked, '2', '5', 1), violation(written, '-1', '-1', 0)],
    } as never);
    const { client } = recordingServer({}, refusal);

    const append = appendToStreamsAtomically(
      client,
      [
        { streamName: written, events: [newEvent()], expectedRevision: 'no_stream' },
        { streamName: checked, events: [], expectedRevision: 2 },
      ],
      reads,
    );

    await expect(append).rejects.toMatchObject({ name: 'WrongExpectedRevisionError', streamName: written, expected: 'no_stream', actual: 'no_stream' });
  });

  it('Given a server older than 26.1, When a check-only part needs appendRecords, Then the error says which version is required', async () => {
    const [checked, written] = [newStreamName(), newStreamName()];
    const unimplemented = new UnknownError({ code: 12, message: '12 UNIMPLEMENTED', details: '' } as never);
    const { client } = recordingServer({}, unimplemented);

    const append = appendToStreamsAtomically(
      client,
      [
        { streamName: checked, events: [], expectedRevision: 0 },
        { streamName: written, events: [newEvent()], expectedRevision: 'no_stream' },
      ],
      reads,
    );

    await expect(append).rejects.toThrow(/KurrentDB 26\.1 or later is required/);
  });
});
