import { ensureRefurbishmentConfirmable, type StepProgress } from '../../../domain/refurbishment/item-refurb-step/confirmation.js';
import { itemRefurbStepDecider } from '../../../domain/refurbishment/item-refurb-step/decide.js';
import { itemRefurbStepStatus } from '../../../domain/refurbishment/item-refurb-step/machine.js';
import { foldStream, handleCommand, type Companion } from '../../commands/command-handler.js';
import { defineCommand, type CommandOutcome } from '../../commands/command-slice.js';
import type { StoredEvent } from '../../ports/event-store.js';
import type { ItemCommand } from '../../../domain/warehouse/items/commands.js';
import type { ItemEvent } from '../../../domain/warehouse/items/events.js';
import type { ItemSnapshot } from '../../../domain/warehouse/items/machine.js';
import { buybackCompanion } from '../../warehouse/buyback-item-pair.js';
import { itemMetadata, itemOutcome, visibleItem, type OnItem } from '../../warehouse/commands/item-command.js';
import { itemDecider } from '../../warehouse/item-decider.js';
import { WAREHOUSE_STREAMS } from '../../warehouse/streams.js';
import { requireRefurbishment } from '../refurb-premium.js';
import { REFURBISHMENT_STREAMS } from '../streams.js';
import { ITEM_REFURB_STEP_COLLECTIONS, type ItemRefurbStepDocument } from './read-model.js';
import { REFURB_WRITE, type StepPorts } from './step-actions.js';
import type { WarehousePorts } from '../../warehouse/warehouse-ports.js';

/** At most this many steps on one item (a diagnosis plans a handful). */
export const MAX_STEPS_PER_ITEM = 200;

/**
 * Confirms the item's refurbishment (specification 001: every step completed
 * or cancelled): the item's ItemRefurbCompleted (to the "refurb completed"
 * native stock) is appended in ONE atomic append with a consistency check
 * (no event, the revision read) on every step's stream. A step started at
 * the same moment makes one of the two fail: never a completed item with a
 * step in progress. The rule is decided on the steps' streams as read for
 * the append (not on the read model), and again on fresh reads after a race.
 */
export const completeRefurbishment = defineCommand<WarehousePorts, OnItem, CommandOutcome>({
  name: 'CompleteRefurb',
  permission: REFURB_WRITE,
  async run(deps, context, input) {
    if (context.principal.accountId !== null) await requireRefurbishment(deps.documents, context.principal.accountId);
    const item = await visibleItem(deps, context.principal, input.itemId);
    if (context.principal.accountId === null) await requireRefurbishment(deps.documents, item.accountId);
    const stepIds = await stepIdsOf(deps, item._id);
    const streams = stepIds.map((id) => REFURBISHMENT_STREAMS.itemRefurbStep.name(id));
    // A consistency check per step: no event, the step's stream at the revision read.
    const checks: Companion<ItemSnapshot, ItemEvent>[] = streams.map((stream) => ({ stream, follow: () => [] }));
    const companions = [...(item.buybackId ? [buybackCompanion(item.buybackId, deps.ids, deps.linkSecrets)] : []), ...checks];
    const command = (history: (stream: string) => readonly StoredEvent[]): ItemCommand => {
      ensureRefurbishmentConfirmable(streams.map((stream) => progressOf(history(stream))));
      return { type: 'CompleteRefurb', data: {} };
    };
    const result = await handleCommand(deps.eventStore, WAREHOUSE_STREAMS.item.name(item._id), itemDecider, command, {
      metadata: itemMetadata(deps, context, item),
      companions,
      ...(context.expectedRevision === undefined ? {} : { expectedRevision: context.expectedRevision }),
      newEventId: () => deps.ids.uuid(),
    });
    return itemOutcome(item._id, result);
  },
});

/** The ids of the item's steps (the read model knows which streams; each stream is then read as the truth). */
async function stepIdsOf(deps: Pick<StepPorts, 'documents'>, itemId: string): Promise<string[]> {
  const steps = await deps.documents
    .collection<ItemRefurbStepDocument>(ITEM_REFURB_STEP_COLLECTIONS.steps)
    .find({ itemId }, { sort: [['sequence', 1]], limit: MAX_STEPS_PER_ITEM });
  return steps.map((step) => step._id);
}

function progressOf(history: readonly StoredEvent[]): StepProgress {
  const state = foldStream(itemRefurbStepDecider, history);
  return {
    itemRefurbStepId: state.context.itemRefurbStepId ?? '',
    name: state.context.name,
    sequence: state.context.sequence,
    status: itemRefurbStepStatus(state) ?? 'to_do',
  };
}
