import { assign, initialTransition, setup, transition } from 'xstate';
import type { SnapshotFrom, StateValue } from 'xstate';
import type { BuybackEvent } from './events.js';
import { EMPTY_BUYBACK, type BuybackContext, type BuybackStatus } from './state.js';

/**
 * The buyback lifecycle. The only place that says which status change is
 * allowed: `decide` asks `snapshot.can(event)` before emitting an event, and
 * the state is rebuilt by folding stored events through `transition`.
 * Machine events ARE the domain events (past tense): the machine records
 * facts, it does not run commands.
 */
export const buybackMachine = setup({
  types: {
    context: {} as BuybackContext,
    events: {} as BuybackEvent,
  },
  guards: {
    awaitsDropInStore: ({ event }) =>
      event.type === 'BuybackRegistered' && event.data.channel === 'web' && event.data.circuit.deposit === 'drop',
    // Probes ask with the type alone (allowed-commands.ts): a shipment that does not say it is direct is not.
    sentStraightToWarehouse: ({ event }) => event.type === 'BuybackShipped' && event.data?.direct === true,
    notPacked: ({ context }) => context.package === null,
    registered: ({ context }) => context.buybackId !== null,
  },
  actions: {
    recordRegistration: assign(({ event }) => {
      if (event.type !== 'BuybackRegistered') return {};
      const d = event.data;
      return {
        buybackId: d.buybackId,
        identificationNumber: d.identificationNumber,
        channel: d.channel,
        storeId: d.storeId,
        warehouseId: d.warehouseId,
        declaredPrice: d.declaredPrice,
        paymentType: d.paymentMode.type,
        paymentStatus: d.paymentStatus,
        deposit: d.circuit.deposit,
      };
    }),
    recordFinalization: assign(({ event }) =>
      event.type === 'BuybackFinalizedInStore' ? { storeId: event.data.storeId } : {},
    ),
    recordCheckIn: assign(({ event }) =>
      event.type === 'BuybackCheckedIn' ? { warehouseId: event.data.warehouseId } : {},
    ),
    recordControlledCompletion: assign(({ event }) =>
      event.type === 'BuybackCompletedByPrice' || event.type === 'BuybackCompletedWithAbsorption'
        ? { controlledPrice: event.data.controlledPrice, validatedPrice: event.data.validatedPrice }
        : {},
    ),
    recordCompletion: assign(({ event }) =>
      event.type === 'BuybackCompleted' ? { validatedPrice: event.data.validatedPrice } : {},
    ),
    recordProposal: assign(({ event }) => {
      if (event.type !== 'BuybackNewPriceProposed') return {};
      const d = event.data;
      return {
        controlledPrice: d.controlledPrice,
        proposal: {
          previousPrice: d.previousPrice,
          proposedPrice: d.proposedPrice,
          reason: d.reason,
          decisionTokenHash: d.decisionTokenHash,
          decision: 'pending' as const,
        },
      };
    }),
    recordAcceptance: assign(({ context, event }) =>
      event.type === 'BuybackNewPriceAccepted' && context.proposal
        ? { validatedPrice: event.data.validatedPrice, proposal: { ...context.proposal, decision: 'accepted' as const } }
        : {},
    ),
    recordRejection: assign(({ context, event }) =>
      event.type === 'BuybackNewPriceRejected' && context.proposal
        ? { proposal: { ...context.proposal, decision: 'rejected' as const } }
        : {},
    ),
    recordLossCompletion: assign(({ event }) =>
      event.type === 'BuybackCompletedAfterLoss' ? { validatedPrice: event.data.validatedPrice } : {},
    ),
    recordCancellation: assign(({ event }) =>
      event.type === 'BuybackCancelled' ? { paymentStatus: event.data.paymentStatus } : {},
    ),
    recordPacking: assign(({ event }) =>
      event.type === 'BuybackPacked' ? { package: { packageId: event.data.packageId, number: event.data.packageNumber } } : {},
    ),
    recordUnpacking: assign(({ context, event }) =>
      event.type === 'BuybackUnpacked' && context.package?.packageId === event.data.packageId ? { package: null } : {},
    ),
    recordReceiptFromStore: assign(({ event }) =>
      event.type === 'BuybackReceivedFromStore' ? { warehouseId: event.data.warehouseId, package: null } : {},
    ),
    recordTracking: assign(({ event }) => (event.type === 'BuybackShipmentTracked' ? { trackingNumber: event.data.trackingNumber } : {})),
    recordEdition: assign(({ event }) =>
      event.type === 'BuybackEdited' && event.data.declaration ? { declaredPrice: event.data.declaration.declaredPrice } : {},
    ),
    recordDelivery: assign(({ event }) => (event.type === 'BuybackDeliveryStatusChanged' ? { deliveryAt: event.data.occurredAt, deliveryStatus: event.data.status } : {})),
  },
}).createMachine({
  id: 'buyback',
  context: EMPTY_BUYBACK,
  initial: 'unregistered',
  // What its carrier says of its parcel is recorded whatever its status (a parcel may be reported delivered after its check).
  on: {
    BuybackShipmentTracked: { guard: 'registered', actions: 'recordTracking' },
    BuybackDeliveryStatusChanged: { guard: 'registered', actions: 'recordDelivery' },
  },
  states: {
    unregistered: {
      on: {
        BuybackRegistered: [
          { guard: 'awaitsDropInStore', target: 'bb_awaiting_store_drop', actions: 'recordRegistration' },
          { target: 'bb_awaiting_inventory', actions: 'recordRegistration' },
        ],
      },
    },
    bb_awaiting_store_drop: {
      on: {
        BuybackFinalizedInStore: { target: 'bb_awaiting_inventory', actions: 'recordFinalization' },
        BuybackShipped: { guard: 'sentStraightToWarehouse', target: 'bb_in_transit' },
        BuybackCancelled: { target: 'bb_cancelled', actions: 'recordCancellation' },
        // Its customer's details and answers may be corrected until the warehouse has the device (here and the next two states).
        BuybackEdited: { actions: 'recordEdition' },
      },
    },
    bb_awaiting_inventory: {
      on: {
        // The store's package reserves it (one package at a time); the package's close ships it.
        BuybackPacked: { guard: 'notPacked', actions: 'recordPacking' },
        BuybackUnpacked: { actions: 'recordUnpacking' },
        BuybackShipped: { target: 'bb_in_transit' },
        // Its store never shipped it, yet the warehouse holds it: received there (out of its package), never shipped.
        BuybackReceivedFromStore: { target: 'bb_in_processing', actions: 'recordReceiptFromStore' },
        BuybackCompletedAfterLoss: { target: 'bb_completed', actions: 'recordLossCompletion' },
        // A device in its store's package is taken out first (decide refuses BUYBACK_IN_PACKAGE; no guard here, so events
        // written before that rule still fold as they did).
        BuybackCancelled: { target: 'bb_cancelled', actions: 'recordCancellation' },
        BuybackEdited: { actions: 'recordEdition' },
      },
    },
    bb_in_transit: {
      on: {
        BuybackCheckedIn: { target: 'bb_in_processing', actions: 'recordCheckIn' },
        BuybackCompletedAfterLoss: { target: 'bb_completed', actions: 'recordLossCompletion' },
        BuybackCancelled: { target: 'bb_cancelled', actions: 'recordCancellation' },
        BuybackEdited: { actions: 'recordEdition' },
      },
    },
    bb_in_processing: {
      initial: 'checking',
      on: {
        BuybackCancelled: { target: 'bb_cancelled', actions: 'recordCancellation' },
        BuybackCompletedAfterLoss: { target: '#buyback.bb_completed', actions: 'recordLossCompletion' },
      },
      states: {
        checking: {
          on: {
            BuybackCompletedByPrice: { target: '#buyback.bb_completed_by_price', actions: 'recordControlledCompletion' },
            BuybackCompletedWithAbsorption: {
              target: '#buyback.bb_completed_with_absorption',
              actions: 'recordControlledCompletion',
            },
            BuybackNewPriceProposed: { target: 'awaiting_customer_decision', actions: 'recordProposal' },
            BuybackCompleted: { target: '#buyback.bb_completed', actions: 'recordCompletion' },
            BuybackPutOnHold: { target: 'on_hold' },
          },
        },
        // Its device is in quarantine: no outcome of the check until it is released.
        on_hold: {
          on: {
            BuybackHoldLifted: { target: 'checking' },
          },
        },
        awaiting_customer_decision: {
          on: {
            BuybackNewPriceAccepted: { target: '#buyback.bb_completed_with_negociation', actions: 'recordAcceptance' },
            BuybackNewPriceRejected: { target: '#buyback.bb_not_completed', actions: 'recordRejection' },
          },
        },
      },
    },
    // Ends of the lifecycle, though not final states: a buyback ended still hears of its parcel (and, later, of its payment).
    bb_completed: {},
    bb_completed_by_price: {},
    bb_completed_with_absorption: {},
    bb_completed_with_negociation: {},
    bb_not_completed: {},
    bb_cancelled: {},
  },
});

