import type { BuybackReferences } from '../../../../application/buybacks/buyback-views.js';
import { DELIVERY_STATUSES, type BuybackDocument } from '../../../../application/buybacks/read-models.js';
import { isForgotten } from '../../../../application/ports/personal-data.js';
import type { Texts } from '../../../../application/ports/texts.js';
import { PAYMENT_STATUSES, BUYBACK_CHANNELS } from '../../../../domain/buybacks/events.js';
import { BUYBACK_STATUSES } from '../../../../domain/buybacks/state.js';
import type { CsvFormat } from '../../list-route.js';

/** The export's columns, in order: what the list shows, and the store, circuit, payment and delivery besides. */
export const BUYBACK_CSV_COLUMNS = [
  'identificationNumber',
  'createdAt',
  'status',
  'channel',
  'customer',
  'product',
  'brand',
  'category',
  'store',
  'circuit',
  'paymentMode',
  'paymentStatus',
  'deliveryStatus',
  'declaredPrice',
  'validatedPrice',
] as const;

/** 13 digits in groups (1-6-6) as the dashboard shows them; a spreadsheet also reads them as text, not as a rounded number. */
function identificationNumber(value: string): string {
  return value.length === 13 ? `${value.slice(0, 1)} ${value.slice(1, 7)} ${value.slice(7)}` : value;
}

/**
 * The buyback export as the dashboard reads: the header line and each row in
 * the caller's language (`export.*` of the buybacks part's texts) and time
 * zone, names instead of ids. Never the IBAN nor an identity document: the
 * customer is their name only.
 */
export function buybackCsv(texts: Texts, format: CsvFormat, references: Pick<BuybackReferences, 'stores' | 'categories'>) {
  const text = (path: string) => texts.text(format.locale, `export.${path}`);
  const captions = (group: string, values: readonly string[]) => new Map(values.map((value) => [value, text(`${group}.${value}`)]));
  const statuses = captions('statuses', BUYBACK_STATUSES);
  const channels = captions('channels', BUYBACK_CHANNELS);
  const paymentStatuses = captions('paymentStatuses', PAYMENT_STATUSES);
  // Named as the screens name them (the API's `delivery.statuses`), not export captions of their own.
  const deliveryStatuses = new Map(DELIVERY_STATUSES.map((status) => [status, texts.text(format.locale, `delivery.statuses.${status}`)]));
  const stores = new Map(references.stores.map((store) => [store.id, store.name]));
  const categories = new Map(references.categories.map((category) => [category.id, category.label]));
  const noStore = text('noStore');
  const forgotten = text('customerForgotten');

  const row = (b: BuybackDocument): string[] => [
    identificationNumber(b.identificationNumber),
    format.dateTime(b.createdAt),
    statuses.get(b.status) ?? b.status,
    channels.get(b.channel) ?? b.channel,
    isForgotten(b.customer) ? forgotten : `${b.customer.firstName} ${b.customer.lastName}`,
    b.product.label,
    b.product.brand,
    categories.get(b.product.categoryId) ?? '',
    b.storeId ? (stores.get(b.storeId) ?? '') : b.status === 'bb_awaiting_store_drop' ? noStore : '',
    b.circuit.name,
    b.paymentMode.label,
    paymentStatuses.get(b.paymentStatus) ?? b.paymentStatus,
    b.deliveryStatus ? (deliveryStatuses.get(b.deliveryStatus) ?? b.deliveryStatus) : '',
    format.money(b.declaredPrice),
    format.money(b.validatedPrice),
  ];
  return { header: BUYBACK_CSV_COLUMNS.map((column) => text(`columns.${column}`)), row };
}
