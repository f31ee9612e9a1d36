import { decide } from '../../domain/payments/decide.js';
import { evolvePayment, initialPayment, type PaymentSnapshot } from '../../domain/payments/machine.js';
import type { PaymentCommand } from '../../domain/payments/commands.js';
import type { PaymentEvent } from '../../domain/payments/events.js';
import type { Decider } from '../commands/command-handler.js';

export const paymentDecider: Decider<PaymentSnapshot, PaymentCommand, PaymentEvent> = {
  initialState: initialPayment,
  evolve: evolvePayment,
  decide,
};
