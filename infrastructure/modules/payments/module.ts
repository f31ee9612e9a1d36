import { localesBeside } from '../../http/i18n.js';
import type { PlatformModule } from '../platform-module.js';

/**
 * The payments part, as far as it exists: the payment aggregate's domain
 * (domain/payments/: its machine, the payment mode's bonus or malus, voucher
 * codes) and the SEPA credit-transfer file (infrastructure/payments/sepa/).
 * Its refusals are declared here with their texts; its streams, read models,
 * routes, permissions and screens come with the rest of the part (issue 19).
 */
export const paymentsModule: PlatformModule = {
  name: 'payments',
  streams: [],
  projections: [],
  permissions: {},
  errors: {
    PAYMENT_NOT_FOUND: 404,
    PAYMENT_ALREADY_EXISTS: 409,
    PAYMENT_TRANSITION_NOT_ALLOWED: 409,
    PAYMENT_RELAUNCH_NOT_ALLOWED: 409,
    PAYMENT_NOT_CANCELLABLE: 409,
    PAYMENT_NOT_MANUAL: 409,
    PAYMENT_NOT_A_VOUCHER: 409,
    PAYMENT_NOT_HANDED_OVER: 409,
    PAYMENT_VOUCHER_ALREADY_ISSUED: 409,
    PAYMENT_CLAIM_ALREADY_RECORDED: 409,
    PAYMENT_NO_DIFFERENCE: 422,
    PAYMENT_MODIFIER_INVALID: 422,
    PAYMENT_INFORMATION_TOO_LONG: 422,
    PAYMENT_TEXT_TOO_LONG: 422,
    PAYMENT_PROVIDER_REFERENCE_INVALID: 422,
    PAYMENT_FAILURE_REASON_INVALID: 422,
    PAYMENT_VOUCHER_CODE_INVALID: 422,
    PAYMENT_VOUCHER_DIGITS_INVALID: 422,
    SEPA_HEADER_INVALID: 422,
    SEPA_DEBTOR_INVALID: 422,
    SEPA_TRANSACTION_INVALID: 422,
    SEPA_FILE_EMPTY: 409,
    SEPA_SOURCE_CHANGED: 409,
  },
  texts: localesBeside(import.meta.url),
  routes: () => [],
};
