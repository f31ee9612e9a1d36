import { setTimeout as sleep, setImmediate as nextTurn } from 'node:timers/promises';
import { excludeSystemEvents } from '@kurrent/kurrentdb-client';
import type { AllStreamResolvedEvent, AllStreamSubscription, KurrentDBClient } from '@kurrent/kurrentdb-client';
import type { StoredEvent, SubscribeOptions } from '../../application/ports/event-store.js';
import { toReadPosition, toUserEvent } from './kurrentdb-codec.js';

const DEFAULT_BATCH_SIZE = 500;
const RETRY_DELAY_MS = 500;

/**
 * A catch-up subscription on `$all`. Events that arrive together are queued
 * and handed over in batches; the server stream is paused while the handler
 * works (back-pressure). After a stream error it resubscribes from the last
 * queued event, and `lastQueued` keeps every event delivered once.
 */
export class KurrentDbSubscription {
  private readonly pending: StoredEvent[] = [];
  private readonly abortController = new AbortController();
  private lastQueued: number;
  private stream: AllStreamSubscription;
  private draining: Promise<void> | null = null;
  private restarting = false;
  private closed = false;

  constructor(
    private readonly client: KurrentDBClient,
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
    stream.once('end', () => void this.resubscribeAfter(stream, new Error('KurrentDB ended the subscription')));
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
