import type { Logger } from 'pino';
import { TOKENS } from '../../../application/tokens.js';
import { BuybackPorts } from '../../../application/buybacks/buyback-ports.js';
import { registerBuyback } from '../../../application/buybacks/commands/register-buyback.js';
import type { CatalogService } from '../../../application/catalog/catalog-service.js';
import type { CommandContext } from '../../../application/commands/command-slice.js';
import { LogisticsPorts } from '../../../application/logistics/logistics-ports.js';
import { LabelWorker } from '../../../application/logistics/label-worker.js';
import { addBuybackToPackage, closePackage, openPackage } from '../../../application/logistics/commands/packages.js';
import { recordCarrierReport } from '../../../application/logistics/carrier-events.js';
import { LOGISTICS_COLLECTIONS, type TransportDocument } from '../../../application/logistics/read-models.js';
import { transportIdOf } from '../../../application/logistics/logistics-process.js';
import type { DeliveryStatus } from '../../../domain/values/delivery-status.js';
import type { LabelMode } from '../../../domain/logistics/packages/events.js';
import type { DemoActivityContext } from '../../seed/demo-activity.js';
import { CATALOG_DEMO_IDS } from '../catalog/demo-data.js';
import { ORGANIZATION_DEMO_IDS } from '../organizations/demo-data.js';
import { customerOf } from '../warehouse/demo-activity.js';

type ProductKey = keyof typeof CATALOG_DEMO_IDS.products;

/** The Paris store's shipments of the last days: what each package holds, how it travels, and how far it went. */
const PACKAGES: ReadonlyArray<{
  day: number;
  labelMode: LabelMode;
  devices: ReadonlyArray<readonly [ProductKey, string, string]>;
  /** open: still being built; closed: gone, label made; then what the carrier reported. */
  stage: 'open' | 'closed' | 'label_pending' | 'handed' | 'delivered';
}> = [
  { day: -6, labelMode: 'with_label', stage: 'delivered', devices: [['iphone15_128', 'Maël', 'Renard'], ['pixel7_128', 'Sarah', 'Colin']] },
  { day: -3, labelMode: 'with_label', stage: 'handed', devices: [['iphone13_128', 'Paul', 'Vidal'], ['galaxyS23_128', 'Lou', 'Caron'], ['pixel6_128', 'Eva', 'Picard']] },
  { day: -2, labelMode: 'without_label', stage: 'closed', devices: [['ps5', 'Léon', 'Meyer']] },
  { day: 0, labelMode: 'with_label', stage: 'label_pending', devices: [['macbookAirM2', 'Anna', 'Roy']] },
  { day: 0, labelMode: 'with_label', stage: 'open', devices: [['iphone15_128', 'Victor', 'Aubert']] },
];

const SELLER = 'seller@demo.test';

/**
 * The demo's logistics: the Paris store's packages (one delivered, one on
 * its way with the carrier's reports, one collected by the retailer's own
 * transport, one closed whose label the carrier is still making, one still
 * open), and a web customer of Lyon whose parcel the rules send to the Lyon
 * workshop, its label made and the carrier reporting it on its way. Labels
 * are made by a label worker on the activity's clock.
 */
