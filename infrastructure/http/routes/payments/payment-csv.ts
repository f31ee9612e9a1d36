import type { Texts } from '../../../../application/ports/texts.js';
import type { PaymentListItemView } from '../../../../application/payments/payment-views.js';
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES, PAYMENT_TYPES } from '../../../../domain/payments/state.js';
import type { CsvFormat } from '../../list-route.js';

/** The export's columns, in order: what the search shows, and when it was paid. */
export const PAYMENT_CSV_COLUMNS = [
  'identificationNumber',
  'paymentId',
  'createdAt',
  'customer',
  'status',
  'type',
  'provider',
  'amount',
  'failure',
  'attempts',
  'paidAt',
] as const;

/**
 * The payment export as the dashboard reads it: captions in the caller's
 * language (`export.payments.*`; the statuses are the buyback export's
 * `export.paymentStatuses.*`), dates in their time zone. The customer is
 * their name only, or says they were erased.
 */
export function paymentCsv(texts: Texts, format: CsvFormat) {
  const text = (path: string) => texts.text(format.locale, `export.${path}`);
  const captions = (group: string, values: readonly string[]) => new Map(values.map((value) => [value, text(`${group}.${value}`)]));
  const statuses = captions('paymentStatuses', PAYMENT_STATUSES);
  const types = captions('payments.types', PAYMENT_TYPES);
  const providers = captions('payments.providers', PAYMENT_PROVIDERS);
  const forgotten = text('payments.customerForgotten');
  const row = (payment: PaymentListItemView & { paidAt: string | null }): string[] => [
    payment.identificationNumber,
    payment.id,
    format.dateTime(payment.createdAt),
    payment.customerName ?? forgotten,
    statuses.get(payment.status) ?? payment.status,
    types.get(payment.type) ?? payment.type,
    providers.get(payment.provider) ?? payment.provider,
    format.money(payment.amount),
    payment.failure ? [payment.failure.reasonCode, payment.failure.message].filter(Boolean).join(': ') : '',
    String(payment.attempts),
    format.dateTime(payment.paidAt),
  ];
  return { header: PAYMENT_CSV_COLUMNS.map((column) => text(`payments.columns.${column}`)), row };
}
