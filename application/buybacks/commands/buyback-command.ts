import type { BuybackCommand, BuybackCommandType } from '../../../domain/buybacks/commands.js';
import { buybackStatus } from '../../../domain/buybacks/machine.js';
import type { BuybackStatus } from '../../../domain/buybacks/state.js';
import type { EventMetadata } from '../../ports/event-store.js';
import { handleCommand, type CommandInput, type CommandResult } from '../../commands/command-handler.js';
import { defineCommand, type CommandContext, type CommandOutcome, type CommandSlice } from '../../commands/command-slice.js';
import { ApplicationError } from '../../commands/errors.js';
import { singleBuybackVisibility, type Principal } from '../../organizations/principal.js';
import type { Permission } from '../../organizations/permissions.js';
import { buybackDecider } from '../buyback-decider.js';
import type { BuybackPorts } from '../buyback-ports.js';
import { BUYBACKS_COLLECTION, type BuybackDocument } from '../read-models.js';
import { BUYBACK_STREAMS } from '../streams.js';
import type { BuybackSnapshot } from '../../../domain/buybacks/machine.js';
import type { BuybackEvent } from '../../../domain/buybacks/events.js';

export type BuybackOutcome = CommandOutcome<BuybackStatus | null>;

/** A command on one existing buyback, identified by `buybackId`. */
export interface OnBuyback {
  buybackId: string;
}

/**
 * A lifecycle command on one buyback the caller may see (another tenant's
 * or store's buyback answers 404, as if it did not exist): `build` turns the
 * input into the domain command, with the reference data it needs.
 */
export function buybackCommand<Input extends OnBuyback>(definition: {
  name: Exclude<BuybackCommandType, 'RegisterBuyback'>;
  permission: Permission;
  build(input: Input, buyback: BuybackDocument, deps: BuybackPorts, context: CommandContext): CommandInput<BuybackCommand> | Promise<CommandInput<BuybackCommand>>;
}): CommandSlice<BuybackPorts, Input, BuybackOutcome> {
  return defineCommand({
    name: definition.name,
    permission: definition.permission,
    async run(deps, context, input) {
      const buyback = await visibleBuyback(deps, context.principal, input.buybackId);
      const command = await definition.build(input, buyback, deps, context);
      const metadata = commandMetadata(deps, context, buyback.accountId, context.principal.organizationId ?? buyback.organizationId);
      const result = await appendToBuyback(deps, input.buybackId, command, metadata, context.expectedRevision);
      return buybackOutcome(input.buybackId, result);
    },
  });
}

export async function visibleBuyback(deps: Pick<BuybackPorts, 'documents'>, principal: Principal, buybackId: string): Promise<BuybackDocument> {
  const [buyback] = await deps.documents
    .collection<BuybackDocument>(BUYBACKS_COLLECTION)
    .find({ $and: [singleBuybackVisibility(principal), { _id: buybackId }] }, { limit: 1 });
  if (!buyback) throw new ApplicationError('BUYBACK_NOT_FOUND', { buybackId });
  return buyback;
}

export function commandMetadata(
  deps: Pick<BuybackPorts, 'clock'>,
  context: Pick<CommandContext, 'principal' | 'correlationId' | 'idempotency'>,
  accountId: string,
  organizationId: string | null,
): EventMetadata {
  return {
    accountId,
    organizationId,
    userId: context.principal.userId,
    correlationId: context.correlationId,
    causationId: null,
    occurredAt: deps.clock.now(),
    ...(context.idempotency ? { idempotency: context.idempotency } : {}),
  };
}

/**
 * A command on a buyback, decided with what the other parts do after it (its
 * item: BuybackPorts.commandCompanions) in one atomic append.
 */
export function appendToBuyback(
  deps: Pick<BuybackPorts, 'eventStore' | 'ids' | 'commandCompanions'>,
  buybackId: string,
  command: CommandInput<BuybackCommand>,
  metadata: EventMetadata,
  expectedRevision?: number,
): Promise<CommandResult<BuybackSnapshot, BuybackEvent>> {
  return handleCommand(deps.eventStore, BUYBACK_STREAMS.buyback.name(buybackId), buybackDecider, command, {
    metadata,
    companions: deps.commandCompanions.map((companionOf) => companionOf(buybackId)),
    ...(expectedRevision === undefined ? {} : { expectedRevision }),
    newEventId: () => deps.ids.uuid(),
  });
}

export function buybackOutcome(id: string, result: { state: BuybackSnapshot; revision: number; position: number | null }): BuybackOutcome {
  return { id, status: buybackStatus(result.state), revision: result.revision, position: result.position };
}
