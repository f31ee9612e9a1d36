import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { expectOk, proposalTokenFromMail } from '../support/api-helpers.js';
import { answersFor, buybackStatusOf, checkedInItem, IPHONE_15, itemOf, registeredItem, shippedItem, type WarehouseActors } from '../support/warehouse-journeys.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { nativeStockId } from '../../domain/warehouse/stocks/native-stocks.js';

/** Quarantine and release, the dispute e-mail, losses by place, moves and returns (specification 001 §4). */
let t: TestPlatform;
let actors: WarehouseActors;
let manager: ApiClient;
let storeManager: ApiClient;

const WAREHOUSE = DEMO_IDS.warehouses.demo;

beforeAll(async () => {
  t = await startTestPlatform();
  const [seller, operator] = await Promise.all([t.login('seller@demo.test'), t.login('warehouse@demo.test', 'rps')]);
  actors = { seller, operator };
  [manager, storeManager] = await Promise.all([t.login('warehouse-manager@demo.test', 'rps'), t.login('manager@demo.test')]);
}, 60_000);
afterAll(async () => {
  t.mailer.failWith = null;
  await t?.close();
});

async function quarantined(email?: string) {
  const item = await checkedInItem(actors, email ? { customer: { email } } : {});
  await expectOk(actors.operator.post(`/items/${item.itemId}/quarantine`, { reason: 'account_lock_active', comment: 'iCloud actif' }));
  return item;
}

describe('Given an item put in quarantine', () => {
  it('then it is in the quarantine stock with its reason, since when and by whom, and its customer was e-mailed why, in their language', async () => {
    const email = `dispute.${Date.now()}@example.com`;
    const { itemId } = await quarantined(email);
    const item = await itemOf(actors.operator, itemId);
    expect(item).toMatchObject({
      status: 'item_in_quarantine',
      stockId: nativeStockId(WAREHOUSE, 'in_quarantine'),
      quarantine: { reason: 'account_lock_active', comment: 'iCloud actif', by: DEMO_IDS.users.warehouse },
      disputeMail: { delivered: true, failure: null },
    });
    const mail = t.mailer.sent.filter((m) => m.to === email && m.template === 'itemDispute').at(-1);
    expect(mail?.locale).toBe('fr-FR');
    expect(mail?.text).toContain('verrouillage de compte');
    expect(mail?.text).toContain('iCloud actif');
    const listed = await expectOk(actors.operator.get('/items?status[]=item_in_quarantine&quarantineReason[]=account_lock_active&itemsPerPage=100'));
    expect(listed.items.map((i: { id: string }) => i.id)).toContain(itemId);
  });

  it('when the mail server is down, then the quarantine stands and the item says the e-mail failed; resending once it is back says sent', async () => {
    t.mailer.failWith = new Error('SMTP down');
    let itemId: string;
    try {
      ({ itemId } = await quarantined());
    } finally {
      t.mailer.failWith = null;
    }
    expect(await itemOf(manager, itemId)).toMatchObject({ status: 'item_in_quarantine', disputeMail: { delivered: false, failure: 'transport_failed' } });
    expect((await itemOf(manager, itemId)).allowedActions).toContain('SendDisputeMail');
    await expectOk(manager.post(`/items/${itemId}/quarantine-mail`));
    expect(await itemOf(manager, itemId)).toMatchObject({ disputeMail: { delivered: true, failure: null, by: DEMO_IDS.users.warehouseManager } });
    const history = (await expectOk(manager.get(`/items/${itemId}/history`))).items;
    expect(history.filter((e: { type: string }) => e.type === 'ItemDisputeMailSent').map((e: { changes: Record<string, { to: unknown }> }) => e.changes.disputeMailDelivered?.to)).toEqual([false, true]);
  });

  it('when the operator (who may not resend it) tries, then 403; for an item not in quarantine, the action is not allowed', async () => {
    const { itemId } = await quarantined();
    expect((await actors.operator.post(`/items/${itemId}/quarantine-mail`)).status).toBe(403);
    expect((await itemOf(actors.operator, itemId)).allowedActions).not.toContain('SendDisputeMail');
    const { itemId: free } = await checkedInItem(actors);
    const refused = await manager.post(`/items/${free}/quarantine-mail`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('ITEM_TRANSITION_NOT_ALLOWED');
  });

  it('when it is released into a stock, then it is to be reintegrated there, and can be checked again', async () => {
    const { buyback, itemId } = await quarantined();
    const toApprove = nativeStockId(WAREHOUSE, 'to_approve');
    await expectOk(actors.operator.post(`/items/${itemId}/release`, { stockId: toApprove, comment: 'Verrou retiré' }));
    expect(await itemOf(actors.operator, itemId)).toMatchObject({ status: 'item_to_reintegrate_to_stock', stockId: toApprove, quarantine: null });
    await expectOk(actors.operator.post(`/items/${itemId}/compliance-checks`, { productId: IPHONE_15, responses: await answersFor(actors.operator, IPHONE_15), decision: { kind: 'by_rule' } }));
    expect(await buybackStatusOf(actors.seller, buyback.id)).toBe('bb_completed_by_price');
  });

  it('when it would be released into the quarantine stock or another warehouse’s stock, then it is refused and stays held', async () => {
    const { itemId } = await quarantined();
    const intoQuarantine = await actors.operator.post(`/items/${itemId}/release`, { stockId: nativeStockId(WAREHOUSE, 'in_quarantine') });
    expect(intoQuarantine.status).toBe(422);
    expect(intoQuarantine.body.code).toBe('ITEM_STOCK_RESERVED_FOR_QUARANTINE');
    const elsewhere = await actors.operator.post(`/items/${itemId}/release`, { stockId: nativeStockId(DEMO_IDS.warehouses.other, 'to_approve') });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.code).toBe('STOCK_NOT_FOUND');
    expect((await itemOf(actors.operator, itemId)).status).toBe('item_in_quarantine');
  });
});

