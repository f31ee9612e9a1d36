import { TOKENS } from '../../../application/tokens.js';
import { BuybackPorts } from '../../../application/buybacks/buyback-ports.js';
import { WarehousePorts } from '../../../application/warehouse/warehouse-ports.js';
import { registerBuyback } from '../../../application/buybacks/commands/register-buyback.js';
import { shipBuyback } from '../../../application/buybacks/commands/ship-buyback.js';
import { cancelBuyback } from '../../../application/buybacks/commands/cancel-buyback.js';
import { decidePriceProposal } from '../../../application/buybacks/commands/decide-price-proposal.js';
import { checkInItem } from '../../../application/warehouse/commands/check-in-item.js';
import { recordComplianceCheck } from '../../../application/warehouse/commands/record-compliance-check.js';
import { moveItem, quarantineItem, releaseItem } from '../../../application/warehouse/commands/quarantine.js';
import { declareItemLost, returnItem } from '../../../application/warehouse/commands/lose-and-return.js';
import { createStock } from '../../../application/warehouse/commands/stocks.js';
import { itemIdOf } from '../../../domain/warehouse/buyback-item-sync.js';
import { nativeStockId } from '../../../domain/warehouse/stocks/native-stocks.js';
import type { QuarantineReason } from '../../../domain/warehouse/items/events.js';
import type { LinkSecrets } from '../../../application/ports/link-secrets.js';
import type { CatalogService } from '../../../application/catalog/catalog-service.js';
import { WAREHOUSE_STREAMS } from '../../../application/warehouse/streams.js';
import { CATALOG_DEMO_IDS } from '../catalog/demo-data.js';
import type { Principal } from '../../../application/organizations/principal.js';
import { ORGANIZATION_DEMO_IDS } from '../organizations/demo-data.js';
import type { DemoActivityContext } from '../../seed/demo-activity.js';

type Journey =
  | 'awaiting_shipment'
  | 'in_transit'
  | 'registered'
  | 'completed_by_price'
  | 'completed_with_absorption'
  | 'awaiting_customer'
  | 'accepted'
  | 'to_return'
  | 'returned'
  | 'quarantine'
  | 'released'
  | 'lost_store'
  | 'lost_transport'
  | 'lost_warehouse'
  | 'cancelled';

/** Who sold what, when, and how far it went: each row a customer's device and its story. */
const STORIES: ReadonlyArray<readonly [Journey, keyof typeof CATALOG_DEMO_IDS.products, string, string, number]> = [
  ['awaiting_shipment', 'iphone13_128', 'Léa', 'Garnier', -1],
  ['awaiting_shipment', 'galaxyS23_128', 'Hugo', 'Fontaine', -2],
  ['in_transit', 'iphone15_128', 'Chloé', 'Mercier', -3],
  ['in_transit', 'pixel7_128', 'Louis', 'Blanc', -3],
  ['in_transit', 'galaxyS23_128', 'Manon', 'Guérin', -4],
  ['registered', 'iphone15_128', 'Jules', 'Muller', -6],
  ['registered', 'macbookAirM2', 'Inès', 'Henry', -7],
  // Deliveries of the last days, checked in and waiting to be shelved: ten devices for the scan-to-stock screen.
  ['registered', 'iphone13_128', 'Noah', 'Lefèvre', -4],
  ['registered', 'galaxyS23_128', 'Mila', 'Bonnet', -5],
  ['registered', 'pixel7_128', 'Ethan', 'Dupuis', -4],
  ['registered', 'iphone15_128', 'Léna', 'Marchand', -5],
  ['registered', 'pixel6_128', 'Sacha', 'Barbier', -4],
  ['registered', 'iphone13_128', 'Ambre', 'Lemoine', -5],
  ['registered', 'galaxyS23_128', 'Timéo', 'Renaud', -4],
  ['registered', 'iphone15_128', 'Agathe', 'Schmitt', -5],
  ['completed_by_price', 'iphone13_128', 'Arthur', 'Roussel', -20],
  ['completed_by_price', 'macbookAirM2', 'Zoé', 'Nicolas', -15],
  ['completed_with_absorption', 'iphone15_128', 'Gabriel', 'Perrin', -12],
  // More devices checked as declared, for the workshop: enough to show a diagnosis open and steps in every status.
  ['completed_by_price', 'pixel7_128', 'Maël', 'Fabre', -19],
  ['completed_by_price', 'galaxyS23_128', 'Lou', 'Arnaud', -17],
  ['completed_by_price', 'iphone15_128', 'Eden', 'Caron', -13],
  ['completed_by_price', 'macbookAirM2', 'Lya', 'Picard', -11],
  ['awaiting_customer', 'galaxyS23_128', 'Jade', 'Morin', -9],
  ['accepted', 'pixel7_128', 'Raphaël', 'Mathieu', -18],
  ['to_return', 'iphone13_128', 'Louise', 'Clément', -14],
  ['returned', 'pixel6_128', 'Adam', 'Gauthier', -25],
  ['quarantine', 'iphone15_128', 'Alice', 'Dumont', -10],
  ['quarantine', 'galaxyS23_128', 'Lucas', 'Lopez', -8],
  ['released', 'iphone13_128', 'Emma', 'Fontaine', -16],
  ['lost_store', 'dualsense', 'Nathan', 'Rivière', -5],
  ['lost_transport', 'pixel7_128', 'Rose', 'Lucas', -11],
  ['lost_warehouse', 'macbookAirM2', 'Tom', 'Brun', -22],
  ['cancelled', 'iphone13_128', 'Lina', 'Joly', -13],
];

