import { describe, expect, it } from 'vitest';
import { allowedPaymentCommands, allowedPaymentCommandsAt } from './allowed-commands.js';
import type { PaymentEvent } from './events.js';
import { foldPayment, paymentStatus, paymentStatusAfter } from './machine.js';
import type { PaymentStatus } from './state.js';
import {
  MANUAL,
  STORE_VOUCHER,
  WEB_VOUCHER,
  cancelled,
  claimRecorded,
  completed,
  created,
  eur,
  failed,
  initiated,
  keptOnCancellation,
  markedAsPaid,
  notNeeded,
  relaunched,
  voucherIssued,
} from './test-support.js';

const histories: Record<string, PaymentEvent[]> = {
  'bank transfer by file, paid at the first attempt': [created(), initiated(), completed()],
  'bank transfer that failed twice, then paid': [created(), initiated(), failed(), relaunched(2), initiated('E2E-2', 2), failed('AC01', 2), relaunched(3), initiated('E2E-3', 3), completed(3)],
  'manual payment marked paid after a failure': [created(MANUAL), initiated(), failed(), markedAsPaid()],
  'voucher handed over in store, then a lower price claimed': [created(STORE_VOUCHER), voucherIssued(), completed(), claimRecorded(eur(8_000), eur(8_400), eur(2_100))],
  'web voucher issued and completed': [created(WEB_VOUCHER), voucherIssued(), completed()],
  'payment cancelled with its buyback': [created(), cancelled('payment_created')],
  'payment not needed after its failure': [created(), initiated(), failed(), notNeeded()],
  'payment kept after a forced cancellation, then paid': [created(), initiated(), keptOnCancellation('payment_initiated'), completed()],
};

describe('paymentStatusAfter (what read models ask the machine)', () => {
  it.each(Object.entries(histories))('agrees with folding the events through the machine for a %s, asked twice', (_title, events) => {
    for (let round = 0; round < 2; round++) {
      let status: PaymentStatus | null = null;
      events.forEach((event, index) => {
        status = paymentStatusAfter(status, event);
        expect(status).toBe(paymentStatus(foldPayment(events.slice(0, index + 1))));
      });
    }
  });
});

describe('folding a payment', () => {
  it('is awaiting its payment before any event, and offers nothing', () => {
    const empty = foldPayment([]);
    expect(paymentStatus(empty)).toBe('awaiting_payment');
    expect(allowedPaymentCommands(empty)).toEqual([]);
  });

  it('keeps the latest reference, the voucher code and the kept flag', () => {
    const folded = foldPayment([created(WEB_VOUCHER), voucherIssued(), initiated('GC-7'), keptOnCancellation('payment_initiated')]);
    expect(folded.context).toMatchObject({ providerReference: 'GC-7', voucherCode: expect.stringMatching(/^\d{16}$/), keptOnBuybackCancellation: true });
  });

  it('forgets the reference of a failed attempt once relaunched', () => {
    expect(foldPayment([created(), initiated('E2E-1'), failed(), relaunched()]).context.providerReference).toBeNull();
  });
});

describe('allowedPaymentCommandsAt (from what a read model keeps)', () => {
  it.each(Object.entries(histories))('answers as the folded payment does for a %s', (_title, events) => {
    for (let end = 1; end <= events.length; end++) {
      const folded = foldPayment(events.slice(0, end));
      const { provider, type, origin, voucherCode, claim } = folded.context;
      expect(allowedPaymentCommandsAt(paymentStatus(folded), { provider, type, origin, voucherCode, claim })).toEqual(allowedPaymentCommands(folded));
    }
  });

  it('offers marking paid only for a manual payment, and relaunch only after a failure', () => {
    const manual = { provider: 'manual', type: 'bank_transfer', origin: 'buyback_completed', voucherCode: null, claim: null } as const;
    expect(allowedPaymentCommandsAt('payment_failed', manual)).toEqual(['MarkPaymentNotNeeded', 'RelaunchPayment', 'MarkPaymentAsPaid', 'CancelPayment']);
    expect(allowedPaymentCommandsAt('payment_failed', { ...manual, provider: 'bank_transfer_file' })).not.toContain('MarkPaymentAsPaid');
    expect(allowedPaymentCommandsAt('payment_created', manual)).not.toContain('RelaunchPayment');
    expect(allowedPaymentCommandsAt('awaiting_payment', manual)).toEqual([]);
  });
});