export type BuybackSnapshot = SnapshotFrom<typeof buybackMachine>;

export function initialBuyback(): BuybackSnapshot {
  return initialTransition(buybackMachine)[0];
}

/** Folds events into a snapshot. Events come from the store, so they were allowed when written. */
export function evolveBuyback(snapshot: BuybackSnapshot, event: BuybackEvent): BuybackSnapshot {
  return transition(buybackMachine, snapshot, event)[0];
}

export function foldBuyback(events: readonly BuybackEvent[]): BuybackSnapshot {
  return events.reduce(evolveBuyback, initialBuyback());
}

/** The public status, or null before registration. */
export function buybackStatus(snapshot: BuybackSnapshot): BuybackStatus | null {
  const value = snapshot.value;
  const top = typeof value === 'string' ? value : Object.keys(value)[0];
  return top === 'unregistered' || top === undefined ? null : (top as BuybackStatus);
}

/**
 * Whether the warehouse has received its device (checked in, or received
 * from its store): in processing or beyond, but not cancelled. A package
 * closing does not ship such a device.
 */
export function isReceivedAtWarehouse(snapshot: BuybackSnapshot): boolean {
  const status = buybackStatus(snapshot);
  return status !== null && !['bb_awaiting_store_drop', 'bb_awaiting_inventory', 'bb_in_transit', 'bb_cancelled'].includes(status);
}

