import type { PaymentCommand } from '../../../domain/payments/commands.js';
import { paymentStatus } from '../../../domain/payments/machine.js';
import type { PaymentStatus } from '../../../domain/payments/state.js';
import type { Clock, IdGenerator } from '../../ports/clock.js';
import type { DocumentStore } from '../../ports/document-store.js';
import type { EventStore } from '../../ports/event-store.js';
import { handleCommand } from '../../commands/command-handler.js';
import { defineCommand, type CommandContext, type CommandOutcome, type CommandSlice } from '../../commands/command-slice.js';
import type { Permission } from '../../organizations/permissions.js';
import { commandMetadata } from '../../buybacks/commands/buyback-command.js';
import { paymentDecider } from '../payment-decider.js';
import { visiblePayment } from '../payment-queries.js';
import type { PaymentDocument } from '../read-models.js';
import { PAYMENT_STREAMS } from '../streams.js';

/** What a command on a payment works with. */
export interface PaymentCommandPorts {
  eventStore: EventStore;
  documents: DocumentStore;
  clock: Clock;
  ids: IdGenerator;
}

export type PaymentOutcome = CommandOutcome<PaymentStatus>;

/** A command on one existing payment, identified by `paymentId`. */
export interface OnPayment {
  paymentId: string;
}

/**
 * A command an operator runs on one payment the caller may see (another
 * tenant's or store's payment answers 404, as if it did not exist): read ▸
 * fold ▸ decide ▸ append on the payment's stream, with the Idempotency-Key
 * on its events. A refusal of the payment's machine writes nothing.
 */
export function paymentCommand<Input extends OnPayment>(definition: {
  name: PaymentCommand['type'];
  permission: Permission;
  build(input: Input, payment: PaymentDocument): PaymentCommand;
}): CommandSlice<PaymentCommandPorts, Input, PaymentOutcome> {
  return defineCommand({
    name: definition.name,
    permission: definition.permission,
    async run(deps, context: CommandContext, input) {
      const payment = await visiblePayment(deps.documents, context.principal, input.paymentId);
      const metadata = commandMetadata(deps, context, payment.accountId, context.principal.organizationId ?? payment.organizationId);
      const result = await handleCommand(deps.eventStore, PAYMENT_STREAMS.payment.name(payment._id), paymentDecider, definition.build(input, payment), {
        metadata,
        ...(context.expectedRevision === undefined ? {} : { expectedRevision: context.expectedRevision }),
        newEventId: () => deps.ids.uuid(),
      });
      return { id: payment._id, status: paymentStatus(result.state), revision: result.revision, position: result.position };
    },
  });
}
