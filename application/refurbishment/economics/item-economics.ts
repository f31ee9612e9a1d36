/**
 * An item's economic data (GET /items/{id}/economics) and its target resale
 * price (PUT /items/{id}/resale-target): read from the items list's document,
 * where the items projection keeps the economics
 * (projections/refurbishment/economics-projection.ts), with the steps'
 * working time counted up to now.
 */
import { itemEconomics, paidPriceOf, type StepLedger } from '../../../domain/refurbishment/economics/item-economics.js';
import { resaleTargetDecider } from '../../../domain/refurbishment/economics/resale-target.js';
import { handleCommand } from '../../commands/command-handler.js';
import { defineCommand, type CommandOutcome } from '../../commands/command-slice.js';
import { commandMetadata } from '../../buybacks/commands/buyback-command.js';
import type { Principal } from '../../organizations/principal.js';
import type { WarehousePorts } from '../../warehouse/warehouse-ports.js';
import { visibleItem } from '../../warehouse/commands/item-command.js';
import { requireRefurbishment } from '../refurb-premium.js';
import { REFURBISHMENT_STREAMS } from '../streams.js';
import type { ItemEconomicsView } from './economics-views.js';

export type EconomicsPorts = Pick<WarehousePorts, 'documents' | 'eventStore' | 'clock' | 'ids'>;

/** The item's economics as the caller may see them (another tenant's item: 404; an account without the refurbishment: 403). */
export async function itemEconomicsView(ports: EconomicsPorts, principal: Principal, itemId: string): Promise<ItemEconomicsView> {
  const item = await visibleItem(ports, principal, itemId);
  await requireRefurbishment(ports.documents, item.accountId);
  const at = ports.clock.now();
  const resaleStream = await ports.eventStore.readStream(REFURBISHMENT_STREAMS.itemResaleTarget.name(item._id));
  const economics = itemEconomics({
    paidPrice: paidPriceOf(item.purchasePrice, item.validatedPrice),
    targetResalePrice: item.targetResalePrice ?? null,
    ledger: (item.refurbSteps as StepLedger | undefined) ?? [],
    nowMs: Date.parse(at),
  });
  return { itemId: item._id, ...economics, resaleTargetRevision: resaleStream.length - 1, at };
}

/** Sets (or clears, with null) the item's target resale price, in the currency it was paid in. */
export const setResaleTarget = defineCommand<EconomicsPorts, { itemId: string; amountInCents: number | null }, CommandOutcome<null>>({
  name: 'SetResaleTarget',
  permission: 'refurb_resale.write',
  async run(ports, context, { itemId, amountInCents }) {
    const item = await visibleItem(ports, context.principal, itemId);
    await requireRefurbishment(ports.documents, item.accountId);
    const currency = paidPriceOf(item.purchasePrice, item.validatedPrice).currency;
    const result = await handleCommand(
      ports.eventStore,
      REFURBISHMENT_STREAMS.itemResaleTarget.name(item._id),
      resaleTargetDecider,
      {
        type: 'SetResaleTarget',
        data: { itemId: item._id, accountId: item.accountId, targetResalePrice: amountInCents === null ? null : { amountInCents, currency } },
      },
      {
        metadata: commandMetadata(ports, context, item.accountId, context.principal.organizationId ?? item.warehouseId),
        ...(context.expectedRevision !== undefined ? { expectedRevision: context.expectedRevision } : {}),
        newEventId: () => ports.ids.uuid(),
      },
    );
    return { id: item._id, status: null, revision: result.revision, position: result.position };
  },
});
