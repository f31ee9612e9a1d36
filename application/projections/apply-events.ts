import type { StoredEvent } from '../ports/event-store.js';
import type { StoredDocument, WriteOperation } from '../ports/document-store.js';
import { APPLIED_POSITION_KEY, APPLIED_REVISIONS_FIELD, type Projection } from '../ports/projection.js';

/** A document's change by one event: what the projection's totals are kept from. */
export interface DocumentChange {
  before: StoredDocument | null;
  after: StoredDocument | null;
}

/** The global position last applied (APPLIED_POSITION_KEY), and the last revision applied from each of the document's own streams. */
type Applied = Record<string, number>;

interface Entry {
  /** null: the document does not exist (never created, or deleted). */
  document: StoredDocument | null;
  /**
   * Kept beside the document while it evolves, put into it when it is written.
   * A prototype-less dictionary: its keys (stream names) differ from one document to the next.
   * A document written before the position was kept holds an entry per stream until it is written again.
   */
  applied: Applied;
  /** Whether it existed once: deleted, it leaves a tombstone with its applied revisions (an event delivered again must not bring it back). */
  existed: boolean;
}

/**
 * Where a projection keeps the applied revisions of the documents it
 * deleted: an event delivered again after the deletion (its creation, say)
 * finds them there and changes nothing. Beside the live collection whatever
 * collection a rebuild writes to: a tombstone says only that a stream's
 * events up to a revision were applied, true of every build.
 */
export function tombstoneCollectionOf(projection: Pick<Projection, 'collection'>): string {
  return `${projection.collection}__deleted`;
}

function appliedFrom(stored: Applied | undefined): Applied {
  return Object.assign(Object.create(null) as Applied, stored);
}

/**
 * Whether the event was applied to the document already. Events reach a
 * projection in the log's order, a duplicate at or after its first delivery
 * (a redelivered batch, a replay from an older checkpoint): an event at or
 * before the last position applied was applied. The revisions by stream
 * answer for documents written before the position was kept.
 */
export function appliedAlready(applied: Applied, event: StoredEvent): boolean {
  return (applied[APPLIED_POSITION_KEY] ?? -1) >= event.globalPosition || (applied[event.streamName] ?? -1) >= event.streamRevision;
}

/** Whether `streamName` is one of the document's own streams: `<category>-<document id>` (a category has no hyphen). */
function ownStream(streamName: string, documentId: string): boolean {
  const hyphen = streamName.indexOf('-');
  return streamName.length - hyphen - 1 === documentId.length && streamName.endsWith(documentId);
}

/** Records an event as applied: its position, and its revision if its stream is the document's own. */
function recordApplied(applied: Applied, event: StoredEvent, documentId: string): void {
  if (event.globalPosition > (applied[APPLIED_POSITION_KEY] ?? -1)) applied[APPLIED_POSITION_KEY] = event.globalPosition;
  if (ownStream(event.streamName, documentId)) applied[event.streamName] = event.streamRevision;
}

/** What a document's write keeps of its bookkeeping: the position and its own streams' revisions (bounded, whatever streams changed it). */
function appliedToWrite(applied: Applied, documentId: string): Applied {
  const kept: Applied = {};
  for (const key in applied) {
    if (key === APPLIED_POSITION_KEY || ownStream(key, documentId)) kept[key] = applied[key] as number;
  }
  return kept;
}

/** Documents let go of, with the writes of those among them that had changed. */
export interface Eviction {
  ids: string[];
  writes: WriteOperation[];
}

/**
 * The documents a projection is evolving: a live batch's, or a rebuild's
 * across many pages of the log. Each document remembers the position in the
 * log of the last event it applied (`appliedAlready`); an event at or before
 * it was applied already and changes nothing, so delivering an event twice is
 * harmless whatever the adapter, and the bookkeeping stays the same size
 * however many streams change the document. A changed document is written once, however many
 * events changed it, when it is let go (`evict`) or at the end (`takeWrites`).
 */
export class WorkingSet {
  /** In order of last use, least recent first. */
  private readonly entries = new Map<string, Entry>();
  private readonly changed = new Set<string>();
  /** Let go of, their writes not yet stored: taken back from here, not read from the store, if needed again. */
  private readonly leaving = new Map<string, Entry>();

  /** `collection`: where its writes go, the projection's own unless a rebuild builds another beside it. */
  constructor(
    private readonly projection: Projection,
    private readonly collection: string = projection.collection,
  ) {}

  /** The documents held, not counting those let go whose writes are under way. */
  get size(): number {
    return this.entries.size;
  }

  /**
   * The ids among the targets of some events that are not held: their
   * documents must be read from the store (see `add`). A document let go
   * whose write is still under way is taken back instead.
   */
  missing(targets: ReadonlyArray<readonly string[]>): string[] {
    const missing = new Set<string>();
    for (const ids of targets) {
      for (const id of ids) {
        if (this.entries.has(id)) continue;
        const leaving = this.leaving.get(id);
        if (leaving) {
          this.leaving.delete(id);
          this.entries.set(id, leaving);
        } else missing.add(id);
      }
    }
    return [...missing];
  }

