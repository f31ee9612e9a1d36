// .js: Node tests load this file.
import { QUARANTINE_REASONS, type QuarantineReason } from '@server/domain/warehouse/items/events.js';
import { defineList, emptyFilters, filter, type ListParams } from '../../hooks/list-params.js';

/** Columns the API sorts the quarantine by (a subset of ITEM_SORTS). */
export const QUARANTINE_SORTABLE = ['statusSince', 'identificationNumber', 'productLabel'] as const;
export type QuarantineSortField = (typeof QUARANTINE_SORTABLE)[number];

export interface QuarantineFilters {
  reason: QuarantineReason[];
  code: string;
  productId: string;
  warehouseId: string;
}

/** The quarantine list: the devices held longest first would hide the new ones; newest first. */
export const quarantineList = defineList<QuarantineFilters, QuarantineSortField>({
  name: 'buybacks-quarantine',
  filters: { reason: filter.someOf(QUARANTINE_REASONS), code: filter.text(), productId: filter.id(), warehouseId: filter.id() },
  sorts: QUARANTINE_SORTABLE,
  defaultSort: 'statusSince',
  defaultDirection: 'desc',
});

export type QuarantineListParams = ListParams<QuarantineFilters, QuarantineSortField>;

export const EMPTY_QUARANTINE_FILTERS: QuarantineFilters = emptyFilters(quarantineList);

/** The API's filters (GET /items): the items in quarantine, by reason, code, product and warehouse. */
export function apiQuarantineFilters(filters: QuarantineFilters): Record<string, string | string[] | undefined> {
  const code = filters.code.replace(/\s+/g, '');
  return {
    status: ['item_in_quarantine'],
    quarantineReason: filters.reason.length ? filters.reason : undefined,
    code: code || undefined,
    productId: filters.productId || undefined,
    warehouseId: filters.warehouseId || undefined,
  };
}
