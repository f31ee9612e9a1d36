import { assign, initialTransition, setup, transition } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { PaymentEvent } from './events.js';
import { EMPTY_PAYMENT, isVoucherType, type AttemptOutcome, type PaymentAttempt, type PaymentContext, type PaymentStatus } from './state.js';

/**
 * The payment lifecycle, as we read the specification's statuses
 * (docs/specification-readings.md, "Payments"): awaited until its buyback
 * completes, created, initiated by its provider, then completed or failed; a
 * failed one is relaunched (a new attempt, back to created); one not yet
 * initiated may be cancelled or found not needed. The only place that says
 * which change is allowed: `decide` and `allowedPaymentCommands` ask
 * `snapshot.can`. Machine events ARE the domain events. The diagram,
 * docs/payment-machine.md, is generated from this machine.
 */
function withAttempt(attempts: readonly PaymentAttempt[], number: number, change: Partial<PaymentAttempt>): PaymentAttempt[] {
  return attempts.map((attempt) => (attempt.number === number ? { ...attempt, ...change } : attempt));
}

function latestAttempt(context: PaymentContext): number {
  return context.attempts.at(-1)?.number ?? 1;
}

function endLatestAttempt(context: PaymentContext, outcome: AttemptOutcome): Partial<PaymentContext> {
  return { attempts: withAttempt(context.attempts, latestAttempt(context), { outcome }) };
}

/**
 * What an event changes in the context: the machine's only actions, each
 * the change of its event (every transition an event takes runs the same
 * one), so `foldPaymentQuickly` applies exactly what the machine does.
 */
function contextChange(context: PaymentContext, event: PaymentEvent): Partial<PaymentContext> {
  switch (event.type) {
    case 'PaymentCreated': {
      const d = event.data;
      const first: PaymentAttempt = { number: 1, outcome: 'pending', providerReference: null, transferFileId: null, failure: null, relaunchReason: null };
      return {
        paymentId: d.paymentId,
        buybackId: d.buybackId,
        accountId: d.accountId,
        origin: d.origin,
        paymentModeId: d.paymentModeId,
        type: d.paymentType,
        provider: d.provider,
        validatedPrice: d.validatedPrice,
        modifier: d.modifier,
        circuitBonus: d.circuitBonus,
        amount: d.amount,
        attempts: [first],
      };
    }
    case 'PaymentInitiated': {
      const { attempt, providerReference, transferFileId } = event.data;
      return { providerReference, attempts: withAttempt(context.attempts, attempt, { outcome: 'initiated', providerReference, transferFileId }) };
    }
    case 'PaymentCompleted': {
      const reference = event.data.providerReference ?? context.providerReference;
      return {
        providerReference: reference,
        attempts: withAttempt(context.attempts, event.data.attempt, { outcome: 'completed', providerReference: reference }),
      };
    }
    case 'PaymentMarkedAsPaid':
      return { paidInformation: event.data.information, attempts: withAttempt(context.attempts, event.data.attempt, { outcome: 'completed' }) };
    case 'PaymentFailed': {
      const { attempt, reasonCode, message } = event.data;
      return { attempts: withAttempt(context.attempts, attempt, { outcome: 'failed', failure: { reasonCode, message } }) };
    }
    case 'PaymentRelaunched': {
      const next: PaymentAttempt = {
        number: event.data.attempt,
        outcome: 'pending',
        providerReference: null,
        transferFileId: null,
        failure: null,
        relaunchReason: event.data.reason,
      };
      return { providerReference: null, attempts: [...context.attempts, next] };
    }
    case 'PaymentCancelled':
      return endLatestAttempt(context, 'cancelled');
    case 'PaymentMarkedNotNeeded':
      return endLatestAttempt(context, 'not_needed');
    case 'PaymentKeptOnBuybackCancellation':
      return { keptOnBuybackCancellation: true };
    case 'PaymentVoucherIssued':
      return { voucherCode: event.data.voucherCode };
    case 'PaymentClaimRecorded': {
      const { acceptedPrice, owedAmount, claimedAmount } = event.data;
      return { claim: { acceptedPrice, owedAmount, claimedAmount } };
    }
    default:
      return {};
  }
}

