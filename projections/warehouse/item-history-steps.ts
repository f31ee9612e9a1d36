import type { StoredEvent } from '../../application/ports/event-store.js';
import { toDomainEvent } from '../../application/events/codec.js';
import type { ItemHistoryDocument, ItemHistoryEntry } from '../../application/warehouse/read-models.js';
import type { ItemRefurbStepEvent, ItemRefurbStepStatus } from '../../domain/refurbishment/events.js';
import { itemRefurbStepStatusAfter } from '../../domain/refurbishment/item-refurb-step/machine.js';

type StepsSeen = Record<string, { name: string; status: ItemRefurbStepStatus | null }>;

/**
 * An item refurb step's action as an entry of its item's history (the
 * item's status unchanged): the step's name as the reason, the action's
 * comment, the step's status before and after. A step's planning adds no
 * entry (the diagnosis's finalize lists the steps planned): it only
 * remembers the step's name for its actions.
 */
export function withStepEntry(document: ItemHistoryDocument, stored: StoredEvent): ItemHistoryDocument {
  const event = toDomainEvent<ItemRefurbStepEvent>(stored);
  const steps = (document.current.refurbSteps ?? {}) as StepsSeen;
  const id = event.data.itemRefurbStepId;
  const seen = steps[id] ?? { name: event.type === 'ItemRefurbStepPlanned' ? event.data.name : '', status: null };
  const status = itemRefurbStepStatusAfter(seen.status, event);
  const current = { ...document.current, refurbSteps: { ...steps, [id]: { name: seen.name, status } } };
  if (event.type === 'ItemRefurbStepPlanned') return { ...document, current };
  const comment = event.type === 'ItemRefurbStepCancelled' || event.type === 'ItemRefurbStepValidated' ? event.data.comment : null;
  const entry: ItemHistoryEntry = {
    eventId: stored.id,
    revision: stored.streamRevision,
    type: event.type,
    at: stored.metadata.occurredAt,
    userId: stored.metadata.userId,
    organizationId: stored.metadata.organizationId,
    statusBefore: document.status,
    statusAfter: document.status,
    reason: seen.name || null,
    comment,
    changes: { refurbStepStatus: { from: seen.status, to: status } },
  };
  return { ...document, current, entries: [...document.entries, entry] };
}
