import { describe, expect, it } from 'vitest';
import { isPaymentCancellable } from '../buybacks/decide.js';
import { allowedPaymentCommands, EVENT_OF_COMMAND, type PaymentLifecycleCommandType } from './allowed-commands.js';
import type { PaymentCommand } from './commands.js';
import type { PaymentEvent } from './events.js';
import { foldPayment, paymentStatus } from './machine.js';
import { PAYMENT_STATUSES, type PaymentStatus } from './state.js';
import {
  MANUAL,
  STORE_VOUCHER,
  WEB_VOUCHER,
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
  markNotNeeded,
  markedAsPaid,
  notNeeded,
  recordClaim,
  relaunch,
  relaunched,
  voucherIssued,
} from './test-support.js';

// ===========================================================================
// The transition table: the payment lifecycle as we read the specification
// (docs/specification-readings.md, "Payments"), written out as data. It is
// NOT derived from the machine: the machine and decide must agree with it.
// ===========================================================================

interface GivenState {
  readonly description: string;
  readonly status: PaymentStatus;
  readonly history: readonly PaymentEvent[];
}

const TRANSFER = [created()];
const INITIATED = [...TRANSFER, initiated()];
const FAILED = [...INITIATED, failed()];
const HANDED_OVER = [created(STORE_VOUCHER), voucherIssued(), completed()];

const STATES = {
  none: { description: 'no payment yet', status: 'awaiting_payment', history: [] },
  created: { description: 'a bank transfer created', status: 'payment_created', history: TRANSFER },
  createdManual: { description: 'a manual payment created', status: 'payment_created', history: [created(MANUAL)] },
  createdVoucher: { description: 'a voucher created for a web buyback', status: 'payment_created', history: [created(WEB_VOUCHER)] },
  initiated: { description: 'a bank transfer initiated', status: 'payment_initiated', history: INITIATED },
  initiatedManual: { description: 'a manual payment initiated', status: 'payment_initiated', history: [created(MANUAL), initiated()] },
  completed: { description: 'a bank transfer completed', status: 'payment_completed', history: [...INITIATED, completed()] },
  handedOver: { description: 'a voucher handed over in store', status: 'payment_completed', history: HANDED_OVER },
  failed: { description: 'a failed bank transfer', status: 'payment_failed', history: FAILED },
  failedManual: { description: 'a failed manual payment', status: 'payment_failed', history: [created(MANUAL), initiated(), failed()] },
  relaunched: { description: 'a bank transfer relaunched after its failure', status: 'payment_created', history: [...FAILED, relaunched()] },
  cancelled: { description: 'a cancelled payment', status: 'payment_cancelled', history: [...TRANSFER, cancelled('payment_created')] },
  notNeeded: { description: 'a payment not needed', status: 'payment_not_needed', history: [...TRANSFER, notNeeded()] },
} as const satisfies Record<string, GivenState>;

type StateKey = keyof typeof STATES;

/** One column per command; the cancellation twice, plain and forced. */
type Column = PaymentCommand['type'] | 'CancelPaymentByForce';

const ACCEPTED_PRICE = eur(8_000);

const COMMANDS: Record<Column, { readonly command: PaymentCommand; readonly phrase: string }> = {
  CreatePayment: { command: createPayment(), phrase: 'it is created' },
  MarkPaymentNotNeeded: { command: markNotNeeded(), phrase: 'it is marked not needed' },
  InitiatePayment: { command: initiate('E2E-2', 'file-2'), phrase: 'its provider initiates it' },
  CompletePayment: { command: complete(), phrase: 'its provider completes it' },
  FailPayment: { command: fail(), phrase: 'its provider fails it' },
  RelaunchPayment: { command: relaunch(), phrase: 'it is relaunched' },
  MarkPaymentAsPaid: { command: markAsPaid(), phrase: 'it is marked paid by hand' },
  CancelPayment: { command: cancel(), phrase: 'its buyback is cancelled' },
  CancelPaymentByForce: { command: cancel(true), phrase: 'its buyback is cancelled by force' },
  IssueVoucherCode: { command: issueVoucher(), phrase: 'its voucher code is issued' },
  RecordVoucherClaim: { command: recordClaim(ACCEPTED_PRICE), phrase: 'its buyback settles at 80.00 EUR' },
};

type Expectation =
  | { readonly kind: 'records'; readonly events: readonly PaymentEvent[]; readonly status: PaymentStatus }
  | { readonly kind: 'refused'; readonly code: string; readonly details: Record<string, unknown> };

const records = (events: PaymentEvent[], status: PaymentStatus): Expectation => ({ kind: 'records', events, status });
const refused = (code: string, details: Record<string, unknown> = {}): Expectation => ({ kind: 'refused', code, details });

