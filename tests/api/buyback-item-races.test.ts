import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type ApiResponse, type TestPlatform } from '../support/test-platform.js';
import { expectOk, proposalTokenFromMail } from '../support/api-helpers.js';
import { answersFor, checkedInItem, IPHONE_15, registeredItem, shippedItem, type ItemInHand, type WarehouseActors } from '../support/warehouse-journeys.js';
import { openPackage, scan } from '../support/logistics-helpers.js';
import { foldStream } from '../../application/commands/command-handler.js';
import { buybackDecider } from '../../application/buybacks/buyback-decider.js';
import { BUYBACK_STREAMS } from '../../application/buybacks/streams.js';
import { itemDecider } from '../../application/warehouse/item-decider.js';
import { WAREHOUSE_STREAMS } from '../../application/warehouse/streams.js';
import { statePathOf } from '../../domain/buybacks/machine.js';
import { agree } from '../../domain/warehouse/buyback-item-sync.js';
import { itemStatus } from '../../domain/warehouse/items/machine.js';
import { nativeStockId } from '../../domain/warehouse/stocks/native-stocks.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';

/**
 * One device, one truth: every pair of commands that touch one device from
 * its two sides (the buyback's cancellation against the item's check-in,
 * check, quarantine, release and loss, the customer's answer, the package
 * scan) is fired at once, over HTTP, RACES times each. Each side decides on
 * both streams and appends both at once, so afterwards the buyback and its
 * item agree (read from the event store), no answer is a 5xx, the pairs that
 * cannot both happen never both answer 2xx, and the process manager that
 * follows them counted no conflict.
 */
const RACES = 20;
const WAREHOUSE = DEMO_IDS.warehouses.demo;

let t: TestPlatform;
let actors: WarehouseActors;
let manager: ApiClient;
let storeManager: ApiClient;
let admin: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  const [seller, operator] = await Promise.all([t.login('seller@demo.test'), t.login('warehouse@demo.test', 'rps')]);
  actors = { seller, operator };
  [manager, storeManager, admin] = await Promise.all([t.login('warehouse-manager@demo.test', 'rps'), t.login('manager@demo.test'), t.login('admin@demo.test')]);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

interface Race {
  /** Prepares one device. */
  given(index: number): Promise<ItemInHand & { token?: string; packageId?: string }>;
  /** The two commands, fired at once. */
  sides: [(device: ItemInHand & { token?: string; packageId?: string }) => Promise<ApiResponse>, (device: ItemInHand & { token?: string; packageId?: string }) => Promise<ApiResponse>];
  /** Whether both may succeed (one after the other, the second still allowed). */
  bothMayWin: boolean;
}

const cancel = (device: ItemInHand) => manager.post(`/buybacks/${device.buyback.id}/cancel`, { reason: 'customer_retractation', comment: 'Course' });
const forceCancel = (device: ItemInHand) => manager.post(`/buybacks/${device.buyback.id}/cancel`, { reason: 'other', comment: 'Course forcée', force: true });
const checkAsDeclared = async (device: ItemInHand) =>
  actors.operator.post(`/items/${device.itemId}/compliance-checks`, { productId: IPHONE_15, responses: await answersFor(actors.operator, IPHONE_15), decision: { kind: 'by_rule' } });
const quarantine = (device: ItemInHand) => actors.operator.post(`/items/${device.itemId}/quarantine`, { reason: 'account_lock_active', comment: 'iCloud actif' });

let proposals = 0;
async function awaitingCustomer(): Promise<ItemInHand & { token: string }> {
  const email = `race.${Date.now()}.${++proposals}@example.com`;
  const device = await checkedInItem(actors, { customer: { email } });
  await expectOk(
    actors.operator.post(`/items/${device.itemId}/compliance-checks`, {
      productId: IPHONE_15,
      responses: await answersFor(actors.operator, IPHONE_15, 'worn'),
      comment: 'Rayures',
      decision: { kind: 'by_rule', proposalReason: 'Rayures' },
    }),
  );
  return { ...device, token: proposalTokenFromMail(t.mailer, email).token };
}

