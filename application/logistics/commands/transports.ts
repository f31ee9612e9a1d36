import type { TransportCommand } from '../../../domain/logistics/transports/transport.js';
import { handleCommand } from '../../commands/command-handler.js';
import { defineCommand, type CommandOutcome } from '../../commands/command-slice.js';
import { ApplicationError } from '../../commands/errors.js';
import { commandMetadata } from '../../buybacks/commands/buyback-command.js';
import { transportDecider } from '../deciders.js';
import type { LogisticsPorts } from '../logistics-ports.js';
import { transportVisibility } from '../logistics-queries.js';
import { LOGISTICS_COLLECTIONS, type TransportDocument } from '../read-models.js';
import { LOGISTICS_STREAMS } from '../streams.js';

/** Asks the carrier again for a label it failed to give (refused, or every attempt failed): the label worker takes it up at once. */
export const retryLabel = defineCommand<LogisticsPorts, { transportId: string }, CommandOutcome<'pending' | 'ready' | 'failed'>>({
  name: 'RetryLabel',
  permission: 'transport.manage',
  async run(deps, context, input) {
    const [transport] = await deps.documents
      .collection<TransportDocument>(LOGISTICS_COLLECTIONS.transports)
      .find({ $and: [transportVisibility(context.principal), { _id: input.transportId }] }, { limit: 1 });
    if (!transport) throw new ApplicationError('TRANSPORT_NOT_FOUND', { transportId: input.transportId });
    const command: TransportCommand = { type: 'RetryLabel', data: {} };
    const result = await handleCommand(deps.eventStore, LOGISTICS_STREAMS.transport.name(transport._id), transportDecider, command, {
      metadata: commandMetadata(deps, context, transport.accountId, context.principal.organizationId),
      newEventId: () => deps.ids.uuid(),
      ...(context.expectedRevision === undefined ? {} : { expectedRevision: context.expectedRevision }),
    });
    return { id: transport._id, status: result.state.labelStatus, revision: result.revision, position: result.position };
  },
});
