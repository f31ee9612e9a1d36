/**
 * The read model of the payment provider worker (payment-provider-worker.ts):
 * the payments whose provider is reached over HTTP, while they are still in
 * its hands (created: to initiate; initiated: awaiting its report; failed:
 * someone must act). A paid, cancelled or unneeded payment stays as a
 * tombstone with that status, which the worker never selects.
 */
import type { PaymentProvider, PaymentStatus } from '../../domain/payments/state.js';

/**
 * The providers reached over HTTP behind the payment gateway port: a
 * bank-transfer provider, a gift-card provider, a payment wallet
 * (docs/payment-provider-contract.md). The embedded providers (the SEPA file,
 * the vouchers issued here, the manual payment) do not go through it.
 */
export const GATEWAY_PROVIDERS = ['bank_transfer_provider', 'gift_card_provider', 'payment_wallet'] as const satisfies readonly PaymentProvider[];
export type GatewayProvider = (typeof GATEWAY_PROVIDERS)[number];

export function isGatewayProvider(provider: PaymentProvider | null): provider is GatewayProvider {
  return (GATEWAY_PROVIDERS as readonly string[]).includes(provider ?? '');
}

export const PAYMENT_PROVIDER_QUEUE = 'payment_provider_queue';

export interface ProviderQueueDocument {
  /** The payment's id. */
  _id: string;
  accountId: string;
  provider: GatewayProvider;
  /** Created, initiated or failed while in the provider's hands; any other status: a tombstone the worker never selects. */
  status: PaymentStatus;
  /** The current attempt (1, then one more per relaunch). */
  attempt: number;
  /** When it took its current status: the oldest created one is the worker's oldest job. */
  statusSince: string;
  revision: number;
  [key: string]: unknown;
}
