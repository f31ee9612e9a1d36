import type { DependencyContainer } from 'tsyringe';
import type { Logger } from 'pino';
import { TOKENS } from '../../../application/tokens.js';
import type { Clock, IdGenerator } from '../../../application/ports/clock.js';
import type { DocumentStore } from '../../../application/ports/document-store.js';
import type { EventStore } from '../../../application/ports/event-store.js';
import type { PaymentGateway } from '../../../application/payments/payment-gateway.js';
import { PaymentProviderWorker } from '../../../application/payments/payment-provider-worker.js';
import { providerQueueProjection } from '../../../projections/payments/provider-queue-projection.js';
import type { AppConfig } from '../../config.js';
import { providerRoutes } from '../../http/routes/payments/provider-routes.js';
import { paymentWebhookSecret } from '../../security/payment-webhook-secret.js';
import type { Throttles } from '../../security/throttle-stores.js';

/**
 * The payments part's providers reached over HTTP, wired in one place for
 * its manifest (module.ts): the worker that hands payments to the provider
 * (its gateway registered by the composition root only when
 * PAYMENT_PROVIDER_URL is set), its queue's projection, its webhook.
 */
export const providerProjections = [providerQueueProjection];

export const providerErrors = {
  PAYMENT_PROVIDER_SIGNATURE_INVALID: 401,
} as const;

export function registerProviderWorker(container: DependencyContainer): void {
  container.register(TOKENS.PaymentProviderWorker, {
    useFactory: (() => {
      let worker: PaymentProviderWorker | null = null;
      return (c: DependencyContainer) => {
        const config = c.resolve<AppConfig>(TOKENS.Config);
        worker ??= new PaymentProviderWorker(
          {
            eventStore: c.resolve<EventStore>(TOKENS.EventStore),
            documents: c.resolve<DocumentStore>(TOKENS.DocumentStore),
            clock: c.resolve<Clock>(TOKENS.Clock),
            ids: c.resolve<IdGenerator>(TOKENS.IdGenerator),
            gateway: c.isRegistered(TOKENS.PaymentGateway, true) ? c.resolve<PaymentGateway>(TOKENS.PaymentGateway) : null,
          },
          c.resolve<Logger>(TOKENS.Logger),
          { intervalMs: config.paymentWorkerIntervalMs, batchSize: 10 },
        );
        return worker;
      };
    })(),
  });
}

export function providerWorkers(container: DependencyContainer): PaymentProviderWorker[] {
  return [container.resolve<PaymentProviderWorker>(TOKENS.PaymentProviderWorker)];
}

export function providerRoutesOf(container: DependencyContainer) {
  const config = container.resolve<AppConfig>(TOKENS.Config);
  return providerRoutes({
    eventStore: container.resolve<EventStore>(TOKENS.EventStore),
    documents: container.resolve<DocumentStore>(TOKENS.DocumentStore),
    clock: container.resolve<Clock>(TOKENS.Clock),
    ids: container.resolve<IdGenerator>(TOKENS.IdGenerator),
    logger: container.resolve<Logger>(TOKENS.Logger),
    // PAYMENT_WEBHOOK_SECRET, else the installation's own (made in DATA_DIR on the first start: infrastructure/container.ts).
    webhookSecret: () => paymentWebhookSecret(config).secret,
    // A provider sends a day's reports in bursts: generous, but a flood from one address stops.
    webhookThrottle: container.resolve<Throttles>(TOKENS.Throttles).create('payment-webhook', 600, 60, 60),
  });
}
