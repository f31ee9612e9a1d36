/**
 * What the payments part's routes answer (TypeBox): the handlers' return
 * types, the OpenAPI schemas, the types the UIs import.
 */
import { EVENT_OF_COMMAND } from '../../domain/payments/allowed-commands.js';
import {
  ATTEMPT_OUTCOMES,
  NOT_NEEDED_REASONS,
  PAYMENT_ORIGINS,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
} from '../../domain/payments/state.js';
import { DateTime, ListPage, MoneyView, Nullable, StringEnum, Type, Uuid, type Static } from '../views/schema.js';

export const PaymentModifierView = Type.Union(
  [
    Type.Object({ kind: Type.Literal('disabled') }),
    Type.Object({ kind: Type.Literal('percentage'), percent: Type.Integer({ minimum: -100, maximum: 100 }), capInCents: Nullable(Type.Integer()) }),
    Type.Object({ kind: Type.Literal('amount'), amountInCents: Type.Integer() }),
  ],
  { title: 'PaymentModifier', description: 'A bonus (positive) or malus (negative): disabled, a percentage with an optional cap of the same sign, or an amount in cents.' },
);
export type PaymentModifierView = Static<typeof PaymentModifierView>;

export const PaymentCommandView = StringEnum(Object.keys(EVENT_OF_COMMAND) as (keyof typeof EVENT_OF_COMMAND)[]);

export const PaymentAttemptView = Type.Object(
  {
    number: Type.Integer({ minimum: 1 }),
    outcome: StringEnum(ATTEMPT_OUTCOMES),
    providerReference: Nullable(Type.String()),
    transferFileId: Nullable(Type.String()),
    failure: Nullable(Type.Object({ reasonCode: Type.String(), message: Nullable(Type.String()) })),
    relaunchReason: Nullable(Type.String()),
  },
  { title: 'PaymentAttempt' },
);

/** A row of the payment search: no personal data but the customer's name, as the buyback list shows it. */
export const PaymentListItemView = Type.Object(
  {
    id: Uuid,
    buybackId: Uuid,
    identificationNumber: Type.String(),
    customerName: Nullable(Type.String({ description: 'The customer\'s first and last name; null once forgotten.' })),
    storeId: Nullable(Type.String()),
    buyerId: Type.String(),
    status: StringEnum(PAYMENT_STATUSES),
    type: StringEnum(PAYMENT_TYPES),
    provider: StringEnum(PAYMENT_PROVIDERS),
    amount: MoneyView,
    failure: Nullable(Type.Object({ reasonCode: Type.String(), message: Nullable(Type.String()) })),
    attempts: Type.Integer({ minimum: 1 }),
    createdAt: DateTime,
    statusSince: DateTime,
    allowedCommands: Type.Array(PaymentCommandView),
  },
  { title: 'PaymentListItem' },
);
export type PaymentListItemView = Static<typeof PaymentListItemView>;

/** A page of the payment search (the list convention). */
export const PaymentPage = ListPage(PaymentListItemView, 'PaymentPage');

export const PaymentView = Type.Object(
  {
    id: Uuid,
    accountId: Type.String(),
    buybackId: Uuid,
    identificationNumber: Type.String(),
    customerName: Nullable(Type.String()),
    storeId: Nullable(Type.String()),
    warehouseId: Type.String(),
    buyerId: Type.String(),
    origin: StringEnum(PAYMENT_ORIGINS),
    paymentModeId: Type.String(),
    type: StringEnum(PAYMENT_TYPES),
    provider: StringEnum(PAYMENT_PROVIDERS),
    status: StringEnum(PAYMENT_STATUSES),
    validatedPrice: MoneyView,
    modifier: PaymentModifierView,
    amount: MoneyView,
    providerReference: Nullable(Type.String()),
    voucherCode: Nullable(Type.String()),
    attempts: Type.Array(PaymentAttemptView),
    failure: Nullable(Type.Object({ reasonCode: Type.String(), message: Nullable(Type.String()) })),
    notNeededReason: Nullable(StringEnum(NOT_NEEDED_REASONS)),
    paidInformation: Nullable(Type.String()),
    claim: Nullable(Type.Object({ acceptedPrice: MoneyView, owedAmount: MoneyView, claimedAmount: MoneyView })),
    keptOnBuybackCancellation: Type.Boolean(),
    transferFileId: Nullable(Type.String()),
    createdAt: DateTime,
    statusSince: DateTime,
    paidAt: Nullable(DateTime),
    updatedAt: DateTime,
    revision: Type.Integer({ minimum: 0 }),
    allowedCommands: Type.Array(PaymentCommandView),
  },
  { title: 'Payment' },
);
export type PaymentView = Static<typeof PaymentView>;

/** What a buyback's view says of its payment: none until one is created. */
export const BuybackPaymentView = Type.Object(
  {
    id: Uuid,
    status: StringEnum(PAYMENT_STATUSES),
    type: StringEnum(PAYMENT_TYPES),
    amount: MoneyView,
    voucherCode: Nullable(Type.String()),
    claim: Nullable(Type.Object({ acceptedPrice: MoneyView, owedAmount: MoneyView, claimedAmount: MoneyView })),
  },
  { title: 'BuybackPayment' },
);
export type BuybackPaymentView = Static<typeof BuybackPaymentView>;
