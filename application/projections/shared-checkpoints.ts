/**
 * Read your own writes across processes (issue 25): an API replica runs
 * neither the projections nor the process managers, so a command's answer
 * waits on their checkpoints in the document store, shared by every process
 * (PROJECTION checkpoints: `projection_checkpoints`; the process managers':
 * `process_manager_checkpoints`, with the last event they had appended).
 * One poller per collection reads them every `pollMs` while anyone waits,
 * however many commands wait; each wait is bounded by its timeout.
 */
import type { DocumentStore, StoredDocument } from '../ports/document-store.js';

interface SharedCheckpoint extends StoredDocument {
  position: number;
  appended?: number;
}

interface Waiter {
  position: number;
  resolve(reached: { appended: number } | null): void;
}

/** The lowest position of some named checkpoints, polled while someone waits for it to reach theirs. */
export class CheckpointPoller {
  private waiters: Waiter[] = [];
  private timer: NodeJS.Timeout | null = null;
  private polling = false;

  constructor(
    private readonly documents: DocumentStore,
    private readonly collection: string,
    private readonly names: readonly string[],
    private readonly pollMs = 20,
  ) {}

  /** Resolves once every named checkpoint is at `position` or past it, with the highest `appended` among them; null after `timeoutMs`. */
  waitFor(position: number, timeoutMs: number): Promise<{ appended: number } | null> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        resolve(null);
      }, timeoutMs);
      // Not unref'd: a processor awaits this at start-up (main.ts's top-level await) before anything else
      // holds the event loop; an unref'd timer let Node exit with code 13 mid-wait. Bounded by timeoutMs.
      const waiter: Waiter = {
        position,
        resolve: (reached) => {
          clearTimeout(timer);
          resolve(reached);
        },
      };
      this.waiters.push(waiter);
      this.schedule(0);
    });
  }

  private schedule(delayMs: number): void {
    if (this.timer || this.polling || this.waiters.length === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.poll();
    }, delayMs);
    this.timer.unref();
  }

  private async poll(): Promise<void> {
    this.polling = true;
    try {
      const stored = await this.documents.collection<SharedCheckpoint>(this.collection).getMany([...this.names]);
      const byName = new Map(stored.map((checkpoint) => [checkpoint._id, checkpoint]));
      // No named checkpoint (none to wait for): every position is reached.
      let lowest = Number.POSITIVE_INFINITY;
      let appended = 0;
      for (const name of this.names) {
        const checkpoint = byName.get(name);
        lowest = Math.min(lowest, checkpoint?.position ?? 0);
        appended = Math.max(appended, checkpoint?.appended ?? 0);
      }
      const pending: Waiter[] = [];
      for (const waiter of this.waiters) {
        if (waiter.position <= lowest) waiter.resolve({ appended });
        else pending.push(waiter);
      }
      this.waiters = pending;
    } catch {
      // A failed read is tried again at the next poll; the waits stay bounded by their timeouts.
    } finally {
      this.polling = false;
      this.schedule(this.pollMs);
    }
  }
}

/** The projections' side of ReadYourWrites, on the shared checkpoints. */
export class SharedProjectionCheckpoints {
  private readonly poller: CheckpointPoller;

  constructor(documents: DocumentStore, collection: string, projections: readonly string[], pollMs?: number) {
    this.poller = new CheckpointPoller(documents, collection, projections, pollMs);
  }

  async waitFor(position: number, timeoutMs: number): Promise<boolean> {
    return (await this.poller.waitFor(position, timeoutMs)) !== null;
  }
}

/** The process managers' side of ReadYourWrites, on the shared checkpoints: the follow-ups' last position, or null after the timeout. */
export class SharedProcessManagerCheckpoints {
  private readonly poller: CheckpointPoller;

  constructor(documents: DocumentStore, collection: string, managers: readonly string[], pollMs?: number) {
    this.poller = new CheckpointPoller(documents, collection, managers, pollMs);
  }

  async waitFor(position: number, timeoutMs: number): Promise<number | null> {
    return (await this.poller.waitFor(position, timeoutMs))?.appended ?? null;
  }
}
