import type { StoredEvent } from '../ports/event-store.js';
import type { StoredDocument } from '../ports/document-store.js';
import { APPLIED_REVISIONS_FIELD, type Projection } from '../ports/projection.js';

type Applied = Record<string, number>;

/** The working set of one batch: documents by id, null for "does not exist / deleted". */
export type DocumentSet = Map<string, StoredDocument | null>;

/**
 * Applies one event to the documents it targets. A document remembers the
 * last revision it applied from each stream; an event at or below that
 * revision was applied already and changes nothing, so delivering an event
 * twice is harmless whatever the adapter.
 */
export function applyEvent(
  projection: Projection,
  documents: DocumentSet,
  ids: readonly string[],
  event: StoredEvent,
  changed: Set<string> = new Set(),
): Set<string> {
  for (const id of ids) {
    const current = documents.get(id) ?? null;
    const applied = (current?.[APPLIED_REVISIONS_FIELD] as Applied | undefined) ?? {};
    if ((applied[event.streamName] ?? -1) >= event.streamRevision) continue;
    const next = projection.evolve(current, event, id);
    documents.set(
      id,
      next === null ? null : { ...next, _id: id, [APPLIED_REVISIONS_FIELD]: { ...applied, [event.streamName]: event.streamRevision } },
    );
    changed.add(id);
  }
  return changed;
}

/** Removes the bookkeeping field before a document leaves the read side. */
export function withoutBookkeeping<D extends StoredDocument>(document: D): Omit<D, typeof APPLIED_REVISIONS_FIELD> {
  const { [APPLIED_REVISIONS_FIELD]: _applied, ...rest } = document;
  return rest as Omit<D, typeof APPLIED_REVISIONS_FIELD>;
}
