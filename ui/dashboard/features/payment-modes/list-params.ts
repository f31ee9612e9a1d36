// .js: Node tests load this file.
import { defineList, emptyFilters, filter, type ListParams } from '../../hooks/list-params.js';

/** Columns the API sorts by (PAYMENT_MODE_SORTS). */
export const PAYMENT_MODE_SORTABLE = ['label', 'paymentType', 'status', 'updatedAt'] as const;
export type PaymentModeSortField = (typeof PAYMENT_MODE_SORTABLE)[number];

export const PAYMENT_MODE_STATUS_FILTER = ['enabled', 'disabled'] as const;

export interface PaymentModeFilters {
  label: string;
  status: '' | (typeof PAYMENT_MODE_STATUS_FILTER)[number];
}

/** The payment modes, by label. */
export const paymentModeList = defineList<PaymentModeFilters, PaymentModeSortField>({
  name: 'payment-modes',
  filters: { label: filter.text(), status: filter.oneOf(PAYMENT_MODE_STATUS_FILTER) },
  sorts: PAYMENT_MODE_SORTABLE,
  defaultSort: 'label',
  defaultDirection: 'asc',
});

export type PaymentModeListParams = ListParams<PaymentModeFilters, PaymentModeSortField>;

export const EMPTY_PAYMENT_MODE_FILTERS: PaymentModeFilters = emptyFilters(paymentModeList);

/** The API's filters (GET /payment-modes), without paging. */
export function apiPaymentModeFilters(filters: PaymentModeFilters): Record<string, string | undefined> {
  return { label: filters.label.trim() || undefined, status: filters.status || undefined };
}
