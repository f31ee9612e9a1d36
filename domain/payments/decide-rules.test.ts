import { describe, expect, it } from 'vitest';
import { decide } from './decide.js';
import type { PaymentEvent } from './events.js';
import { foldPayment } from './machine.js';
import { formatVoucherCode } from './voucher-code.js';
import {
  MANUAL,
  OTHER_VOUCHER_CODE,
  STORE_VOUCHER,
  VOUCHER_CODE,
  cancel,
  cancelled,
  claimRecorded,
  complete,
  completed,
  createPayment,
  created,
  eur,
  fail,
  failed,
  given,
  initiate,
  initiated,
  issueVoucher,
  keptOnCancellation,
  markAsPaid,
  markedAsPaid,
  notNeeded,
  recordClaim,
  relaunch,
  relaunched,
  voucherIssued,
} from './test-support.js';

describe('creating a payment', () => {
  it('given a buyback completed at 100.00 EUR with a 5 % bonus, when its payment is created, then 105.00 EUR is to be paid', () => {
    const { state } = given().when(createPayment()).thenEvents([created()]).andStatus('payment_created').andAttempts(['pending']);
    expect(state.context.amount).toEqual(eur(10_500));
  });

  it('given a lost item, when its payment is created, then it is paid like a completed buyback, its origin kept', () => {
    const { state } = given().when(createPayment({ origin: 'item_lost' })).thenEvents([created({ origin: 'item_lost' })]);
    expect(state.context.origin).toBe('item_lost');
  });

  it('given a malus that takes it all, when the payment is created, then it is created and at once not needed: no money moves', () => {
    const modifier = { kind: 'percentage', percent: -100, capInCents: null } as const;
    given()
      .when(createPayment({ modifier }))
      .thenEvents([created({ modifier }), notNeeded('zero_amount')])
      .andStatus('payment_not_needed')
      .andAttempts(['not_needed']);
  });

  it('given a price of zero, when the payment is created, then it is not needed', () => {
    given().when(createPayment({ validatedPrice: eur(0) })).thenEvents([created({ validatedPrice: eur(0) }), notNeeded('zero_amount')]);
  });

  it('given an invalid modifier, when the payment is created, then it is refused and nothing is recorded', () => {
    given()
      .when(createPayment({ modifier: { kind: 'percentage', percent: 0, capInCents: null } }))
      .thenRefused('PAYMENT_MODIFIER_INVALID', { field: 'percent', reason: 'zero' });
  });

  it('given a bank transfer, when it is created as handed over in store, then it is refused: only a gift card or voucher is handed over', () => {
    given().when(createPayment({ origin: 'store_handover' })).thenRefused('PAYMENT_NOT_A_VOUCHER', { paymentType: 'bank_transfer' });
  });

  it('given the same creation delivered twice, when the second comes, then it is refused as existing: one payment per stream', () => {
    given(created()).when(createPayment()).thenRefused('PAYMENT_ALREADY_EXISTS');
  });
});

describe('attempts', () => {
  it('given a transfer that failed, when it is relaunched and initiated again, then each attempt keeps its outcome, reference and why', () => {
    const { state } = given(created(), initiated('E2E-1', 1, 'file-1'), failed('AC04'), relaunched(2, 'IBAN corrected'))
      .when(initiate('E2E-2', 'file-2'))
      .thenEvents([initiated('E2E-2', 2, 'file-2')])
      .andStatus('payment_initiated')
      .andAttempts(['failed', 'initiated']);
    expect(state.context.attempts).toEqual([
      { number: 1, outcome: 'failed', providerReference: 'E2E-1', transferFileId: 'file-1', failure: { reasonCode: 'AC04', message: 'Closed account number' }, relaunchReason: null },
      { number: 2, outcome: 'initiated', providerReference: 'E2E-2', transferFileId: 'file-2', failure: null, relaunchReason: 'IBAN corrected' },
    ]);
  });

  it('given a second attempt, when it completes, then the second attempt is the completed one', () => {
    given(created(), initiated(), failed(), relaunched(), initiated('E2E-2', 2))
      .when(complete('BANK-REF-9'))
      .thenEvents([completed(2, 'BANK-REF-9')])
      .andAttempts(['failed', 'completed']);
  });

  it('given a relaunch, when its reason is left empty, then none is recorded', () => {
    given(created(), failed()).when(relaunch('   ')).thenEvents([relaunched(2, null)]);
  });

  it('given a relaunch reason over 255 characters, then it is refused', () => {
    given(created(), failed()).when(relaunch('x'.repeat(256))).thenRefused('PAYMENT_TEXT_TOO_LONG', { field: 'reason', max: 255, length: 256 });
  });
});

describe("its provider's reports", () => {
  it('given an initiated transfer, when the same initiation is told again, then nothing is recorded', () => {
    given(created(), initiated('E2E-1')).when(initiate('E2E-1')).thenEvents([]).andStatus('payment_initiated');
  });

  it('given an initiation without a reference, then it is refused', () => {
    given(created()).when(initiate('  ')).thenRefused('PAYMENT_PROVIDER_REFERENCE_INVALID', { field: 'providerReference', length: 0 });
  });

  it('given a failure without a reason code, then it is refused: staff must see why it failed', () => {
    given(created(), initiated()).when(fail('')).thenRefused('PAYMENT_FAILURE_REASON_INVALID', { field: 'reasonCode' });
  });

  it('given a completed transfer, when a late failure comes, then it is refused and the payment stays paid', () => {
    given(created(), initiated(), completed()).when(fail()).thenRefused('PAYMENT_TRANSITION_NOT_ALLOWED', { status: 'payment_completed', command: 'FailPayment' });
  });
});

