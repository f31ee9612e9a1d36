import { assign, initialTransition, setup, transition } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { ItemEvent, LostPlace, StockChange } from './events.js';
import { EMPTY_ITEM, type ItemContext, type ItemStatus } from './state.js';

/**
 * The item lifecycle (specification 001 §4; our reading where it is silent
 * is in docs/specification-readings.md, the diagram in docs/item-machine.md,
 * generated from this machine). The only place that says which status change
 * is allowed: `decide` asks `snapshot.can(event)`, and the state is rebuilt
 * by folding stored events through `transition`. Machine events ARE the
 * domain events.
 */
const lostIn = (place: LostPlace) => ({ event }: { event: ItemEvent }) => event.type === 'ItemLost' && event.data.place === place;

const moveStock = ({ event }: { event: ItemEvent }) => ('stock' in event.data ? stockAfter(event.data.stock) : {});

function stockAfter(change: StockChange): Partial<ItemContext> {
  return { stockId: change.toStockId, receivedAt: change.receivedAt };
}

export const itemMachine = setup({
  types: {
    context: {} as ItemContext,
    events: {} as ItemEvent,
  },
  guards: {
    awaitsStoreDrop: ({ event }) => event.type === 'ItemCreated' && event.data.awaiting === 'store_drop',
    awaitsStoreShipment: ({ event }) => event.type === 'ItemCreated' && event.data.awaiting === 'store_shipment',
    lostInStore: lostIn('store'),
    lostInTransport: lostIn('transport'),
    lostInWarehouse: lostIn('warehouse'),
    /** A cancelled item can be sent back to the customer only from the warehouse's stocks. */
    isInWarehouse: ({ context }) => context.stockId !== null,
    isOutsideWarehouse: ({ context }) => context.stockId === null,
    lostInWarehouseFromAStock: ({ context, event }) => context.stockId !== null && event.type === 'ItemLost' && event.data.place === 'warehouse',
    // Probes may ask with the type alone: a shipment that does not say nobody scanned it out was scanned out.
    receivedBeforeScannedOut: ({ event }) => event.type === 'ItemShipped' && event.data?.implicit === true,
    // A device in a store leaves it scanned out (its package closed, or shipped by the store): never as a parcel nobody sent.
    scannedOut: ({ event }) => event.type === 'ItemShipped' && event.data?.implicit !== true,
  },
  actions: {
    recordCreation: assign(({ event }) => {
      if (event.type !== 'ItemCreated') return {};
      const d = event.data;
      return {
        itemId: d.itemId,
        buybackId: d.buybackId,
        identificationNumber: d.identificationNumber,
        storeId: d.storeId,
        warehouseId: d.warehouseId,
        product: d.product,
        purchasePrice: d.purchasePrice,
      };
    }),
    recordPurchasePrice: assign(({ event }) => (event.type === 'ItemPurchasePriceCorrected' ? { purchasePrice: event.data.purchasePrice } : {})),
    recordDrop: assign(({ event }) => (event.type === 'ItemDroppedInStore' ? { storeId: event.data.storeId } : {})),
    recordRegistration: assign(({ event }) =>
      event.type === 'ItemRegisteredInWarehouse' || event.type === 'ItemReceivedFromStore' ? { warehouseId: event.data.warehouseId, ...stockAfter(event.data.stock) } : {},
    ),
    recordCompletion: assign(({ event }) => {
      switch (event.type) {
        case 'ItemCompletedByPrice':
          return { completion: 'by_price' as const, validatedPrice: event.data.validatedPrice, check: event.data.check, ...stockAfter(event.data.stock) };
        case 'ItemCompletedWithAbsorption':
          return { completion: 'with_absorption' as const, validatedPrice: event.data.validatedPrice, check: event.data.check, ...stockAfter(event.data.stock) };
        case 'ItemCompletedWithoutControl':
          return { completion: 'without_control' as const, validatedPrice: event.data.validatedPrice, ...stockAfter(event.data.stock) };
        case 'ItemCompletedWithNegotiation':
          return { completion: 'with_negociation' as const, validatedPrice: event.data.validatedPrice, ...stockAfter(event.data.stock) };
        default:
          return {};
      }
    }),
    recordProposal: assign(({ event }) =>
      event.type === 'ItemNewPriceProposed' ? { proposedPrice: event.data.proposedPrice, check: event.data.check ?? null } : {},
    ),
    recordQuarantine: assign(({ event }) =>
      event.type === 'ItemQuarantined'
        ? { quarantine: { reason: event.data.reason, comment: event.data.comment }, check: event.data.check, ...stockAfter(event.data.stock) }
        : {},
    ),
    recordRelease: assign(({ event }) => (event.type === 'ItemReleasedFromQuarantine' ? { quarantine: null, ...stockAfter(event.data.stock) } : {})),
    recordLoss: assign(({ event }) => (event.type === 'ItemLost' ? { lostPlace: event.data.place, ...stockAfter(event.data.stock) } : {})),
    recordStock: assign(moveStock),
    recordDisputeMail: assign(({ event }) => (event.type === 'ItemDisputeMailSent' ? { disputeMailDelivered: event.data.delivered } : {})),
  },
}).createMachine({
  id: 'item',
  context: EMPTY_ITEM,
  initial: 'unregistered',
  states: {
    unregistered: {
      on: {
        ItemCreated: [
          { guard: 'awaitsStoreDrop', target: 'item_awaiting_store_drop', actions: 'recordCreation' },
          { guard: 'awaitsStoreShipment', target: 'item_awaiting_inventory', actions: 'recordCreation' },
          { target: 'item_created', actions: 'recordCreation' },
        ],
      },
    },
    item_created: {
      on: {
        ItemShipped: { target: 'item_in_transit' },
        ItemCancelled: { target: 'item_cancelled', actions: 'recordStock' },
        // Its buyback's answers corrected before it reaches the warehouse (here and in the next three states).
        ItemPurchasePriceCorrected: { actions: 'recordPurchasePrice' },
        // The customer posted it and the carrier lost it.
        ItemLost: { guard: 'lostInTransport', target: 'item_lost_transport', actions: 'recordLoss' },
      },
    },
    item_awaiting_store_drop: {
      on: {
        ItemDroppedInStore: { target: 'item_awaiting_inventory', actions: 'recordDrop' },
        // Its customer posted it straight to the warehouse instead of dropping it in a shop (the buyback's direct shipment).
        ItemShipped: { guard: 'receivedBeforeScannedOut', target: 'item_in_transit' },
        ItemCancelled: { target: 'item_cancelled', actions: 'recordStock' },
        ItemPurchasePriceCorrected: { actions: 'recordPurchasePrice' },
      },
    },
    item_awaiting_inventory: {
      on: {
        ItemShipped: { guard: 'scannedOut', target: 'item_in_transit' },
        // The warehouse holds it though its store never shipped it: the operator's reconciliation, not a shipment.
        ItemReceivedFromStore: { target: 'item_registered_in_warehouse', actions: 'recordRegistration' },
        ItemCancelled: { target: 'item_cancelled', actions: 'recordStock' },
        ItemLost: { guard: 'lostInStore', target: 'item_lost_store', actions: 'recordLoss' },
        ItemPurchasePriceCorrected: { actions: 'recordPurchasePrice' },
      },
    },
    item_in_transit: {
      on: {
        ItemRegisteredInWarehouse: { target: 'item_registered_in_warehouse', actions: 'recordRegistration' },
        ItemCancelled: { target: 'item_cancelled', actions: 'recordStock' },
        ItemLost: { guard: 'lostInTransport', target: 'item_lost_transport', actions: 'recordLoss' },
        ItemPurchasePriceCorrected: { actions: 'recordPurchasePrice' },
      },
    },
    item_registered_in_warehouse: {
      on: {
        ItemCompletedByPrice: { target: 'item_completed', actions: 'recordCompletion' },
        ItemCompletedWithAbsorption: { target: 'item_completed', actions: 'recordCompletion' },
        ItemCompletedWithoutControl: { target: 'item_completed', actions: 'recordCompletion' },
        ItemNewPriceProposed: { target: 'item_awaiting_compliancy_tests', actions: 'recordProposal' },
        ItemQuarantined: { target: 'item_in_quarantine', actions: 'recordQuarantine' },
        ItemCancelled: { target: 'item_cancelled', actions: 'recordStock' },
        ItemLost: { guard: 'lostInWarehouse', target: 'item_lost_warehouse', actions: 'recordLoss' },
        ItemMovedToStock: { actions: 'recordStock' },
      },
    },
    item_awaiting_compliancy_tests: {
      on: {
        ItemCompletedWithNegotiation: { target: 'item_completed', actions: 'recordCompletion' },
        ItemReturnRequested: { target: 'item_to_return', actions: 'recordStock' },
        ItemCancelled: { target: 'item_cancelled', actions: 'recordStock' },
        ItemLost: { guard: 'lostInWarehouse', target: 'item_lost_warehouse', actions: 'recordLoss' },
        ItemMovedToStock: { actions: 'recordStock' },
      },
    },
    item_in_quarantine: {
      on: {
        ItemReleasedFromQuarantine: { target: 'item_to_reintegrate_to_stock', actions: 'recordRelease' },
        // A transition with no target must act for the machine to call it possible (`can`): it records the delivery.
        ItemDisputeMailSent: { actions: 'recordDisputeMail' },
        ItemCancelled: { target: 'item_cancelled', actions: 'recordStock' },
        ItemLost: { guard: 'lostInWarehouse', target: 'item_lost_warehouse', actions: 'recordLoss' },
      },
    },
    item_to_reintegrate_to_stock: {
      on: {
        ItemCompletedByPrice: { target: 'item_completed', actions: 'recordCompletion' },
        ItemCompletedWithAbsorption: { target: 'item_completed', actions: 'recordCompletion' },
        ItemCompletedWithoutControl: { target: 'item_completed', actions: 'recordCompletion' },
        ItemNewPriceProposed: { target: 'item_awaiting_compliancy_tests', actions: 'recordProposal' },
        ItemQuarantined: { target: 'item_in_quarantine', actions: 'recordQuarantine' },
        ItemCancelled: { target: 'item_cancelled', actions: 'recordStock' },
        ItemLost: { guard: 'lostInWarehouse', target: 'item_lost_warehouse', actions: 'recordLoss' },
        ItemMovedToStock: { actions: 'recordStock' },
      },
    },
    item_completed: {
      on: {
        ItemRefurbDiagnosticStarted: { target: 'item_refurb_diagnostic_in_progress' },
        ItemLost: { guard: 'lostInWarehouse', target: 'item_lost_warehouse', actions: 'recordLoss' },
        ItemMovedToStock: { actions: 'recordStock' },
      },
    },
    item_refurb_diagnostic_in_progress: {
      on: {
        ItemRefurbStarted: { target: 'item_refurb_in_progress', actions: 'recordStock' },
        ItemLost: { guard: 'lostInWarehouse', target: 'item_lost_warehouse', actions: 'recordLoss' },
        ItemMovedToStock: { actions: 'recordStock' },
      },
    },
    item_refurb_in_progress: {
      on: {
        ItemRefurbCompleted: { target: 'item_refurb_completed', actions: 'recordStock' },
        ItemLost: { guard: 'lostInWarehouse', target: 'item_lost_warehouse', actions: 'recordLoss' },
        ItemMovedToStock: { actions: 'recordStock' },
      },
    },
    item_refurb_completed: {
      on: {
        ItemLost: { guard: 'lostInWarehouse', target: 'item_lost_warehouse', actions: 'recordLoss' },
        ItemMovedToStock: { actions: 'recordStock' },
      },
    },
    item_to_return: {
      on: {
        ItemReturned: { target: 'item_returned', actions: 'recordStock' },
        ItemMovedToStock: { actions: 'recordStock' },
        ItemLost: { guard: 'lostInWarehouse', target: 'item_lost_warehouse', actions: 'recordLoss' },
      },
    },
    item_cancelled: {
      on: {
        ItemReturned: { guard: 'isInWarehouse', target: 'item_returned', actions: 'recordStock' },
        ItemMovedToStock: { guard: 'isInWarehouse', actions: 'recordStock' },
        ItemLost: { guard: 'lostInWarehouseFromAStock', target: 'item_lost_warehouse', actions: 'recordLoss' },
        // Its parcel reached the warehouse after the cancellation: it waits there to be sent back.
        ItemReceivedAfterCancellation: { guard: 'isOutsideWarehouse', actions: 'recordStock' },
      },
    },
    item_returned: { type: 'final' },
    item_lost_store: { type: 'final' },
    item_lost_transport: { type: 'final' },
    item_lost_warehouse: { type: 'final' },
  },
});

