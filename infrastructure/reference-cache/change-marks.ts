import { randomUUID } from 'node:crypto';
import type { DocumentStore, StoredDocument, WriteOperation } from '../../application/ports/document-store.js';

/**
 * The collection where every write to a cached collection leaves its mark:
 * one document per cached collection, `_id` its name, `stamp` a new random
 * value at each write. Operational state of the caches, not a read model.
 */
export const REFERENCE_CHANGES = 'reference_changes';

/** How often, at most, a cache looks at the marks before answering from memory (the bound on another process's change). */
export const DEFAULT_CHECK_EVERY_MS = 250;

interface ChangeMark extends StoredDocument {
  stamp: string;
}

/**
 * How a reference cache learns of the writes of other processes (an `api`
 * replica never projects: the projector writes the reference collections).
 *
 * A write to a cached collection also writes that collection's mark, in the
 * same batch (SQLite: one transaction; MongoDB: after the batch's documents,
 * its last write), so a mark never shows before the change it announces.
 * A look reads every mark (a handful of small documents) and forgets the
 * collections whose mark changed since the last look. An API replica's
 * HTTP pipeline calls `refresh()` before each request reads anything: a look
 * begun after the request came, shared by the requests that came meanwhile.
 * So what replica A acknowledged (once the projector had written it: its
 * read-your-writes wait) is never answered from replica B's memory as it was
 * before. Other readers look at most every `checkEveryMs` before answering
 * from memory: their bound (the `all` process writes the reference
 * collections itself; the tools' writes reach it within the bound).
 *
 * Why marks rather than the projections' checkpoints: a checkpoint moves with
 * every event its projection sees, which would empty the caches at every
 * buyback; a mark moves only when a reference collection is written. Why
 * not a change stream: SQLite has none, and one mechanism serves both.
 * Extra forgetting is always safe (a mark this process wrote itself, a write
 * that changed nothing); a mark is never taken as seen unless it was read or
 * written here, so no change is missed.
 */
export class ChangeMarks {
  /** Per collection, the stamp last read or written here. */
  private readonly seen = new Map<string, string>();
  private checkedAt = Number.NEGATIVE_INFINITY;
  /** Once a look has succeeded. Until then nothing was read (every read waits for the first look), so it has nothing to forget. */
  private looked = false;
  private inFlight: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  constructor(
    private readonly store: DocumentStore,
    private readonly forget: (collection: string) => void,
    private readonly checkEveryMs = DEFAULT_CHECK_EVERY_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The operations marking these collections changed, to write after (or with) the writes that change them. */
  marks(collections: Iterable<string>): WriteOperation[] {
    return [...collections].map((collection) => {
      const stamp = randomUUID();
      this.seen.set(collection, stamp);
      return { kind: 'upsert', collection: REFERENCE_CHANGES, document: { _id: collection, stamp } satisfies ChangeMark };
    });
  }

  /** Marks the collections changed, on their own (after a write that could not carry the marks in its batch). */
  async mark(collections: Iterable<string>): Promise<void> {
    const operations = this.marks(collections);
    if (operations.length > 0) await this.store.writeBatch(operations);
  }

  /** The look a cached read waits for: the one under way, else a new one if the last began `checkEveryMs` ago or more; else null. */
  freshen(): Promise<void> | null {
    if (this.inFlight) return this.inFlight;
    return this.now() - this.checkedAt < this.checkEveryMs ? null : this.check();
  }

  /** Looks at the marks now: a look that starts after this call (one already under way may have read them before). */
  refresh(): Promise<void> {
    if (!this.inFlight) return this.check();
    const next = () => {
      this.queued = null;
      return this.check();
    };
    // After the look under way, whether it failed or not.
    this.queued ??= this.inFlight.then(next, next);
    return this.queued;
  }

  private check(): Promise<void> {
    this.checkedAt = this.now();
    const look = this.look()
      .catch((error: unknown) => {
        // Not looked at after all: the next read looks again (and this one fails, as its own read would).
        this.checkedAt = Number.NEGATIVE_INFINITY;
        throw error;
      })
      .finally(() => {
        if (this.inFlight === look) this.inFlight = null;
      });
    this.inFlight = look;
    return look;
  }

  private async look(): Promise<void> {
    const marks = await this.store.collection<ChangeMark>(REFERENCE_CHANGES).find({});
    for (const { _id: collection, stamp } of marks) {
      if (this.seen.get(collection) === stamp) continue;
      this.seen.set(collection, stamp);
      if (this.looked) this.forget(collection);
    }
    this.looked = true;
  }
}