export function isAwaitingCustomerDecision(snapshot: BuybackSnapshot): boolean {
  return snapshot.matches({ bb_in_processing: 'awaiting_customer_decision' });
}

/** A machine state as a dotted path: `bb_in_processing.awaiting_customer_decision`. */
export function statePathOf(snapshot: BuybackSnapshot): string {
  return toPath(snapshot.value);
}

function toPath(value: unknown): string {
  if (typeof value === 'string') return value;
  const [key, child] = Object.entries(value as Record<string, unknown>)[0] ?? [];
  return key === undefined ? '' : `${key}.${toPath(child)}`;
}

function fromPath(path: string): StateValue {
  const [head, ...rest] = path.split('.');
  return rest.length === 0 ? (head as string) : { [head as string]: fromPath(rest.join('.')) };
}

/**
 * The machine state after `event`, from the state path a read model kept.
 * Read models ask the machine instead of restating its targets.
 */
export function statePathAfter(currentPath: string | null, event: BuybackEvent): string {
  const from = currentPath ?? 'unregistered';
  const key = `${from}|${event.type}|${guardInputs(event)}`;
  let next = nextPathCache.get(key);
  if (next === undefined) {
    const current = buybackMachine.resolveState({ value: fromPath(from), context: EMPTY_BUYBACK });
    next = statePathOf(transition(buybackMachine, current, event)[0]);
    nextPathCache.set(key, next);
  }
  return next;
}

/**
 * Rebuilding a read model asks the machine once per event; the answer only
 * depends on the state, the event type and what the guards read, so it is
 * remembered. `guardInputs` must name every event field a guard reads.
 */
const nextPathCache = new Map<string, string>();

function guardInputs(event: BuybackEvent): string {
  if (event.type === 'BuybackRegistered') return `${event.data.channel}/${event.data.circuit.deposit}`;
  if (event.type === 'BuybackShipped') return String(event.data.direct);
  return '';
}

export function statusOfPath(path: string): BuybackStatus {
  const dot = path.indexOf('.');
  return (dot < 0 ? path : path.slice(0, dot)) as BuybackStatus;
}
