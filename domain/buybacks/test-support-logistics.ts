/**
 * Given/When/Then factories of what the logistics part records on a buyback:
 * packed into a store's package and taken out, named by a carrier's label,
 * and its carrier's reports (re-exported by test-support.ts).
 */
import type { BuybackCommand } from './commands.js';
import type { BuybackDeliveryStatusChanged, BuybackPacked, BuybackReceivedFromStore, BuybackShipmentTracked, BuybackUnpacked } from './events.js';
import { BUYBACK_ID, STORE_ID, WAREHOUSE_ID } from './test-support.js';

export const PACKAGE_ID = 'package-0001';
export const PACKAGE_NUMBER = 'P000000001';
export const OTHER_PACKAGE_ID = 'package-0002';
export const TRANSPORT_ID = 'transport-0001';
export const CARRIER_TRACKING = { transportId: TRANSPORT_ID, carrier: 'Trade-in Platform Transport', trackingNumber: 'TP100000000000011', trackingLink: null };

export function packed(packageId = PACKAGE_ID, packageNumber = PACKAGE_NUMBER): BuybackPacked {
  return { type: 'BuybackPacked', data: { buybackId: BUYBACK_ID, packageId, packageNumber } };
}

export function unpacked(packageId = PACKAGE_ID): BuybackUnpacked {
  return { type: 'BuybackUnpacked', data: { buybackId: BUYBACK_ID, packageId } };
}

/** Its store never shipped it; the warehouse received it (out of its package, when it was in one). */
export function receivedFromStore(inPackage: { packageId: string; number: string } | null = null, warehouseId = WAREHOUSE_ID): BuybackReceivedFromStore {
  return {
    type: 'BuybackReceivedFromStore',
    data: { buybackId: BUYBACK_ID, warehouseId, storeId: STORE_ID, packageId: inPackage?.packageId ?? null, packageNumber: inPackage?.number ?? null },
  };
}

export function shipmentTracked(): BuybackShipmentTracked {
  return { type: 'BuybackShipmentTracked', data: { buybackId: BUYBACK_ID, ...CARRIER_TRACKING } };
}

export function deliveryStatusChanged(status: BuybackDeliveryStatusChanged['data']['status'] = 'IN_PROGRESS', occurredAt = '2026-11-20T10:00:00.000Z'): BuybackDeliveryStatusChanged {
  return { type: 'BuybackDeliveryStatusChanged', data: { buybackId: BUYBACK_ID, transportId: TRANSPORT_ID, status, occurredAt } };
}

/** Into the package, from the registering store, to its warehouse, under a label (a store_drop buyback needs one). */
export function pack(options: { packageId?: string; storeId?: string; warehouseId?: string; withLabel?: boolean } = {}): BuybackCommand {
  return {
    type: 'PackBuyback',
    data: {
      packageId: options.packageId ?? PACKAGE_ID,
      packageNumber: PACKAGE_NUMBER,
      storeId: options.storeId ?? STORE_ID,
      warehouseId: options.warehouseId ?? WAREHOUSE_ID,
      withLabel: options.withLabel ?? true,
    },
  };
}

export function unpack(packageId = PACKAGE_ID): BuybackCommand {
  return { type: 'UnpackBuyback', data: { packageId } };
}

/** The warehouse confirms it holds it, having found it in this package (null: none). */
export function receiveFromStore(packageId: string | null = null, warehouseId = WAREHOUSE_ID): BuybackCommand {
  return { type: 'ReceiveBuybackFromStore', data: { warehouseId, packageId } };
}

export function recordShipment(): BuybackCommand {
  return { type: 'RecordBuybackShipment', data: CARRIER_TRACKING };
}

export function recordDelivery(status: BuybackDeliveryStatusChanged['data']['status'] = 'IN_PROGRESS', occurredAt = '2026-11-20T10:00:00.000Z'): BuybackCommand {
  return { type: 'RecordBuybackDelivery', data: { transportId: TRANSPORT_ID, status, occurredAt } };
}
