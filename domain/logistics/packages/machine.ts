import { assign, initialTransition, setup, transition } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { deliveryEffect, type DeliveryEffect, type PackageEvent } from './events.js';
import { EMPTY_PACKAGE, type PackageContext, type PackageStatus } from './state.js';

/**
 * The package lifecycle: open while the store scans devices into it, closed
 * (confirmed, irreversible: its content is fixed and its buybacks leave),
 * then, for a package under a carrier's label, label ready, handed to the
 * carrier, delivered or a carrier failure, as the carrier reports. The only
 * place that says which change is allowed: `decide` asks `snapshot.can`.
 * Our reading: docs/specification-readings.md; the diagram,
 * docs/package-machine.md, is generated from this machine.
 */
const reported = (effect: DeliveryEffect) => ({ event }: { event: PackageEvent }) =>
  event.type === 'PackageDeliveryStatusChanged' && deliveryEffect(event.data.status) === effect;

export const packageMachine = setup({
  types: {
    context: {} as PackageContext,
    events: {} as PackageEvent,
  },
  guards: {
    handed: reported('handed'),
    delivered: reported('delivered'),
    failed: reported('failed'),
    bookkeeping: reported('none'),
    withLabel: ({ context }) => context.labelMode === 'with_label',
    bookkeepingUnderLabel: ({ context, event }) => context.labelMode === 'with_label' && reported('none')({ event }),
  },
  actions: {
    recordOpening: assign(({ event }) => {
      if (event.type !== 'PackageOpened') return {};
      const { packageId, number, accountId, storeId, warehouseId, labelMode } = event.data;
      return { packageId, number, accountId, storeId, warehouseId, labelMode };
    }),
    addBuyback: assign(({ context, event }) => (event.type === 'PackageBuybackAdded' ? { buybacks: [...context.buybacks, event.data.buyback] } : {})),
    removeBuyback: assign(({ context, event }) =>
      event.type === 'PackageBuybackRemoved' || event.type === 'PackageBuybackReceivedAtWarehouse'
        ? { buybacks: context.buybacks.filter((b) => b.buybackId !== event.data.buybackId) }
        : {},
    ),
    clear: assign(() => ({ buybacks: [] })),
    recordLabel: assign(({ event }) => {
      if (event.type !== 'PackageLabelReady') return {};
      const { transportId, carrier, trackingNumber, trackingLink } = event.data;
      return { label: { transportId, carrier, trackingNumber, trackingLink } };
    }),
    recordDelivery: assign(({ event }) =>
      event.type === 'PackageDeliveryStatusChanged' ? { deliveryStatus: event.data.status, deliveryAt: event.data.occurredAt } : {},
    ),
  },
}).createMachine({
  id: 'package',
  context: EMPTY_PACKAGE,
  initial: 'unopened',
  states: {
    unopened: {
      on: { PackageOpened: { target: 'open', actions: 'recordOpening' } },
    },
    open: {
      on: {
        PackageBuybackAdded: { actions: 'addBuyback' },
        PackageBuybackRemoved: { actions: 'removeBuyback' },
        // The warehouse holds one of its devices (received without it): the package no longer has it, and never ships it.
        PackageBuybackReceivedAtWarehouse: { actions: 'removeBuyback' },
        PackageCleared: { actions: 'clear' },
        PackageDiscarded: { target: 'discarded', actions: 'clear' },
        PackageClosed: { target: 'closed' },
      },
    },
    discarded: { type: 'final' },
    closed: {
      on: {
        // Only a package under a carrier's label gets one; the retailer's own transport reports nothing.
        PackageLabelReady: { guard: 'withLabel', target: 'label_ready', actions: 'recordLabel' },
        // The carrier's order news (created, quoted…) can come while its label is still being made.
        PackageDeliveryStatusChanged: { guard: 'bookkeepingUnderLabel', actions: 'recordDelivery' },
      },
    },
    label_ready: {
      on: {
        PackageDeliveryStatusChanged: [
          { guard: 'handed', target: 'handed_to_carrier', actions: 'recordDelivery' },
          { guard: 'delivered', target: 'delivered', actions: 'recordDelivery' },
          { guard: 'failed', target: 'carrier_failure', actions: 'recordDelivery' },
          { guard: 'bookkeeping', actions: 'recordDelivery' },
        ],
      },
    },
    handed_to_carrier: {
      on: {
        PackageDeliveryStatusChanged: [
          { guard: 'delivered', target: 'delivered', actions: 'recordDelivery' },
          { guard: 'failed', target: 'carrier_failure', actions: 'recordDelivery' },
          { actions: 'recordDelivery' },
        ],
      },
    },
    // A failed delivery may be tried again by the carrier: the package can still arrive.
    carrier_failure: {
      on: {
        PackageDeliveryStatusChanged: [
          { guard: 'handed', target: 'handed_to_carrier', actions: 'recordDelivery' },
          { guard: 'delivered', target: 'delivered', actions: 'recordDelivery' },
          { actions: 'recordDelivery' },
        ],
      },
    },
    delivered: { type: 'final' },
  },
});

export type PackageSnapshot = SnapshotFrom<typeof packageMachine>;

export function initialPackage(): PackageSnapshot {
  return initialTransition(packageMachine)[0];
}

export function evolvePackage(snapshot: PackageSnapshot, event: PackageEvent): PackageSnapshot {
  return transition(packageMachine, snapshot, event)[0];
}

export function foldPackage(events: readonly PackageEvent[]): PackageSnapshot {
  return events.reduce(evolvePackage, initialPackage());
}

/** The public status, or null before opening. */
export function packageStatus(snapshot: PackageSnapshot): PackageStatus | null {
  return snapshot.value === 'unopened' ? null : (snapshot.value as PackageStatus);
}

/**
 * The status after `event`, from the status a read model kept (read models
 * ask the machine instead of restating its targets). `withLabel` is the one
 * guard input beyond the status and the event.
 */
export function packageStatusAfter(current: PackageStatus | null, event: PackageEvent, withLabel: boolean): PackageStatus {
  const snapshot = packageMachine.resolveState({
    value: current ?? 'unopened',
    context: { ...EMPTY_PACKAGE, labelMode: withLabel ? 'with_label' : 'without_label' },
  });
  return (packageStatus(transition(packageMachine, snapshot, event)[0]) ?? current) as PackageStatus;
}