describe('Given losses, each place with its own permission', () => {
  it('when the Paris store manager declares an item awaiting shipment lost in the store, then it is lost and its buyback completed at the declared price, the customer to be paid', async () => {
    const { buyback, itemId } = await registeredItem(actors);
    await expectOk(storeManager.post(`/items/${itemId}/lost`, { place: 'store', comment: 'Introuvable' }));
    expect(await itemOf(manager, itemId)).toMatchObject({ status: 'item_lost_store', lost: { place: 'store', comment: 'Introuvable' } });
    const detail = await expectOk(actors.seller.get(`/buybacks/${buyback.id}`));
    expect(detail).toMatchObject({ status: 'bb_completed', validatedPrice: { amountInCents: buyback.declaredPriceInCents }, paymentStatus: 'payment_created', payment: { status: 'payment_created', amount: { amountInCents: buyback.declaredPriceInCents } } });
    const replay = await expectOk(manager.get(`/buybacks/${buyback.id}/replay`));
    expect(replay.state.buyback.paymentDue).toEqual({ amountInCents: buyback.declaredPriceInCents, currency: 'EUR' });
  });

  it('when a store seller (no loss permission) or the warehouse operator (no transport loss) declares one, then 403', async () => {
    const { itemId } = await shippedItem(actors);
    const seller = await actors.seller.post(`/items/${itemId}/lost`, { place: 'store', comment: 'x' });
    expect(seller.status).toBe(403);
    const operator = await actors.operator.post(`/items/${itemId}/lost`, { place: 'transport', comment: 'x' });
    expect(operator.status).toBe(403);
    expect(operator.body.details).toEqual({ permission: 'item.declare_lost_transport' });
    expect((await itemOf(manager, itemId)).status).toBe('item_in_transit');
  });

  it('when a loss is declared where the item is not (in the warehouse while in transit), then it is refused', async () => {
    const { itemId } = await shippedItem(actors);
    const refused = await manager.post(`/items/${itemId}/lost`, { place: 'warehouse', comment: 'x' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'ITEM_LOST_PLACE_NOT_ALLOWED', details: { status: 'item_in_transit', place: 'warehouse' } });
    expect((await itemOf(manager, itemId)).allowedActions).toEqual(expect.arrayContaining(['DeclareItemLostInTransport']));
    expect((await itemOf(manager, itemId)).allowedActions).not.toContain('DeclareItemLostInWarehouse');
  });

  it('when an item already completed is lost in the warehouse, then it leaves its stock and its buyback stays completed', async () => {
    const { buyback, itemId } = await checkedInItem(actors);
    await expectOk(actors.operator.post(`/items/${itemId}/compliance-checks`, { productId: IPHONE_15, responses: await answersFor(actors.operator, IPHONE_15), decision: { kind: 'by_rule' } }));
    await expectOk(manager.post(`/items/${itemId}/lost`, { place: 'warehouse', comment: 'Inventaire' }));
    expect(await itemOf(manager, itemId)).toMatchObject({ status: 'item_lost_warehouse', stockId: null });
    expect(await buybackStatusOf(actors.seller, buyback.id)).toBe('bb_completed_by_price');
  });
});

describe('Given moves and returns', () => {
  it('when an item is moved into its own stock, then the move is refused, and into another stock it is recorded with its reason', async () => {
    const { itemId } = await checkedInItem(actors);
    const same = await actors.operator.post(`/items/${itemId}/move`, { stockId: nativeStockId(WAREHOUSE, 'to_approve'), reason: 'x' });
    expect(same.status).toBe(422);
    expect(same.body.code).toBe('ITEM_ALREADY_IN_STOCK');
    const shelf = await expectOk(manager.post('/stocks', { name: `Étagère ${Date.now()}` }), 201);
    await expectOk(actors.operator.post(`/items/${itemId}/move`, { stockId: shelf.id, reason: 'Rangement' }));
    const moved = (await expectOk(actors.operator.get(`/items/${itemId}/history`))).items.at(-1);
    expect(moved).toMatchObject({ type: 'ItemMovedToStock', comment: 'Rangement', changes: { stockId: { from: nativeStockId(WAREHOUSE, 'to_approve'), to: shelf.id } } });
  });

  it('when the customer rejects the new price, then the item is to return in the customer-return stock, then returned when shipped back; the buyback is not completed', async () => {
    const email = `return.${Date.now()}@example.com`;
    const { buyback, itemId } = await checkedInItem(actors, { customer: { email } });
    await expectOk(
      actors.operator.post(`/items/${itemId}/compliance-checks`, {
        productId: IPHONE_15,
        responses: await answersFor(actors.operator, IPHONE_15, 'worn'),
        decision: { kind: 'by_rule', proposalReason: 'Usure' },
      }),
    );
    await expectOk(t.api.post(`/public/buybacks/${buyback.id}/price-proposal/reject`, { token: proposalTokenFromMail(t.mailer, email).token }));
    expect(await itemOf(actors.operator, itemId)).toMatchObject({ status: 'item_to_return', stockId: nativeStockId(WAREHOUSE, 'customer_return') });
    expect(await buybackStatusOf(actors.seller, buyback.id)).toBe('bb_not_completed');
    await expectOk(actors.operator.post(`/items/${itemId}/return`, { trackingNumber: '8R7', comment: null }));
    expect(await itemOf(actors.operator, itemId)).toMatchObject({ status: 'item_returned', stockId: null });
    expect(await buybackStatusOf(actors.seller, buyback.id)).toBe('bb_not_completed');
  });
});
