import { stringify } from 'csv-stringify/sync';
import type { DependencyContainer } from 'tsyringe';
import type { BuybackQueries } from '../../../application/buybacks/buyback-queries.js';
import { PaymentQueries } from '../../../application/payments/payment-queries.js';
import type { Clock } from '../../../application/ports/clock.js';
import type { DocumentStore } from '../../../application/ports/document-store.js';
import type { Texts } from '../../../application/ports/texts.js';
import type { ExportQuery, ExportSource } from '../../../application/settings/exports/data-exports.js';
import type { DataExportKind } from '../../../application/settings/exports/export-document.js';
import { TOKENS } from '../../../application/tokens.js';
import type { WarehouseQueries } from '../../../application/warehouse/warehouse-queries.js';
import { csvFormat, mapRows, neutralised } from '../../http/list-route.js';
import { buybackCsv } from '../../http/routes/buybacks/buyback-csv.js';
import { paymentCsv } from '../../http/routes/payments/payment-csv.js';
import { itemCsv } from '../../http/routes/warehouse/item-csv.js';

/** A store id no store has: an organization covering no store exports no row (an empty filter would mean every store). */
const NO_STORE = '00000000-0000-4000-8000-000000000000';

const storeFilter = (query: ExportQuery) => (query.storeIds === null ? {} : { storeId: query.storeIds.length > 0 ? query.storeIds : [NO_STORE] });
const dates = (query: ExportQuery) => ({
  ...(query.createdFrom ? { createdFrom: query.createdFrom } : {}),
  ...(query.createdTo ? { createdTo: query.createdTo } : {}),
});
const ONE = { page: 1, itemsPerPage: 1 };

/**
 * The organization exports' rows: the lists' own exports (the buybacks',
 * items' and payments' CSV writers and queries, their columns, captions and
 * visibility), read for the principal who asked, the organization's stores
 * as the store filter. No IBAN, no identity number, a forgotten customer
 * named as such: what those exports write.
 */
export function exportSourcesOf(container: DependencyContainer): Record<DataExportKind, ExportSource> {
  const texts = container.resolve<Texts>(TOKENS.Texts);
  const buybacks = () => container.resolve<BuybackQueries>(TOKENS.BuybackQueries);
  const warehouse = () => container.resolve<WarehouseQueries>(TOKENS.WarehouseQueries);
  const payments = () => new PaymentQueries(container.resolve<DocumentStore>(TOKENS.DocumentStore));
  const clock = container.resolve<Clock>(TOKENS.Clock);
  return {
    buybacks: {
      permission: 'buyback.export',
      dated: true,
      count: async (principal, query) => (await buybacks().list(principal, { ...ONE, ...storeFilter(query), ...dates(query) })).totalItems ?? 0,
      async open(principal, query, locale, timeZone) {
        const csv = buybackCsv(texts, csvFormat(locale, timeZone), await buybacks().references(principal));
        return { header: csv.header, rows: mapRows(buybacks().all(principal, { ...storeFilter(query), ...dates(query) }), csv.row) };
      },
    },
    payments: {
      permission: 'payment.export',
      dated: true,
      count: async (principal, query) => (await payments().list(principal, { ...ONE, ...storeFilter(query), ...dates(query) })).totalItems ?? 0,
      async open(principal, query, locale, timeZone) {
        const csv = paymentCsv(texts, csvFormat(locale, timeZone));
        return { header: csv.header, rows: mapRows(payments().all(principal, { ...storeFilter(query), ...dates(query) }), csv.row) };
      },
    },
    items: {
      permission: 'item.export',
      dated: false,
      count: async (principal) => (await warehouse().listItems(principal, ONE)).totalItems ?? 0,
      async open(principal, _query, locale, timeZone) {
        const stocks = await warehouse().listStocks(principal, { page: 1, itemsPerPage: 1_000, pagination: false });
        const csv = itemCsv(texts, csvFormat(locale, timeZone), stocks.items, clock.now());
        return { header: csv.header, rows: mapRows(warehouse().allItems(principal, {}), csv.row) };
      },
    },
  };
}

/** The CSV as the lists' exports write it: semicolons, CRLF, formula cells neutralised, the BOM first. */
export function csvRecords(records: string[][], bom: boolean): string {
  return stringify(
    records.map((record) => record.map(neutralised)),
    { delimiter: ';', record_delimiter: 'windows', bom },
  );
}