const QUARANTINE_REASONS: readonly QuarantineReason[] = ['account_lock_active', 'imei_reported_stolen'];

const SELLER = 'seller@demo.test';
const MANAGER = 'manager@demo.test';
const OPERATOR = 'warehouse@demo.test';
const WAREHOUSE_MANAGER = 'warehouse-manager@demo.test';

/**
 * The demo warehouse's last weeks: Paris store buybacks at every stage the
 * warehouse reaches (awaiting shipment, in transit, registered, completed by
 * price and with absorption, awaiting the customer's answer, accepted, to
 * return, returned, in quarantine, released, lost in the store, in transport
 * and in the warehouse, cancelled), a web pre-declaration and a customer's own
 * post, and a stock of the warehouse's own with an item moved into it.
 */
export async function warehouseDemoActivity(context: DemoActivityContext): Promise<void> {
  const { container, clock, settle } = context;
  const child = container.createChildContainer();
  child.register(TOKENS.Clock, { useValue: clock });
  const buybacks = child.resolve(BuybackPorts);
  const warehouse = child.resolve(WarehousePorts);
  const catalog = container.resolve<CatalogService>(TOKENS.CatalogService);
  const secrets = container.resolve<LinkSecrets>(TOKENS.LinkSecrets);
  const seller = await context.actAs(SELLER, 'tim');
  const manager = await context.actAs(MANAGER, 'tim');
  const operator = await context.actAs(OPERATOR, 'rps');
  const warehouseManager = await context.actAs(WAREHOUSE_MANAGER, 'rps');
  const warehouseId = ORGANIZATION_DEMO_IDS.warehouses.demo;

  clock.at(-30, 8);
  const shelf = await createStock.run(warehouse, warehouseManager, { name: 'Étagère A — smartphones reconditionnés', identifier: 'ETG-A', location: 'Allée 1, niveau 2' });
  await settle(shelf.position);

  /** The best answers, or the worst that still give a price, or the best but no accessory (a small deviation, absorbed). */
  const answers = async (productKey: keyof typeof CATALOG_DEMO_IDS.products, found: 'as_declared' | 'worn' | 'no_accessory') => {
    const product = await catalog.product(seller.principal, CATALOG_DEMO_IDS.products[productKey]);
    const questions = await catalog.questionsFor(product);
    return questions.map((q) => {
      const usable = q.answers.filter((a) => !a.blocksEstimate);
      const chosen = found === 'worn' ? usable.at(-1) : found === 'no_accessory' && q._id === CATALOG_DEMO_IDS.questions.accessories ? usable.at(-1) : usable[0];
      return { questionId: q._id, answerIds: [chosen?.id ?? (q.answers[0]?.id as string)] };
    });
  };

  let quarantined = 0;
  for (const [journey, productKey, firstName, lastName, day] of STORIES) {
    const productId = CATALOG_DEMO_IDS.products[productKey];
    clock.at(day, 9 + (Math.abs(day) % 8), (Math.abs(day) * 7) % 60);
    const registered = await registerBuyback.run(buybacks, seller, {
      channel: 'store',
      storeId: ORGANIZATION_DEMO_IDS.stores.paris,
      productId,
      responses: await answers(productKey, 'as_declared'),
      circuitId: CATALOG_DEMO_IDS.circuits.demo.store_drop,
      shippingMethodId: CATALOG_DEMO_IDS.shippingMethods.demo.storeDrop,
      paymentModeId: CATALOG_DEMO_IDS.paymentModes.demo.bank_transfer,
      customer: customerOf(firstName, lastName),
    });
    await settle(registered.position);
    const buybackId = registered.id;
    const itemId = itemIdOf(buybackId);
    const step = async (run: () => Promise<{ position: number | null }>, hours = 20) => {
      clock.later(hours * 60);
      await settle((await run()).position);
    };

    if (journey === 'awaiting_shipment') continue;
    if (journey === 'cancelled') {
      await step(() => cancelBuyback.run(buybacks, manager, { buybackId, reason: 'customer_retractation', comment: 'Le client a changé d’avis.', force: false }), 3);
      continue;
    }
    if (journey === 'lost_store') {
      await step(() => declareItemLost.run(warehouse, manager, { itemId, place: 'store', comment: 'Introuvable lors de la préparation du colis.' }), 30);
      continue;
    }
    await step(() => shipBuyback.run(buybacks, seller, { buybackId, trackingNumber: `6A${registered.identificationNumber.slice(-11)}`, trackingLink: null }));
    if (journey === 'in_transit') continue;
    if (journey === 'lost_transport') {
      await step(() => declareItemLost.run(warehouse, warehouseManager, { itemId, place: 'transport', comment: 'Colis signalé perdu par le transporteur.' }), 96);
      continue;
    }
    await step(() => checkInItem.run(warehouse, operator, { code: registered.identificationNumber }), 40);
    if (journey === 'registered') continue;

    const check = (found: 'as_declared' | 'worn' | 'no_accessory', decision: Parameters<typeof recordComplianceCheck.run>[2]['decision'], comment: string | null) => async () =>
      recordComplianceCheck.run(warehouse, operator, { itemId, productId, responses: await answers(productKey, found), comment, decision });
    switch (journey) {
      case 'completed_by_price':
        await step(check('as_declared', { kind: 'by_rule' }, null), 3);
        if (productKey === 'iphone13_128') await step(() => moveItem.run(warehouse, warehouseManager, { itemId, stockId: shelf.id, reason: 'Rangé avec les iPhone prêts à reconditionner.' }), 26);
        break;
      case 'completed_with_absorption':
        // The box is missing: a deviation within what the smartphones' rule absorbs.
        await step(check('no_accessory', { kind: 'by_rule' }, 'Boîte d’origine absente.'), 3);
        break;
      case 'awaiting_customer':
      case 'accepted':
      case 'to_return':
      case 'returned': {
        await step(check('worn', { kind: 'by_rule', proposalReason: 'Écran rayé et batterie usée : l’appareil ne correspond pas à l’état déclaré.' }, 'Écran rayé, batterie à 78 %.'), 3);
        if (journey === 'awaiting_customer') break;
        const token = await proposalToken(warehouse, secrets, itemId);
        const decision = journey === 'accepted' ? 'accept' : 'reject';
        await step(() => decidePriceProposal.run(buybacks, { principal: seller.principal, correlationId: 'demo-customer', locale: 'fr-FR' }, { buybackId, token, decision }), 30);
        if (journey === 'returned') await step(() => returnItem.run(warehouse, operator, { itemId, trackingNumber: `8R${registered.identificationNumber.slice(-11)}`, comment: null }), 24);
        break;
      }
      case 'quarantine':
      case 'released': {
        const reason = QUARANTINE_REASONS[quarantined++ % QUARANTINE_REASONS.length] as QuarantineReason;
        await step(() => quarantineItem.run(warehouse, operator, { itemId, reason, comment: 'Verrouillage iCloud actif au contrôle.' }), 2);
        if (journey === 'released') {
          await step(() => releaseItem.run(warehouse, operator, { itemId, stockId: nativeStockId(warehouseId, 'to_approve'), comment: 'Le client a retiré le verrouillage.' }), 72);
        }
        break;
      }
      case 'lost_warehouse':
        await step(check('as_declared', { kind: 'by_rule' }, null), 3);
        await step(() => declareItemLost.run(warehouse, warehouseManager, { itemId, place: 'warehouse', comment: 'Introuvable lors de l’inventaire mensuel.' }), 200);
        break;
      default:
        break;
    }
  }

  // On the storefront: a device pre-declared for a drop in a shop, and one the customer posts themselves.
  const visitor: Principal = {
    kind: 'anonymous',
    userId: null,
    accountId: seller.principal.accountId,
    module: null,
    userType: 'pseudo_anonymous',
    organizationId: null,
    permissions: new Set(),
    visibleStoreIds: null,
  };
  const web = [
    ['web_drop', 'webStoreDrop', 'iphone13_128', 'Camille', 'Lefèvre', -4],
    ['web_post', 'postal', 'galaxyS23_128', 'Noah', 'Girard', -2],
  ] as const;
  for (const [circuit, shipping, productKey, firstName, lastName, day] of web) {
    clock.at(day, 20, 30);
    const registered = await registerBuyback.run(
      buybacks,
      { principal: visitor, correlationId: `demo-web-${circuit}`, locale: 'fr-FR' },
      {
        channel: 'web',
        storeId: null,
        productId: CATALOG_DEMO_IDS.products[productKey],
        responses: await answers(productKey, 'as_declared'),
        circuitId: CATALOG_DEMO_IDS.circuits.demo[circuit],
        shippingMethodId: CATALOG_DEMO_IDS.shippingMethods.demo[shipping],
        paymentModeId: CATALOG_DEMO_IDS.paymentModes.demo.bank_transfer,
        customer: customerOf(firstName, lastName),
      },
    );
    await settle(registered.position);
  }
}

/** The customer's answer link secret of the proposal made at the item's check. */
async function proposalToken(warehouse: WarehousePorts, secrets: LinkSecrets, itemId: string): Promise<string> {
  const events = await warehouse.eventStore.readStream(WAREHOUSE_STREAMS.item.name(itemId));
  const proposal = events.findLast((event) => event.type.startsWith('ItemNewPriceProposed.'));
  if (!proposal) throw new Error('No proposal on this item');
  return secrets.secretFor(proposal.id);
}

export function customerOf(firstName: string, lastName: string, address: { street: string; city: string; zipCode: string } = { street: '12 rue de la Paix', city: 'Paris', zipCode: '75002' }) {
  const slug = `${firstName}.${lastName}`.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  return {
    firstName,
    lastName,
    email: `${slug}@example.com`,
    phone: '+33612345678',
    street: address.street,
    streetComplement: null,
    city: address.city,
    zipCode: address.zipCode,
    country: 'FR',
    iban: 'FR7630006000011234567890189',
    identity: { type: 'identity_card', number: 'X4RTBPFW4', issuingAuthority: 'Préfecture de Paris', deliveryDate: '2020-05-14' },
  };
}

