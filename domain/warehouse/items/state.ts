import type { Money } from '../../shared/money.js';
import type { DeclaredProduct } from '../../buybacks/events.js';
import type { ComplianceCheckResult, LostPlace, QuarantineReason } from './events.js';

/** Every item status of the specification (001 §4). */
export const ITEM_STATUSES = [
  'item_created',
  'item_awaiting_inventory',
  'item_awaiting_store_drop',
  'item_in_transit',
  'item_registered_in_warehouse',
  'item_awaiting_compliancy_tests',
  'item_completed',
  'item_refurb_diagnostic_in_progress',
  'item_refurb_in_progress',
  'item_refurb_completed',
  'item_in_quarantine',
  'item_to_reintegrate_to_stock',
  'item_to_return',
  'item_returned',
  'item_cancelled',
  'item_lost_store',
  'item_lost_transport',
  'item_lost_warehouse',
] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

/** How a completed item was completed: the specification's variants, and the buyback's completion without control. */
export const ITEM_COMPLETIONS = ['by_price', 'with_absorption', 'with_negociation', 'without_control'] as const;
export type ItemCompletion = (typeof ITEM_COMPLETIONS)[number];

/** The statuses of an item physically at the warehouse, in one of its stocks. */
export const IN_WAREHOUSE_STATUSES: readonly ItemStatus[] = [
  'item_registered_in_warehouse',
  'item_awaiting_compliancy_tests',
  'item_completed',
  'item_refurb_diagnostic_in_progress',
  'item_refurb_in_progress',
  'item_refurb_completed',
  'item_in_quarantine',
  'item_to_reintegrate_to_stock',
  'item_to_return',
];

/** The statuses from which the compliance check may end (see docs/specification-readings.md). */
export const CHECKABLE_STATUSES: readonly ItemStatus[] = ['item_registered_in_warehouse', 'item_to_reintegrate_to_stock'];

/** What decisions need to know about an item; folded from its events by the machine. */
export interface ItemContext {
  itemId: string | null;
  buybackId: string | null;
  identificationNumber: string | null;
  storeId: string | null;
  warehouseId: string | null;
  product: DeclaredProduct | null;
  purchasePrice: Money | null;
  validatedPrice: Money | null;
  proposedPrice: Money | null;
  completion: ItemCompletion | null;
  /** The stock it is in, null outside the warehouse. */
  stockId: string | null;
  /** When it was registered at the warehouse. */
  receivedAt: string | null;
  check: ComplianceCheckResult | null;
  quarantine: { reason: QuarantineReason; comment: string } | null;
  lostPlace: LostPlace | null;
  /** Whether the last dispute e-mail about its quarantine left; null before one was sent. */
  disputeMailDelivered: boolean | null;
}

export const EMPTY_ITEM: ItemContext = {
  itemId: null,
  buybackId: null,
  identificationNumber: null,
  storeId: null,
  warehouseId: null,
  product: null,
  purchasePrice: null,
  validatedPrice: null,
  proposedPrice: null,
  completion: null,
  stockId: null,
  receivedAt: null,
  check: null,
  quarantine: null,
  lostPlace: null,
  disputeMailDelivered: null,
};
