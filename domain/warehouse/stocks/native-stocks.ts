import { derivedId } from '../../shared/derived-id.js';

/**
 * Every warehouse has these stocks from the start (specification 001 §3);
 * they cannot be renamed or deleted. The item's lifecycle moves it between
 * them: received → to approve; completed → to refurbish; refurbished →
 * refurb completed; refused by the customer (or cancelled at the warehouse)
 * → customer return; held → in quarantine.
 */
export const NATIVE_STOCK_KINDS = ['to_approve', 'to_refurbish', 'refurb_completed', 'customer_return', 'in_quarantine'] as const;
export type NativeStockKind = (typeof NATIVE_STOCK_KINDS)[number];

/** The id of a warehouse's native stock: derived from the warehouse, so it exists without being created. */
export function nativeStockId(warehouseId: string, kind: NativeStockKind): string {
  return derivedId(`stock:${warehouseId}:${kind}`);
}

/** The kind of a native stock of this warehouse, or null for one of its own stocks (or another warehouse's). */
export function nativeKindOf(warehouseId: string, stockId: string): NativeStockKind | null {
  return NATIVE_STOCK_KINDS.find((kind) => nativeStockId(warehouseId, kind) === stockId) ?? null;
}
