import type { StoredEvent } from './event-store.js';
import type { Filter, IndexSpec, StoredDocument } from './document-store.js';

/**
 * A read model: a pure `evolve(document, event)` over one collection.
 * The runner (application/projections/projection-runner.ts) loads the
 * documents an event targets, guards by stream revision so that a second
 * delivery changes nothing, calls `evolve`, and writes the documents together
 * with the checkpoint.
 */
export interface Projection<D extends StoredDocument = StoredDocument> {
  /** Stable name, used for the checkpoint and `npm run rebuild-projections -- <name>`. */
  readonly name: string;
  readonly collection: string;
  readonly indexes: IndexSpec[];
  /** True when evolve reads customer data: only then are sealed values opened for it. */
  readonly readsPersonalData?: boolean;
  /** Event types this projection reads; others are skipped without loading anything. */
  readonly eventTypes: readonly string[];
  /**
   * The documents an event changes: their ids, or, for a broadcast event (a
   * forgotten customer touches every document that names them), a filter
   * for the stored documents and the same condition as a predicate for the
   * documents the runner holds in memory, not stored yet.
   */
  targets(event: StoredEvent): string[] | BroadcastTarget<D>;
  /** Returns the new document, or null to delete it. Pure: no I/O, no clock. */
  evolve(document: D | null, event: StoredEvent, documentId: string): D | null;
  /**
   * Optional: totals kept over the projection's documents (the weekly
   * statistics sum the facts of every buyback). Each time `evolve` changes a
   * document, the totals `totals.targets(before, after)` names are evolved
   * from that change, in the same batch write. A total is never the target of
   * an event: the document's revision guard is its guard (an event applied
   * again changes no document, so no total), and as a sum of the documents
   * it comes out the same from a rebuild.
   */
  readonly totals?: ProjectionTotals<D>;
}

/** See Projection.totals. Ids must never be those of the documents events target. */
export interface ProjectionTotals<D extends StoredDocument = StoredDocument> {
  /** The totals a document's change touches (before: null when created; after: null when deleted). */
  targets(before: D | null, after: D | null): string[];
  /** The total after one document's change. Pure: no I/O, no clock. */
  evolve(total: D | null, before: D | null, after: D | null, totalId: string): D | null;
}

export interface BroadcastTarget<D extends StoredDocument = StoredDocument> {
  filter: Filter;
  /** True for a document `filter` selects. */
  matches(document: D): boolean;
}

/**
 * A document's bookkeeping (the idempotency guard): the position in the
 * global log of the last event applied to it, under APPLIED_POSITION_KEY,
 * and the last revision applied from each of its own streams
 * (`<category>-<document id>`), by stream name (the settings read an
 * account's as its revision). Bounded: a document many streams change (a
 * stock, which every item moved in or out of changes) keeps no entry of
 * theirs. Documents written before it have an entry per stream and no
 * position: read as they are, trimmed when next written.
 */
export const APPLIED_REVISIONS_FIELD = '_applied';

/** The key of `_applied` holding the global position last applied: no stream is named so (a stream's name has a hyphen). */
export const APPLIED_POSITION_KEY = '@all';
