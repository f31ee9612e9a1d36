import type { StoredEvent } from '../../application/ports/event-store.js';
import type { IndexSpec, StoredDocument } from '../../application/ports/document-store.js';
import type { Projection } from '../../application/ports/projection.js';
import { toDomainEvent, type DomainEvent } from '../../application/events/codec.js';
import type { StreamCategory } from '../../application/events/streams.js';

/**
 * A read model of reference data (organizations, users, catalogue…): one
 * document per aggregate, shaped by `fold` from each event it reads.
 */
export function entityProjection<D extends StoredDocument, E extends DomainEvent>(definition: {
  name: string;
  collection: string;
  stream: StreamCategory;
  eventTypes: Array<E['type']>;
  indexes: IndexSpec[];
  fold(document: D | null, event: E, stored: StoredEvent, id: string): D | null;
}): Projection<D> {
  return {
    name: definition.name,
    collection: definition.collection,
    indexes: definition.indexes,
    eventTypes: definition.eventTypes,
    targets: (event) => [definition.stream.idOf(event.streamName)],
    evolve: (document, stored, id) => definition.fold(document, toDomainEvent<E>(stored), stored, id),
  };
}
