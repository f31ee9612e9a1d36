import { describe, expect, it } from 'vitest';
import type { ItemEvent } from './events.js';
import { foldItem, itemStatus, itemStatusAfter } from './machine.js';
import {
  CUSTOMER_RETURN,
  IN_QUARANTINE,
  SHELF_A,
  TO_APPROVE,
  TO_REFURBISH,
  cancelled,
  completedByPrice,
  completedWithAbsorption,
  completedWithNegotiation,
  completedWithoutControl,
  created,
  disputeMailSent,
  droppedInStore,
  leaving,
  lost,
  movedToStock,
  moving,
  newPriceProposed,
  quarantined,
  receivedFromStore,
  refurbCompleted,
  refurbDiagnosticStarted,
  refurbStarted,
  registeredInWarehouse,
  releasedFromQuarantine,
  returnRequested,
  returned,
  shipped,
} from './test-support.js';

const RECEIVED = [created(), shipped(), registeredInWarehouse()];

const histories: Record<string, ItemEvent[]> = {
  'store item completed by price and refurbished': [
    created({ awaiting: 'store_shipment' }),
    shipped(),
    registeredInWarehouse(),
    completedByPrice(),
    movedToStock(moving(TO_REFURBISH, SHELF_A)),
    refurbDiagnosticStarted(),
    refurbStarted(moving(SHELF_A, SHELF_A)),
    refurbCompleted(moving(SHELF_A, TO_REFURBISH)),
  ],
  'pre-declared item dropped in a shop, completed with absorption': [
    created({ awaiting: 'store_drop' }),
    droppedInStore(),
    shipped(),
    registeredInWarehouse(),
    completedWithAbsorption(),
  ],
  'pre-declared item its customer posted to the warehouse': [created({ awaiting: 'store_drop' }), shipped({ implicit: true }), registeredInWarehouse()],
  'store item its store never shipped, received at the warehouse from its package': [created({ awaiting: 'store_shipment' }), receivedFromStore('package-1', 'P000000001'), completedByPrice()],
  'item whose new price was accepted': [...RECEIVED, newPriceProposed(), completedWithNegotiation()],
  'item whose new price was rejected, sent back': [...RECEIVED, newPriceProposed(), returnRequested(), returned()],
  'item quarantined, mailed, released and completed without control': [
    ...RECEIVED,
    quarantined(),
    disputeMailSent(false, 'bounced'),
    disputeMailSent(),
    releasedFromQuarantine(),
    completedWithoutControl(),
  ],
  'item cancelled at the warehouse, moved and sent back': [
    ...RECEIVED,
    cancelled({ stock: moving(TO_APPROVE, CUSTOMER_RETURN) }),
    movedToStock(moving(CUSTOMER_RETURN, SHELF_A)),
    returned({ stock: leaving(SHELF_A) }),
  ],
  'item cancelled before it was shipped': [created(), cancelled()],
  'item lost in its shop': [created({ awaiting: 'store_shipment' }), lost('store')],
  'item lost in transport': [created(), shipped(), lost('transport')],
  'item lost in quarantine': [...RECEIVED, quarantined(), lost('warehouse', leaving(IN_QUARANTINE))],
};

describe('itemStatusAfter (what read models ask the machine)', () => {
  it.each(Object.entries(histories))('agrees with folding the events through the machine for a %s, asked twice', (_title, events) => {
    for (let round = 0; round < 2; round++) {
      let status: ReturnType<typeof itemStatus> = null;
      let inWarehouse = false;
      events.forEach((event, index) => {
        status = itemStatusAfter(status, event, inWarehouse);
        const folded = foldItem(events.slice(0, index + 1));
        expect(status).toBe(itemStatus(folded));
        inWarehouse = folded.context.stockId !== null;
      });
    }
  });

  it("tells the three creations apart by what the item awaits, although they are the same event", () => {
    expect(itemStatusAfter(null, created({ awaiting: 'customer_shipment' }), false)).toBe('item_created');
    expect(itemStatusAfter(null, created({ awaiting: 'store_drop' }), false)).toBe('item_awaiting_store_drop');
    expect(itemStatusAfter(null, created({ awaiting: 'store_shipment' }), false)).toBe('item_awaiting_inventory');
  });

  it('tells the places of a loss apart: only the place the status allows moves the item', () => {
    expect(itemStatusAfter('item_in_transit', lost('transport'), false)).toBe('item_lost_transport');
    expect(itemStatusAfter('item_in_transit', lost('store'), false)).toBe('item_in_transit');
    expect(itemStatusAfter('item_awaiting_inventory', lost('store'), false)).toBe('item_lost_store');
    expect(itemStatusAfter('item_awaiting_inventory', lost('transport'), false)).toBe('item_awaiting_inventory');
    expect(itemStatusAfter('item_completed', lost('warehouse', leaving(TO_REFURBISH)), true)).toBe('item_lost_warehouse');
    expect(itemStatusAfter('item_completed', lost('store'), true)).toBe('item_completed');
  });

  it('sends a cancelled item back only from a stock of the warehouse', () => {
    expect(itemStatusAfter('item_cancelled', returned(), true)).toBe('item_returned');
    expect(itemStatusAfter('item_cancelled', returned(), false)).toBe('item_cancelled');
  });

  it('moves a pre-declared item straight to transit only when the warehouse received it before anyone scanned it out', () => {
    expect(itemStatusAfter('item_awaiting_store_drop', shipped({ implicit: false }), false)).toBe('item_awaiting_store_drop');
    expect(itemStatusAfter('item_awaiting_store_drop', shipped({ implicit: true }), false)).toBe('item_in_transit');
    expect(itemStatusAfter('item_awaiting_store_drop', shipped({ implicit: false }), false)).toBe('item_awaiting_store_drop');
  });

  it('moves a device awaiting its store’s shipment to transit only when it was scanned out, never as a parcel nobody sent', () => {
    expect(itemStatusAfter('item_awaiting_inventory', shipped({ implicit: false }), false)).toBe('item_in_transit');
    expect(itemStatusAfter('item_awaiting_inventory', shipped({ implicit: true }), false)).toBe('item_awaiting_inventory');
    expect(itemStatusAfter('item_awaiting_inventory', receivedFromStore(), false)).toBe('item_registered_in_warehouse');
  });

  it('keeps the status when an event changes only the stock or the dispute e-mail', () => {
    expect(itemStatusAfter('item_registered_in_warehouse', movedToStock(), true)).toBe('item_registered_in_warehouse');
    expect(itemStatusAfter('item_in_quarantine', disputeMailSent(), true)).toBe('item_in_quarantine');
  });
});

describe('folding an item', () => {
  it('has no status before its creation', () => {
    expect(itemStatus(foldItem([]))).toBeNull();
  });

  it('follows its stock and when it was received through every change', () => {
    const folded = foldItem([...RECEIVED, completedByPrice(), movedToStock(moving(TO_REFURBISH, SHELF_A))]);
    expect(folded.context).toMatchObject({ stockId: SHELF_A, receivedAt: '2026-11-02T09:00:00.000Z', completion: 'by_price' });
  });

  it('keeps when it was received once it has left the warehouse', () => {
    const folded = foldItem([...RECEIVED, newPriceProposed(), returnRequested(), returned()]);
    expect(folded.context).toMatchObject({ stockId: null, receivedAt: '2026-11-02T09:00:00.000Z' });
  });

  it('records where it was lost', () => {
    expect(foldItem([created(), shipped(), lost('transport')]).context.lostPlace).toBe('transport');
  });
});
