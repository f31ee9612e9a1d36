import { describe, expect, it } from 'vitest';
import type { BuybackEvent } from '../buybacks/events.js';
import { defaultProviderOf, paidAtCreation, paymentDueOf, paymentFollowing } from './buyback-payment-sync.js';
import { foldPayment } from './machine.js';
import { completed, created, eur, initiated, STORE_VOUCHER, voucherIssued, VALIDATED_PRICE } from './test-support.js';

const BUYBACK = 'bb-0001';
const cancelledBuyback = (forced: boolean): BuybackEvent => ({
  type: 'BuybackCancelled',
  data: { buybackId: BUYBACK, reason: 'customer_retractation', comment: 'Rétractation', forced, previousPaymentStatus: 'payment_created', paymentStatus: 'payment_cancelled' },
});
const completedAt = (amountInCents: number): BuybackEvent => ({ type: 'BuybackCompleted', data: { buybackId: BUYBACK, validatedPrice: eur(amountInCents) } });

describe('What makes a payment due', () => {
  it('Given each completion of a buyback, then a payment is due at its validated price; after a loss, as owed for a lost item', () => {
    const price = eur(4_200);
    const completions: BuybackEvent[] = [
      { type: 'BuybackCompletedByPrice', data: { buybackId: BUYBACK, controlledPrice: price, validatedPrice: price, comment: null } },
      { type: 'BuybackCompletedWithAbsorption', data: { buybackId: BUYBACK, controlledPrice: eur(4_000), absorbedAmount: eur(200), validatedPrice: price, comment: null } },
      { type: 'BuybackNewPriceAccepted', data: { buybackId: BUYBACK, validatedPrice: price } },
      { type: 'BuybackCompleted', data: { buybackId: BUYBACK, validatedPrice: price } },
    ];
    for (const event of completions) expect(paymentDueOf(event)).toEqual({ origin: 'buyback_completed', validatedPrice: price });
    expect(paymentDueOf({ type: 'BuybackCompletedAfterLoss', data: { buybackId: BUYBACK, place: 'transport', validatedPrice: price } })).toEqual({ origin: 'item_lost', validatedPrice: price });
  });

  it('Given a rejection, a cancellation or a shipment, then nothing is due', () => {
    expect(paymentDueOf({ type: 'BuybackNewPriceRejected', data: { buybackId: BUYBACK, rejectedPrice: eur(100) } })).toBeNull();
    expect(paymentDueOf(cancelledBuyback(false))).toBeNull();
    expect(paymentDueOf({ type: 'BuybackShipped', data: { buybackId: BUYBACK, trackingNumber: null, trackingLink: null, direct: false } })).toBeNull();
  });

  it('Given a mode without provider, then a bank transfer goes in the SEPA file and the others are paid by hand; a voucher the platform issues is paid at creation', () => {
    expect(defaultProviderOf('bank_transfer')).toBe('bank_transfer_file');
    expect(defaultProviderOf('no_iban_transfer')).toBe('manual');
    expect(paidAtCreation('voucher', 'manual')).toBe(true);
    expect(paidAtCreation('gift_card', 'gift_card_provider')).toBe(false);
    expect(paidAtCreation('bank_transfer', 'manual')).toBe(false);
  });
});

describe('What a payment does after its buyback', () => {
  it('Given no payment yet, when the buyback is cancelled, then nothing is to follow', () => {
    expect(paymentFollowing(cancelledBuyback(false), foldPayment([]))).toBeNull();
  });

  it('Given a pending payment, when its buyback is cancelled, then it is cancelled with the forced flag the buyback decided', () => {
    expect(paymentFollowing(cancelledBuyback(false), foldPayment([created()]))).toEqual({
      type: 'CancelPayment',
      data: { reason: 'buyback_cancelled', comment: 'Rétractation', force: false },
    });
    expect(paymentFollowing(cancelledBuyback(true), foldPayment([created(), initiated()]))).toMatchObject({ type: 'CancelPayment', data: { force: true } });
  });

  it('Given a voucher handed over in store, when the buyback settles lower, then the difference is claimed; at the same or a higher price, nothing', () => {
    const handedOver = foldPayment([created(STORE_VOUCHER), voucherIssued(), completed()]);
    expect(paymentFollowing(completedAt(VALIDATED_PRICE.amountInCents - 1_500), handedOver)).toEqual({ type: 'RecordVoucherClaim', data: { acceptedPrice: eur(VALIDATED_PRICE.amountInCents - 1_500) } });
    expect(paymentFollowing(completedAt(VALIDATED_PRICE.amountInCents), handedOver)).toBeNull();
  });

  it('Given a payment created at completion (not handed over), when another completion comes, then nothing follows', () => {
    expect(paymentFollowing(completedAt(100), foldPayment([created()]))).toBeNull();
  });
});
