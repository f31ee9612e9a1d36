import { TOKENS } from '../../../application/tokens.js';
import { BuybackPorts } from '../../../application/buybacks/buyback-ports.js';
import { WarehousePorts } from '../../../application/warehouse/warehouse-ports.js';
import type { CatalogService } from '../../../application/catalog/catalog-service.js';
import type { CommandContext } from '../../../application/commands/command-slice.js';
import { registerBuyback } from '../../../application/buybacks/commands/register-buyback.js';
import { shipBuyback } from '../../../application/buybacks/commands/ship-buyback.js';
import { cancelBuyback } from '../../../application/buybacks/commands/cancel-buyback.js';
import { checkOutCart, createCart } from '../../../application/buybacks/commands/carts.js';
import { checkInItem } from '../../../application/warehouse/commands/check-in-item.js';
import { recordComplianceCheck } from '../../../application/warehouse/commands/record-compliance-check.js';
import { itemIdOf } from '../../../domain/warehouse/buyback-item-sync.js';
import { isoWeekOf, weekStartMs } from '../../../domain/settings/statistics/iso-week.js';
import { CATALOG_DEMO_IDS } from '../catalog/demo-data.js';
import { ORGANIZATION_DEMO_IDS } from '../organizations/demo-data.js';
import { customerOf } from '../warehouse/demo-activity.js';
import type { DemoActivityContext } from '../../seed/demo-activity.js';

type ProductKey = keyof typeof CATALOG_DEMO_IDS.products;
type Fate = 'completed' | 'cancelled' | 'registered';

const DAY_MS = 86_400_000;
/** Weeks of statistics the demo shows: the eight before the current one. */
export const DEMO_STATISTICS_WEEKS = 8;

/**
 * Each week's Paris buybacks (completed within days, or cancelled), Lyon's
 * (registered) and kept carts (checked out or not), the oldest week first.
 * The warehouse's demo already fills the four weeks before the current one
 * (infrastructure/modules/warehouse/demo-activity.ts): these add the four
 * before them, and a completion and carts in the last two, so every one of
 * the eight weeks has figures and last week has each kind. Few: the whole
 * demo runs before the server answers.
 */
const WEEKS: ReadonlyArray<{ paris: ReadonlyArray<readonly [ProductKey, Fate]>; lyon: readonly ProductKey[]; carts: readonly boolean[] }> = [
  { paris: [['iphone13_128', 'completed'], ['galaxyS23_128', 'cancelled']], lyon: ['iphone15_128'], carts: [true] },
  { paris: [['pixel7_128', 'completed']], lyon: ['galaxyS23_128'], carts: [false] },
  { paris: [['iphone15_128', 'completed'], ['pixel6_128', 'cancelled']], lyon: ['iphone13_128'], carts: [true] },
  { paris: [['galaxyS23_128', 'completed']], lyon: ['pixel7_128'], carts: [] },
  { paris: [], lyon: ['pixel6_128'], carts: [] },
  { paris: [], lyon: ['iphone15_128'], carts: [] },
  { paris: [['iphone13_128', 'completed']], lyon: [], carts: [true] },
  { paris: [['iphone15_128', 'completed']], lyon: ['galaxyS23_128'], carts: [true, false] },
];

const FIRST_NAMES = ['Anna', 'Bruno', 'Céline', 'David', 'Elsa', 'Fabien', 'Gaëlle', 'Henri', 'Iris', 'Jean'];
const LAST_NAMES = ['Aubert', 'Bertin', 'Collin', 'Dubois', 'Etienne', 'Ferrand', 'Gillet', 'Hamon'];

/**
 * The statistics of the last eight weeks (issue 23): buybacks registered in
 * the Paris and Lyon stores week by week, most of Paris's completed by the
 * warehouse within days, some cancelled, and carts kept (some checked out),
 * through the application's own commands with the demo clock set to when
 * each happened, so the figures come from their events like any others.
 */
