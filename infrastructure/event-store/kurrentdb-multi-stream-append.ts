import { AppendConsistencyViolationError, STREAM_STATE, UnknownError, WrongExpectedVersionError } from '@kurrent/kurrentdb-client';
import type { AppendRecordInput, ConsistencyCheck, ConsistencyViolation, KurrentDBClient } from '@kurrent/kurrentdb-client';
import { WrongExpectedRevisionError } from '../../application/ports/event-store.js';
import type { AppendResult, ExpectedRevision, StreamAppend } from '../../application/ports/event-store.js';
import { NO_STREAM_REVISION, toActualRevision, toAppendStreamState, toRecordData } from './kurrentdb-codec.js';

/** What the atomic append reads from the store around the server's call. */
export interface StreamReads {
  /** The global position of the event at `revision` of the stream. */
  positionAt(streamName: string, revision: number): Promise<number>;
  /** The stream's head checked against an expected revision, writing nothing. */
  checkWithoutWriting(streamName: string, expected: ExpectedRevision): Promise<AppendResult>;
}

/** gRPC's UNIMPLEMENTED: the server predates the call. */
const GRPC_UNIMPLEMENTED = 12;

/**
 * The port's appendToStreams on KurrentDB, in one server transaction:
 * - every part writes: `multiStreamAppend` (KurrentDB 25.1+), each stream at
 *   its expected revision, the events in the order given;
 * - some parts only check (no events): `appendRecords` (KurrentDB 26.1+),
 *   the events in the order given and one consistency check per stream whose
 *   revision is expected, written to or not;
 * - no part writes: nothing to commit, each stream's head is read and checked.
 * A wrong revision rejects the whole call with WrongExpectedRevisionError and
 * nothing is written. KurrentDB takes one part per stream: a stream named twice
 * is refused before anything is sent.
 */
export async function appendToStreamsAtomically(client: KurrentDBClient, appends: StreamAppend[], reads: StreamReads): Promise<AppendResult[]> {
  if (appends.length === 0) return [];
  refuseRepeatedStreams(appends);
  const writes = appends.filter((append) => append.events.length > 0);
  if (writes.length === 0) {
    const results: AppendResult[] = [];
    for (const append of appends) results.push(await reads.checkWithoutWriting(append.streamName, append.expectedRevision));
    return results;
  }
  const revisions = writes.length === appends.length ? await appendAll(client, appends) : await appendWithChecks(client, appends);
  return Promise.all(appends.map((append) => resultOf(append, revisions, reads)));
}

function refuseRepeatedStreams(appends: StreamAppend[]): void {
  const seen = new Set<string>();
  for (const { streamName } of appends) {
    if (seen.has(streamName)) throw new Error(`appendToStreams names stream ${streamName} twice; KurrentDB takes one part per stream`);
    seen.add(streamName);
  }
}

/** The last revision written to each stream. */
type WrittenRevisions = Map<string, number>;

async function appendAll(client: KurrentDBClient, appends: StreamAppend[]): Promise<WrittenRevisions> {
  try {
    const result = await client.multiStreamAppend(
      appends.map((append) => ({
        streamName: append.streamName,
        expectedState: toAppendStreamState(append.expectedRevision),
        events: append.events.map(toRecordData),
      })),
    );
    return new Map(result.responses.map((response) => [response.streamName, Number(response.revision)]));
  } catch (error) {
    throw translate(error, appends, 'multiStreamAppend', '25.1');
  }
}

async function appendWithChecks(client: KurrentDBClient, appends: StreamAppend[]): Promise<WrittenRevisions> {
  const records: AppendRecordInput[] = appends.flatMap((append) =>
    append.events.map((event) => ({ streamName: append.streamName, record: toRecordData(event) })),
  );
  const checks: ConsistencyCheck[] = appends
    .filter((append) => append.expectedRevision !== 'any')
    .map((append) => ({ type: STREAM_STATE, streamName: append.streamName, expectedState: toAppendStreamState(append.expectedRevision) }));
  try {
    const result = await client.appendRecords(records, checks);
    return new Map(result.responses.map((response) => [response.streamName, Number(response.revision)]));
  } catch (error) {
    throw translate(error, appends, 'appendRecords (a consistency check on a stream it does not write)', '26.1');
  }
}

async function resultOf(append: StreamAppend, revisions: WrittenRevisions, reads: StreamReads): Promise<AppendResult> {
  const { streamName, expectedRevision } = append;
  if (append.events.length > 0) {
    const revision = revisions.get(streamName);
    if (revision === undefined) throw new Error(`KurrentDB did not report the revision written to ${streamName}`);
    return { nextExpectedRevision: revision, lastGlobalPosition: await reads.positionAt(streamName, revision) };
  }
  // A check-only part held when the transaction committed: the stream was at its expected revision.
  if (expectedRevision === 'any') return reads.checkWithoutWriting(streamName, 'any');
  const revision = expectedRevision === 'no_stream' || expectedRevision < 0 ? NO_STREAM_REVISION : expectedRevision;
  return { nextExpectedRevision: revision, lastGlobalPosition: revision < 0 ? 0 : await reads.positionAt(streamName, revision) };
}

/** The server's refusals in the port's terms; the stream named is the first of the call that failed its check. */
function translate(error: unknown, appends: StreamAppend[], call: string, version: string): unknown {
  const expectedOf = (streamName: string): ExpectedRevision =>
    appends.find((append) => append.streamName === streamName)?.expectedRevision ?? 'any';
  if (error instanceof WrongExpectedVersionError) {
    return new WrongExpectedRevisionError(error.streamName, expectedOf(error.streamName), toActualRevision(error.actualState));
  }
  if (error instanceof AppendConsistencyViolationError) {
    const violation = firstInCallOrder(error.violations, appends);
    if (violation) return new WrongExpectedRevisionError(violation.streamName, expectedOf(violation.streamName), toActualRevision(violation.actualState));
  }
  if (error instanceof UnknownError && error.code === GRPC_UNIMPLEMENTED) {
    return new Error(`This KurrentDB server does not offer ${call}: KurrentDB ${version} or later is required`, { cause: error });
  }
  return error;
}

function firstInCallOrder(violations: ConsistencyViolation[], appends: StreamAppend[]): ConsistencyViolation | undefined {
  const order = (violation: ConsistencyViolation) => appends.findIndex((append) => append.streamName === violation.streamName);
  return [...violations].sort((a, b) => order(a) - order(b))[0];
}
