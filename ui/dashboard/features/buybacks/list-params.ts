// .js: Node tests load this file (tests/ui/list-params.test.ts).
import { BUYBACK_STATUSES, type BuybackStatus } from '@server/domain/buybacks/state.js';
import { defineList, emptyFilters, filter, type ListParams } from '../../hooks/list-params.js';

/** The carrier's delivery statuses the filter offers (the domain's, which the logistics part records). */
export { DELIVERY_STATUSES, type DeliveryStatus } from '@server/domain/values/delivery-status.js';
import { DELIVERY_STATUSES, type DeliveryStatus } from '@server/domain/values/delivery-status.js';

/** Columns the API sorts by (BUYBACK_SORTS). */
export const SORTABLE = ['createdAt', 'identificationNumber', 'status', 'declaredPrice', 'customerName', 'productLabel'] as const;
export type SortField = (typeof SORTABLE)[number];

/** The filters of the list as the URL keeps them (dates as yyyy-mm-dd, in the viewer's time zone). */
export interface BuybackFilters {
  status: BuybackStatus[];
  channel: '' | 'store' | 'web';
  customerName: string;
  identificationNumber: string;
  storeId: string;
  productId: string;
  circuitId: string;
  warehouseId: string;
  buyerId: string;
  categoryId: string;
  brand: string;
  deliveryStatus: DeliveryStatus[];
  from: string;
  to: string;
}

/** The buyback list: its filters in the URL's order, its sorts, its page sizes. */
export const buybackList = defineList<BuybackFilters, SortField>({
  name: 'buybacks',
  filters: {
    status: filter.someOf(BUYBACK_STATUSES),
    channel: filter.oneOf(['store', 'web'] as const),
    // A customer's name is personal data: the URL carries it, local storage does not keep it.
    customerName: filter.text({ remember: false }),
    identificationNumber: filter.text(),
    storeId: filter.id(),
    productId: filter.id(),
    circuitId: filter.id(),
    warehouseId: filter.id(),
    buyerId: filter.id(),
    categoryId: filter.id(),
    brand: filter.text(),
    deliveryStatus: filter.someOf(DELIVERY_STATUSES),
    from: filter.date(),
    to: filter.date(),
  },
  sorts: SORTABLE,
  defaultSort: 'createdAt',
  defaultDirection: 'desc',
});

export type BuybackListParams = ListParams<BuybackFilters, SortField>;

export const EMPTY_FILTERS: BuybackFilters = emptyFilters(buybackList);

/** A local calendar day's first or last instant, as the API's UTC ISO-8601. */
function dayBound(day: string, end: boolean): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const local = end ? new Date(year, month - 1, date, 23, 59, 59, 999) : new Date(year, month - 1, date, 0, 0, 0, 0);
  return local.toISOString();
}

/** The API's list filters (GET /buybacks, /buybacks/export), without paging. */
export function apiFilters(filters: BuybackFilters): Record<string, string | string[] | undefined> {
  const digits = filters.identificationNumber.replace(/\s+/g, '');
  return {
    status: filters.status.length ? filters.status : undefined,
    channel: filters.channel || undefined,
    customerName: filters.customerName.trim() || undefined,
    identificationNumber: digits || undefined,
    storeId: filters.storeId ? [filters.storeId] : undefined,
    productId: filters.productId || undefined,
    circuitId: filters.circuitId || undefined,
    warehouseId: filters.warehouseId || undefined,
    buyerId: filters.buyerId || undefined,
    categoryId: filters.categoryId || undefined,
    brand: filters.brand.trim() || undefined,
    deliveryStatus: filters.deliveryStatus.length ? filters.deliveryStatus : undefined,
    createdFrom: filters.from ? dayBound(filters.from, false) : undefined,
    createdTo: filters.to ? dayBound(filters.to, true) : undefined,
  };
}
