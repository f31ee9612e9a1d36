import { describe, expect, it } from 'vitest';
import { toNewEvent, type DomainEvent } from '../../application/events/codec.js';
import type { StoredEvent } from '../../application/ports/event-store.js';
import type { ItemDocument } from '../../application/warehouse/read-models.js';
import type { ItemRefurbStepEvent } from '../../domain/refurbishment/events.js';
import { DECLARED_PRICE, ITEM_ID, completedByPrice, created, eur, registeredInWarehouse, shipped } from '../../domain/warehouse/items/test-support.js';
import { itemsProjection } from '../../projections/warehouse/items-projection.js';

/**
 * The items list's documents follow the item's refurbishment economics: its
 * steps' events (on their own streams) and its target resale price target
 * the item by its id, and the sums and margin are computed again after each
 * (and after the item's own price changes).
 */

type Entry = [stream: string, event: DomainEvent, minute: number];

function project(entries: Entry[]): ItemDocument {
  let document: ItemDocument | null = null;
  const revisions = new Map<string, number>();
  entries.forEach(([streamName, event, minute], index) => {
    const streamRevision = (revisions.get(streamName) ?? -1) + 1;
    revisions.set(streamName, streamRevision);
    const stored: StoredEvent = {
      ...toNewEvent(event, `event-${index}`, {
        accountId: 'account',
        organizationId: null,
        userId: null,
        correlationId: 'c',
        causationId: null,
        occurredAt: new Date(Date.UTC(2026, 10, 2, 9, minute)).toISOString(),
      }),
      streamName,
      streamRevision,
      globalPosition: index + 1,
    };
    expect(itemsProjection.eventTypes).toContain(event.type);
    expect(itemsProjection.targets(stored)).toEqual([ITEM_ID]);
    document = itemsProjection.evolve(document, stored, ITEM_ID) as ItemDocument | null;
  });
  if (document === null) throw new Error('no document');
  return document;
}

const item = (event: DomainEvent, minute = 0): Entry => [`item-${ITEM_ID}`, event, minute];
const planned = (sequence: number, cents: number): Entry => [
  `item_refurb_step-step-${sequence}`,
  {
    type: 'ItemRefurbStepPlanned',
    data: { itemRefurbStepId: `step-${sequence}`, stepDefinitionId: 'def', name: `Étape ${sequence}`, description: null, stockId: 'stock', cost: eur(cents), sequence, accountId: 'account', itemId: ITEM_ID, diagnosisId: 'diag', warehouseId: 'wh' },
  },
  1,
];
const action = (type: Exclude<ItemRefurbStepEvent['type'], 'ItemRefurbStepPlanned'>, sequence: number, minute: number): Entry => [
  `item_refurb_step-step-${sequence}`,
  { type, data: { itemRefurbStepId: `step-${sequence}`, itemId: ITEM_ID, ...(type === 'ItemRefurbStepCancelled' ? { comment: 'x' } : type === 'ItemRefurbStepValidated' ? { comment: null } : {}) } },
  minute,
];
const target = (cents: number | null, minute = 2): Entry => [
  `item_resale_target-${ITEM_ID}`,
  { type: 'ItemResaleTargetSet', data: { itemId: ITEM_ID, accountId: 'account', targetResalePrice: cents === null ? null : eur(cents) } },
  minute,
];

const CHECKED = [item(created({ awaiting: 'store_shipment' })), item(shipped()), item(registeredInWarehouse())];

describe('Given an item whose refurbishment plans steps', () => {
  it('then its document has no refurbishment cost and no margin before any', () => {
    expect(project(CHECKED)).toMatchObject({ plannedRefurbCost: null, completedRefurbCost: null, targetResalePrice: null, margin: null, refurbSteps: [] });
  });

  it('when steps are planned, worked, validated and cancelled, then the planned cost leaves the cancelled one out and the completed cost counts the validated one', () => {
    const document = project([
      ...CHECKED,
      planned(1, 3_000),
      planned(2, 1_250),
      planned(3, 900),
      action('ItemRefurbStepStarted', 1, 10),
      action('ItemRefurbStepPaused', 1, 15),
      action('ItemRefurbStepResumed', 1, 40),
      action('ItemRefurbStepValidated', 1, 45),
      action('ItemRefurbStepCancelled', 2, 50),
    ]);
    expect(document.plannedRefurbCost).toEqual(eur(3_900));
    expect(document.completedRefurbCost).toEqual(eur(3_000));
    expect(document.refurbSteps.map((s) => [s.status, s.spentSeconds])).toEqual([
      ['completed', 10 * 60],
      ['cancelled', 0],
      ['to_do', 0],
    ]);
    // A step's event leaves the item's own revision (its ETag) alone.
    expect(document.revision).toBe(2);
  });

  it('when a target resale price is set, then the margin is the target less the price paid and the planned cost; the validated price, once checked, replaces the declared one', () => {
    const before = project([...CHECKED, planned(1, 2_000), target(DECLARED_PRICE.amountInCents + 10_000)]);
    expect(before.margin).toEqual(eur(8_000));
    const validated = eur(DECLARED_PRICE.amountInCents - 1_500);
    const after = project([...CHECKED, planned(1, 2_000), target(DECLARED_PRICE.amountInCents + 10_000), item(completedByPrice({ validatedPrice: validated }), 3)]);
    expect(after.margin).toEqual(eur(9_500));
    expect(project([...CHECKED, target(1_000), target(null)]).margin).toBeNull();
  });

  it('when the target is below what the device cost, then the margin is negative', () => {
    expect(project([...CHECKED, planned(1, 5_000), target(DECLARED_PRICE.amountInCents + 1_000)]).margin).toEqual(eur(-4_000));
  });
});