export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
  },
  guards: {
    /** Only a payment without a provider is marked paid by hand (specification 000). */
    manualProvider: ({ context }) => context.provider === 'manual',
    /** A gift card or voucher gets one code. */
    voucherToIssue: ({ context }) => isVoucherType(context.type) && context.voucherCode === null,
    /** A voucher handed over in store, whose difference is not recorded yet. */
    handedOverVoucher: ({ context }) => context.origin === 'store_handover' && isVoucherType(context.type) && context.claim === null,
  },
  actions: {
    recordCreation: assign(({ context, event }) => contextChange(context, event)),
    recordInitiation: assign(({ context, event }) => contextChange(context, event)),
    recordCompletion: assign(({ context, event }) => contextChange(context, event)),
    recordManualPayment: assign(({ context, event }) => contextChange(context, event)),
    recordFailure: assign(({ context, event }) => contextChange(context, event)),
    recordRelaunch: assign(({ context, event }) => contextChange(context, event)),
    recordCancellation: assign(({ context, event }) => contextChange(context, event)),
    recordNotNeeded: assign(({ context, event }) => contextChange(context, event)),
    recordKept: assign(({ context, event }) => contextChange(context, event)),
    recordVoucher: assign(({ context, event }) => contextChange(context, event)),
    recordClaim: assign(({ context, event }) => contextChange(context, event)),
  },
}).createMachine({
  id: 'payment',
  context: EMPTY_PAYMENT,
  initial: 'awaiting_payment',
  states: {
    // No payment yet: its buyback is not completed. What the buyback shows until the payment is created.
    awaiting_payment: {
      on: { PaymentCreated: { target: 'payment_created', actions: 'recordCreation' } },
    },
    payment_created: {
      on: {
        PaymentInitiated: { target: 'payment_initiated', actions: 'recordInitiation' },
        // A gift card or voucher handed over, or a provider that pays at once: completed without an initiation.
        PaymentCompleted: { target: 'payment_completed', actions: 'recordCompletion' },
        PaymentMarkedAsPaid: { guard: 'manualProvider', target: 'payment_completed', actions: 'recordManualPayment' },
        // Its provider refused it at once (an IBAN its bank rejects…).
        PaymentFailed: { target: 'payment_failed', actions: 'recordFailure' },
        PaymentCancelled: { target: 'payment_cancelled', actions: 'recordCancellation' },
        PaymentMarkedNotNeeded: { target: 'payment_not_needed', actions: 'recordNotNeeded' },
        PaymentVoucherIssued: { guard: 'voucherToIssue', actions: 'recordVoucher' },
      },
    },
    // The money has left (a SEPA file downloaded, a provider's order): it can no longer be called back.
    payment_initiated: {
      on: {
        PaymentCompleted: { target: 'payment_completed', actions: 'recordCompletion' },
        PaymentMarkedAsPaid: { guard: 'manualProvider', target: 'payment_completed', actions: 'recordManualPayment' },
        PaymentFailed: { target: 'payment_failed', actions: 'recordFailure' },
        PaymentVoucherIssued: { guard: 'voucherToIssue', actions: 'recordVoucher' },
        PaymentKeptOnBuybackCancellation: { actions: 'recordKept' },
      },
    },
    payment_completed: {
      on: {
        PaymentClaimRecorded: { guard: 'handedOverVoucher', actions: 'recordClaim' },
        PaymentKeptOnBuybackCancellation: { actions: 'recordKept' },
      },
    },
    payment_failed: {
      on: {
        PaymentRelaunched: { target: 'payment_created', actions: 'recordRelaunch' },
        PaymentMarkedAsPaid: { guard: 'manualProvider', target: 'payment_completed', actions: 'recordManualPayment' },
        PaymentCancelled: { target: 'payment_cancelled', actions: 'recordCancellation' },
        PaymentMarkedNotNeeded: { target: 'payment_not_needed', actions: 'recordNotNeeded' },
      },
    },
    payment_cancelled: { type: 'final' },
    payment_not_needed: { type: 'final' },
  },
});

export type PaymentSnapshot = SnapshotFrom<typeof paymentMachine>;

export function initialPayment(): PaymentSnapshot {
  return initialTransition(paymentMachine)[0];
}

/** Folds events into a snapshot. Events come from the store, so they were allowed when written. */
export function evolvePayment(snapshot: PaymentSnapshot, event: PaymentEvent): PaymentSnapshot {
  return transition(paymentMachine, snapshot, event)[0];
}

export function foldPayment(events: readonly PaymentEvent[]): PaymentSnapshot {
  return events.reduce(evolvePayment, initialPayment());
}

/** The public status: `awaiting_payment` until the payment is created. */
export function paymentStatus(snapshot: PaymentSnapshot): PaymentStatus {
  return snapshot.value as PaymentStatus;
}

/**
 * A context every guard lets through: a stored event was allowed when it
 * was written, so only its status and type decide where it leads.
 */
const PERMISSIVE: PaymentContext = { ...EMPTY_PAYMENT, paymentId: 'payment', provider: 'manual', type: 'voucher', origin: 'store_handover' };
const nextStatusCache = new Map<string, PaymentStatus>();

/** The status after a stored event, from the status a read model kept: read models ask the machine instead of restating its targets. */
export function paymentStatusAfter(current: PaymentStatus | null, event: PaymentEvent): PaymentStatus {
  const from = current ?? 'awaiting_payment';
  const key = `${from}|${event.type}`;
  let next = nextStatusCache.get(key);
  if (next === undefined) {
    const snapshot = paymentMachine.resolveState({ value: from, context: PERMISSIVE });
    next = paymentStatus(transition(paymentMachine, snapshot, event)[0]);
    nextStatusCache.set(key, next);
  }
  return next;
}

/**
 * `foldPayment` without a machine transition per event (one costs about
 * 0.1 ms; a transfer file folds 10,000 payments): the status from the
 * machine's cached transitions (`paymentStatusAfter`), the context from the
 * machine's own actions (`contextChange`), then the snapshot the machine
 * resolves from both. Equal to `foldPayment` for stored events (allowed when
 * written, so guards change nothing): machine.test.ts checks it on every path.
 */
export function foldPaymentQuickly(events: readonly PaymentEvent[]): PaymentSnapshot {
  let status: PaymentStatus | null = null;
  let context = EMPTY_PAYMENT;
  for (const event of events) {
    status = paymentStatusAfter(status, event);
    context = { ...context, ...contextChange(context, event) };
  }
  return status === null ? initialPayment() : paymentMachine.resolveState({ value: status, context });
}
