import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { createStoreBuyback, expectOk, proposalTokenFromMail } from '../support/api-helpers.js';
import { answersFor, buybackStatusOf, checkedInItem, IPHONE_15, itemOf, shippedItem, type WarehouseActors } from '../support/warehouse-journeys.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { nativeStockId } from '../../domain/warehouse/stocks/native-stocks.js';
import { luhnCheckDigit } from '../../domain/values/imei.js';

/**
 * The compliance check (specification 001: search, specifications,
 * diagnosis, summary, confirmation) through the API: each outcome, what the
 * buyback does with it, and each refusal.
 */
let t: TestPlatform;
let actors: WarehouseActors;
let admin: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  const [seller, operator] = await Promise.all([t.login('seller@demo.test'), t.login('warehouse@demo.test', 'rps')]);
  actors = { seller, operator };
  admin = await t.login('admin@demo.test');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const TO_REFURBISH = nativeStockId(DEMO_IDS.warehouses.demo, 'to_refurbish');

async function check(itemId: string, body: Record<string, unknown>, client = actors.operator) {
  return client.post(`/items/${itemId}/compliance-checks`, { productId: IPHONE_15, ...body });
}

describe('Given an item checked in at the demo warehouse (check-in optional, comment optional and shared)', () => {
  it('when it is found as declared, then the summary says completed by price, and both are completed at the declared price in the to-refurbish stock', async () => {
    const { buyback, itemId } = await checkedInItem(actors);
    const responses = await answersFor(actors.operator, IPHONE_15);
    const preview = await expectOk(actors.operator.post(`/items/${itemId}/compliance-checks/preview`, { productId: IPHONE_15, responses }));
    expect(preview).toMatchObject({
      outcome: { kind: 'completed_by_price', validatedPrice: { amountInCents: buyback.declaredPriceInCents } },
      deviation: { amountInCents: 0 },
      productChanged: false,
      registersItem: false,
      commentRequired: false,
      commentShared: true,
    });
    const done = await expectOk(check(itemId, { responses, decision: { kind: 'by_rule' } }));
    expect(done.status).toBe('item_completed');
    const item = await itemOf(actors.operator, itemId);
    expect(item).toMatchObject({ completion: 'by_price', stockId: TO_REFURBISH, validatedPrice: { amountInCents: buyback.declaredPriceInCents } });
    expect(item.check).toMatchObject({ grade: 'grade_a', controlledPrice: { amountInCents: buyback.declaredPriceInCents } });
    expect(await buybackStatusOf(actors.seller, buyback.id)).toBe('bb_completed_by_price');
  });

  it('when the box is missing (a deviation the smartphones’ rule absorbs), then both are completed with absorption at the declared price', async () => {
    const { buyback, itemId } = await checkedInItem(actors);
    const responses = await answersFor(actors.operator, IPHONE_15, 'no_accessory');
    const preview = await expectOk(actors.operator.post(`/items/${itemId}/compliance-checks/preview`, { productId: IPHONE_15, responses }));
    expect(preview.outcome.kind).toBe('completed_with_absorption');
    expect(preview.deviation.amountInCents).toBeGreaterThan(0);
    expect(preview.absorbable.amountInCents).toBeGreaterThanOrEqual(preview.deviation.amountInCents);
    expect(preview.absorptionRule).toMatchObject({ type: 'percentage_of_declared_price', value: 10, maxAbsorbedAmountInCents: 2000 });
    await expectOk(check(itemId, { responses, decision: { kind: 'by_rule' } }));
    const detail = await expectOk(actors.seller.get(`/buybacks/${buyback.id}`));
    expect(detail).toMatchObject({ status: 'bb_completed_with_absorption', validatedPrice: { amountInCents: buyback.declaredPriceInCents } });
    expect(detail.absorbedAmount.amountInCents).toBe(preview.deviation.amountInCents);
  });

  it('when it is worn, then a new price (controlled plus what the rule still absorbs) is proposed: the customer is e-mailed the reason and the shared comment, and accepting completes both', async () => {
    const email = `proposal.${Date.now()}@example.com`;
    const { buyback, itemId } = await checkedInItem(actors, { customer: { email } });
    const responses = await answersFor(actors.operator, IPHONE_15, 'worn');
    const preview = await expectOk(actors.operator.post(`/items/${itemId}/compliance-checks/preview`, { productId: IPHONE_15, responses }));
    expect(preview.outcome.kind).toBe('price_proposal');
    expect(preview.outcome.proposedPrice.amountInCents).toBe(preview.controlledPrice.amountInCents + preview.absorbable.amountInCents);
    await expectOk(check(itemId, { responses, comment: 'Écran rayé, batterie à 70 %', decision: { kind: 'by_rule', proposalReason: 'Usure importante' } }));
    expect((await itemOf(actors.operator, itemId)).status).toBe('item_awaiting_compliancy_tests');
    const view = await expectOk(actors.seller.get(`/buybacks/${buyback.id}`));
    expect(view.proposal).toMatchObject({ proposedPrice: preview.outcome.proposedPrice, reason: 'Usure importante', comment: 'Écran rayé, batterie à 70 %', decision: 'pending' });
    const mail = proposalTokenFromMail(t.mailer, email);
    expect(mail.text).toContain('Usure importante');
    expect(mail.text).toContain('Écran rayé, batterie à 70 %');
    await expectOk(t.api.post(`/public/buybacks/${buyback.id}/price-proposal/accept`, { token: mail.token }));
    expect(await buybackStatusOf(actors.seller, buyback.id)).toBe('bb_completed_with_negociation');
    expect(await itemOf(actors.operator, itemId)).toMatchObject({ status: 'item_completed', completion: 'with_negociation', validatedPrice: preview.outcome.proposedPrice });
  });

  it('when a proposal has no reason, then it is refused and nothing is recorded', async () => {
    const { itemId } = await checkedInItem(actors);
    const refused = await check(itemId, { responses: await answersFor(actors.operator, IPHONE_15, 'worn'), decision: { kind: 'by_rule' } });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('COMPLIANCE_PROPOSAL_REASON_REQUIRED');
    expect((await itemOf(actors.operator, itemId)).status).toBe('item_registered_in_warehouse');
  });

  it('when the operator holds it in quarantine instead, then it is in the quarantine stock and its buyback still in processing', async () => {
    const { buyback, itemId } = await checkedInItem(actors);
    await expectOk(check(itemId, { responses: await answersFor(actors.operator, IPHONE_15), decision: { kind: 'quarantine', reason: 'counterfeit', comment: 'Logo douteux' } }));
    expect(await itemOf(actors.operator, itemId)).toMatchObject({
      status: 'item_in_quarantine',
      stockId: nativeStockId(DEMO_IDS.warehouses.demo, 'in_quarantine'),
      quarantine: { reason: 'counterfeit', comment: 'Logo douteux' },
    });
    expect(await buybackStatusOf(actors.seller, buyback.id)).toBe('bb_in_processing');
    const again = await check(itemId, { responses: await answersFor(actors.operator, IPHONE_15), decision: { kind: 'by_rule' } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ITEM_CHECK_WRONG_STATUS');
  });

  it('when the check is done twice, then the second is refused: already done', async () => {
    const { itemId } = await checkedInItem(actors);
    const responses = await answersFor(actors.operator, IPHONE_15);
    await expectOk(check(itemId, { responses, decision: { kind: 'by_rule' } }));
    const again = await check(itemId, { responses, decision: { kind: 'by_rule' } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ITEM_CHECK_ALREADY_DONE');
  });

  it('when another model is found, then it is priced as that model and the item is that product from then on', async () => {
    const { itemId } = await checkedInItem(actors);
    const iphone13 = DEMO_IDS.products.iphone13_128;
    const responses = await answersFor(actors.operator, iphone13);
    const preview = await expectOk(actors.operator.post(`/items/${itemId}/compliance-checks/preview`, { productId: iphone13, responses }));
    expect(preview.productChanged).toBe(true);
    expect(preview.outcome.kind).toBe('price_proposal');
    await expectOk(check(itemId, { productId: iphone13, responses, decision: { kind: 'by_rule', proposalReason: 'Ce n’est pas le modèle déclaré' } }));
    const item = await itemOf(actors.operator, itemId);
    expect(item.product.productId).toBe(iphone13);
    expect(item.check.declaredProduct.productId).toBe(IPHONE_15);
  });

  it('when the IMEI found is not one of the product’s, then it is refused with a way to continue, and continuing records it unmatched', async () => {
    const { itemId } = await checkedInItem(actors);
    const body = '35000000123456';
    const imei = `${body}${luhnCheckDigit(body)}`;
    const responses = await answersFor(actors.operator, IPHONE_15);
    const refused = await actors.operator.post(`/items/${itemId}/compliance-checks/preview`, { productId: IPHONE_15, responses, imei });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'IMEI_TAC_MISMATCH', details: { canContinue: true } });
    await expectOk(check(itemId, { responses, imei, acceptUnknownImei: true, serialNumber: 'F2LXK0ABCD', decision: { kind: 'by_rule' } }));
    expect(await itemOf(actors.operator, itemId)).toMatchObject({ imei, serialNumber: 'F2LXK0ABCD', check: { imeiMatchesProduct: false } });
  });

  it('when an item still in transit is checked (check-in optional), then the check registers it first', async () => {
    const { buyback, itemId } = await shippedItem(actors);
    const responses = await answersFor(actors.operator, IPHONE_15);
    const preview = await expectOk(actors.operator.post(`/items/${itemId}/compliance-checks/preview`, { productId: IPHONE_15, responses }));
    expect(preview.registersItem).toBe(true);
    await expectOk(check(itemId, { responses, decision: { kind: 'by_rule' } }));
    const types = (await expectOk(actors.operator.get(`/items/${itemId}/history`))).items.map((e: { type: string }) => e.type);
    expect(types).toEqual(['ItemCreated', 'ItemShipped', 'ItemRegisteredInWarehouse', 'ItemCompletedByPrice']);
    expect(await buybackStatusOf(actors.seller, buyback.id)).toBe('bb_completed_by_price');
  });

  it('when the item’s ETag is stale, then the check is refused with 412 and nothing is recorded', async () => {
    const { itemId } = await checkedInItem(actors);
    const refused = await actors.operator.post(
      `/items/${itemId}/compliance-checks`,
      { productId: IPHONE_15, responses: await answersFor(actors.operator, IPHONE_15), decision: { kind: 'by_rule' } },
      { 'If-Match': 'W/"0"' },
    );
    expect(refused.status).toBe(412);
    expect((await itemOf(actors.operator, itemId)).status).toBe('item_registered_in_warehouse');
  });
});

describe('Given Other Retail (check-in mandatory, comment mandatory and internal)', () => {
  it('when provider staff check an item in transit without a comment, then the comment is required; with one, it stays internal', async () => {
    const otherSeller = await t.login('seller@other.test');
    const buyback = await createStoreBuyback(otherSeller, DEMO_IDS.stores.lille, { productId: DEMO_IDS.products.otherIphone13_128, paymentType: 'bank_transfer' });
    await expectOk(otherSeller.post(`/buybacks/${buyback.id}/ship`, {}));
    const itemId = (await expectOk(admin.get(`/items/by-code/${buyback.identificationNumber}`))).item.id;
    const responses = await answersFor(admin, DEMO_IDS.products.otherIphone13_128);
    const preview = await expectOk(admin.post(`/items/${itemId}/compliance-checks/preview`, { productId: DEMO_IDS.products.otherIphone13_128, responses }));
    expect(preview).toMatchObject({ commentRequired: true, commentShared: false, registersItem: true });
    const refused = await check(itemId, { productId: DEMO_IDS.products.otherIphone13_128, responses, decision: { kind: 'by_rule' } }, admin);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('WAREHOUSE_COMMENT_REQUIRED');
    await expectOk(check(itemId, { productId: DEMO_IDS.products.otherIphone13_128, responses, comment: 'Conforme', decision: { kind: 'by_rule' } }, admin));
    expect((await itemOf(admin, itemId)).check).toMatchObject({ comment: 'Conforme', commentShared: false });
    expect((await expectOk(admin.get(`/buybacks/${buyback.id}`))).status).toBe('bb_completed_by_price');
  });
});

describe('Given Other Retail’s warehouse operator (check-in mandatory)', () => {
  it('when a parcel still in transit is looked up and checked, then the lookup says it must be checked in first and the check is refused; once checked in, it is checked with the required internal comment', async () => {
    const [otherSeller, otherOperator] = await Promise.all([t.login('seller@other.test'), t.login('warehouse@other.test', 'rps')]);
    const buyback = await createStoreBuyback(otherSeller, DEMO_IDS.stores.lille, { productId: DEMO_IDS.products.otherIphone13_128, paymentType: 'bank_transfer' });
    await expectOk(otherSeller.post(`/buybacks/${buyback.id}/ship`, {}));
    const lookup = await expectOk(otherOperator.get(`/items/by-code/${buyback.identificationNumber}`));
    expect(lookup).toMatchObject({ checkInRequirement: 'mandatory', checkRefusal: 'ITEM_NOT_CHECKED_IN', item: { status: 'item_in_transit' } });
    const itemId = lookup.item.id;
    const responses = await answersFor(otherOperator, DEMO_IDS.products.otherIphone13_128);
    const refused = await check(itemId, { productId: DEMO_IDS.products.otherIphone13_128, responses, comment: 'Conforme', decision: { kind: 'by_rule' } }, otherOperator);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'ITEM_NOT_CHECKED_IN', details: { status: 'item_in_transit' } });
    expect((await itemOf(otherOperator, itemId)).status).toBe('item_in_transit');

    await expectOk(otherOperator.post('/warehouse/check-ins', { code: buyback.identificationNumber }), 201);
    expect(await expectOk(otherOperator.get(`/items/by-code/${buyback.identificationNumber}`))).toMatchObject({ checkRefusal: null, item: { status: 'item_registered_in_warehouse' } });
    const withoutComment = await check(itemId, { productId: DEMO_IDS.products.otherIphone13_128, responses, decision: { kind: 'by_rule' } }, otherOperator);
    expect(withoutComment.body.code).toBe('WAREHOUSE_COMMENT_REQUIRED');
    await expectOk(check(itemId, { productId: DEMO_IDS.products.otherIphone13_128, responses, comment: 'Conforme', decision: { kind: 'by_rule' } }, otherOperator));
    expect((await itemOf(otherOperator, itemId)).check).toMatchObject({ comment: 'Conforme', commentShared: false });
  });
});