const NOT_FOUND = refused('PAYMENT_NOT_FOUND');
const EXISTS = refused('PAYMENT_ALREADY_EXISTS', { paymentId: 'payment-0001' });
const notAllowed = (status: PaymentStatus, command: PaymentCommand['type']) => refused('PAYMENT_TRANSITION_NOT_ALLOWED', { status, command });
const notRelaunchable = (status: PaymentStatus) => refused('PAYMENT_RELAUNCH_NOT_ALLOWED', { status });
const notCancellable = (status: PaymentStatus) => refused('PAYMENT_NOT_CANCELLABLE', { status, forceAvailable: true });
const NOT_MANUAL = refused('PAYMENT_NOT_MANUAL', { provider: 'bank_transfer_file' });
const NOT_A_VOUCHER = refused('PAYMENT_NOT_A_VOUCHER', { paymentType: 'bank_transfer' });
const NOT_HANDED_OVER = refused('PAYMENT_NOT_HANDED_OVER', { origin: 'buyback_completed', paymentType: 'bank_transfer' });

/** A payment that is still to be sent (its first attempt, or its `attempt`th after relaunches). */
function createdRow(attempt: number, status: PaymentStatus = 'payment_created'): Record<Column, Expectation> {
  return {
    CreatePayment: EXISTS,
    MarkPaymentNotNeeded: records([notNeeded()], 'payment_not_needed'),
    InitiatePayment: records([initiated('E2E-2', attempt, 'file-2')], 'payment_initiated'),
    CompletePayment: records([completed(attempt)], 'payment_completed'),
    FailPayment: records([failed('AC04', attempt)], 'payment_failed'),
    RelaunchPayment: notRelaunchable(status),
    MarkPaymentAsPaid: NOT_MANUAL,
    CancelPayment: records([cancelled(status)], 'payment_cancelled'),
    CancelPaymentByForce: records([cancelled(status)], 'payment_cancelled'),
    IssueVoucherCode: NOT_A_VOUCHER,
    RecordVoucherClaim: NOT_HANDED_OVER,
  };
}

/** A payment whose money has left: only its provider's outcome, or a forced cancellation of its buyback, is recorded. */
function initiatedRow(): Record<Column, Expectation> {
  const status = 'payment_initiated';
  return {
    CreatePayment: EXISTS,
    MarkPaymentNotNeeded: notAllowed(status, 'MarkPaymentNotNeeded'),
    InitiatePayment: notAllowed(status, 'InitiatePayment'),
    CompletePayment: records([completed()], 'payment_completed'),
    FailPayment: records([failed()], 'payment_failed'),
    RelaunchPayment: notRelaunchable(status),
    MarkPaymentAsPaid: NOT_MANUAL,
    CancelPayment: notCancellable(status),
    CancelPaymentByForce: records([keptOnCancellation(status)], status),
    IssueVoucherCode: NOT_A_VOUCHER,
    RecordVoucherClaim: NOT_HANDED_OVER,
  };
}

function completedRow(): Record<Column, Expectation> {
  const status = 'payment_completed';
  return {
    CreatePayment: EXISTS,
    MarkPaymentNotNeeded: notAllowed(status, 'MarkPaymentNotNeeded'),
    InitiatePayment: notAllowed(status, 'InitiatePayment'),
    // A provider's report told twice changes nothing.
    CompletePayment: records([], status),
    FailPayment: notAllowed(status, 'FailPayment'),
    RelaunchPayment: notRelaunchable(status),
    MarkPaymentAsPaid: NOT_MANUAL,
    CancelPayment: notCancellable(status),
    CancelPaymentByForce: records([keptOnCancellation(status)], status),
    IssueVoucherCode: NOT_A_VOUCHER,
    RecordVoucherClaim: NOT_HANDED_OVER,
  };
}

function failedRow(): Record<Column, Expectation> {
  const status = 'payment_failed';
  return {
    CreatePayment: EXISTS,
    MarkPaymentNotNeeded: records([notNeeded()], 'payment_not_needed'),
    InitiatePayment: notAllowed(status, 'InitiatePayment'),
    CompletePayment: notAllowed(status, 'CompletePayment'),
    FailPayment: records([], status),
    RelaunchPayment: records([relaunched()], 'payment_created'),
    MarkPaymentAsPaid: NOT_MANUAL,
    CancelPayment: records([cancelled(status)], 'payment_cancelled'),
    CancelPaymentByForce: records([cancelled(status)], 'payment_cancelled'),
    IssueVoucherCode: NOT_A_VOUCHER,
    RecordVoucherClaim: NOT_HANDED_OVER,
  };
}

/** Cancelled or not needed: the end. Cancelling it again records nothing. */
function endedRow(status: 'payment_cancelled' | 'payment_not_needed'): Record<Column, Expectation> {
  return {
    CreatePayment: EXISTS,
    MarkPaymentNotNeeded: status === 'payment_not_needed' ? records([], status) : notAllowed(status, 'MarkPaymentNotNeeded'),
    InitiatePayment: notAllowed(status, 'InitiatePayment'),
    CompletePayment: notAllowed(status, 'CompletePayment'),
    FailPayment: notAllowed(status, 'FailPayment'),
    RelaunchPayment: notRelaunchable(status),
    MarkPaymentAsPaid: NOT_MANUAL,
    CancelPayment: records([], status),
    CancelPaymentByForce: records([], status),
    IssueVoucherCode: NOT_A_VOUCHER,
    RecordVoucherClaim: NOT_HANDED_OVER,
  };
}

