import { describe, expect, it } from 'vitest';
import { toNewEvent } from '../../application/events/codec.js';
import type { StoredEvent } from '../../application/ports/event-store.js';
import type { ItemDocument } from '../../application/warehouse/read-models.js';
import type { ItemEvent } from '../../domain/warehouse/items/events.js';
import {
  DECLARED_PRICE,
  ITEM_ID,
  PROPOSED_PRICE,
  completedByPrice,
  completedWithAbsorption,
  completedWithNegotiation,
  completedWithoutControl,
  created,
  eur,
  newPriceProposed,
  registeredInWarehouse,
  shipped,
} from '../../domain/warehouse/items/test-support.js';
import { itemsProjection } from '../../projections/warehouse/items-projection.js';

/**
 * The item's purchase price is what its customer is finally paid: the
 * declared price until the buyback is completed, then the validated price
 * (the new price they accepted, or the declared price with an absorbed
 * deviation). The payment mode's bonus or malus comes with the payments part.
 */
function project(events: ItemEvent[]): ItemDocument {
  let document: ItemDocument | null = null;
  events.forEach((event, revision) => {
    const stored: StoredEvent = {
      ...toNewEvent(event, `event-${revision}`, {
        accountId: 'account',
        organizationId: null,
        userId: null,
        correlationId: 'c',
        causationId: null,
        occurredAt: `2026-11-0${revision + 1}T10:00:00.000Z`,
      }),
      streamName: `item-${ITEM_ID}`,
      streamRevision: revision,
      globalPosition: revision + 1,
    };
    document = itemsProjection.evolve(document, stored, ITEM_ID) as ItemDocument | null;
  });
  if (document === null) throw new Error('no document');
  return document;
}

const RECEIVED: ItemEvent[] = [created({ awaiting: 'store_shipment' }), shipped(), registeredInWarehouse()];

describe('Given an item received at the warehouse', () => {
  it('before its completion, its purchase price is the declared price', () => {
    expect(project(RECEIVED).purchasePrice).toEqual(DECLARED_PRICE);
    expect(project([...RECEIVED, newPriceProposed()]).purchasePrice).toEqual(DECLARED_PRICE);
  });

  it('when its customer accepts a new price, then its purchase price is that price', () => {
    const item = project([...RECEIVED, newPriceProposed(), completedWithNegotiation({ validatedPrice: PROPOSED_PRICE })]);
    expect(item.purchasePrice).toEqual(PROPOSED_PRICE);
    expect(item.validatedPrice).toEqual(PROPOSED_PRICE);
  });

  it('when it is completed by price, then its purchase price is the validated price', () => {
    expect(project([...RECEIVED, completedByPrice({ validatedPrice: eur(9_500) })]).purchasePrice).toEqual(eur(9_500));
  });

  it('when the retailer absorbs its deviation, then its purchase price is the validated price (the declared one, absorption included)', () => {
    expect(project([...RECEIVED, completedWithAbsorption({ validatedPrice: eur(10_000), absorbedAmount: eur(500) })]).purchasePrice).toEqual(eur(10_000));
  });

  it('when its buyback is completed without control, then its purchase price is the validated price', () => {
    expect(project([...RECEIVED, completedWithoutControl({ validatedPrice: eur(9_900) })]).purchasePrice).toEqual(eur(9_900));
  });
});
