import { setTimeout as sleep } from 'node:timers/promises';
import type { ReadAllOptions, StoredEvent, SubscribeOptions } from '../../application/ports/event-store.js';

const DEFAULT_BATCH_SIZE = 500;
const RETRY_DELAY_MS = 100;

/**
 * One catch-up-then-live subscription. A single loop reads the batch after the
 * checkpoint, awaits the handler, and only then moves the checkpoint: events
 * arrive in global order, once each, and never faster than they are handled.
 * When idle it sleeps until an in-process append wakes it or the poll interval
 * elapses (which is how appends by another process are noticed).
 */
export class SqliteSubscription {
  private checkpoint: number;
  private closed = false;
  private wakeRequested = false;
  private wakeWaiter: (() => void) | null = null;
  private readonly abortController = new AbortController();
  private readonly loop: Promise<void>;

  constructor(
    private readonly options: SubscribeOptions,
    private readonly pollIntervalMs: number,
    private readonly readAll: (options: ReadAllOptions) => StoredEvent[],
  ) {
    this.checkpoint = options.after;
    this.loop = this.run();
  }

  /** The last event handed to the handler (and handled). */
  get position(): number {
    return this.checkpoint;
  }

  wake(): void {
    this.wakeRequested = true;
    this.wakeWaiter?.();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.abortController.abort();
    this.wake();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.closed) {
      const batch = this.readNextBatch();
      if (batch === null) await this.retryDelay();
      else if (batch.length === 0) await this.idle();
      else {
        await this.deliver(batch);
        // A short batch was the end of the log when it was read: unless an append has woken
        // the loop since (or the poll interval passes), there is nothing more to read.
        if (batch.length < this.batchSize) await this.idle();
      }
    }
  }

  private get batchSize(): number {
    return this.options.batchSize ?? DEFAULT_BATCH_SIZE;
  }

  /** The events after the checkpoint, or null when the read failed (reported through onError). */
  private readNextBatch(): StoredEvent[] | null {
    // Cleared before reading: an append committed after this read wakes the loop again.
    this.wakeRequested = false;
    try {
      return this.readAll({ after: this.checkpoint, maxCount: this.batchSize });
    } catch (error) {
      this.options.onError?.(error);
      return null;
    }
  }

  /** Hands the batch to the handler until it succeeds or the subscription closes; never skips it. */
  private async deliver(batch: StoredEvent[]): Promise<void> {
    while (!this.closed) {
      try {
        await this.options.onEvents(batch);
        this.checkpoint = batch[batch.length - 1]!.globalPosition;
        return;
      } catch (error) {
        this.options.onError?.(error);
        await this.retryDelay();
      }
    }
  }

  private idle(): Promise<void> {
    if (this.wakeRequested || this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const stopWaiting = (): void => {
        clearTimeout(pollTimer);
        this.wakeWaiter = null;
        resolve();
      };
      const pollTimer = setTimeout(stopWaiting, this.pollIntervalMs);
      // The poll timer must never keep the process alive on its own.
      pollTimer.unref();
      this.wakeWaiter = stopWaiting;
    });
  }

  /** Waits a little before retrying; close() cuts the wait short. */
  private async retryDelay(): Promise<void> {
    try {
      await sleep(RETRY_DELAY_MS, undefined, { signal: this.abortController.signal, ref: false });
    } catch {
      // Aborted by close(): the loop sees `closed` and ends.
    }
  }
}