const WEB_VOUCHER_REFUSALS = {
  MarkPaymentAsPaid: refused('PAYMENT_NOT_MANUAL', { provider: 'gift_card_provider' }),
  RecordVoucherClaim: refused('PAYMENT_NOT_HANDED_OVER', { origin: 'buyback_completed', paymentType: 'voucher' }),
};

const TRANSITIONS: Record<StateKey, Record<Column, Expectation>> = {
  none: {
    CreatePayment: records([created()], 'payment_created'),
    MarkPaymentNotNeeded: NOT_FOUND,
    InitiatePayment: NOT_FOUND,
    CompletePayment: NOT_FOUND,
    FailPayment: NOT_FOUND,
    RelaunchPayment: NOT_FOUND,
    MarkPaymentAsPaid: NOT_FOUND,
    CancelPayment: NOT_FOUND,
    CancelPaymentByForce: NOT_FOUND,
    IssueVoucherCode: NOT_FOUND,
    RecordVoucherClaim: NOT_FOUND,
  },
  created: createdRow(1),
  createdManual: { ...createdRow(1), MarkPaymentAsPaid: records([markedAsPaid()], 'payment_completed') },
  createdVoucher: { ...createdRow(1), ...WEB_VOUCHER_REFUSALS, IssueVoucherCode: records([voucherIssued()], 'payment_created') },
  initiated: initiatedRow(),
  initiatedManual: { ...initiatedRow(), MarkPaymentAsPaid: records([markedAsPaid()], 'payment_completed') },
  completed: completedRow(),
  handedOver: {
    ...completedRow(),
    MarkPaymentAsPaid: WEB_VOUCHER_REFUSALS.MarkPaymentAsPaid,
    // The code it already holds, issued again (a retry), changes nothing.
    IssueVoucherCode: records([], 'payment_completed'),
    // 105.00 EUR handed over; 80.00 EUR with its 5 % bonus is 84.00 EUR owed: 21.00 EUR claimed.
    RecordVoucherClaim: records([claimRecorded(ACCEPTED_PRICE, eur(8_400), eur(2_100))], 'payment_completed'),
  },
  failed: failedRow(),
  failedManual: { ...failedRow(), MarkPaymentAsPaid: records([markedAsPaid()], 'payment_completed') },
  relaunched: createdRow(2),
  cancelled: endedRow('payment_cancelled'),
  notNeeded: endedRow('payment_not_needed'),
};

function outcomeTitle(expectation: Expectation): string {
  if (expectation.kind === 'refused') return `it is refused with ${expectation.code}`;
  if (expectation.events.length === 0) return `nothing is recorded and it stays ${expectation.status}`;
  return `${expectation.events.map((event) => event.type).join(', ')} is recorded and it is ${expectation.status}`;
}

const CASES = (Object.keys(STATES) as StateKey[]).flatMap((state) =>
  (Object.keys(COMMANDS) as Column[]).map((column) => ({
    title: `given ${STATES[state].description}, when ${COMMANDS[column].phrase}, then ${outcomeTitle(TRANSITIONS[state][column])}`,
    state,
    column,
  })),
);

describe('every command in every state', () => {
  it.each(Object.entries(STATES))('the history of %s reaches its status', (_key, { history, status }) => {
    expect(paymentStatus(foldPayment(history))).toBe(status);
  });

  it('covers every status', () => {
    expect(new Set(Object.values(STATES).map((state: GivenState) => state.status))).toEqual(new Set(PAYMENT_STATUSES));
  });

  it.each(CASES)('$title', ({ state, column }) => {
    const expectation = TRANSITIONS[state][column];
    const decision = given(...STATES[state].history).when(COMMANDS[column].command);
    if (expectation.kind === 'refused') decision.thenRefused(expectation.code, expectation.details);
    else decision.thenEvents([...expectation.events]).andStatus(expectation.status);
  });

  it.each(Object.keys(STATES) as StateKey[])('lists for %s exactly the commands that record something (a forced cancellation is offered, not listed)', (state) => {
    const listed = allowedPaymentCommands(foldPayment(STATES[state].history));
    const recording = (Object.keys(EVENT_OF_COMMAND) as PaymentLifecycleCommandType[]).filter((command) => {
      const expectation = TRANSITIONS[state][command];
      return expectation.kind === 'records' && expectation.events.length > 0;
    });
    expect(listed).toEqual(recording);
  });

  it('cancels a payment exactly when the buyback rule isPaymentCancellable says it can be called back', () => {
    for (const { history, status } of Object.values(STATES) as GivenState[]) {
      if (status === 'awaiting_payment' || status === 'payment_cancelled' || status === 'payment_not_needed') continue;
      const cancels = foldPayment(history).can({ type: 'PaymentCancelled' } as PaymentEvent);
      expect(cancels, status).toBe(isPaymentCancellable(status));
    }
  });
});
