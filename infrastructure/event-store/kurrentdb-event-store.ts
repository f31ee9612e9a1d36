import { BACKWARDS, END, KurrentDBClient, StreamNotFoundError, WrongExpectedVersionError } from '@kurrent/kurrentdb-client';
import { WrongExpectedRevisionError } from '../../application/ports/event-store.js';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  StoredEvent,
  StreamAppend,
  SubscribeOptions,
  SubscriptionHandle,
} from '../../application/ports/event-store.js';
import {
  NO_STREAM_REVISION,
  collectUserEvents,
  revisionMatches,
  toActualRevision,
  toAppendStreamState,
  toEventData,
  toGlobalPosition,
  toReadPosition,
} from './kurrentdb-codec.js';
import { appendToStreamsAtomically } from './kurrentdb-multi-stream-append.js';
import type { StreamReads } from './kurrentdb-multi-stream-append.js';
import { KurrentDbSubscription } from './kurrentdb-subscription.js';

export interface KurrentDbEventStoreOptions {
  /** For example `kurrentdb://localhost:2113?tls=false` (the older `esdb://` scheme still works). */
  connectionString: string;
}

/**
 * The production event store: KurrentDB (the successor of EventStoreDB),
 * 25.1 or later for atomic multi-stream appends, 26.1 or later for a
 * consistency check on a stream that the append does not write.
 *
 * Unlike the SQLite adapter, appending an event id that is already stored is
 * idempotent here (KurrentDB acknowledges the duplicate without writing it).
 */
export class KurrentDbEventStore implements EventStore {
  private readonly client: KurrentDBClient;
  private readonly subscriptions = new Set<KurrentDbSubscription>();
  private readonly streamReads: StreamReads = {
    positionAt: (streamName, revision) => this.positionAt(streamName, revision),
    checkWithoutWriting: (streamName, expected) => this.checkRevisionWithoutWriting(streamName, expected),
  };

  constructor(options: KurrentDbEventStoreOptions) {
    this.client = KurrentDBClient.connectionString(options.connectionString);
  }

  async appendToStream(streamName: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) return this.checkRevisionWithoutWriting(streamName, expectedRevision);
    try {
      const result = await this.client.appendToStream(streamName, events.map(toEventData), {
        streamState: toAppendStreamState(expectedRevision),
      });
      // The append reports the position of its last event.
      return {
        nextExpectedRevision: Number(result.nextExpectedRevision),
        lastGlobalPosition: toGlobalPosition(result.position),
      };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      throw new WrongExpectedRevisionError(streamName, expectedRevision, toActualRevision(error.actualState));
    }
  }

  /** All or nothing in one server transaction (see kurrentdb-multi-stream-append.ts). */
  async appendToStreams(appends: StreamAppend[]): Promise<AppendResult[]> {
    return appendToStreamsAtomically(this.client, appends, this.streamReads);
  }

  async readStream(streamName: string): Promise<StoredEvent[]> {
    return this.readStreamEvents(streamName, { maxCount: Number.MAX_SAFE_INTEGER });
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
    const subscription = new KurrentDbSubscription(this.client, options);
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
    const [head] = await this.readStreamEvents(streamName, { maxCount: 1, backwards: true });
    const currentRevision = head?.streamRevision ?? NO_STREAM_REVISION;
    if (!revisionMatches(expected, currentRevision)) {
      throw new WrongExpectedRevisionError(streamName, expected, head ? currentRevision : 'no_stream');
    }
    return { nextExpectedRevision: currentRevision, lastGlobalPosition: head?.globalPosition ?? 0 };
  }

  /** Reads exactly the event at `revision`, so that a later append to the stream cannot be taken for it. */
  private async positionAt(streamName: string, revision: number): Promise<number> {
    const [event] = await this.readStreamEvents(streamName, { maxCount: 1, fromRevision: revision });
    if (event?.streamRevision !== revision) throw new Error(`KurrentDB did not return revision ${revision} of ${streamName}`);
    return event.globalPosition;
  }

  private async readStreamEvents(
    streamName: string,
    { maxCount, backwards = false, fromRevision }: { maxCount: number; backwards?: boolean; fromRevision?: number },
  ): Promise<StoredEvent[]> {
    const read = this.client.readStream(streamName, {
      maxCount,
      ...(backwards ? { direction: BACKWARDS, fromRevision: END } : {}),
      ...(fromRevision === undefined ? {} : { fromRevision: BigInt(fromRevision) }),
    });
    try {
      return await collectUserEvents(read, { after: -1, maxCount });
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
  }
}
