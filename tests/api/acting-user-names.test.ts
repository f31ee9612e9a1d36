import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { PARIS } from '../support/buyback-fixtures.js';
import { expectOk, historyOf } from '../support/api-helpers.js';
import { checkedInItem } from '../support/warehouse-helpers.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';

/**
 * Who did something is shown by name, and the name is the user's: a package
 * once showed "createdBy": "undefined undefined" because its query read
 * fields the user documents do not have. Each view is compared with the
 * acting user's own /me.
 */

let t: TestPlatform;
let seller: ApiClient;
let operator: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  [seller, operator] = await Promise.all([t.login('seller@demo.test'), t.login('warehouse@demo.test', 'rps')]);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function nameOf(client: ApiClient): Promise<string> {
  const me = await expectOk(client.get('/me'));
  expect(me.firstname, 'the demo user has a first name').toMatch(/\S/);
  expect(me.lastname, 'the demo user has a last name').toMatch(/\S/);
  return `${me.firstname} ${me.lastname}`;
}

describe('Given a package opened by the store seller', () => {
  it('When it is read and listed, then createdBy is the seller’s name', async () => {
    const name = await nameOf(seller);
    const opened = await expectOk(seller.post('/packages', { warehouseId: DEMO_IDS.warehouses.demo, labelMode: 'without_label' }), 201);
    const detail = await expectOk(seller.get(`/packages/${opened.id}`));
    expect(detail.createdBy).toBe(name);
    expect(detail.createdBy).not.toContain('undefined');
    const page = await expectOk(seller.get('/packages?itemsPerPage=100'));
    const row = page.items.find((p: { id: string }) => p.id === opened.id);
    expect(row?.createdBy).toBe(name);
    expect(page.items.every((p: { createdBy: string | null }) => p.createdBy === null || !p.createdBy.includes('undefined'))).toBe(true);
  });
});

describe('Given a device checked in by the warehouse operator', () => {
  it('When its item’s history and its buyback’s history are read, then each event names its user by their name', async () => {
    const [sellerName, operatorName] = await Promise.all([nameOf(seller), nameOf(operator)]);
    const { buyback, item } = await checkedInItem(seller, operator, PARIS);

    const itemHistory = (await expectOk(operator.get(`/items/${item.id}/history`))).items as Array<Record<string, any>>;
    const byOperator = itemHistory.filter((entry) => entry.user?.name === operatorName);
    expect(byOperator.length, JSON.stringify(itemHistory.map((e) => [e.type, e.user]))).toBeGreaterThan(0);
    for (const entry of itemHistory) if (entry.user) expect(entry.user.name).not.toContain('undefined');

    const buybackHistory = await historyOf(seller, buyback.id);
    expect(buybackHistory.find((entry) => entry.type === 'BuybackRegistered')?.user?.name).toBe(sellerName);
    for (const entry of buybackHistory) if (entry.user) expect(entry.user.name).not.toContain('undefined');
  });
});
