import { isPaymentCancellable } from '../buybacks/decide.js';
import { DomainError } from '../shared/domain-error.js';
import { compareMoney, money, subtractMoney } from '../shared/money.js';
import type { PaymentCommand } from './commands.js';
import type { PaymentEvent } from './events.js';
import { paymentStatus, type PaymentSnapshot } from './machine.js';
import { amountWithCircuitBonus } from './modifier.js';
import { isVoucherType, MARK_AS_PAID_INFORMATION_MAX, type PaymentContext } from './state.js';
import { isValidVoucherCode, normalizeVoucherCode } from './voucher-code.js';

/** The most characters of a provider reference, a failure's message, a relaunch's reason or a cancellation's comment. */
export const PAYMENT_TEXT_MAX = 255;
/** The most characters of a failure's reason code (the bank's ISO 20022 codes are 4). */
export const PAYMENT_REASON_CODE_MAX = 64;

/**
 * Turns a command and the payment's state into events, or refuses with a
 * DomainError whose code the API returns as is. Pure: the state comes from
 * the stored events; ids, codes and references come in with the command.
 * A provider's report repeated (completed twice, failed twice, the same
 * initiation) records nothing, so a replayed webhook changes nothing.
 */
export function decide(command: PaymentCommand, state: PaymentSnapshot): PaymentEvent[] {
  const ctx = state.context;
  if (command.type === 'CreatePayment') return create(command.data, ctx);
  const paymentId = ctx.paymentId;
  if (paymentId === null) throw new DomainError('PAYMENT_NOT_FOUND');
  const status = paymentStatus(state);
  const attempt = ctx.attempts.at(-1)?.number ?? 1;

  switch (command.type) {
    case 'MarkPaymentNotNeeded':
      if (status === 'payment_not_needed') return [];
      return allowed(state, command, { type: 'PaymentMarkedNotNeeded', data: { paymentId, reason: command.data.reason } });
    case 'InitiatePayment': {
      const providerReference = requiredText(command.data.providerReference, 'providerReference', PAYMENT_TEXT_MAX, 'PAYMENT_PROVIDER_REFERENCE_INVALID');
      // The same initiation told twice (a provider's retry, a file downloaded again) records nothing.
      if (status === 'payment_initiated' && ctx.providerReference === providerReference) return [];
      const transferFileId = command.data.transferFileId ?? null;
      return allowed(state, command, { type: 'PaymentInitiated', data: { paymentId, attempt, providerReference, transferFileId } });
    }
    case 'CompletePayment': {
      if (status === 'payment_completed') return [];
      const providerReference = optionalText(command.data.providerReference, 'providerReference', PAYMENT_TEXT_MAX, 'PAYMENT_PROVIDER_REFERENCE_INVALID');
      return allowed(state, command, { type: 'PaymentCompleted', data: { paymentId, attempt, providerReference } });
    }
    case 'FailPayment': {
      if (status === 'payment_failed') return [];
      const reasonCode = requiredText(command.data.reasonCode, 'reasonCode', PAYMENT_REASON_CODE_MAX, 'PAYMENT_FAILURE_REASON_INVALID');
      const message = optionalText(command.data.message, 'message', PAYMENT_TEXT_MAX, 'PAYMENT_TEXT_TOO_LONG');
      return allowed(state, command, { type: 'PaymentFailed', data: { paymentId, attempt, reasonCode, message } });
    }
    case 'RelaunchPayment': {
      const reason = optionalText(command.data.reason, 'reason', PAYMENT_TEXT_MAX, 'PAYMENT_TEXT_TOO_LONG');
      const event: PaymentEvent = { type: 'PaymentRelaunched', data: { paymentId, attempt: attempt + 1, reason } };
      // The specification's "payment relaunch failure": only a failed payment is relaunched.
      if (!state.can(event)) throw new DomainError('PAYMENT_RELAUNCH_NOT_ALLOWED', { status });
      return [event];
    }
    case 'MarkPaymentAsPaid': {
      if (ctx.provider !== 'manual') throw new DomainError('PAYMENT_NOT_MANUAL', { provider: ctx.provider });
      const information = optionalText(command.data.information, 'information', MARK_AS_PAID_INFORMATION_MAX, 'PAYMENT_INFORMATION_TOO_LONG');
      return allowed(state, command, { type: 'PaymentMarkedAsPaid', data: { paymentId, attempt, information } });
    }
    case 'CancelPayment': {
      // Already cancelled, or nothing to pay: nothing to call back (as the buyback's rule keeps these).
      if (status === 'payment_cancelled' || status === 'payment_not_needed') return [];
      const comment = optionalText(command.data.comment, 'comment', PAYMENT_TEXT_MAX, 'PAYMENT_TEXT_TOO_LONG');
      if (!isPaymentCancellable(status)) {
        if (!command.data.force) throw new DomainError('PAYMENT_NOT_CANCELLABLE', { status, forceAvailable: true });
        if (ctx.keptOnBuybackCancellation) return [];
        return allowed(state, command, { type: 'PaymentKeptOnBuybackCancellation', data: { paymentId, status, comment } });
      }
      return allowed(state, command, { type: 'PaymentCancelled', data: { paymentId, reason: command.data.reason, comment, previousStatus: status } });
    }
    case 'IssueVoucherCode': {
      if (!isVoucherType(ctx.type)) throw new DomainError('PAYMENT_NOT_A_VOUCHER', { paymentType: ctx.type });
      const voucherCode = normalizeVoucherCode(command.data.voucherCode);
      if (!isValidVoucherCode(voucherCode)) throw new DomainError('PAYMENT_VOUCHER_CODE_INVALID');
      if (ctx.voucherCode === voucherCode) return [];
      if (ctx.voucherCode !== null) throw new DomainError('PAYMENT_VOUCHER_ALREADY_ISSUED', { voucherCode: ctx.voucherCode });
      return allowed(state, command, { type: 'PaymentVoucherIssued', data: { paymentId, voucherCode } });
    }
    case 'RecordVoucherClaim':
      return [claim(state, paymentId, command)];
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * Created for a completed buyback (or a lost item's), with the amount the
 * payment mode's modifier and the circuit's bonus give; nothing to pay (a
 * zero price, or a malus or cost that takes it all) is created and at once
 * not needed.
 */
function create(data: Extract<PaymentCommand, { type: 'CreatePayment' }>['data'], ctx: PaymentContext): PaymentEvent[] {
  if (ctx.paymentId !== null) throw new DomainError('PAYMENT_ALREADY_EXISTS', { paymentId: ctx.paymentId });
  if (data.origin === 'store_handover' && !isVoucherType(data.paymentType)) {
    throw new DomainError('PAYMENT_NOT_A_VOUCHER', { paymentType: data.paymentType });
  }
  const amount = amountWithCircuitBonus(data.validatedPrice, data.modifier, data.circuitBonus);
  const created: PaymentEvent = { type: 'PaymentCreated', data: { ...data, amount } };
  if (amount.amountInCents > 0) return [created];
  return [created, { type: 'PaymentMarkedNotNeeded', data: { paymentId: data.paymentId, reason: 'zero_amount' } }];
}

/**
 * Our choice for a voucher handed over in store whose buyback then settles
 * lower: a claim on the customer for the difference (the voucher is in
 * their hands and may be spent; a payment cannot be negative). A price that
 * is not lower leaves nothing to claim.
 */
function claim(state: PaymentSnapshot, paymentId: string, command: Extract<PaymentCommand, { type: 'RecordVoucherClaim' }>): PaymentEvent {
  const ctx = state.context;
  if (ctx.origin !== 'store_handover' || !isVoucherType(ctx.type)) throw new DomainError('PAYMENT_NOT_HANDED_OVER', { origin: ctx.origin, paymentType: ctx.type });
  if (ctx.claim !== null) throw new DomainError('PAYMENT_CLAIM_ALREADY_RECORDED', { claimedAmount: ctx.claim.claimedAmount });
  const paid = ctx.amount;
  const modifier = ctx.modifier;
  if (paid === null || modifier === null) throw new DomainError('PAYMENT_NOT_FOUND');
  const owedAmount = amountWithCircuitBonus(command.data.acceptedPrice, modifier, ctx.circuitBonus ?? money(0, paid.currency));
  if (compareMoney(owedAmount, paid) >= 0) throw new DomainError('PAYMENT_NO_DIFFERENCE', { amount: paid, owedAmount });
  const event: PaymentEvent = {
    type: 'PaymentClaimRecorded',
    data: { paymentId, acceptedPrice: command.data.acceptedPrice, owedAmount, claimedAmount: subtractMoney(paid, owedAmount) },
  };
  ensureAllowed(state, command, event);
  return event;
}

function allowed(state: PaymentSnapshot, command: PaymentCommand, event: PaymentEvent): PaymentEvent[] {
  ensureAllowed(state, command, event);
  return [event];
}

/** Asks the machine whether the event this command records is allowed now. */
function ensureAllowed(state: PaymentSnapshot, command: PaymentCommand, event: PaymentEvent): void {
  if (state.can(event)) return;
  throw new DomainError('PAYMENT_TRANSITION_NOT_ALLOWED', { status: paymentStatus(state), command: command.type, event: event.type });
}

/** Trimmed; empty is none; longer than `max` characters is refused with `code`. */
function optionalText(value: string | null | undefined, field: string, max: number, code: string): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  const length = [...text].length;
  if (length > max) throw new DomainError(code, { field, max, length });
  return text;
}

function requiredText(value: string, field: string, max: number, code: string): string {
  const text = optionalText(value, field, max, code);
  if (text === null) throw new DomainError(code, { field, max, length: 0 });
  return text;
}
