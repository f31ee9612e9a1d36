/**
 * Test support for the package decider: Given / When / Then in the style of
 * Emmett / Axon, plus factories for every command and event so that tests
 * read as sentences:
 *
 *   given(opened(), added(1)).when(closePackage()).thenEvents([closed([1])]).andStatus('closed');
 *
 * Defaults follow one package along the main path: opened by the Paris store
 * for the Lyon warehouse under a carrier's label, filled with numbered
 * devices (1, 2, 3…), closed, its label made, handed to the carrier and
 * delivered. Devices are named by their number; their ids, codes and weights
 * follow from it.
 *
 * Pure: folds the given events with `evolvePackage` and calls `decide`, no
 * I/O. Test-only (imports vitest); nothing in the application imports it.
 */
import { expect } from 'vitest';
import { deciderSpecification, givenWhenThen } from '../../shared/test-support.js';
import type { PackageCommand } from './commands.js';
import { decide } from './decide.js';
import type {
  DeliveryStatus,
  LabelMode,
  PackageBuybackAdded,
  PackageBuybackReceivedAtWarehouse,
  PackageBuybackRemoved,
  PackageCleared,
  PackageClosed,
  PackageDeliveryStatusChanged,
  PackageDiscarded,
  PackageEvent,
  PackageLabelReady,
  PackageOpened,
  PackedBuyback,
  WarehouseReceiptReason,
} from './events.js';
import { evolvePackage, initialPackage, packageStatus, type PackageSnapshot } from './machine.js';
import type { PackageLabel, PackageStatus } from './state.js';

// ---------------------------------------------------------------------------
// Reference values
// ---------------------------------------------------------------------------

export const PACKAGE_ID = 'package-0001';
export const PACKAGE_NUMBER = 'P000000001';
export const ACCOUNT_ID = 'account-demo';
export const STORE_ID = 'store-paris-01';
export const WAREHOUSE_ID = 'warehouse-lyon';
export const TRANSPORT_ID = 'transport-package-0001';
export const CARRIER = 'embedded';
export const TRACKING_NUMBER = '6A12345678901';
export const TRACKING_LINK = `https://carrier.example/track/${TRACKING_NUMBER}`;

/** The id of device `n` (1, 2, 3…). */
export function buybackId(n: number): string {
  return `bb-${String(n).padStart(4, '0')}`;
}

/** Device `n` as the store scanned it: a 13-digit code, and 150 g plus a gram per number (so weights add up visibly). */
export function packedBuyback(n: number): PackedBuyback {
  return {
    buybackId: buybackId(n),
    identificationNumber: `26110421${String(n).padStart(5, '0')}`,
    productLabel: `Phone ${n}`,
    weightGrams: 150 + n,
  };
}

/** The weight of devices `ns` together. */
export function weightOf(ns: readonly number[]): number {
  return ns.reduce((total, n) => total + packedBuyback(n).weightGrams, 0);
}

/** 1, 2, … n. */
export function numbers(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i + 1);
}

/** When the carrier reported: `day` of November 2026 at `hour` o'clock, UTC. */
export function at(day: number, hour = 9): string {
  return `2026-11-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00.000Z`;
}

export const LABEL: PackageLabel = { transportId: TRANSPORT_ID, carrier: CARRIER, trackingNumber: TRACKING_NUMBER, trackingLink: TRACKING_LINK };

// ---------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------

export function opened(labelMode: LabelMode = 'with_label'): PackageOpened {
  return {
    type: 'PackageOpened',
    data: { packageId: PACKAGE_ID, number: PACKAGE_NUMBER, accountId: ACCOUNT_ID, storeId: STORE_ID, warehouseId: WAREHOUSE_ID, labelMode },
  };
}

export function added(n: number): PackageBuybackAdded {
  return { type: 'PackageBuybackAdded', data: { packageId: PACKAGE_ID, buyback: packedBuyback(n) } };
}

/** Devices `ns` added one after another. */
export function addedAll(ns: readonly number[]): PackageBuybackAdded[] {
  return ns.map(added);
}

export function removed(n: number): PackageBuybackRemoved {
  return { type: 'PackageBuybackRemoved', data: { packageId: PACKAGE_ID, buybackId: buybackId(n) } };
}

