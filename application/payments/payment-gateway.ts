import type { Money } from '../../domain/shared/money.js';
import type { PaymentType } from '../../domain/payments/state.js';
import type { GatewayProvider } from './provider-queue-read-model.js';

export { GATEWAY_PROVIDERS, isGatewayProvider, type GatewayProvider } from './provider-queue-read-model.js';

/** One attempt at paying a customer, as the provider is asked to take it up. */
export interface PaymentOrder {
  /** Our payment's id: the provider names it in its reports (the webhook). */
  paymentId: string;
  /** Which attempt (1, then one more per relaunch). */
  attempt: number;
  /**
   * The payment's id and its attempt (`<paymentId>.<attempt>`): asked twice
   * (a retry, a crash before the answer was recorded), the provider pays
   * once and answers the same reference; a relaunch after a failure is a
   * new attempt, so a new key.
   */
  idempotencyKey: string;
  provider: GatewayProvider;
  type: PaymentType;
  amount: Money;
  /** What the customer reads on their statement or card: the buyback's 13-digit code. */
  reference: string;
  /** Whose provider pays it (the connectors part resolves the organization's configured one, else the installation's default); never sent to the provider. */
  payer?: { accountId: string; organizationId: string | null };
}

/** The provider took the payment up: its own id of the transaction. */
export interface PaymentInitiation {
  providerReference: string;
}

export interface PaymentGateway {
  /**
   * Asks the provider to pay. Answers its reference; throws
   * PaymentProviderRefusedError when it refuses for good (a 4xx: the same
   * request would be refused again), PaymentProviderUnavailableError when
   * it did not answer usefully (a 5xx, a timeout: safe to ask again with the
   * same key).
   */
  initiate(order: PaymentOrder): Promise<PaymentInitiation>;
}

/** The provider refused the payment: `code` is its stable reason (recorded on the payment's failure). */
export class PaymentProviderRefusedError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly providerMessage: string | null = null,
  ) {
    super(message);
    this.name = 'PaymentProviderRefusedError';
  }
}

/** The provider did not answer, or not usefully: ask again later with the same idempotency key. */
export class PaymentProviderUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PaymentProviderUnavailableError';
  }
}

/** The idempotency key of one attempt at a payment. */
export function paymentIdempotencyKey(paymentId: string, attempt: number): string {
  return `${paymentId}.${attempt}`;
}