  /** Whether the document is held (let go with its write under way included): its stored version, if any, is older. */
  holds(id: string): boolean {
    return this.entries.has(id) || this.leaving.has(id);
  }

  /** The ids of the documents held (let go ones whose writes are under way included) that satisfy `predicate`. */
  matching(predicate: (document: StoredDocument) => boolean): string[] {
    const ids: string[] = [];
    for (const held of [this.entries, this.leaving]) {
      for (const [id, { document }] of held) if (document !== null && predicate(document)) ids.push(id);
    }
    return ids;
  }

  /** Adds documents read from the store; the other ids of `ids` do not exist. */
  add(ids: readonly string[], loaded: readonly StoredDocument[], tombstones: readonly StoredDocument[] = []): void {
    for (const id of ids) this.entries.set(id, { document: null, applied: appliedFrom(undefined), existed: false });
    for (const tombstone of tombstones) {
      this.entries.set(tombstone._id, { document: null, applied: appliedFrom(tombstone[APPLIED_REVISIONS_FIELD] as Applied | undefined), existed: true });
    }
    for (const document of loaded) {
      this.entries.set(document._id, { document, applied: appliedFrom(document[APPLIED_REVISIONS_FIELD] as Applied | undefined), existed: true });
    }
  }

  /**
   * Applies one event to the documents it targets, all of them held already.
   * Answers the changes it made (for the projection's totals, if it keeps any).
   */
  apply(ids: readonly string[], event: StoredEvent): DocumentChange[] {
    const changes: DocumentChange[] = [];
    for (const id of ids) {
      const entry = this.entries.get(id);
      if (!entry) throw new Error(`Document ${id} of ${this.projection.name} was not loaded`);
      // Most recently used last: `evict` lets the least recently used go first.
      this.entries.delete(id);
      this.entries.set(id, entry);
      if (appliedAlready(entry.applied, event)) continue;
      const before = entry.document;
      entry.document = this.projection.evolve(entry.document, event, id);
      recordApplied(entry.applied, event, id);
      if (entry.document !== null) entry.existed = true;
      this.changed.add(id);
      if (this.projection.totals && before !== entry.document) changes.push({ before, after: entry.document });
    }
    return changes;
  }

  /** The totals some changes touch (see Projection.totals). */
  totalsOf(changes: readonly DocumentChange[]): string[] {
    const totals = this.projection.totals;
    if (!totals) return [];
    return [...new Set(changes.flatMap(({ before, after }) => totals.targets(before, after)))];
  }

  /** Applies changes of documents to the totals they touch, all of them held already (no revision guard: the documents' was theirs). */
  applyTotals(changes: readonly DocumentChange[]): void {
    const totals = this.projection.totals;
    if (!totals) return;
    for (const { before, after } of changes) {
      for (const id of totals.targets(before, after)) {
        const entry = this.entries.get(id);
        if (!entry) throw new Error(`Total ${id} of ${this.projection.name} was not loaded`);
        this.entries.delete(id);
        this.entries.set(id, entry);
        entry.document = totals.evolve(entry.document, before, after, id);
        if (entry.document !== null) entry.existed = true;
        this.changed.add(id);
      }
    }
  }

  /** The writes of every document changed since it was last written (which then counts as written). */
  takeWrites(): WriteOperation[] {
    const writes: WriteOperation[] = [];
    for (const id of this.changed) writes.push(...this.writesOf(id, this.entries.get(id) as Entry));
    this.changed.clear();
    return writes;
  }

  /**
   * Lets the `count` least recently used documents go. The caller writes
   * the changed ones, then calls `written` with the ids: until then they
   * stay at hand (`missing` takes them back rather than read a store that
   * does not have them yet).
   */
  evict(count: number): Eviction {
    const eviction: Eviction = { ids: [], writes: [] };
    for (const [id, entry] of this.entries) {
      if (eviction.ids.length >= count) break;
      this.entries.delete(id);
      this.leaving.set(id, entry);
      eviction.ids.push(id);
      if (this.changed.delete(id)) eviction.writes.push(...this.writesOf(id, entry));
    }
    return eviction;
  }

  /** The writes of an eviction are stored: its documents are let go for good (unless taken back meanwhile). */
  written(eviction: Eviction): void {
    for (const id of eviction.ids) this.leaving.delete(id);
  }

  private writesOf(id: string, entry: Entry): WriteOperation[] {
    const { collection } = this;
    const applied = appliedToWrite(entry.applied, id);
    if (entry.document !== null) return [{ kind: 'upsert', collection, document: { ...entry.document, _id: id, [APPLIED_REVISIONS_FIELD]: applied } }];
    const deletion: WriteOperation = { kind: 'delete', collection, id };
    if (!entry.existed) return [deletion];
    return [deletion, { kind: 'upsert', collection: tombstoneCollectionOf(this.projection), document: { _id: id, [APPLIED_REVISIONS_FIELD]: applied } }];
  }
}

/** Removes the bookkeeping field before a document leaves the read side. */
export function withoutBookkeeping<D extends StoredDocument>(document: D): D {
  // The type stays D: read-model documents have an index signature, which Omit would turn into nothing but it.
  const { [APPLIED_REVISIONS_FIELD]: _applied, ...rest } = document;
  return rest as D;
}
