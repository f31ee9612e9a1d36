import { PLATFORM_STAFF, ROOT_MANAGERS, ROOT_USERS } from '../../../application/organizations/permissions.js';
import { PAYMENT_STREAMS } from '../../../application/payments/streams.js';
import { TOKENS } from '../../../application/tokens.js';
import type { BuybackCompanion } from '../../../application/buybacks/registration-companions.js';
import type { Clock, IdGenerator } from '../../../application/ports/clock.js';
import type { EventStore } from '../../../application/ports/event-store.js';
import type { DocumentStore } from '../../../application/ports/document-store.js';
import { paymentCompanion } from '../../../application/payments/buyback-payment-pair.js';
import { PaymentProcess } from '../../../application/payments/payment-process.js';
import type { Texts } from '../../../application/ports/texts.js';
import { PaymentQueries } from '../../../application/payments/payment-queries.js';
import { paymentsProjection } from '../../../projections/payments/payments-projection.js';
import { paymentRoutes } from '../../http/routes/payments/payment-routes.js';
import { localesBeside } from '../../http/i18n.js';
import { paymentsDemoActivity } from './demo-activity.js';
import type { PlatformModule } from '../platform-module.js';
import { documentErrors, documentMenu, documentProjections, documentRoutesOf } from './document-wiring.js';
import { providerErrors, providerProjections, providerRoutesOf, providerWorkers, registerProviderWorker } from './provider-wiring.js';
import { paymentModeErrors, paymentModeMenu, paymentModeRoutesOf } from './payment-mode-wiring.js';
import { transferFileErrors, transferFileMenu, transferFileProjections, transferFileRoutesOf } from './transfer-file-wiring.js';

/**
 * The payments part, as far as it exists: the payment aggregate's domain
 * (domain/payments/: its machine, the payment mode's bonus or malus, voucher
 * codes) and the SEPA credit-transfer file (infrastructure/payments/sepa/).
 * Its refusals are declared here with their texts; its streams, read models,
 * routes, permissions and screens come with the rest of the part (issue 19).
 */
export const paymentsModule: PlatformModule = {
  name: 'payments',
  streams: Object.values(PAYMENT_STREAMS),
  projections: [paymentsProjection, ...providerProjections, ...transferFileProjections, ...documentProjections],
  permissions: {
    'payment.list': { description: 'Search the payments and see one, with its attempts and history', holders: [...PLATFORM_STAFF, ...ROOT_USERS, 'buyer_manager'] },
    'payment.export': { description: 'Export the payment search as CSV', holders: [...PLATFORM_STAFF, ...ROOT_USERS] },
    'payment.relaunch': { description: 'Relaunch a failed payment (a new attempt)', holders: [...PLATFORM_STAFF, ...ROOT_MANAGERS] },
    'payment.mark_as_paid': { description: 'Mark a manual payment paid, with what was done', holders: [...PLATFORM_STAFF, ...ROOT_MANAGERS, 'buyer_manager'] },
    'payment.transfer_file': { description: 'Build and download the SEPA credit-transfer files, and import the bank’s status reports', holders: [...PLATFORM_STAFF, ...ROOT_MANAGERS] },
    'payment_mode.list': { description: 'See the payment modes', holders: [...PLATFORM_STAFF, ...ROOT_USERS] },
    'payment_mode.manage': { description: 'Create and edit the payment modes, their provider and their bonus or malus', holders: [...PLATFORM_STAFF, ...ROOT_MANAGERS] },
    'payment_settings.manage': { description: 'Edit the payment settings: the debtor account of the transfer files and the transfer order’s text', holders: [...PLATFORM_STAFF, ...ROOT_MANAGERS] },
  },
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
    ...providerErrors,
    ...paymentModeErrors,
    ...transferFileErrors,
    ...documentErrors,
  },
  texts: localesBeside(import.meta.url),
  demoActivity: paymentsDemoActivity,
  menu: [{ section: 'payments', key: 'searchPayment', path: '/searchPayment', permission: 'payment.list' }, ...transferFileMenu, ...documentMenu, ...paymentModeMenu],
  register(container) {
    // Every later command on a buyback decides its payment's follow-up in the same append (a cancellation, a claim).
    const ids = container.resolve<IdGenerator>(TOKENS.IdGenerator);
    container.resolve<BuybackCompanion[]>(TOKENS.BuybackCompanions).push((buybackId) => paymentCompanion(buybackId, ids));
    registerProviderWorker(container);
  },
  processManagers(container) {
    return [
      new PaymentProcess({
        eventStore: container.resolve<EventStore>(TOKENS.EventStore),
        documents: container.resolve<DocumentStore>(TOKENS.DocumentStore),
        ids: container.resolve<IdGenerator>(TOKENS.IdGenerator),
      }),
    ];
  },
  workers: providerWorkers,
  routes(container) {
    const ports = {
      eventStore: container.resolve<EventStore>(TOKENS.EventStore),
      documents: container.resolve<DocumentStore>(TOKENS.DocumentStore),
      clock: container.resolve<Clock>(TOKENS.Clock),
      ids: container.resolve<IdGenerator>(TOKENS.IdGenerator),
    };
    // The transfer files' routes first: `/payments/transfer-files` must not be read as `/payments/{id}`.
    return [...transferFileRoutesOf(container), ...paymentRoutes({ ports, queries: new PaymentQueries(ports.documents), texts: container.resolve<Texts>(TOKENS.Texts) }), ...providerRoutesOf(container), ...paymentModeRoutesOf(container), ...documentRoutesOf(container)];
  },
};
