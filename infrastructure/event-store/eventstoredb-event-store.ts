import { setTimeout as sleep, setImmediate as nextTurn } from 'node:timers/promises';
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
} from '@eventstore/db-client';
import type {
  AllStreamResolvedEvent,
  AllStreamSubscription,
  AppendExpectedRevision,
  EventData,
  Position,
  ReadPosition,
  RecordedEvent,
  ResolvedEvent,
  StreamingRead,
} from '@eventstore/db-client';
import { WrongExpectedRevisionError } from '../../application/ports/event-store.js';
import type {
  AppendResult,
  EventMetadata,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  StoredEvent,
  SubscribeOptions,
  SubscriptionHandle,
} from '../../application/ports/event-store.js';

export interface EventStoreDbEventStoreOptions {
  /** For example `esdb://localhost:2113?tls=false`. */
  connectionString: string;
}

/**
 * Global positions are EventStoreDB commit positions: byte offsets in the
 * transaction log, unique per event and increasing, but not dense. They are
 * converted to Number, which is exact up to 2^53 bytes (9 PB of log), far
 * beyond what this platform will ever write.
 *
 * Unlike the SQLite adapter, appending an event id that is already stored is
 * idempotent here (EventStoreDB acknowledges the duplicate without writing it).
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly client: EventStoreDBClient;
  private readonly subscriptions = new Set<EventStoreDbSubscription>();

  constructor(options: EventStoreDbEventStoreOptions) {
    this.client = EventStoreDBClient.connectionString(options.connectionString);
  }

  async appendToStream(streamName: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) return this.checkRevisionWithoutWriting(streamName, expectedRevision);
    try {
      const result = await this.client.appendToStream(streamName, events.map(toEventData), {
        expectedRevision: toEsdbExpectedRevision(expectedRevision),
      });
      // The append reports the position of its last event.
      return {
        nextExpectedRevision: Number(result.nextExpectedRevision),
        lastGlobalPosition: toGlobalPosition(result.position),
      };
    } catch (error) {
      throw translateAppendError(error, streamName, expectedRevision);
    }
  }

  async readStream(streamName: string): Promise<StoredEvent[]> {
    return this.readStreamEvents(streamName, Number.MAX_SAFE_INTEGER, 'forwards');
  }

  async readAll({ after, maxCount }: ReadAllOptions): Promise<StoredEvent[]> {
    // Reads include the event at fromPosition; collectUserEvents drops it.
    const read = this.client.readAll({ fromPosition: toReadPosition(after) });
    return collectUserEvents(read, { after, maxCount });
  }

  async lastGlobalPosition(): Promise<number> {
    const read = this.client.readAll({ fromPosition: END, direction: BACKWARDS });
    const [newest] = await collectUserEvents(read, { after: 0, maxCount: 1 });
    return newest?.globalPosition ?? 0;
  }

  subscribeToAll(options: SubscribeOptions): SubscriptionHandle {
    const subscription = new EventStoreDbSubscription(this.client, options);
    this.subscriptions.add(subscription);
    return {
      close: async () => {
        this.subscriptions.delete(subscription);
        await subscription.close();
      },
    };
  }

  async close(): Promise<void> {
    const closing = [...this.subscriptions].map((subscription) => subscription.close());
    this.subscriptions.clear();
    await Promise.all(closing);
    await this.client.dispose();
  }

  /** An empty append writes nothing on the server, so the revision is checked against the stream's head here. */
  private async checkRevisionWithoutWriting(streamName: string, expected: ExpectedRevision): Promise<AppendResult> {
    const [head] = await this.readStreamEvents(streamName, 1, 'backwards');
    const currentRevision = head?.streamRevision ?? NO_STREAM_REVISION;
    if (!revisionMatches(expected, currentRevision)) {
      throw new WrongExpectedRevisionError(streamName, expected, head ? currentRevision : 'no_stream');
    }
    return { nextExpectedRevision: currentRevision, lastGlobalPosition: head?.globalPosition ?? 0 };
  }

  private async readStreamEvents(streamName: string, maxCount: number, direction: 'forwards' | 'backwards'): Promise<StoredEvent[]> {
    const read = this.client.readStream(streamName, {
      maxCount,
      ...(direction === 'backwards' ? { direction: BACKWARDS, fromRevision: END } : {}),
    });
    try {
      return await collectUserEvents(read, { after: -1, maxCount });
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
  }
}

/** The revision the port reports for a stream without events (EventStoreDB's legacy ExpectedVersion.NoStream). */
const NO_STREAM_REVISION = -1;
/** EventStoreDB sends the largest unsigned 64-bit value when it does not know an event's position. */
const UNKNOWN_POSITION = 2n ** 64n - 1n;
const DEFAULT_BATCH_SIZE = 500;
const RETRY_DELAY_MS = 500;

function toEventData(event: NewEvent): EventData {
  return {
    id: event.id,
    contentType: 'application/json',
    type: event.type,
    data: event.data,
    metadata: { ...event.metadata },
  };
}

function toEsdbExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream' || expected <= NO_STREAM_REVISION) return NO_STREAM;
  return BigInt(expected);
}

function revisionMatches(expected: ExpectedRevision, currentRevision: number): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return currentRevision === NO_STREAM_REVISION;
  return expected === currentRevision;
}

