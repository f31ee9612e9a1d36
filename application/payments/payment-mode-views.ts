/**
 * What the payment-mode routes answer (TypeBox): the handlers' return types,
 * the OpenAPI schemas, the types the dashboard imports.
 */
import { PAYMENT_MODE_STATUSES } from '../../domain/payments/payment-mode.js';
import { PAYMENT_PROVIDERS, PAYMENT_TYPES } from '../../domain/payments/state.js';
import { DateTime, ListPage, Nullable, StringEnum, Type, type Static } from '../views/schema.js';
import { PaymentModifierView } from './payment-views.js';

export const PaymentModeDetailView = Type.Object(
  {
    id: Type.String(),
    accountId: Type.String(),
    paymentType: StringEnum(PAYMENT_TYPES),
    label: Type.String(),
    description: Nullable(Type.String()),
    longDescription: Nullable(Type.String()),
    mailContent: Nullable(Type.String()),
    provider: StringEnum(PAYMENT_PROVIDERS),
    modifier: PaymentModifierView,
    status: StringEnum(PAYMENT_MODE_STATUSES),
    /** The texts in en-GB, nl-BE and de-DE by field (label, description, longDescription, mailContent); null: French only. */
    translations: Nullable(Type.Record(Type.String(), Type.Record(Type.String(), Type.String()), { title: 'PaymentModeTranslations' })),
    /** Whether the caller's retailer may give it a bonus or malus (the `payment_bonus` premium feature). */
    bonusAvailable: Type.Boolean({ description: 'The account has the payment_bonus premium feature: a bonus or malus may be set.' }),
    createdAt: DateTime,
    updatedAt: DateTime,
    revision: Type.Integer({ minimum: 0, description: 'Its stream revision, also the ETag: send it back as If-Match.' }),
  },
  { title: 'PaymentModeDetail' },
);
export type PaymentModeDetailView = Static<typeof PaymentModeDetailView>;

export const PaymentModePage = ListPage(PaymentModeDetailView, 'PaymentModePage');
export type PaymentModePage = Static<typeof PaymentModePage>;
