// The screens read the shapes the server sends: the API's payment-mode views, the domain's lists and bounds.
export type { PaymentModeDetailView as PaymentMode, PaymentModePage } from '@server/application/payments/payment-mode-views.js';
export type { PaymentModifierView as PaymentModifier } from '@server/application/payments/payment-views.js';
export { PAYMENT_MODE_LIMITS, PAYMENT_MODE_STATUSES, PAYMENT_BONUS_FEATURE } from '@server/domain/payments/payment-mode.js';
export { PAYMENT_PROVIDERS, PAYMENT_TYPES } from '@server/domain/payments/state.js';
