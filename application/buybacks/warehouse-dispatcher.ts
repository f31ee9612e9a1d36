import type { BuybackDispatch } from '../../domain/buybacks/events.js';
import type { RoutingCategory } from '../../domain/buybacks/routing.js';
import { destinationWarehouse } from '../../domain/buybacks/routing.js';

/** What a new buyback's warehouse is chosen from. */
export interface DispatchRequest {
  accountId: string;
  brand: string;
  /** The product's category, then its ancestors up to the root (a rule on a parent covers its children). */
  categoryChainRootFirst: readonly RoutingCategory[];
  circuitId: string;
  /** The declared state (grade). */
  productState: string;
  /** Where the device leaves from: the store's address (store channel), the customer's (web); null when not known yet. */
  origin: { zipCode: string; country: string } | null;
  /** The store registering it, whose address is the origin of a store buyback. */
  storeId: string | null;
}

export interface WarehouseChoice {
  warehouseId: string;
  dispatch: BuybackDispatch | null;
}

/**
 * Chooses a new buyback's warehouse (TOKENS.WarehouseDispatcher). The
 * logistics part registers the retailer's dispatch rules; without it, the
 * category's referent warehouse. Null: no warehouse matches, the
 * specification's "no warehouse matches the category" (the caller refuses,
 * nothing is written).
 */
export interface WarehouseDispatcher {
  choose(request: DispatchRequest): Promise<WarehouseChoice | null>;
}

/** The category's referent warehouse (the nearest category naming one), as before dispatch rules. */
export const categoryDispatcher: WarehouseDispatcher = {
  async choose(request) {
    try {
      return { warehouseId: destinationWarehouse(request.categoryChainRootFirst), dispatch: null };
    } catch {
      return null;
    }
  },
};
