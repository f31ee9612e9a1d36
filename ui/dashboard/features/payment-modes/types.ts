// The screens read the shapes the server sends: the API's payment-mode views, the domain's lists and bounds.
export type { PaymentModeDetailView as PaymentMode, PaymentModePage } from '@server/application/payments/payment-mode-views';
export type { PaymentModifierView as PaymentModifier } from '@server/application/payments/payment-views';
export { PAYMENT_MODE_LIMITS, PAYMENT_MODE_STATUSES, PAYMENT_BONUS_FEATURE } from '@server/domain/payments/payment-mode';
export { PAYMENT_PROVIDERS, PAYMENT_TYPES } from '@server/domain/payments/state';
