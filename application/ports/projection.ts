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
}

export interface BroadcastTarget<D extends StoredDocument = StoredDocument> {
  filter: Filter;
  /** True for a document `filter` selects. */
  matches(document: D): boolean;
}

/** Stream revisions already applied to a document, by stream name: the idempotency guard. */
export const APPLIED_REVISIONS_FIELD = '_applied';