export async function statisticsDemoActivity(context: DemoActivityContext): Promise<void> {
  const { container, clock, settle } = context;
  const child = container.createChildContainer();
  child.register(TOKENS.Clock, { useValue: clock });
  const buybacks = child.resolve(BuybackPorts);
  const warehouse = child.resolve(WarehousePorts);
  const catalog = container.resolve<CatalogService>(TOKENS.CatalogService);
  const paris = await context.actAs('paris-seller@demo.test', 'tim');
  const parisManager = await context.actAs('manager@demo.test', 'tim');
  const lyon = await context.actAs('lyon-seller@demo.test', 'tim');
  const operator = await context.actAs('warehouse@demo.test', 'rps');
  const start = Date.parse(clock.now());
  const thisMonday = weekStartMs(isoWeekOf(start));
  let sequence = 0;
  const customer = () => {
    sequence++;
    return customerOf(FIRST_NAMES[sequence % FIRST_NAMES.length] as string, LAST_NAMES[(sequence * 3) % LAST_NAMES.length] as string);
  };

  const answered = new Map<ProductKey, Array<{ questionId: string; answerIds: string[] }>>();
  const responses = async (as: CommandContext, productKey: ProductKey) => {
    let found = answered.get(productKey);
    if (!found) {
      const product = await catalog.product(as.principal, CATALOG_DEMO_IDS.products[productKey]);
      found = (await catalog.questionsFor(product)).map((q) => ({ questionId: q._id, answerIds: [(q.answers.find((a) => !a.blocksEstimate) ?? q.answers[0])?.id as string] }));
      answered.set(productKey, found);
    }
    return found;
  };
  const declaration = async (as: CommandContext, productKey: ProductKey) => ({
    productId: CATALOG_DEMO_IDS.products[productKey],
    responses: await responses(as, productKey),
    circuitId: CATALOG_DEMO_IDS.circuits.demo.store_drop,
    shippingMethodId: CATALOG_DEMO_IDS.shippingMethods.demo.storeDrop,
    paymentModeId: CATALOG_DEMO_IDS.paymentModes.demo.bank_transfer,
  });
  /** Sets the clock to a day of the week `weeksBack` weeks before the current one (0: Monday), at an hour. */
  const on = (weeksBack: number, weekday: number, hour: number, minute = 0) => clock.at((thisMonday - weeksBack * 7 * DAY_MS + weekday * DAY_MS - start) / DAY_MS, hour, minute);

  for (const [index, week] of WEEKS.entries()) {
    const weeksBack = DEMO_STATISTICS_WEEKS - index;
    for (const [n, [productKey, fate]] of week.paris.entries()) {
      on(weeksBack, n % 3, 9 + n * 2, 15 * n);
      const registered = await registerBuyback.run(buybacks, paris, {
        channel: 'store',
        storeId: ORGANIZATION_DEMO_IDS.stores.paris,
        ...(await declaration(paris, productKey)),
        customer: customer(),
      });
      await settle(registered.position);
      const step = async (hours: number, run: () => Promise<{ position: number | null }>) => {
        clock.later(hours * 60);
        await settle((await run()).position);
      };
      if (fate === 'cancelled') {
        await step(5, () => cancelBuyback.run(buybacks, parisManager, { buybackId: registered.id, reason: 'customer_retractation', comment: 'Le client a changé d’avis.', force: false }));
        continue;
      }
      await step(18 + n * 6, () => shipBuyback.run(buybacks, paris, { buybackId: registered.id, trackingNumber: null, trackingLink: null }));
      await step(30 + n * 10, () => checkInItem.run(warehouse, operator, { code: registered.identificationNumber }));
      const itemId = itemIdOf(registered.id);
      await step(2 + n, async () =>
        recordComplianceCheck.run(warehouse, operator, { itemId, productId: CATALOG_DEMO_IDS.products[productKey], responses: await responses(operator, productKey), comment: null, decision: { kind: 'by_rule' } }),
      );
    }
    for (const [n, productKey] of week.lyon.entries()) {
      on(weeksBack, 2 + n * 2, 11 + n, 30);
      const registered = await registerBuyback.run(buybacks, lyon, {
        channel: 'store',
        storeId: ORGANIZATION_DEMO_IDS.stores.lyon,
        ...(await declaration(lyon, productKey)),
        customer: customer(),
      });
      await settle(registered.position);
    }
    for (const [n, checkedOut] of week.carts.entries()) {
      on(weeksBack, 3 + n, 16, 10 * n);
      const kept = await createCart.run(buybacks, paris, { storeId: ORGANIZATION_DEMO_IDS.stores.paris, buybacks: [await declaration(paris, n % 2 === 0 ? 'iphone13_128' : 'galaxyS23_128')] });
      await settle(kept.position);
      if (!checkedOut) continue;
      clock.later(45);
      await settle((await checkOutCart.run(buybacks, paris, { cartId: kept.cartId, customer: customer() })).position);
    }
  }
}
