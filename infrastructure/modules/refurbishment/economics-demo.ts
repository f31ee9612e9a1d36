import { TOKENS } from '../../../application/tokens.js';
import type { DocumentStore } from '../../../application/ports/document-store.js';
import type { WarehousePorts } from '../../../application/warehouse/warehouse-ports.js';
import { WAREHOUSE_COLLECTIONS, type ItemDocument } from '../../../application/warehouse/read-models.js';
import { setResaleTarget } from '../../../application/refurbishment/economics/item-economics.js';
import { paidPriceOf } from '../../../domain/refurbishment/economics/item-economics.js';
import type { DemoActivityContext } from '../../seed/demo-activity.js';
import { ORGANIZATION_DEMO_IDS } from '../organizations/demo-data.js';

const WAREHOUSE_MANAGER = 'warehouse-manager@demo.test';

/**
 * The economics' share of the demo (after the steps'): the demo retailer's
 * refurbished and refurbishing items get a target resale price (a markup
 * between 40 % and 90 % on what was paid, to the euro), so their margins
 * show, some thin, one negative, on the economic data tab and the items list.
 */
export async function economicsDemoActivity(context: DemoActivityContext): Promise<void> {
  const documents = context.container.resolve<DocumentStore>(TOKENS.DocumentStore);
  const ports = context.container.resolve<WarehousePorts>(TOKENS.WarehousePorts);
  const items = await documents
    .collection<ItemDocument>(WAREHOUSE_COLLECTIONS.items)
    .find({ accountId: ORGANIZATION_DEMO_IDS.accounts.demo, refurbishing: true }, { sort: [['receivedAt', 1], ['_id', 1]], limit: 50 });
  if (items.length === 0) return;
  const manager = await context.actAs(WAREHOUSE_MANAGER, 'rps');
  for (const [index, item] of items.entries()) {
    const paid = paidPriceOf(item.purchasePrice, item.validatedPrice).amountInCents;
    // The last one is resold below what it cost: a negative margin to spot.
    const markup = index === items.length - 1 ? 1.02 : 1.4 + ((index * 13) % 50) / 100;
    const target = Math.round((paid * markup) / 100) * 100;
    const outcome = await setResaleTarget.run(ports, manager, { itemId: item._id, amountInCents: target });
    await context.settle(outcome.position);
  }
}