export async function logisticsDemoActivity(context: DemoActivityContext): Promise<void> {
  const { container, clock, settle } = context;
  const child = container.createChildContainer();
  child.register(TOKENS.Clock, { useValue: clock });
  const buybacks = child.resolve(BuybackPorts);
  const logistics = child.resolve(LogisticsPorts);
  const labels = new LabelWorker(logistics, container.resolve<Logger>(TOKENS.Logger));
  const catalog = container.resolve<CatalogService>(TOKENS.CatalogService);
  const seller = await context.actAs(SELLER, 'tim');
  const firstAnswers = async (productKey: ProductKey, actor: CommandContext) => {
    const product = await catalog.product(actor.principal, CATALOG_DEMO_IDS.products[productKey]);
    return (await catalog.questionsFor(product)).map((q) => ({ questionId: q._id, answerIds: [(q.answers.find((a) => !a.blocksEstimate) ?? q.answers[0])?.id as string] }));
  };
  const report = async (transportId: string, status: DeliveryStatus, hours: number) => {
    clock.later(hours * 60);
    const transport = await logistics.documents.collection<TransportDocument>(LOGISTICS_COLLECTIONS.transports).get(transportId);
    if (!transport?.trackingNumber) return;
    const outcome = await recordCarrierReport(logistics, { eventId: `demo-${transportId}-${status}`, type: status, trackingNumber: transport.trackingNumber, occurredAt: clock.now() });
    await settle(outcome.position);
  };

  /** The label worker run on the activity's clock, a minute at a time, until this transport's label is made (the carrier may ask to wait). */
  const labelMade = async (transportId: string) => {
    const transports = logistics.documents.collection<TransportDocument>(LOGISTICS_COLLECTIONS.transports);
    for (let minute = 0; minute < 10; minute++) {
      clock.later(1);
      await settle(await logistics.eventStore.lastGlobalPosition());
      if ((await transports.get(transportId))?.labelStatus === 'ready') return;
      await labels.runOnce();
    }
    throw new Error(`demo activity: the label of transport ${transportId} was not made`);
  };

  let sequence = 0;
  for (const pkg of PACKAGES) {
    clock.at(pkg.day, 9, 15);
    const codes: string[] = [];
    for (const [productKey, firstName, lastName] of pkg.devices) {
      clock.later(25);
      const collected = pkg.labelMode === 'without_label';
      const registered = await registerBuyback.run(buybacks, seller, {
        channel: 'store',
        storeId: ORGANIZATION_DEMO_IDS.stores.paris,
        productId: CATALOG_DEMO_IDS.products[productKey],
        responses: await firstAnswers(productKey, seller),
        circuitId: collected ? CATALOG_DEMO_IDS.circuits.demo.store_collect : CATALOG_DEMO_IDS.circuits.demo.store_drop,
        shippingMethodId: CATALOG_DEMO_IDS.shippingMethods.demo.storeDrop,
        paymentModeId: CATALOG_DEMO_IDS.paymentModes.demo.voucher,
        customer: customerOf(firstName, lastName),
      });
      await settle(registered.position);
      codes.push(registered.identificationNumber);
    }
    clock.at(pkg.day, 17, 30);
    // The devices go where the rules sent them: consoles to Lyon, the others to Orléans.
    const warehouseId = pkg.devices.some(([key]) => key === 'ps5') ? ORGANIZATION_DEMO_IDS.warehouses.demoLyon : ORGANIZATION_DEMO_IDS.warehouses.demo;
    const opened = await openPackage.run(logistics, { ...seller, correlationId: `demo-package-${++sequence}` }, { warehouseId, labelMode: pkg.labelMode });
    await settle(opened.position);
    for (const code of codes) {
      clock.later(2);
      await settle((await addBuybackToPackage.run(logistics, seller, { packageId: opened.id, code })).position);
    }
    if (pkg.stage === 'open') continue;
    clock.later(10);
    await settle((await closePackage.run(logistics, seller, { packageId: opened.id })).position);
    if (pkg.labelMode === 'without_label' || pkg.stage === 'label_pending') continue;
    const transportId = transportIdOf.package(opened.id);
    await labelMade(transportId);
    await report(transportId, 'ORDER_TO_BE_SENT_TO_CARRIER', 1);
    await report(transportId, 'DELIVERY_INIT', 15);
    await report(transportId, 'IN_PROGRESS', 4);
    if (pkg.stage === 'delivered') await report(transportId, 'DELIVERED_OK', 26);
  }

  // A web customer of Lyon posts their device: the rules send it to the Lyon workshop, the nearer.
  clock.at(-2, 19, 40);
  const visitor = { ...seller, principal: { ...seller.principal, kind: 'anonymous' as const, userId: null, userType: 'pseudo_anonymous' as const, organizationId: null, permissions: new Set<never>(), visibleStoreIds: null, module: null } };
  const web = await registerBuyback.run(buybacks, { ...visitor, correlationId: 'demo-web-lyon' }, {
    channel: 'web',
    storeId: null,
    productId: CATALOG_DEMO_IDS.products.galaxyS23_128,
    responses: await firstAnswers('galaxyS23_128', seller),
    circuitId: CATALOG_DEMO_IDS.circuits.demo.web_post,
    shippingMethodId: CATALOG_DEMO_IDS.shippingMethods.demo.postal,
    paymentModeId: CATALOG_DEMO_IDS.paymentModes.demo.bank_transfer,
    customer: customerOf('Margaux', 'Faure', { street: '4 rue Mercière', city: 'Lyon', zipCode: '69002' }),
  });
  await settle(web.position);
  await labelMade(transportIdOf.customer(web.id));
  await report(transportIdOf.customer(web.id), 'IN_PROGRESS', 20);
}