describe('Given the buyback’s own check commands (kept for integrators)', () => {
  it('when a buyback is checked in and completed through them, then its item follows each step', async () => {
    const { buyback, itemId } = await shippedItem(actors);
    await expectOk(actors.operator.post(`/buybacks/${buyback.id}/check-in`));
    expect((await itemOf(actors.operator, itemId)).status).toBe('item_registered_in_warehouse');
    await expectOk(actors.operator.post(`/buybacks/${buyback.id}/complete`));
    expect(await itemOf(actors.operator, itemId)).toMatchObject({ status: 'item_completed', completion: 'without_control', stockId: TO_REFURBISH });
  });

  it('when a buyback is cancelled in the warehouse, then its item is cancelled in the customer-return stock, to be sent back', async () => {
    const { buyback, itemId } = await checkedInItem(actors);
    const manager = await t.login('manager@demo.test');
    await expectOk(manager.post(`/buybacks/${buyback.id}/cancel`, { reason: 'customer_retractation', comment: 'Rétractation' }));
    const item = await itemOf(actors.operator, itemId);
    expect(item).toMatchObject({ status: 'item_cancelled', stockId: nativeStockId(DEMO_IDS.warehouses.demo, 'customer_return') });
    expect(item.allowedActions).toContain('ReturnItem');
    await expectOk(actors.operator.post(`/items/${itemId}/return`, { trackingNumber: '8R42', comment: 'Renvoyé' }));
    expect(await itemOf(actors.operator, itemId)).toMatchObject({ status: 'item_returned', stockId: null, returned: { trackingNumber: '8R42' } });
  });
});