export type ItemSnapshot = SnapshotFrom<typeof itemMachine>;

export function initialItem(): ItemSnapshot {
  return initialTransition(itemMachine)[0];
}

/** Folds events into a snapshot. Events come from the store, so they were allowed when written. */
export function evolveItem(snapshot: ItemSnapshot, event: ItemEvent): ItemSnapshot {
  return transition(itemMachine, snapshot, event)[0];
}

export function foldItem(events: readonly ItemEvent[]): ItemSnapshot {
  return events.reduce(evolveItem, initialItem());
}

/** The public status, or null before creation. */
export function itemStatus(snapshot: ItemSnapshot): ItemStatus | null {
  const value = snapshot.value;
  return value === 'unregistered' ? null : (value as ItemStatus);
}

/**
 * The status after `event`, from the status a read model kept: read models
 * ask the machine instead of restating its targets. `inWarehouse` is the one
 * guard input beyond the status and the event (whether the item is in a
 * stock). Answers are remembered: they depend on nothing else.
 */
export function itemStatusAfter(current: ItemStatus | null, event: ItemEvent, inWarehouse: boolean): ItemStatus {
  const key = `${current}|${event.type}|${guardInputs(event)}|${inWarehouse}`;
  let next = nextStatusCache.get(key);
  if (next === undefined) {
    const snapshot = itemMachine.resolveState({
      value: current ?? 'unregistered',
      context: { ...EMPTY_ITEM, stockId: inWarehouse ? 'in-a-stock' : null },
    });
    next = (itemStatus(transition(itemMachine, snapshot, event)[0]) ?? current) as ItemStatus;
    nextStatusCache.set(key, next);
  }
  return next;
}

const nextStatusCache = new Map<string, ItemStatus>();

/** Every event field a guard reads. */
function guardInputs(event: ItemEvent): string {
  if (event.type === 'ItemCreated') return event.data.awaiting;
  if (event.type === 'ItemLost') return event.data.place;
  if (event.type === 'ItemShipped') return String(event.data.implicit);
  return '';
}
