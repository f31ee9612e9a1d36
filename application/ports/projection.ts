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
   * The documents an event changes: their ids, or a filter for broadcast
   * events (a forgotten customer touches every document that names them).
   */
  targets(event: StoredEvent): string[] | { filter: Filter };
  /** Returns the new document, or null to delete it. Pure: no I/O, no clock. */
  evolve(document: D | null, event: StoredEvent, documentId: string): D | null;
}

/** Stream revisions already applied to a document, by stream name: the idempotency guard. */
export const APPLIED_REVISIONS_FIELD = '_applied';