describe('marking a manual payment paid', () => {
  it('given a manual payment, when it is marked paid with information, then the information is kept', () => {
    const { state } = given(created(MANUAL)).when(markAsPaid('Cheque 1234')).thenEvents([markedAsPaid('Cheque 1234')]).andStatus('payment_completed');
    expect(state.context.paidInformation).toBe('Cheque 1234');
  });

  it('given information of exactly 255 characters, then it is taken; of 256, refused with PAYMENT_INFORMATION_TOO_LONG', () => {
    given(created(MANUAL)).when(markAsPaid('é'.repeat(255))).thenEvents([markedAsPaid('é'.repeat(255))]);
    given(created(MANUAL)).when(markAsPaid('é'.repeat(256))).thenRefused('PAYMENT_INFORMATION_TOO_LONG', { field: 'information', max: 255, length: 256 });
  });

  it('given no information (or only spaces), then none is recorded', () => {
    given(created(MANUAL)).when(markAsPaid('  ')).thenEvents([markedAsPaid(null)]);
  });

  it('given a manual payment already paid, when it is marked paid again, then it is refused: the wrong status', () => {
    given(created(MANUAL), markedAsPaid()).when(markAsPaid()).thenRefused('PAYMENT_TRANSITION_NOT_ALLOWED', { status: 'payment_completed' });
  });
});

describe('cancelling', () => {
  it('given a payment created, when its buyback is cancelled, then the payment is cancelled with its reason and what it was', () => {
    given(created()).when(cancel(false, 'Customer withdrew')).thenEvents([cancelled('payment_created', 'buyback_cancelled', 'Customer withdrew')]).andAttempts(['cancelled']);
  });

  it('given an initiated transfer, when its buyback is cancelled by force twice, then the payment says it was kept once', () => {
    given(created(), initiated()).when(cancel(true)).thenEvents([keptOnCancellation('payment_initiated')]);
    given(created(), initiated(), keptOnCancellation('payment_initiated')).when(cancel(true)).thenEvents([]).andStatus('payment_initiated');
  });

  it('given a kept payment, when its provider completes it, then it is paid all the same', () => {
    given(created(), initiated(), keptOnCancellation('payment_initiated')).when(complete()).thenEvents([completed()]).andStatus('payment_completed');
  });
});

describe('voucher codes and claims', () => {
  const HANDED_OVER = [created(STORE_VOUCHER), voucherIssued(), completed()];

  it('given a voucher, when a mistyped code is issued, then it is refused', () => {
    const mistyped = `${VOUCHER_CODE.slice(0, -1)}${(Number(VOUCHER_CODE.at(-1)) + 1) % 10}`;
    given(created(STORE_VOUCHER)).when(issueVoucher(mistyped)).thenRefused('PAYMENT_VOUCHER_CODE_INVALID');
  });

  it('given a voucher, when its code is issued typed in groups, then it is kept as digits', () => {
    const { state } = given(created(STORE_VOUCHER)).when(issueVoucher(formatVoucherCode(VOUCHER_CODE))).thenEvents([voucherIssued(VOUCHER_CODE)]);
    expect(state.context.voucherCode).toBe(VOUCHER_CODE);
  });

  it('given a voucher with its code, when another code is issued, then it is refused: one code per voucher', () => {
    given(created(STORE_VOUCHER), voucherIssued()).when(issueVoucher(OTHER_VOUCHER_CODE)).thenRefused('PAYMENT_VOUCHER_ALREADY_ISSUED', { voucherCode: VOUCHER_CODE });
  });

  it('given a voucher handed over, when the buyback settles at a higher or the same price, then there is no difference to claim', () => {
    given(...HANDED_OVER).when(recordClaim(eur(10_000))).thenRefused('PAYMENT_NO_DIFFERENCE', { amount: eur(10_500), owedAmount: eur(10_500) });
    given(...HANDED_OVER).when(recordClaim(eur(12_000))).thenRefused('PAYMENT_NO_DIFFERENCE');
  });

  it('given a claim recorded, when another lower price comes, then it is refused: one claim per voucher', () => {
    const claim = claimRecorded(eur(8_000), eur(8_400), eur(2_100));
    given(...HANDED_OVER, claim).when(recordClaim(eur(5_000))).thenRefused('PAYMENT_CLAIM_ALREADY_RECORDED', { claimedAmount: eur(2_100) });
  });

  it('given a claim recorded, then the payment keeps what was handed over and what is claimed', () => {
    const { state } = given(...HANDED_OVER).when(recordClaim(eur(8_000))).thenEvents([claimRecorded(eur(8_000), eur(8_400), eur(2_100))]);
    expect(state.context.amount).toEqual(eur(10_500));
    expect(state.context.claim).toEqual({ acceptedPrice: eur(8_000), owedAmount: eur(8_400), claimedAmount: eur(2_100) });
  });
});

describe('purity', () => {
  it('decides the same events twice from the same state, and leaves the state as it was', () => {
    const histories: PaymentEvent[][] = [[], [created()], [created(), initiated()], [created(STORE_VOUCHER), voucherIssued(), completed()], [created(), notNeeded()]];
    for (const history of histories) {
      for (const command of [createPayment(), initiate('E2E-9'), complete(), fail(), relaunch(), cancel(true), issueVoucher(), recordClaim(eur(1))]) {
        const state = foldPayment(history);
        const before = structuredClone(state.context);
        const attempt = () => {
          try {
            return decide(command, state);
          } catch (error) {
            return error;
          }
        };
        expect(attempt()).toEqual(attempt());
        expect(state.context).toEqual(before);
      }
    }
  });
});
