import type { TSchema } from '@sinclair/typebox';
import { PAYMENT_SORTS, type PaymentListFilters, type PaymentQueries } from '../../../../application/payments/payment-queries.js';
import { PaymentPage, PaymentView } from '../../../../application/payments/payment-views.js';
import type { PaymentCommandPorts } from '../../../../application/payments/commands/payment-command.js';
import { relaunchPayment } from '../../../../application/payments/commands/relaunch-payment.js';
import { markPaymentAsPaid } from '../../../../application/payments/commands/mark-payment-as-paid.js';
import type { Texts } from '../../../../application/ports/texts.js';
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES, PAYMENT_TYPES } from '../../../../domain/payments/state.js';
import { commandRoute } from '../../command-route.js';
import { etagOf } from '../../etag.js';
import { listRoutes, mapRows } from '../../list-route.js';
import { defineRoute, type Route } from '../../route.js';
import { MAX_QUERY_VALUES, NullableText, StringEnum, Text, Type, idParams, uuid } from '../schemas.js';
import { paymentCsv } from './payment-csv.js';

/** The most cents an amount filter names (a hundred million euros). */
const MAX_AMOUNT_IN_CENTS = 10_000_000_000;
const amountBound = (description: string) => Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_AMOUNT_IN_CENTS, description }));

const listFilters = {
  identificationNumber: Type.Optional(Type.String({ pattern: '^[0-9 ]{1,20}$', maxLength: 20, description: 'The buyback’s 13-digit code, or its start (spaces ignored).' })),
  paymentId: Type.Optional(uuid),
  customerName: Type.Optional(Text(255, 0, { description: 'The customer’s last name, or first and last name in either order, or the start of either; accents and case aside.' })),
  status: Type.Optional(Type.Array(StringEnum(PAYMENT_STATUSES), { maxItems: PAYMENT_STATUSES.length })),
  type: Type.Optional(Type.Array(StringEnum(PAYMENT_TYPES), { maxItems: PAYMENT_TYPES.length })),
  provider: Type.Optional(Type.Array(StringEnum(PAYMENT_PROVIDERS), { maxItems: PAYMENT_PROVIDERS.length })),
  storeId: Type.Optional(Type.Array(uuid, { maxItems: MAX_QUERY_VALUES })),
  buyerId: Type.Optional(uuid),
  createdFrom: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
  createdTo: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
  amountFrom: amountBound('The amount paid is at least this many cents.'),
  amountTo: amountBound('The amount paid is at most this many cents.'),
} satisfies Record<keyof PaymentListFilters, TSchema>;

/** Texts are checked by the domain (255 characters, PAYMENT_INFORMATION_TOO_LONG / PAYMENT_TEXT_TOO_LONG); the body is bounded here. */
const TEXT_BOUND = 1_000;

export interface PaymentRouteDependencies {
  ports: PaymentCommandPorts;
  queries: PaymentQueries;
  /** The API's texts: the export's header line and captions. */
  texts: Texts;
}

export function paymentRoutes({ ports, queries, texts }: PaymentRouteDependencies): Route[] {
  const onPayment = idParams('id');
  return [
    ...listRoutes({
      path: '/payments',
      tag: 'payments',
      sorts: PAYMENT_SORTS,
      filters: listFilters,
      // Rows name the customer.
      personalData: true,
      page: {
        operationId: 'listPayments',
        summary:
          'The payments the caller may see (their tenant; a buyer manager, their buyer’s), by buyback code, payment id, customer name, status, type, provider, period and amount, newest first; each row with the commands the caller may run on it',
        permission: 'payment.list',
        schema: PaymentPage,
        handler: ({ principal }, query) => queries.list(principal, query),
      },
      export: {
        operationId: 'exportPayments',
        summary: 'Every payment of the search as CSV, streamed (UTF-8 with BOM, semicolon-separated, read as on screen in the caller’s language and timeZone)',
        permission: 'payment.export',
        filename: 'payments',
        async handler({ principal }, query, format) {
          const csv = paymentCsv(texts, format);
          return { header: csv.header, rows: mapRows(queries.all(principal, query), csv.row) };
        },
      },
    }),
    defineRoute({
      method: 'get',
      path: '/payments/{id}',
      operationId: 'getPayment',
      summary: 'One payment: its amount with the bonus or malus, its status, its attempts and why the latest failed, and the commands the caller may run; its ETag is the revision',
      tag: 'payments',
      access: { kind: 'authenticated', permission: 'payment.list' },
      params: onPayment,
      personalData: true,
      response: { status: 200, description: 'The payment', schema: PaymentView },
      async handler({ principal, params }) {
        const payment = await queries.byId(principal, params.id);
        return { headers: { ETag: etagOf(payment.revision) }, body: payment };
      },
    }),
    commandRoute(relaunchPayment, ports, {
      tag: 'payments',
      params: onPayment,
      path: '/payments/{id}/relaunch',
      operationId: 'relaunchPayment',
      summary: 'Tries a failed payment again: a new attempt, with its reason, back to created for its provider; 409 PAYMENT_RELAUNCH_NOT_ALLOWED in any other status',
      body: Type.Object({ reason: Type.Optional(NullableText(TEXT_BOUND)) }, { additionalProperties: false }),
      input: ({ params, body }) => ({ paymentId: params.id, reason: body.reason ?? null }),
    }),
    commandRoute(markPaymentAsPaid, ports, {
      tag: 'payments',
      params: onPayment,
      path: '/payments/{id}/mark-as-paid',
      operationId: 'markPaymentAsPaid',
      summary:
        'Says a manual payment was made, with what the operator adds (at most 255 characters); 409 PAYMENT_NOT_MANUAL for a payment with a provider, PAYMENT_TRANSITION_NOT_ALLOWED once paid, cancelled or not needed',
      body: Type.Object({ information: Type.Optional(NullableText(TEXT_BOUND)) }, { additionalProperties: false }),
      input: ({ params, body }) => ({ paymentId: params.id, information: body.information ?? null }),
    }),
  ];
}