export function cleared(ns: readonly number[]): PackageCleared {
  return { type: 'PackageCleared', data: { packageId: PACKAGE_ID, buybackIds: ns.map(buybackId) } };
}

export function discarded(ns: readonly number[]): PackageDiscarded {
  return { type: 'PackageDiscarded', data: { packageId: PACKAGE_ID, buybackIds: ns.map(buybackId) } };
}

/** Device `n` given up for the warehouse that holds it: at check-in, or found there by the package's close. */
export function receivedAtWarehouse(n: number, reason: WarehouseReceiptReason = 'received_at_check_in'): PackageBuybackReceivedAtWarehouse {
  return {
    type: 'PackageBuybackReceivedAtWarehouse',
    data: { packageId: PACKAGE_ID, buybackId: buybackId(n), identificationNumber: packedBuyback(n).identificationNumber, warehouseId: WAREHOUSE_ID, reason },
  };
}

export function closed(ns: readonly number[], labelMode: LabelMode = 'with_label'): PackageClosed {
  return { type: 'PackageClosed', data: { packageId: PACKAGE_ID, buybackIds: ns.map(buybackId), weightGrams: weightOf(ns), labelMode } };
}

export function labelReady(label: Partial<PackageLabel> = {}): PackageLabelReady {
  return { type: 'PackageLabelReady', data: { packageId: PACKAGE_ID, ...LABEL, ...label } };
}

export function deliveryChanged(status: DeliveryStatus, occurredAt: string): PackageDeliveryStatusChanged {
  return { type: 'PackageDeliveryStatusChanged', data: { packageId: PACKAGE_ID, status, occurredAt, transportId: TRANSPORT_ID } };
}

// ---------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------

export function openPackage(labelMode: LabelMode = 'with_label'): PackageCommand {
  return { type: 'OpenPackage', data: opened(labelMode).data };
}

export function addBuyback(n: number): PackageCommand {
  return { type: 'AddBuybackToPackage', data: { buyback: packedBuyback(n) } };
}

export function removeBuyback(n: number): PackageCommand {
  return { type: 'RemoveBuybackFromPackage', data: { buybackId: buybackId(n) } };
}

export function clearPackage(): PackageCommand {
  return { type: 'ClearPackage', data: {} };
}

export function discardPackage(): PackageCommand {
  return { type: 'DiscardPackage', data: {} };
}

/** Closed; `atWarehouse`: the devices whose buybacks say the warehouse already received them. */
export function closePackage(atWarehouse: readonly number[] = []): PackageCommand {
  return { type: 'ClosePackage', data: atWarehouse.length === 0 ? {} : { atWarehouse: atWarehouse.map(buybackId) } };
}

export function giveUpForWarehouse(n: number): PackageCommand {
  return { type: 'GiveUpBuybackReceivedAtWarehouse', data: { buybackId: buybackId(n), warehouseId: WAREHOUSE_ID } };
}

export function recordLabel(label: Partial<PackageLabel> = {}): PackageCommand {
  return { type: 'RecordPackageLabel', data: { ...LABEL, ...label } };
}

export function recordDelivery(status: DeliveryStatus, occurredAt: string): PackageCommand {
  return { type: 'RecordPackageDelivery', data: { status, occurredAt, transportId: TRANSPORT_ID } };
}

// ---------------------------------------------------------------------------
// Given / When / Then, on the generic decider specification
// ---------------------------------------------------------------------------

export const packageSpecification = deciderSpecification<PackageSnapshot, PackageCommand, PackageEvent>({
  initialState: initialPackage,
  evolve: evolvePackage,
  decide,
});

/** The package's specification, with status and content assertions after the events. */
export const given = givenWhenThen(packageSpecification, {
  /** The status after the emitted events (null: no package). */
  andStatus: (state: PackageSnapshot, status: PackageStatus | null) => expect(packageStatus(state)).toBe(status),
  /** The devices in the package after the emitted events, by number. */
  andContent: (state: PackageSnapshot, ns: readonly number[]) => expect(state.context.buybacks).toEqual(ns.map(packedBuyback)),
});
