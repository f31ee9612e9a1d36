import type { PaymentCommandType } from './commands.js';
import type { PaymentEvent } from './events.js';
import { paymentMachine, type PaymentSnapshot } from './machine.js';
import { EMPTY_PAYMENT, type PaymentContext, type PaymentStatus } from './state.js';

/** The event each command on an existing payment records: what the machine is asked about before deciding. */
export const EVENT_OF_COMMAND: Readonly<Record<Exclude<PaymentCommandType, 'CreatePayment'>, PaymentEvent['type']>> = {
  MarkPaymentNotNeeded: 'PaymentMarkedNotNeeded',
  InitiatePayment: 'PaymentInitiated',
  CompletePayment: 'PaymentCompleted',
  FailPayment: 'PaymentFailed',
  RelaunchPayment: 'PaymentRelaunched',
  MarkPaymentAsPaid: 'PaymentMarkedAsPaid',
  CancelPayment: 'PaymentCancelled',
  IssueVoucherCode: 'PaymentVoucherIssued',
  RecordVoucherClaim: 'PaymentClaimRecorded',
};

export type PaymentLifecycleCommandType = keyof typeof EVENT_OF_COMMAND;
const LIFECYCLE_COMMANDS = Object.keys(EVENT_OF_COMMAND) as PaymentLifecycleCommandType[];

/**
 * The commands the machine accepts for this payment now (`snapshot.can`,
 * its guards reading the payment: a manual one, a voucher…), in a stable
 * order. `decide` asks the same question, so a command listed here is
 * refused only for its input (information too long, an invalid code), never
 * for the payment's status. A forced cancellation is not listed: it is
 * offered when the cancellation is refused.
 */
export function allowedPaymentCommands(snapshot: PaymentSnapshot): PaymentLifecycleCommandType[] {
  if (snapshot.context.paymentId === null) return [];
  return LIFECYCLE_COMMANDS.filter((command) => snapshot.can({ type: EVENT_OF_COMMAND[command] } as PaymentEvent));
}

/** The same from what a read model keeps (its status and the fields the guards read): lists say what can be done without reading the events. */
export function allowedPaymentCommandsAt(
  status: PaymentStatus,
  payment: Pick<PaymentContext, 'provider' | 'type' | 'origin' | 'voucherCode' | 'claim'>,
): PaymentLifecycleCommandType[] {
  if (status === 'awaiting_payment') return [];
  const snapshot = paymentMachine.resolveState({ value: status, context: { ...EMPTY_PAYMENT, ...payment, paymentId: 'payment' } });
  return allowedPaymentCommands(snapshot);
}
