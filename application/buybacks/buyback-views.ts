/**
 * What the buyback queries answer and the API shows: types only, shared with
 * the dashboard (ui/dashboard/features/buybacks/types.ts), so that the screens
 * read exactly the shapes the server sends.
 */
import type { BuybackFields } from './read-models.js';
import type { HistoryEntry } from './history-read-model.js';

/** A buyback as the API shows it (GET /api/buybacks/{id} and each row of the list); see presentBuyback. */
export type BuybackView = Omit<BuybackFields, '_id' | 'statePath' | 'customerSearch'> & {
  id: string;
  customerForgotten: boolean;
  /** A new price was proposed and the customer has not answered yet. */
  awaitingCustomerDecision: boolean;
};

/** One page of a list. */
export interface ListPage<T> {
  items: T[];
  /** Exact below the counting limit, else that limit; null with partial pagination. */
  totalItems: number | null;
  totalItemsIsLowerBound: boolean;
  hasNextPage: boolean;
  page: number;
  itemsPerPage: number;
}

/** One event of a buyback's history, with the name of the user who caused it. */
export type HistoryView = HistoryEntry & { user: { id: string; name: string } | null };

/** The names the buyback screens show next to ids, and the choices of the list filters. */
export interface BuybackReferences {
  /** The stores whose buybacks the caller may list (one for a store user). */
  stores: Array<{ id: string; name: string }>;
  warehouses: Array<{ id: string; name: string }>;
  buyers: Array<{ id: string; name: string }>;
  circuits: Array<{ id: string; name: string; channel: string }>;
  categories: Array<{ id: string; label: string; parentId: string | null }>;
  shippingMethods: Array<{ id: string; label: string }>;
}
