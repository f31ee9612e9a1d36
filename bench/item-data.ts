/**
 * Realistic warehouse items for the benchmarks: each item's creation event
 * (the exact shape of domain/warehouse/items/events.ts) and its read-model
 * document as the items projection would hold it at its status (received,
 * stocked, checked…). Two tenants, the demo ones first so the HTTP API sees
 * them; statuses, stocks, products and reception dates spread as a warehouse
 * would have them over two years. Drawn from a seeded generator: every run
 * writes the same items.
 */
import type { ItemCreated } from '../domain/warehouse/items/events.js';
import type { ItemStatus } from '../domain/warehouse/items/state.js';
import { nativeStockId, type NativeStockKind } from '../domain/warehouse/stocks/native-stocks.js';
import { identificationNumberFrom, IDENTIFICATION_NUMBER_PREFIX } from '../domain/values/identification-number.js';
import type { ItemDocument } from '../application/warehouse/read-models.js';
import { APPLIED_REVISIONS_FIELD } from '../application/ports/projection.js';
import { DEMO_IDS } from '../infrastructure/seed/demo-data.js';
import { pick, seededUuid, weighted } from './support.js';

type Random = () => number;
const DAY_MS = 86_400_000;

export interface ItemTenant {
  accountId: string;
  weight: number;
  warehouseId: string;
  buyerId: string;
  stores: string[];
}

export const ITEM_TENANTS: readonly ItemTenant[] = [
  { accountId: DEMO_IDS.accounts.demo, weight: 0.6, warehouseId: DEMO_IDS.warehouses.demo, buyerId: DEMO_IDS.buyers.demo, stores: [DEMO_IDS.stores.paris, DEMO_IDS.stores.lyon] },
  { accountId: DEMO_IDS.accounts.other, weight: 0.4, warehouseId: DEMO_IDS.warehouses.other, buyerId: DEMO_IDS.buyers.other, stores: [DEMO_IDS.stores.lille] },
];

const PRODUCTS: ReadonlyArray<readonly [string, string, string, string, number]> = [
  [DEMO_IDS.products.iphone15_128, 'Apple iPhone 15 128 Go', 'Apple', DEMO_IDS.categories.appleIphone, 42_000],
  [DEMO_IDS.products.iphone13_128, 'Apple iPhone 13 128 Go', 'Apple', DEMO_IDS.categories.appleIphone, 22_000],
  [DEMO_IDS.products.galaxyS23_128, 'Samsung Galaxy S23 128 Go', 'Samsung', DEMO_IDS.categories.samsungGalaxy, 29_000],
  [DEMO_IDS.products.pixel7_128, 'Google Pixel 7 128 Go', 'Google', DEMO_IDS.categories.googlePixel, 18_000],
  [DEMO_IDS.products.macbookAirM2, 'Apple MacBook Air 13" M2 256 Go', 'Apple', DEMO_IDS.categories.laptops, 61_000],
  [DEMO_IDS.products.ps5, 'Sony PlayStation 5 Standard 825 Go', 'Sony', DEMO_IDS.categories.consoles, 21_000],
];

/** A spread of items over statuses: each status, its weight, and the native stock it keeps them in. */
export type StatusSpread = ReadonlyArray<readonly [ItemStatus, number, NativeStockKind | null]>;

/** How a warehouse's items are spread over the statuses, and the native stock each status keeps them in. */
const STATUSES: StatusSpread = [
  ['item_awaiting_inventory', 8, null],
  ['item_in_transit', 9, null],
  ['item_registered_in_warehouse', 9, 'to_approve'],
  ['item_awaiting_compliancy_tests', 3, 'to_approve'],
  ['item_completed', 42, 'to_refurbish'],
  ['item_refurb_in_progress', 5, 'to_refurbish'],
  ['item_refurb_completed', 7, 'refurb_completed'],
  ['item_in_quarantine', 2, 'in_quarantine'],
  ['item_to_reintegrate_to_stock', 1, 'to_approve'],
  ['item_to_return', 2, 'customer_return'],
  ['item_returned', 3, null],
  ['item_cancelled', 4, null],
  ['item_lost_transport', 1, null],
];

