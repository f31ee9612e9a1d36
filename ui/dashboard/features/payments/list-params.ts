// .js: Node tests load this file (tests/ui/payment-list-params.test.ts).
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES, PAYMENT_TYPES, type PaymentProvider, type PaymentStatus, type PaymentType } from '@server/domain/payments/state.js';
import { defineList, emptyFilters, filter, type ListParams } from '../../hooks/list-params.js';
import { UUID } from '../../lib/uuid.js';

/** Columns the API sorts by (the payment search's sorts). */
export const PAYMENT_SORTABLE = ['createdAt', 'updatedAt', 'statusSince', 'identificationNumber', 'status', 'amount'] as const;
export type PaymentSortField = (typeof PAYMENT_SORTABLE)[number];

/** The payment search's filters as the URL keeps them (dates as yyyy-mm-dd in the viewer's time zone, amounts as typed). */
export interface PaymentFilters {
  identificationNumber: string;
  paymentId: string;
  customerName: string;
  status: PaymentStatus[];
  type: '' | PaymentType;
  provider: '' | PaymentProvider;
  from: string;
  to: string;
  amountFrom: string;
  amountTo: string;
}

/** The payment search (/searchPayment): newest first. */
export const paymentList = defineList<PaymentFilters, PaymentSortField>({
  name: 'payments',
  filters: {
    identificationNumber: filter.text(),
    paymentId: filter.text(),
    // A customer's name is personal data: the URL carries it, local storage does not keep it.
    customerName: filter.text({ remember: false }),
    status: filter.someOf(PAYMENT_STATUSES),
    type: filter.oneOf(PAYMENT_TYPES),
    provider: filter.oneOf(PAYMENT_PROVIDERS),
    from: filter.date(),
    to: filter.date(),
    amountFrom: filter.text(),
    amountTo: filter.text(),
  },
  sorts: PAYMENT_SORTABLE,
  defaultSort: 'createdAt',
  defaultDirection: 'desc',
});

export type PaymentListParams = ListParams<PaymentFilters, PaymentSortField>;

export const EMPTY_PAYMENT_FILTERS: PaymentFilters = emptyFilters(paymentList);

/** "350", "350,5", "350.50" or "1 234,50" (euros) → cents; null when not an amount with at most two decimals. */
export function amountInCents(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(compact)) return null;
  return Math.round(Number(compact) * 100);
}

/** A local calendar day's first or last instant, as the API's UTC ISO-8601. */
function dayBound(day: string, end: boolean): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const local = end ? new Date(year, month - 1, date, 23, 59, 59, 999) : new Date(year, month - 1, date, 0, 0, 0, 0);
  return local.toISOString();
}

type Problem = 'code' | 'paymentId' | 'amount' | 'amountOrder' | 'period';

/** What the filters bar refuses before asking: a code not in digits, a payment id not a UUID, an amount not in euros, bounds out of order. */
export function paymentFilterProblems(filters: PaymentFilters): Partial<Record<keyof PaymentFilters, Problem>> {
  const code = filters.identificationNumber.replace(/\s+/g, '');
  const id = filters.paymentId.trim();
  const [low, high] = [filters.amountFrom.trim(), filters.amountTo.trim()];
  const [lowCents, highCents] = [amountInCents(low), amountInCents(high)];
  return {
    identificationNumber: code !== '' && !/^\d{1,13}$/.test(code) ? 'code' : undefined,
    paymentId: id !== '' && !UUID.test(id) ? 'paymentId' : undefined,
    amountFrom: low !== '' && lowCents === null ? 'amount' : undefined,
    amountTo: high !== '' && highCents === null ? 'amount' : lowCents !== null && highCents !== null && lowCents > highCents ? 'amountOrder' : undefined,
    from: filters.from && filters.to && filters.from > filters.to ? 'period' : undefined,
  };
}

/** The API's list filters (GET /payments, /payments/export), without paging: amounts in cents, the period in UTC. */
export function apiPaymentFilters(filters: PaymentFilters): Record<string, string | number | string[] | undefined> {
  const code = filters.identificationNumber.replace(/\s+/g, '');
  return {
    identificationNumber: code || undefined,
    paymentId: filters.paymentId.trim().toLowerCase() || undefined,
    customerName: filters.customerName.trim() || undefined,
    status: filters.status.length ? filters.status : undefined,
    type: filters.type ? [filters.type] : undefined,
    provider: filters.provider ? [filters.provider] : undefined,
    createdFrom: filters.from ? dayBound(filters.from, false) : undefined,
    createdTo: filters.to ? dayBound(filters.to, true) : undefined,
    amountFrom: amountInCents(filters.amountFrom.trim()) ?? undefined,
    amountTo: amountInCents(filters.amountTo.trim()) ?? undefined,
  };
}
