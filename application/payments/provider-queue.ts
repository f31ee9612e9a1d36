/**
 * The read model of the payment provider worker (payment-provider-worker.ts):
 * the payments whose provider is reached over HTTP, while they are still in
 * its hands (created: to initiate; initiated: awaiting its report; failed:
 * someone must act). A paid, cancelled or unneeded payment leaves it.
 */
import type { PaymentStatus } from '../../domain/payments/state.js';
import type { GatewayProvider } from './payment-gateway.js';

export const PAYMENT_PROVIDER_QUEUE = 'payment_provider_queue';

export interface ProviderQueueDocument {
  /** The payment's id. */
  _id: string;
  accountId: string;
  provider: GatewayProvider;
  status: Extract<PaymentStatus, 'payment_created' | 'payment_initiated' | 'payment_failed'>;
  /** The current attempt (1, then one more per relaunch). */
  attempt: number;
  /** When it took its current status: the oldest created one is the worker's oldest job. */
  statusSince: string;
  revision: number;
  [key: string]: unknown;
}
