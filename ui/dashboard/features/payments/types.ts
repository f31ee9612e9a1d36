// The screens read the shapes the server sends: the API's payment views, the domain's statuses, types and providers.
import type { ListPage } from '@server/application/views/schema';
import type { PaymentListItemView } from '@server/application/payments/payment-views';

export type { BuybackPaymentView, PaymentListItemView as PaymentListItem, PaymentView as Payment } from '@server/application/payments/payment-views';
export type { PaymentLifecycleCommandType as PaymentCommand } from '@server/domain/payments/allowed-commands';
export { PAYMENT_PROVIDERS, PAYMENT_STATUSES, PAYMENT_TYPES, type PaymentProvider, type PaymentStatus, type PaymentType } from '@server/domain/payments/state';

/** One page of GET /payments. */
export type PaymentPage = ListPage<PaymentListItemView>;
