import { DomainError } from '../shared/domain-error.js';

/**
 * Where a new buyback goes: its destination warehouse and its buyer, read
 * from the category chain of the declared product. A category names its
 * referent warehouses and its buyer, or inherits them: the nearest category
 * that names one decides (the product's own category first, then its parent,
 * up to the root). Pure: the application reads the chain from the catalogue.
 */
export interface RoutingCategory {
  categoryId: string;
  referentWarehouseIds: readonly string[];
  buyerId: string | null;
}

/**
 * The first referent warehouse of the nearest category naming one; none in
 * the whole chain is a catalogue configuration error the specification names
 * ("no warehouse matches the category").
 */
export function destinationWarehouse(chainRootFirst: readonly RoutingCategory[]): string {
  for (let i = chainRootFirst.length - 1; i >= 0; i--) {
    const warehouseId = chainRootFirst[i]?.referentWarehouseIds[0];
    if (warehouseId) return warehouseId;
  }
  throw new DomainError('BUYBACK_NO_WAREHOUSE_FOR_CATEGORY', { categoryId: productCategory(chainRootFirst) });
}

/** The buyer of the nearest category naming one; none means the transfer order has nobody to name. */
export function buyerOf(chainRootFirst: readonly RoutingCategory[]): string {
  for (let i = chainRootFirst.length - 1; i >= 0; i--) {
    const buyerId = chainRootFirst[i]?.buyerId;
    if (buyerId) return buyerId;
  }
  throw new DomainError('BUYBACK_BUYER_UNREACHABLE', { categoryId: productCategory(chainRootFirst) });
}

function productCategory(chain: readonly RoutingCategory[]): string | null {
  return chain[chain.length - 1]?.categoryId ?? null;
}
