import type { BuybackChannel } from '../../../domain/buybacks/events.js';
import { defineCommand } from '../../commands/command-slice.js';
import { idFromIdempotencyKey } from '../../commands/idempotency.js';
import type { BuybackPorts } from '../buyback-ports.js';
import type { CustomerInput } from '../customer-validation.js';
import { commandMetadata } from './buyback-command.js';
import {
  appendRegistrations,
  placeOf,
  prepareDeclaration,
  registrations,
  replayedRegistration,
  sendConfirmations,
  validatedCustomer,
  type Declaration,
  type RegisteredBuyback,
} from './registration.js';

export type { RegisteredBuyback };

export interface RegisterBuybackInput extends Declaration {
  channel: BuybackChannel;
  /** The store registering it (channel store); null on the web. */
  storeId: string | null;
  customer: CustomerInput;
}

/**
 * POST /store/{storeId}/buybacks (a store seller, for a customer in the
 * store) and POST /web/buybacks (a storefront visitor): one device. The
 * price is the estimate's, never the client's; the destination warehouse and
 * the buyer follow the category's routing; the customer's data is sealed
 * with their key before it enters the event. The customer is e-mailed a
 * confirmation, in the language they used.
 */
export const registerBuyback = defineCommand<BuybackPorts, RegisterBuybackInput, RegisteredBuyback>({
  name: 'RegisterBuyback',
  permission: null, // the route names buyback.create or buyback.create_web, by channel
  async run(deps, context, input) {
    // With an Idempotency-Key the new buyback's id derives from it: a retry (after a crash too) finds the
    // first attempt's stream and answers as it did, and two attempts can never both create one.
    const buybackId = context.idempotency ? idFromIdempotencyKey(context.idempotency.key) : deps.ids.uuid();
    const earlier = context.idempotency ? await replayedRegistration(deps, buybackId, context.idempotency) : null;
    if (earlier) return earlier;

    const place = await placeOf(deps, context.principal, input.channel, input.storeId);
    const prepared = await prepareDeclaration(deps, context.principal, place, input);
    const customer = validatedCustomer(deps, place, input.customer, [prepared]);
    const items = await registrations(deps, place, customer, context.locale, [{ buybackId, prepared }]);
    const [registered] = await appendRegistrations(deps, items, commandMetadata(deps, context, place.account._id, place.organizationId));
    if (!registered) throw new Error('No registration was appended');
    await sendConfirmations(deps, customer, context.locale, items, [registered]);
    return registered;
  },
});
