import { commandOfAction, type ItemRefurbStepAction } from '../../../domain/refurbishment/item-refurb-step/commands.js';
import { itemRefurbStepDecider } from '../../../domain/refurbishment/item-refurb-step/decide.js';
import { itemRefurbStepStatus, type ItemRefurbStepSnapshot } from '../../../domain/refurbishment/item-refurb-step/machine.js';
import { DomainError } from '../../../domain/shared/domain-error.js';
import type { ItemEvent } from '../../../domain/warehouse/items/events.js';
import { foldStream, replayOf } from '../../commands/command-handler.js';
import { defineCommand, type CommandContext, type CommandOutcome } from '../../commands/command-slice.js';
import { ApplicationError } from '../../commands/errors.js';
import { toNewEvent } from '../../events/codec.js';
import { WrongExpectedRevisionError, type EventMetadata, type StoredEvent, type StreamAppend } from '../../ports/event-store.js';
import { itemMetadata, visibleItem } from '../../warehouse/commands/item-command.js';
import { itemDecider } from '../../warehouse/item-decider.js';
import type { ItemDocument } from '../../warehouse/read-models.js';
import { WAREHOUSE_STREAMS } from '../../warehouse/streams.js';
import type { WarehousePorts } from '../../warehouse/warehouse-ports.js';
import { requireRefurbishment } from '../refurb-premium.js';
import { REFURBISHMENT_STREAMS } from '../streams.js';

export const REFURB_WRITE = 'refurb.write';

export type StepPorts = Pick<WarehousePorts, 'eventStore' | 'documents' | 'clock' | 'ids'>;

export interface StepActionInput {
  itemRefurbStepId: string;
  action: ItemRefurbStepAction;
  comment: string | null;
}

/** The step as stored, or 404 when it does not exist or its item is not one the caller may see (another retailer's, another warehouse's). */
export async function visibleStep(deps: StepPorts, context: Pick<CommandContext, 'principal'>, itemRefurbStepId: string): Promise<{ history: StoredEvent[]; state: ItemRefurbStepSnapshot; item: ItemDocument }> {
  if (context.principal.accountId !== null) await requireRefurbishment(deps.documents, context.principal.accountId);
  const history = await deps.eventStore.readStream(REFURBISHMENT_STREAMS.itemRefurbStep.name(itemRefurbStepId));
  const state = foldStream(itemRefurbStepDecider, history);
  const { itemId, accountId } = state.context;
  if (itemId === null || accountId === null) throw new ApplicationError('ITEM_REFURB_STEP_NOT_FOUND', { itemRefurbStepId });
  const item = await visibleItem(deps, context.principal, itemId).catch((error: unknown) => {
    if (error instanceof ApplicationError && error.code === 'ITEM_NOT_FOUND') throw new ApplicationError('ITEM_REFURB_STEP_NOT_FOUND', { itemRefurbStepId });
    throw error;
  });
  if (context.principal.accountId === null) await requireRefurbishment(deps.documents, accountId);
  return { history, state, item };
}

/**
 * A technician's action on one step (start, pause, resume, cancel,
 * validate). The caller names the revision it last saw (If-Match): another
 * one answers REFURB_STEP_STATUS_CHANGED (409, the current status in
 * details) and nothing is written. Two technicians acting at once both read
 * the same revision; the append is made at that revision, so exactly one is
 * written and the other gets the same refusal. Starting a step moves the
 * item to the step's stock (docs/specification-readings.md), in the same
 * atomic append, at the item's revision read.
 */
export const actOnStep = defineCommand<StepPorts, StepActionInput, CommandOutcome>({
  name: 'ActOnItemRefurbStep',
  permission: REFURB_WRITE,
  async run(deps, context, input) {
    const stream = REFURBISHMENT_STREAMS.itemRefurbStep.name(input.itemRefurbStepId);
    const { history, state, item } = await visibleStep(deps, context, input.itemRefurbStepId);
    const mark = context.idempotency ?? null;
    const earlier = mark ? replayOf(itemRefurbStepDecider, history, mark) : null;
    if (earlier) return outcomeOf(input.itemRefurbStepId, earlier);
    const revision = history.length - 1;
    if (context.expectedRevision !== undefined && context.expectedRevision !== revision) throw statusChanged(state, revision, context.expectedRevision);
    const events = itemRefurbStepDecider.decide(commandOfAction(input.action, input.comment), state);
    const metadata = itemMetadata(deps, context, item);
    const appends: StreamAppend[] = [{ streamName: stream, expectedRevision: revision, events: events.map((event) => toNewEvent(event, deps.ids.uuid(), metadata)) }];
    if (events[0]?.type === 'ItemRefurbStepStarted') appends.push(...(await moveToStepStock(deps, state, metadata)));
    try {
      const results = await deps.eventStore.appendToStreams(appends);
      const position = Math.max(...results.map((result) => result.lastGlobalPosition));
      const stateAfter = events.reduce(itemRefurbStepDecider.evolve, state);
      return { id: input.itemRefurbStepId, status: itemRefurbStepStatus(stateAfter), revision: results[0]?.nextExpectedRevision ?? revision, position };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      const fresh = await deps.eventStore.readStream(stream);
      const winner = mark ? replayOf(itemRefurbStepDecider, fresh, mark) : null;
      if (winner) return outcomeOf(input.itemRefurbStepId, winner);
      throw statusChanged(foldStream(itemRefurbStepDecider, fresh), fresh.length - 1, revision);
    }
  },
});

/** The item's move to the step's stock (none when it is there already), decided on the item's current state. */
async function moveToStepStock(deps: StepPorts, step: ItemRefurbStepSnapshot, metadata: EventMetadata): Promise<StreamAppend[]> {
  const { itemId, stockId, name } = step.context;
  if (itemId === null || stockId === null) return [];
  const streamName = WAREHOUSE_STREAMS.item.name(itemId);
  const itemHistory = await deps.eventStore.readStream(streamName);
  const item = foldStream(itemDecider, itemHistory);
  if (item.context.stockId === stockId) return [{ streamName, expectedRevision: itemHistory.length - 1, events: [] }];
  const moved: ItemEvent[] = itemDecider.decide({ type: 'MoveItem', data: { stockId, reason: name } }, item);
  return [{ streamName, expectedRevision: itemHistory.length - 1, events: moved.map((event) => toNewEvent(event, deps.ids.uuid(), { ...metadata, idempotency: null })) }];
}

/** Specification 001's "another user changed the status": nothing was written; the step's current status and revision in details. */
function statusChanged(state: ItemRefurbStepSnapshot, currentRevision: number, expectedRevision: number): DomainError {
  return new DomainError('REFURB_STEP_STATUS_CHANGED', { status: itemRefurbStepStatus(state), currentRevision, expectedRevision });
}

function outcomeOf(id: string, result: { state: ItemRefurbStepSnapshot; revision: number; position: number | null }): CommandOutcome {
  return { id, status: itemRefurbStepStatus(result.state), revision: result.revision, position: result.position };
}
