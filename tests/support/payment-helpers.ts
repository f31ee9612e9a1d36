/**
 * Payments written straight to the event store, as their provider or the
 * process manager would have written them: a PaymentCreated for a buyback
 * (the payment's id derived from it), then the events that set it up
 * (failed, initiated…). The read models have applied them when it returns.
 */
import { randomUUID } from 'node:crypto';
import { toNewEvent } from '../../application/events/codec.js';
import { paymentIdOf } from '../../application/payments/streams.js';
import { PAYMENT_STREAMS } from '../../application/payments/streams.js';
import type { EventStore } from '../../application/ports/event-store.js';
import type { PaymentEvent } from '../../domain/payments/events.js';
import { DISABLED_MODIFIER, paymentAmount, type PaymentModifier } from '../../domain/payments/modifier.js';
import type { PaymentOrigin, PaymentProvider, PaymentType } from '../../domain/payments/state.js';
import { voucherCode } from '../../domain/payments/voucher-code.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import type { ApiClient } from './test-platform.js';

export interface GivenPayment {
  buybackId?: string;
  identificationNumber?: string;
  accountId?: string;
  storeId?: string | null;
  warehouseId?: string;
  buyerId?: string;
  origin?: PaymentOrigin;
  type?: PaymentType;
  provider?: PaymentProvider;
  validatedPriceInCents?: number;
  modifier?: PaymentModifier;
  /** When it was created (the events' occurredAt); now by default. */
  at?: string;
}

/** What comes after the creation, each given the payment's id. */
export type FollowUp = (paymentId: string) => PaymentEvent;

export const failed =
  (reasonCode = 'AC04', message: string | null = 'Compte clôturé', attempt = 1): FollowUp =>
  (paymentId) => ({ type: 'PaymentFailed', data: { paymentId, attempt, reasonCode, message } });

export const initiated =
  (providerReference = 'E2E-1', attempt = 1): FollowUp =>
  (paymentId) => ({ type: 'PaymentInitiated', data: { paymentId, attempt, providerReference, transferFileId: null } });

export const completed =
  (attempt = 1): FollowUp =>
  (paymentId) => ({ type: 'PaymentCompleted', data: { paymentId, attempt, providerReference: null } });

export const cancelled = (): FollowUp => (paymentId) => ({
  type: 'PaymentCancelled',
  data: { paymentId, reason: 'buyback_cancelled', comment: null, previousStatus: 'payment_created' },
});

/** A 13-digit code no buyback of the demo has (the payment's own, for a payment without a registered buyback). */
export function unusedCode(): string {
  return `9${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`;
}

/** Appends the payment's events and waits until the read models have them; answers the payment's id. */
export async function givenPayment(
  platform: { eventStore: EventStore; runner: { waitFor(position: number, timeoutMs: number): Promise<boolean> } },
  given: GivenPayment = {},
  ...followUps: FollowUp[]
): Promise<string> {
  const buybackId = given.buybackId ?? randomUUID();
  const paymentId = paymentIdOf(buybackId);
  const accountId = given.accountId ?? DEMO_IDS.accounts.demo;
  const other = accountId === DEMO_IDS.accounts.other;
  const validatedPrice = { amountInCents: given.validatedPriceInCents ?? 10_000, currency: 'EUR' as const };
  const modifier = given.modifier ?? DISABLED_MODIFIER;
  const creation: PaymentEvent = {
    type: 'PaymentCreated',
    data: {
      paymentId,
      buybackId,
      accountId,
      buyback: {
        identificationNumber: given.identificationNumber ?? unusedCode(),
        storeId: given.storeId === undefined ? (other ? DEMO_IDS.stores.lille : DEMO_IDS.stores.paris) : given.storeId,
        warehouseId: given.warehouseId ?? (other ? DEMO_IDS.warehouses.other : DEMO_IDS.warehouses.demo),
        buyerId: given.buyerId ?? (other ? DEMO_IDS.buyers.other : DEMO_IDS.buyers.demo),
        organizationId: null,
      },
      origin: given.origin ?? 'buyback_completed',
      paymentModeId: randomUUID(),
      paymentType: given.type ?? 'bank_transfer',
      provider: given.provider ?? 'bank_transfer_file',
      validatedPrice,
      modifier,
      circuitBonus: { amountInCents: 0, currency: validatedPrice.currency },
      amount: paymentAmount(validatedPrice, modifier),
    },
  };
  const at = given.at ?? new Date().toISOString();
  const metadata = { accountId, organizationId: null, userId: null, correlationId: `given-payment-${paymentId}`, causationId: null, occurredAt: at };
  const events = [creation, ...followUps.map((followUp) => followUp(paymentId))];
  await platform.eventStore.appendToStream(
    PAYMENT_STREAMS.payment.name(paymentId),
    events.map((event) => toNewEvent(event, randomUUID(), metadata)),
    'no_stream',
  );
  const caught = await platform.runner.waitFor(await platform.eventStore.lastGlobalPosition(), 10_000);
  if (!caught) throw new Error('the read models did not reach the payment');
  return paymentId;
}

export const notNeeded = (): FollowUp => (paymentId) => ({ type: 'PaymentMarkedNotNeeded', data: { paymentId, reason: 'settled_elsewhere' } });

export const relaunched =
  (attempt = 2, reason: string | null = 'IBAN corrigé'): FollowUp =>
  (paymentId) => ({ type: 'PaymentRelaunched', data: { paymentId, attempt, reason } });

export const kept = (): FollowUp => (paymentId) => ({ type: 'PaymentKeptOnBuybackCancellation', data: { paymentId, status: 'payment_completed', comment: 'Forcée' } });

export const voucherIssued = (): FollowUp => (paymentId) => ({ type: 'PaymentVoucherIssued', data: { paymentId, voucherCode: voucherCode('31415926535897') } });

export const claimRecorded = (): FollowUp => (paymentId) => ({
  type: 'PaymentClaimRecorded',
  data: {
    paymentId,
    acceptedPrice: { amountInCents: 8_000, currency: 'EUR' },
    owedAmount: { amountInCents: 8_000, currency: 'EUR' },
    claimedAmount: { amountInCents: 2_000, currency: 'EUR' },
  },
});

/**
 * Payments through every event of their stream, for the read models' tests
 * (idempotent delivery, rebuilds): nothing needed, failed and relaunched
 * then paid and kept on a forced cancellation, cancelled, a handed-over
 * voucher with its code and a claim, and, through the API, a manual payment
 * marked paid and a failed one relaunched.
 */
export async function paymentJourneys(platform: Parameters<typeof givenPayment>[0], operator: ApiClient): Promise<void> {
  await givenPayment(platform, {}, notNeeded());
  await givenPayment(platform, {}, failed(), relaunched(), initiated('E2E-2', 2), completed(2), kept());
  await givenPayment(platform, {}, cancelled());
  await givenPayment(platform, { origin: 'store_handover', type: 'voucher', provider: 'gift_card_provider' }, voucherIssued(), completed(), claimRecorded());
  const manual = await givenPayment(platform, { type: 'no_iban_transfer', provider: 'manual' });
  const paid = await operator.post(`/payments/${manual}/mark-as-paid`, { information: 'Chèque remis' });
  if (paid.status !== 200) throw new Error(`mark as paid: ${paid.status} ${JSON.stringify(paid.body)}`);
  const failing = await givenPayment(platform, {}, failed());
  const relaunch = await operator.post(`/payments/${failing}/relaunch`, { reason: 'Nouvel essai' });
  if (relaunch.status !== 200) throw new Error(`relaunch: ${relaunch.status} ${JSON.stringify(relaunch.body)}`);
}