const RACES_BY_NAME: Record<string, Race> = {
  'a cancellation and the compliance check': { given: () => checkedInItem(actors), sides: [cancel, checkAsDeclared], bothMayWin: false },
  'a forced cancellation and the compliance check': { given: () => checkedInItem(actors), sides: [forceCancel, checkAsDeclared], bothMayWin: false },
  // A parcel of a cancelled buyback that arrives anyway is received, to go back to its customer.
  'a cancellation and the check-in': { given: () => shippedItem(actors), sides: [cancel, (d) => actors.operator.post('/warehouse/check-ins', { code: d.buyback.identificationNumber })], bothMayWin: true },
  'a cancellation and the quarantine': { given: () => checkedInItem(actors), sides: [cancel, quarantine], bothMayWin: true },
  'a cancellation and the release from quarantine': {
    given: async () => {
      const device = await checkedInItem(actors);
      await expectOk(quarantine(device));
      return device;
    },
    sides: [cancel, (d) => actors.operator.post(`/items/${d.itemId}/release`, { stockId: nativeStockId(WAREHOUSE, 'to_approve'), comment: 'Verrou retiré' })],
    bothMayWin: true,
  },
  // A cancelled device waiting in the warehouse to go back to its customer can still be lost there.
  'a cancellation and a loss in the warehouse': { given: () => checkedInItem(actors), sides: [cancel, (d) => manager.post(`/items/${d.itemId}/lost`, { place: 'warehouse', comment: 'Introuvable' })], bothMayWin: true },
  'a cancellation and a loss in the store': { given: () => registeredItem(actors), sides: [cancel, (d) => storeManager.post(`/items/${d.itemId}/lost`, { place: 'store', comment: 'Introuvable' })], bothMayWin: false },
  'a cancellation and the customer accepting the new price': {
    given: awaitingCustomer,
    sides: [cancel, (d) => t.api.post(`/public/buybacks/${d.buyback.id}/price-proposal/accept`, { token: d.token })],
    bothMayWin: false,
  },
  'a cancellation and the package scan': {
    given: async () => {
      const device = await registeredItem(actors);
      return { ...device, packageId: (await openPackage(actors.seller)).id };
    },
    sides: [(d) => actors.seller.post(`/buybacks/${d.buyback.id}/cancel`, { reason: 'customer_retractation', comment: 'Course' }), (d) => scan(actors.seller, d.packageId!, d.buyback.identificationNumber)],
    bothMayWin: false,
  },
  // A device in its store's package is taken out before its buyback is cancelled: the close always wins.
  'a cancellation and the package close': {
    given: async () => {
      const device = await registeredItem(actors);
      const pkg = await openPackage(actors.seller);
      await expectOk(scan(actors.seller, pkg.id, device.buyback.identificationNumber));
      expect((await expectOk(actors.seller.get(`/buybacks/${device.buyback.id}`))).allowedCommands).not.toContain('CancelBuyback');
      return { ...device, packageId: pkg.id };
    },
    sides: [(d) => actors.seller.post(`/buybacks/${d.buyback.id}/cancel`, { reason: 'customer_retractation', comment: 'Course' }), (d) => actors.seller.post(`/packages/${d.packageId!}/close`, {})],
    bothMayWin: false,
  },
};

async function pairOf(device: ItemInHand) {
  const [buyback, item] = await Promise.all([
    t.platform.eventStore.readStream(BUYBACK_STREAMS.buyback.name(device.buyback.id)),
    t.platform.eventStore.readStream(WAREHOUSE_STREAMS.item.name(device.itemId)),
  ]);
  const itemState = foldStream(itemDecider, item);
  return { buyback: statePathOf(foldStream(buybackDecider, buyback)), item: itemStatus(itemState), completion: itemState.context.completion ?? null };
}

async function processManagersCaughtUp() {
  for (let attempt = 0; attempt < 200; attempt++) {
    const health = await admin.get('/health');
    if (health.body.maxLag === 0) return health.body.processManagers as Array<{ name: string; conflicts: number }>;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the process managers did not catch up');
}

describe.each(Object.entries(RACES_BY_NAME))(`Given ${RACES} devices, When %s are sent at the same moment on each`, (_name, race) => {
  it('then every buyback agrees with its item, no answer is a server error, and no conflict is counted', async () => {
    const devices = await Promise.all(Array.from({ length: RACES }, (_, index) => race.given(index)));
    const answers = await Promise.all(devices.map((device) => Promise.all([race.sides[0](device), race.sides[1](device)])));

    for (const [first, second] of answers) {
      expect([first.status, second.status].every((status) => status < 500), JSON.stringify([first.body, second.body])).toBe(true);
      const won = [first, second].filter((answer) => answer.status < 300).length;
      expect(won, JSON.stringify([first.status, first.body, second.status, second.body])).toBeGreaterThanOrEqual(1);
      if (!race.bothMayWin) expect(won, JSON.stringify([first.body, second.body])).toBe(1);
    }
    for (const device of devices) {
      const pair = await pairOf(device);
      expect(agree(pair.item, pair.buyback, pair.completion), JSON.stringify(pair)).toBe(true);
    }
    const managers = await processManagersCaughtUp();
    expect(managers.find((m) => m.name === 'buyback-item')?.conflicts).toBe(0);
    // Caught up, the process manager changed nothing: the pairs still agree.
    for (const device of devices) {
      const pair = await pairOf(device);
      expect(agree(pair.item, pair.buyback, pair.completion), JSON.stringify(pair)).toBe(true);
    }
  }, 120_000);
});
