/**
 * The warehouse part's read models: what its projections write and its
 * queries read. Types and collection names only.
 */
import type { Money } from '../../domain/shared/money.js';
import type { DeclaredProduct } from '../../domain/buybacks/events.js';
import type { ComplianceCheckResult, ItemEventType, LostPlace, QuarantineReason } from '../../domain/warehouse/items/events.js';
import type { ItemCompletion, ItemStatus } from '../../domain/warehouse/items/state.js';
import type { NativeStockKind } from '../../domain/warehouse/stocks/native-stocks.js';
import type { StepLedger } from '../../domain/refurbishment/economics/item-economics.js';
import type { ITEM_REFURB_STEP_EVENT_TYPES, REFURB_DIAGNOSIS_EVENT_TYPES } from '../../domain/refurbishment/events.js';

export const WAREHOUSE_COLLECTIONS = {
  items: 'items',
  itemHistory: 'item_history',
  stocks: 'stocks',
  verifications: 'warehouse_verifications',
} as const;

/** One document per item (device). */
export interface ItemDocument {
  _id: string;
  accountId: string;
  buybackId: string;
  /** The buyback's 13-digit code. */
  identificationNumber: string;
  /** Its last 8 digits: the item code. */
  shortCode: string;
  status: ItemStatus;
  /** How it was completed, once completed. */
  completion: ItemCompletion | null;
  storeId: string | null;
  warehouseId: string;
  buyerId: string;
  /** The stock it is in; null outside the warehouse. */
  stockId: string | null;
  product: DeclaredProduct;
  /** Lower-case brand, for the case-insensitive brand filter. */
  brandKey: string;
  imei: string | null;
  serialNumber: string | null;
  /** The declared price, then the validated one once the buyback is completed: what is (to be) paid. */
  purchasePrice: Money;
  validatedPrice: Money | null;
  proposedPrice: Money | null;
  /** Planned (cancelled steps excluded) and completed (validated steps) refurbishment costs: null until the refurbishment plans steps. */
  plannedRefurbCost: Money | null;
  completedRefurbCost: Money | null;
  /** Steps were planned for it: the list's hasRefurbishment filter, which has its own index (a scalar, unlike the cost). */
  refurbishing: boolean;
  /** The item's refurb steps as its economics follow them (cost, status, working time); see projections/refurbishment/economics-projection.ts. */
  refurbSteps: StepLedger;
  /** The price the workshop means to resell it at (set on the item's economic data), null until set. */
  targetResalePrice: Money | null;
  /** Target resale price less the paid price and the planned refurbishment cost; null without a target. */
  margin: Money | null;
  /** When it was registered at the warehouse: its age is counted from then. */
  receivedAt: string | null;
  /** When it took its current status. */
  statusSince: string;
  check: (ComplianceCheckResult & { at: string; by: string | null }) | null;
  quarantine: { reason: QuarantineReason; comment: string; since: string; by: string | null } | null;
  disputeMail: { delivered: boolean; failure: string | null; at: string; by: string | null } | null;
  lost: { place: LostPlace; comment: string; at: string; by: string | null } | null;
  returned: { trackingNumber: string | null; comment: string | null; at: string } | null;
  createdAt: string;
  updatedAt: string;
  /** Revision of the item's stream: the ETag. */
  revision: number;
  [key: string]: unknown;
}

/** A stock: a warehouse's native stocks and its own, with what they hold. */
export interface StockDocument {
  _id: string;
  accountId: string;
  warehouseId: string;
  /** Which native stock it is; null for one of the warehouse's own. */
  kind: NativeStockKind | null;
  /** The name given (own stocks); a native stock's name is its kind's translated label. */
  name: string | null;
  /** Lower-case name, for the name filter and uniqueness checks on screen. */
  nameKey: string | null;
  identifier: string | null;
  location: string | null;
  /** Items in it now. */
  quantity: number;
  /** Sum of the items' reception times, in minutes since the epoch: their average age without reading them. */
  receivedAtMinutesSum: number;
  createdAt: string;
  updatedAt: string;
  /** When it was deleted: a deleted stock stays as a tombstone, which every query leaves out. */
  deletedAt: string | null;
  /** Revision of the warehouse's stocks stream when this stock last changed (own stocks), -1 for natives. */
  revision: number;
  [key: string]: unknown;
}

/** One entry of an item's history: an event, who caused it, why, and what it changed. */
export interface ItemHistoryEntry {
  eventId: string;
  revision: number;
  /** An item event, or a refurbishment event about the item (its diagnosis, its steps' actions). */
  type: ItemEventType | (typeof REFURB_DIAGNOSIS_EVENT_TYPES)[number] | (typeof ITEM_REFURB_STEP_EVENT_TYPES)[number];
  at: string;
  userId: string | null;
  organizationId: string | null;
  statusBefore: ItemStatus | null;
  statusAfter: ItemStatus;
  reason: string | null;
  comment: string | null;
  /** Values this event changed, before → after (the stock among them). */
  changes: Record<string, { from: unknown; to: unknown }>;
}

export interface ItemHistoryDocument {
  _id: string;
  accountId: string;
  status: ItemStatus;
  inWarehouse: boolean;
  current: Record<string, unknown>;
  entries: ItemHistoryEntry[];
  [key: string]: unknown;
}

/** What a verification compares a list of codes with. */
export const VERIFICATION_SCOPES = ['in_transit', 'in_warehouse'] as const;
export type VerificationScope = (typeof VERIFICATION_SCOPES)[number];

export interface VerificationDocument {
  _id: string;
  accountId: string;
  warehouseId: string;
  scope: VerificationScope;
  stockId: string | null;
  fileName: string;
  codesRead: number;
  matched: { count: number; codes: string[] };
  missing: { count: number; codes: string[] };
  unexpected: { count: number; codes: string[] };
  createdAt: string;
  createdBy: string | null;
  [key: string]: unknown;
}