function translateAppendError(error: unknown, streamName: string, expected: ExpectedRevision): unknown {
  if (!(error instanceof WrongExpectedVersionError)) return error;
  const actual = error.actualVersion === NO_STREAM ? 'no_stream' : Number(error.actualVersion);
  return new WrongExpectedRevisionError(streamName, expected, actual);
}

/** Our positions are exclusive checkpoints; 0 (or less) means the beginning of the log. */
function toReadPosition(after: number): ReadPosition {
  if (after <= 0) return START;
  // Our positions come from events, whose commit and prepare positions are equal.
  const position = BigInt(after);
  return { commit: position, prepare: position };
}

function toGlobalPosition(position: Position | undefined): number {
  if (position === undefined || position.commit === UNKNOWN_POSITION) {
    throw new Error('EventStoreDB did not report an event position; EventStoreDB 22.6 or later is required');
  }
  return Number(position.commit);
}

/** Our events only: system streams (`$…`), system event types and non-JSON events belong to others. */
function toUserEvent(resolved: ResolvedEvent | AllStreamResolvedEvent): StoredEvent | undefined {
  const recorded = resolved.event;
  if (!recorded || !recorded.isJson || recorded.streamId.startsWith('$') || recorded.type.startsWith('$')) return undefined;
  return toStoredEvent(recorded);
}

function toStoredEvent(recorded: RecordedEvent): StoredEvent {
  return {
    id: recorded.id,
    type: recorded.type,
    data: recorded.data as StoredEvent['data'],
    metadata: recorded.metadata as unknown as EventMetadata,
    streamName: recorded.streamId,
    streamRevision: Number(recorded.revision),
    globalPosition: toGlobalPosition(recorded.position),
  };
}

/** Reads until maxCount of our events strictly after `after` are collected, then cancels the read. */
async function collectUserEvents<E extends ResolvedEvent | AllStreamResolvedEvent>(
  read: StreamingRead<E>,
  { after, maxCount }: ReadAllOptions,
): Promise<StoredEvent[]> {
  const events: StoredEvent[] = [];
  try {
    for await (const resolved of read) {
      const event = toUserEvent(resolved);
      if (event && event.globalPosition > after) events.push(event);
      if (events.length >= maxCount) break;
    }
  } finally {
    await read.cancel();
  }
  return events;
}

/**
 * A catch-up subscription on `$all`. Events that arrive together are queued
 * and handed over in batches; the server stream is paused while the handler
 * works (back-pressure). After a stream error it resubscribes from the last
 * queued event, and `lastQueued` keeps every event delivered once.
 */
class EventStoreDbSubscription {
  private readonly pending: StoredEvent[] = [];
  private readonly abortController = new AbortController();
  private lastQueued: number;
  private stream: AllStreamSubscription;
  private draining: Promise<void> | null = null;
  private restarting = false;
  private closed = false;

  constructor(
    private readonly client: EventStoreDBClient,
    private readonly options: SubscribeOptions,
  ) {
    this.lastQueued = options.after;
    this.stream = this.subscribe();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.abortController.abort();
    await this.stream.unsubscribe();
    await this.draining;
  }

  private subscribe(): AllStreamSubscription {
    const stream = this.client.subscribeToAll({ fromPosition: toReadPosition(this.lastQueued), filter: excludeSystemEvents() });
    if (this.draining) stream.pause();
    stream.on('data', (resolved: AllStreamResolvedEvent) => this.enqueue(resolved));
    stream.once('error', (error: Error) => void this.resubscribeAfter(stream, error));
    stream.once('end', () => void this.resubscribeAfter(stream, new Error('EventStoreDB ended the subscription')));
    return stream;
  }

  private enqueue(resolved: AllStreamResolvedEvent): void {
    const event = toUserEvent(resolved);
    if (this.closed || !event || event.globalPosition <= this.lastQueued) return;
    this.lastQueued = event.globalPosition;
    this.pending.push(event);
    this.draining ??= this.drain();
  }

  private async drain(): Promise<void> {
    // One turn of the event loop lets events that arrived together join the batch.
    await nextTurn();
    this.stream.pause();
    const batchSize = this.options.batchSize ?? DEFAULT_BATCH_SIZE;
    while (this.pending.length > 0 && !this.closed) {
      await this.deliver(this.pending.slice(0, batchSize));
      this.pending.splice(0, batchSize);
    }
    this.draining = null;
    if (!this.closed) this.stream.resume();
  }

  /** Hands the batch to the handler until it succeeds or the subscription closes; never skips it. */
  private async deliver(batch: StoredEvent[]): Promise<void> {
    while (!this.closed) {
      try {
        await this.options.onEvents(batch);
        return;
      } catch (error) {
        this.options.onError?.(error);
        await this.pause();
      }
    }
  }

  /** Resubscribes once per lost stream, from the last queued event. */
  private async resubscribeAfter(lost: AllStreamSubscription, error: Error): Promise<void> {
    if (this.closed || this.restarting || lost !== this.stream) return;
    this.restarting = true;
    this.options.onError?.(error);
    await this.pause();
    this.restarting = false;
    if (!this.closed) this.stream = this.subscribe();
  }

  /** Waits a little before retrying; close() cuts the wait short. */
  private async pause(): Promise<void> {
    try {
      await sleep(RETRY_DELAY_MS, undefined, { signal: this.abortController.signal, ref: false });
    } catch {
      // Aborted by close().
    }
  }
}