/** `statuses`: another spread (a workshop's items, all in or past refurbishment); the warehouse's by default. */
export function itemFactory(random: Random, endMs: number, count: number, statuses: StatusSpread = STATUSES) {
  const spanMs = 2 * 365 * DAY_MS;
  const startMs = endMs - spanMs;
  return {
    /** The `index`-th item, created in date order: its creation event and its document today. */
    item(index: number): { event: ItemCreated; document: ItemDocument } {
      const tenant = weighted(random, ITEM_TENANTS.map((t) => [t, t.weight] as const));
      const [productId, label, brand, categoryId, price] = pick(random, PRODUCTS);
      const createdMs = startMs + Math.floor((index / count) * spanMs);
      const code = identificationNumberFrom(IDENTIFICATION_NUMBER_PREFIX + String(Math.floor(random() * 1e11)).padStart(11, '0'));
      const itemId = seededUuid(random);
      const buybackId = seededUuid(random);
      const product = { productId, label, brand, categoryId, ean: null };
      const purchasePrice = { amountInCents: price, currency: 'EUR' as const };
      const event: ItemCreated = {
        type: 'ItemCreated',
        data: {
          itemId,
          buybackId,
          identificationNumber: code,
          shortCode: code.slice(-8),
          awaiting: 'store_shipment',
          storeId: pick(random, tenant.stores),
          warehouseId: tenant.warehouseId,
          buyerId: tenant.buyerId,
          product,
          imei: random() < 0.7 ? `35${String(Math.floor(random() * 1e13)).padStart(13, '0')}` : null,
          purchasePrice,
        },
      };
      const [status, , stock] = weighted(random, statuses.map((row) => [row, row[1]] as const));
      const received = status !== 'item_awaiting_inventory' && status !== 'item_in_transit';
      const receivedMs = createdMs + (1 + random() * 4) * DAY_MS;
      const created = new Date(createdMs).toISOString();
      const updated = new Date(received ? receivedMs + random() * 5 * DAY_MS : createdMs).toISOString();
      const document: ItemDocument = {
        _id: itemId,
        accountId: tenant.accountId,
        buybackId,
        identificationNumber: code,
        shortCode: code.slice(-8),
        status,
        completion: status === 'item_completed' ? 'by_price' : null,
        storeId: event.data.storeId,
        warehouseId: tenant.warehouseId,
        buyerId: tenant.buyerId,
        stockId: stock ? nativeStockId(tenant.warehouseId, stock) : null,
        product,
        brandKey: brand.toLowerCase(),
        imei: event.data.imei,
        serialNumber: null,
        purchasePrice,
        validatedPrice: status === 'item_completed' ? purchasePrice : null,
        proposedPrice: null,
        ...economicsOf(index, status, purchasePrice.amountInCents),
        receivedAt: received ? new Date(receivedMs).toISOString() : null,
        statusSince: updated,
        check: null,
        quarantine: status === 'item_in_quarantine' ? { reason: 'account_lock_active', comment: 'iCloud', since: updated, by: null } : null,
        disputeMail: null,
        lost: null,
        returned: null,
        createdAt: created,
        updatedAt: updated,
        // The item's later events are not generated (the benchmarks read documents and append to streams of their own items).
        revision: 0,
        [APPLIED_REVISIONS_FIELD]: { [`item-${itemId}`]: 0 },
      };
      return { event, document };
    },
  };
}

/**
 * The refurbishment economics of the items being or done refurbishing (and a
 * few completed ones given a target already), as the items projection keeps
 * them: derived from the item's index, not drawn, so the other fields are
 * drawn exactly as before.
 */
function economicsOf(index: number, status: ItemStatus, paidInCents: number) {
  const refurbishing = status === 'item_refurb_in_progress' || status === 'item_refurb_completed' || (status === 'item_completed' && index % 4 === 0);
  if (!refurbishing) return { refurbishing: false, plannedRefurbCost: null, completedRefurbCost: null, refurbSteps: [], targetResalePrice: null, margin: null };
  const eur = (amountInCents: number) => ({ amountInCents, currency: 'EUR' as const });
  const planned = 1_500 + ((index * 7_919) % 120) * 100;
  const completed = status === 'item_refurb_completed' ? planned : status === 'item_refurb_in_progress' ? Math.floor(planned / 2) : 0;
  const target = Math.round(paidInCents * (1.2 + ((index * 31) % 60) / 100));
  return {
    refurbishing: true,
    plannedRefurbCost: eur(planned),
    completedRefurbCost: eur(completed),
    refurbSteps: [],
    targetResalePrice: eur(target),
    margin: eur(target - paidInCents - planned),
  };
}
