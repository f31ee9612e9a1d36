import type { CustomerForgotten } from '../../../domain/buybacks/customer-events.js';
import { toNewEvent } from '../../events/codec.js';
import { defineCommand } from '../../commands/command-slice.js';
import { ApplicationError } from '../../commands/errors.js';
import type { BuybackPorts } from '../buyback-ports.js';
import { BUYBACK_STREAMS } from '../streams.js';

export interface ForgetCustomerInput {
  email: string;
  /** Provider staff name the tenant; a retailer's user forgets in their own. */
  accountId?: string;
}

export interface ForgetCustomerOutcome {
  subjectId: string;
  keyDeleted: boolean;
  /** Copies of e-mails sent to them that were erased. */
  messagesErased: number;
  position: number;
}

/**
 * The right to be forgotten: the subject's key is deleted (their sealed data
 * can never be read again, in any event), CustomerForgotten tells the live
 * read models to drop the clear copies they hold, and the kept copies of the
 * e-mails sent to them are erased.
 */
export const forgetCustomer = defineCommand<BuybackPorts, ForgetCustomerInput, ForgetCustomerOutcome>({
  name: 'ForgetCustomer',
  permission: 'customer.forget',
  async run(deps, context, input) {
    const accountId = context.principal.accountId ?? input.accountId;
    if (!accountId) throw new ApplicationError('VALIDATION_FAILED', { fields: [{ field: 'accountId', code: 'schema.required' }] });
    const subjectId = deps.vault.subjectIdFor(accountId, input.email);
    const keyDeleted = await deps.vault.forget(subjectId);
    const messagesErased = await deps.mailer.forgetSubject(subjectId);
    const event: CustomerForgotten = { type: 'CustomerForgotten', data: { subjectId } };
    const appended = await deps.eventStore.appendToStream(
      BUYBACK_STREAMS.customer.name(subjectId),
      [
        toNewEvent(event, deps.ids.uuid(), {
          accountId,
          organizationId: null,
          userId: context.principal.userId,
          correlationId: context.correlationId,
          causationId: null,
          occurredAt: deps.clock.now(),
        }),
      ],
      'any',
    );
    return { subjectId, keyDeleted, messagesErased, position: appended.lastGlobalPosition };
  },
});
