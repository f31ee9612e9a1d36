import type { StoredEvent } from '../../application/ports/event-store.js';
import { toDomainEvent } from '../../application/events/codec.js';
import type { ItemDocument } from '../../application/warehouse/read-models.js';
import type { ItemRefurbStepEvent, ItemResaleTargetSet } from '../../domain/refurbishment/events.js';
import { itemEconomics, paidPriceOf, recordStepEvent, type StepLedger } from '../../domain/refurbishment/economics/item-economics.js';

/**
 * An item's economic data, kept on the items list's own documents (the
 * `items` collection, written by the items projection, which hands this
 * module the refurbishment events it reads): the list filters and sorts by
 * margin over a million items only if the margin sits in the document its
 * indexes cover, beside the status, stock and warehouse the same page
 * filters on (a separate collection would need a join no index serves).
 * Built from the item's events (its paid price) and its refurb steps' and
 * resale target's events, not from the steps feature's read model, so it
 * never waits on it.
 */

/** The refurbishment events the items documents follow. */
export const ECONOMICS_EVENT_TYPES = [
  'ItemRefurbStepPlanned',
  'ItemRefurbStepStarted',
  'ItemRefurbStepPaused',
  'ItemRefurbStepResumed',
  'ItemRefurbStepCancelled',
  'ItemRefurbStepValidated',
  'ItemResaleTargetSet',
] as const;

const ECONOMICS_TYPES = new Set<string>(ECONOMICS_EVENT_TYPES);

/** Whether a stored event is one of the economics' (its item is in its data). */
export function isEconomicsEvent(stored: StoredEvent): boolean {
  return ECONOMICS_TYPES.has(stored.type.replace(/\.v\d+$/, ''));
}

/** The item an economics event is about. */
export function economicsTarget(stored: StoredEvent): string {
  return (stored.data as { itemId: string }).itemId;
}

/** The economic fields every item document carries (none recorded yet). */
export const NO_ECONOMICS: Pick<ItemDocument, 'refurbishing' | 'refurbSteps' | 'targetResalePrice' | 'plannedRefurbCost' | 'completedRefurbCost' | 'margin'> = {
  refurbishing: false,
  refurbSteps: [],
  targetResalePrice: null,
  plannedRefurbCost: null,
  completedRefurbCost: null,
  margin: null,
};

/** The item after one of its refurbishment events (steps or resale target). */
export function evolveEconomics(document: ItemDocument, stored: StoredEvent): ItemDocument {
  const event = toDomainEvent<ItemRefurbStepEvent | ItemResaleTargetSet>(stored);
  const at = { iso: stored.metadata.occurredAt, ms: Date.parse(stored.metadata.occurredAt) };
  if (event.type === 'ItemResaleTargetSet') return withEconomics({ ...document, targetResalePrice: event.data.targetResalePrice });
  return withEconomics({ ...document, refurbSteps: recordStepEvent(ledgerOf(document), event, at) });
}

function ledgerOf(document: ItemDocument): StepLedger {
  return (document.refurbSteps as StepLedger | undefined) ?? [];
}

/** The document with its sums and margin computed again (after its steps, its target or its paid price changed). */
export function withEconomics(document: ItemDocument): ItemDocument {
  const economics = itemEconomics({
    paidPrice: paidPriceOf(document.purchasePrice, document.validatedPrice),
    targetResalePrice: (document.targetResalePrice as ItemDocument['targetResalePrice'] | undefined) ?? null,
    ledger: ledgerOf(document),
    // Sums and margin do not depend on the time; only the time spent does, which the query computes at its own now.
    nowMs: 0,
  });
  return {
    ...document,
    refurbishing: economics.plannedRefurbCost !== null,
    plannedRefurbCost: economics.plannedRefurbCost,
    completedRefurbCost: economics.completedRefurbCost,
    margin: economics.margin,
  };
}
