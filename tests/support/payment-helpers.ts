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
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';

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
