import type { ItemDocument } from '../../../../application/warehouse/read-models.js';
import type { StockView } from '../../../../application/warehouse/warehouse-views.js';
import type { Texts } from '../../../../application/ports/texts.js';
import { ITEM_STATUSES } from '../../../../domain/warehouse/items/state.js';
import { NATIVE_STOCK_KINDS } from '../../../../domain/warehouse/stocks/native-stocks.js';
import type { CsvFormat } from '../../list-route.js';

/** The export's columns, in order: what the items list shows, and the economic data besides. */
export const ITEM_CSV_COLUMNS = [
  'identificationNumber',
  'shortCode',
  'product',
  'brand',
  'status',
  'stock',
  'imei',
  'serialNumber',
  'receivedAt',
  'ageInDays',
  'purchasePrice',
  'validatedPrice',
  // The refurbishment economics (projections/refurbishment/economics-projection.ts).
  'plannedRefurbCost',
  'completedRefurbCost',
  'targetResalePrice',
  'margin',
] as const;

const DAY_MS = 86_400_000;

/**
 * The items export as the dashboard reads it: captions in the caller's
 * language (`export.items.columns.*`), statuses and native stocks in the
 * words the screens use (`items.statuses.*`, `stocks.native.*`), stocks by
 * name, dates in their time zone.
 */
export function itemCsv(texts: Texts, format: CsvFormat, stocks: readonly StockView[], now: string) {
  const text = (path: string) => texts.text(format.locale, path);
  const statuses = new Map(ITEM_STATUSES.map((status) => [status, text(`items.statuses.${status}`)]));
  const natives = new Map(NATIVE_STOCK_KINDS.map((kind) => [kind, text(`stocks.native.${kind}`)]));
  const stockNames = new Map(stocks.map((stock) => [stock.id, stock.kind ? (natives.get(stock.kind) ?? stock.kind) : (stock.name ?? '')]));
  const row = (item: ItemDocument): string[] => [
    item.identificationNumber,
    item.shortCode,
    item.product.label,
    item.product.brand,
    statuses.get(item.status) ?? item.status,
    item.stockId ? (stockNames.get(item.stockId) ?? '') : '',
    item.imei ?? '',
    item.serialNumber ?? '',
    format.dateTime(item.receivedAt),
    item.receivedAt ? String(Math.max(0, Math.floor((Date.parse(now) - Date.parse(item.receivedAt)) / DAY_MS))) : '',
    format.money(item.purchasePrice),
    format.money(item.validatedPrice),
    format.money(item.plannedRefurbCost ?? null),
    format.money(item.completedRefurbCost ?? null),
    format.money(item.targetResalePrice ?? null),
    format.money(item.margin ?? null),
  ];
  return { header: ITEM_CSV_COLUMNS.map((column) => text(`export.items.columns.${column}`)), row };
}
