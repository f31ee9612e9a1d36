import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { bestResponses, PARIS } from '../support/buyback-fixtures.js';
import { createStoreBuyback, expectOk, proposalTokenFromMail } from '../support/api-helpers.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';

/**
 * The warehouse's work through the API: check-in by code, the compliance
 * check to each outcome, quarantine and release, loss, return, and the
 * buyback following its item at every step (the process manager).
 */
let platform: TestPlatform;
let seller: ApiClient;
let warehouse: ApiClient;

beforeAll(async () => {
  platform = await startTestPlatform();
  seller = await platform.login('seller@demo.test');
  warehouse = await platform.login('warehouse@demo.test');
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

/** A Paris buyback shipped to the warehouse; its item, found by the buyback's code. */
async function shippedBuyback() {
  const buyback = await createStoreBuyback(seller, PARIS);
  await expectOk(seller.post(`/buybacks/${buyback.id}/ship`, {}));
  const lookup = await expectOk(warehouse.get(`/items/by-code/${buyback.identificationNumber}`));
  return { buyback, item: lookup.item as { id: string; status: string; shortCode: string } };
}

async function buybackStatus(id: string): Promise<string> {
  return (await expectOk(seller.get(`/buybacks/${id}`))).status;
}

describe('Given a store buyback shipped to the warehouse', () => {
  it('then its item exists from the registration on, and follows the shipment', async () => {
    const buyback = await createStoreBuyback(seller, PARIS);
    const before = await expectOk(warehouse.get(`/items/by-code/${buyback.identificationNumber}`));
    expect(before.item.status).toBe('item_awaiting_inventory');
    await expectOk(seller.post(`/buybacks/${buyback.id}/ship`, {}));
    const after = await expectOk(warehouse.get(`/items/${before.item.id}`));
    expect(after.status).toBe('item_in_transit');
  });

  it('when the operator checks it in by its code, then the item is registered in the to-approve stock and the buyback is in processing', async () => {
    const { buyback, item } = await shippedBuyback();
    const answer = await expectOk(warehouse.post('/warehouse/check-ins', { code: buyback.identificationNumber }), 201);
    expect(answer).toMatchObject({ id: item.id, status: 'item_registered_in_warehouse' });
    const checked = await expectOk(warehouse.get(`/items/${item.id}`));
    expect(checked.stockId).not.toBeNull();
    expect(checked.receivedAt).not.toBeNull();
    expect(checked.allowedActions).toContain('RecordComplianceCheck');
    expect(await buybackStatus(buyback.id)).toBe('bb_in_processing');
  });

  it('when the check finds it as declared, then both are completed by price', async () => {
    const { buyback, item } = await shippedBuyback();
    await expectOk(warehouse.post('/warehouse/check-ins', { code: item.shortCode }), 201);
    const responses = await bestResponses(warehouse, DEMO_IDS.products.iphone15_128);
    const findings = { productId: DEMO_IDS.products.iphone15_128, responses };
    const body = { ...findings, decision: { kind: 'by_rule' } };
    const preview = await expectOk(warehouse.post(`/items/${item.id}/compliance-checks/preview`, findings));
    expect(preview.outcome.kind).toBe('completed_by_price');
    const done = await expectOk(warehouse.post(`/items/${item.id}/compliance-checks`, body));
    expect(done.status).toBe('item_completed');
    expect(await buybackStatus(buyback.id)).toBe('bb_completed_by_price');
    const itemHistory = await expectOk(warehouse.get(`/items/${item.id}/history`));
    expect(itemHistory.items.map((e: { type: string }) => e.type)).toEqual(['ItemCreated', 'ItemShipped', 'ItemRegisteredInWarehouse', 'ItemCompletedByPrice']);
  });

  it('when the check finds it worse, then a new price is proposed to the customer, who rejects it: the item is to return', async () => {
    const { buyback, item } = await shippedBuyback();
    const questions = (await expectOk(warehouse.get(`/products/${DEMO_IDS.products.iphone15_128}/diagnostic-questions`))).items as Array<{
      id: string;
      answers: Array<{ id: string; gradeCap: string | null; blocksEstimate: boolean }>;
    }>;
    // The worst non-blocking answer of each question.
    const responses = questions.map((q) => ({ questionId: q.id, answerIds: [q.answers.filter((a) => !a.blocksEstimate).at(-1)!.id] }));
    const findings = { productId: DEMO_IDS.products.iphone15_128, responses, comment: 'Écran rayé' };
    const body = { ...findings, decision: { kind: 'by_rule', proposalReason: 'Écran rayé' } };
    const preview = await expectOk(warehouse.post(`/items/${item.id}/compliance-checks/preview`, findings));
    expect(preview.registersItem).toBe(true);
    expect(preview.outcome.kind).toBe('price_proposal');
    const done = await expectOk(warehouse.post(`/items/${item.id}/compliance-checks`, body));
    expect(done.status).toBe('item_awaiting_compliancy_tests');
    expect(await buybackStatus(buyback.id)).toBe('bb_in_processing');
    const view = await expectOk(seller.get(`/buybacks/${buyback.id}`));
    expect(view.awaitingCustomerDecision).toBe(true);
    const { token } = proposalTokenFromMail(platform.mailer, 'camille.durand@example.com');
    await expectOk(platform.api.post(`/public/buybacks/${buyback.id}/price-proposal/reject`, { token }));
    const after = await expectOk(warehouse.get(`/items/${item.id}`));
    expect(after.status).toBe('item_to_return');
    expect(await buybackStatus(buyback.id)).toBe('bb_not_completed');
  });
});
