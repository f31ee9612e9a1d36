import { TOKENS } from '../../../application/tokens.js';
import { WarehousePorts } from '../../../application/warehouse/warehouse-ports.js';
import type { CommandContext } from '../../../application/commands/command-slice.js';
import { actOnStep } from '../../../application/refurbishment/item-refurb-steps/step-actions.js';
import { completeRefurbishment } from '../../../application/refurbishment/item-refurb-steps/complete-refurbishment.js';
import { ITEM_REFURB_STEP_COLLECTIONS, type ItemRefurbStepDocument } from '../../../application/refurbishment/item-refurb-steps/read-model.js';
import type { ItemRefurbStepAction } from '../../../domain/refurbishment/item-refurb-step/commands.js';
import { ORGANIZATION_DEMO_IDS } from '../organizations/demo-data.js';
import type { DemoActivityContext } from '../../seed/demo-activity.js';

const OPERATOR = 'warehouse@demo.test';

/**
 * The steps' share of the demo (after the diagnosis's, which plans steps on
 * a few items): the planned steps worked so that every status shows, item
 * by item — one item's steps all done and its refurbishment confirmed, one
 * with a step validated and the next in progress, one with a step paused,
 * one with a step cancelled (and its comment) and one left to do.
 */
export async function stepsDemoActivity(context: DemoActivityContext): Promise<void> {
  const { container, clock, settle } = context;
  const child = container.createChildContainer();
  child.register(TOKENS.Clock, { useValue: clock });
  const ports = child.resolve(WarehousePorts);
  const planned = await ports.documents
    .collection<ItemRefurbStepDocument>(ITEM_REFURB_STEP_COLLECTIONS.steps)
    .find({ accountId: ORGANIZATION_DEMO_IDS.accounts.demo, status: 'to_do' }, { sort: [['plannedAt', 1]], limit: 500 });
  const byItem = new Map<string, ItemRefurbStepDocument[]>();
  for (const step of planned) byItem.set(step.itemId, [...(byItem.get(step.itemId) ?? []), step]);
  const items = [...byItem.values()].map((steps) => steps.sort((a, b) => a.sequence - b.sequence));
  if (items.length === 0) return;
  const operator = await context.actAs(OPERATOR, 'rps');
  const act = async (step: ItemRefurbStepDocument, action: ItemRefurbStepAction, comment: string | null = null) => {
    clock.later(action === 'validate' ? 35 : 10);
    const outcome = await actOnStep.run(ports, operator, { itemRefurbStepId: step._id, action, comment });
    await settle(outcome.position);
  };
  const plans: Array<(steps: ItemRefurbStepDocument[], ctx: CommandContext) => Promise<void>> = [
    // Every step done, one paused on the way; the refurbishment confirmed.
    async (steps, ctx) => {
      for (const [index, step] of steps.entries()) {
        await act(step, 'start');
        if (index === 0) {
          await act(step, 'pause');
          await act(step, 'resume');
        }
        await act(step, 'validate', index === 0 ? 'Pièce d’origine, test tactile OK' : null);
      }
      clock.later(15);
      const done = await completeRefurbishment.run(ports, ctx, { itemId: (steps[0] as ItemRefurbStepDocument).itemId });
      await settle(done.position);
    },
    // The first validated, the next in progress.
    async (steps) => {
      const [first, second] = steps;
      if (first) {
        await act(first, 'start');
        await act(first, 'validate');
      }
      if (second) await act(second, 'start');
    },
    // The first paused.
    async (steps) => {
      const [first] = steps;
      if (first) {
        await act(first, 'start');
        await act(first, 'pause');
      }
    },
    // The first cancelled with its comment, the next in progress.
    async (steps) => {
      const [first, second] = steps;
      if (first) await act(first, 'cancel', 'Pièce en rupture chez le fournisseur');
      if (second) await act(second, 'start');
    },
    // Left to do.
    async () => {},
  ];
  // The clock goes on from the diagnosis's demo (each action a few minutes after the last).
  for (const [index, steps] of items.slice(0, plans.length).entries()) {
    await (plans[index] as (typeof plans)[number])(steps, operator);
  }
}
