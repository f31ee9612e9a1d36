// .js: Node tests load this file (tests/ui/transport-list-params.test.ts).
import { TRANSPORT_KINDS, type TransportKind } from '@server/domain/logistics/transports/events.js';
import { DELIVERY_STATUSES, type DeliveryStatus } from '@server/domain/values/delivery-status.js';
import type { TransportView } from '@server/application/logistics/logistics-views.js';
import { apiDayBound, defineList, emptyFilters, filter, type ListParams } from '../../hooks/list-params.js';

/** Where a transport's label stands (TransportView.labelStatus). */
export type LabelStatus = TransportView['labelStatus'];
export const LABEL_STATUSES: readonly LabelStatus[] = ['pending', 'ready', 'failed'];

/** Columns the API sorts by (TRANSPORT_SORTS). */
export const SORTABLE = ['createdAt', 'identificationNumber', 'deliveryStatus'] as const;
export type SortField = (typeof SORTABLE)[number];

/** The filters of the list as the URL keeps them (dates as yyyy-mm-dd, in the viewer's time zone). */
export interface TransportFilters {
  kind: TransportKind[];
  deliveryStatus: DeliveryStatus[];
  labelStatus: LabelStatus[];
  identificationNumber: string;
  trackingNumber: string;
  from: string;
  to: string;
}

/** The transports list: its filters in the URL's order, its sorts, its page sizes. */
export const transportList = defineList<TransportFilters, SortField>({
  name: 'transports',
  filters: {
    kind: filter.someOf(TRANSPORT_KINDS),
    deliveryStatus: filter.someOf(DELIVERY_STATUSES),
    labelStatus: filter.someOf(LABEL_STATUSES),
    identificationNumber: filter.text(),
    trackingNumber: filter.text(),
    from: filter.date(),
    to: filter.date(),
  },
  sorts: SORTABLE,
  defaultSort: 'createdAt',
  defaultDirection: 'desc',
});

export type TransportListParams = ListParams<TransportFilters, SortField>;

export const EMPTY_FILTERS: TransportFilters = emptyFilters(transportList);

/** The API's list filters (GET /transports), without paging. */
export function apiTransportFilters(filters: TransportFilters): Record<string, string | string[] | undefined> {
  const digits = filters.identificationNumber.replace(/\s+/g, '');
  return {
    kind: filters.kind.length ? filters.kind : undefined,
    deliveryStatus: filters.deliveryStatus.length ? filters.deliveryStatus : undefined,
    labelStatus: filters.labelStatus.length ? filters.labelStatus : undefined,
    identificationNumber: digits || undefined,
    trackingNumber: filters.trackingNumber.trim() || undefined,
    from: filters.from ? apiDayBound(filters.from, false) : undefined,
    to: filters.to ? apiDayBound(filters.to, true) : undefined,
  };
}
