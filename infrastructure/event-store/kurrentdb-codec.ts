import { ANY, NO_STREAM, START } from '@kurrent/kurrentdb-client';
import type { AllStreamResolvedEvent, AppendStreamState, EventData, Position, ReadPosition, RecordedEvent, ResolvedEvent } from '@kurrent/kurrentdb-client';
import type { EventMetadata, ExpectedRevision, NewEvent, ReadAllOptions, StoredEvent } from '../../application/ports/event-store.js';

/**
 * How the port's events travel to and from KurrentDB. Global positions are
 * KurrentDB commit positions: byte offsets in the transaction log, unique per
 * event and increasing, but not dense. They are converted to Number, which is
 * exact up to 2^53 bytes (9 PB of log), far beyond what this platform will
 * ever write.
 */

/** The revision the port reports for a stream without events (KurrentDB's legacy ExpectedVersion.NoStream). */
export const NO_STREAM_REVISION = -1;
/** KurrentDB sends the largest unsigned 64-bit value when it does not know an event's position. */
const UNKNOWN_POSITION = 2n ** 64n - 1n;
/**
 * The property that carries the port's metadata in a multi-stream append. Those
 * appends take string values only, while the metadata holds nulls and an object
 * (the idempotency mark): it travels as one JSON string, decoded on read.
 */
const METADATA_PROPERTY = 'tradein.metadata';

/** For appendToStream, whose metadata is any JSON object. */
export function toEventData(event: NewEvent): EventData {
  return { id: event.id, contentType: 'application/json', type: event.type, data: event.data, metadata: { ...event.metadata } };
}

/** For multiStreamAppend and appendRecords, whose metadata holds strings only. */
export function toRecordData(event: NewEvent): EventData {
  return {
    id: event.id,
    contentType: 'application/json',
    type: event.type,
    data: event.data,
    metadata: { [METADATA_PROPERTY]: JSON.stringify(event.metadata) },
  };
}

export function toAppendStreamState(expected: ExpectedRevision): AppendStreamState {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream' || expected <= NO_STREAM_REVISION) return NO_STREAM;
  return BigInt(expected);
}

/** A revision KurrentDB reports (a state constant or a number) as the port's `actual`. */
export function toActualRevision(actual: string | bigint): number | 'no_stream' {
  return typeof actual === 'bigint' && actual >= 0n ? Number(actual) : 'no_stream';
}

export function revisionMatches(expected: ExpectedRevision, currentRevision: number): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return currentRevision === NO_STREAM_REVISION;
  return expected === currentRevision;
}

/** Our positions are exclusive checkpoints; 0 (or less) means the beginning of the log. */
export function toReadPosition(after: number): ReadPosition {
  if (after <= 0) return START;
  // Our positions come from events, whose commit and prepare positions are equal.
  const position = BigInt(after);
  return { commit: position, prepare: position };
}

export function toGlobalPosition(position: Position | undefined): number {
  if (position === undefined || position.commit === UNKNOWN_POSITION) {
    throw new Error('KurrentDB did not report an event position; KurrentDB 25.1 or later is required');
  }
  return Number(position.commit);
}

/** Our events only: system streams (`$…`), system event types and non-JSON events belong to others. */
export function toUserEvent(resolved: ResolvedEvent | AllStreamResolvedEvent): StoredEvent | undefined {
  const recorded = resolved.event;
  if (!recorded || !recorded.isJson || recorded.streamId.startsWith('$') || recorded.type.startsWith('$')) return undefined;
  return toStoredEvent(recorded);
}

function toStoredEvent(recorded: RecordedEvent): StoredEvent {
  return {
    id: recorded.id,
    type: recorded.type,
    data: recorded.data as StoredEvent['data'],
    metadata: toEventMetadata(recorded.metadata),
    streamName: recorded.streamId,
    streamRevision: Number(recorded.revision),
    globalPosition: toGlobalPosition(recorded.position),
  };
}

/** appendToStream stores the metadata as it is; a multi-stream append stores it in one property, beside the server's own. */
function toEventMetadata(stored: unknown): EventMetadata {
  const carried = (stored as Record<string, unknown> | undefined)?.[METADATA_PROPERTY];
  if (typeof carried === 'string') return JSON.parse(carried) as EventMetadata;
  return stored as EventMetadata;
}

/** Reads until maxCount of our events strictly after `after` are collected; leaving the loop ends the read. */
export async function collectUserEvents(
  read: AsyncIterable<ResolvedEvent | AllStreamResolvedEvent>,
  { after, maxCount }: ReadAllOptions,
): Promise<StoredEvent[]> {
  const events: StoredEvent[] = [];
  if (maxCount <= 0) return events;
  for await (const resolved of read) {
    const event = toUserEvent(resolved);
    if (event && event.globalPosition > after) events.push(event);
    if (events.length >= maxCount) break;
  }
  return events;
}
