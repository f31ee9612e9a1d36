import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';

/** What the staff dashboard reads besides the buybacks themselves: the tenant's settings and the names behind ids. */

let t: TestPlatform;
let seller: ApiClient;
let retailerRoot: ApiClient;
let warehouse: ApiClient;
let otherSeller: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  [seller, retailerRoot, warehouse, otherSeller] = await Promise.all([
    t.login('seller@demo.test'),
    t.login('retailer@demo.test', 'root'),
    t.login('warehouse@demo.test', 'rps'),
    t.login('seller@other.test'),
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/me', () => {
  it('gives the account’s branding and the settings the dashboard needs (identity document, cart minimum, premium features)', async () => {
    const me = await seller.get('/me');
    expect(me.status).toBe(200);
    expect(me.body.account).toMatchObject({
      id: DEMO_IDS.accounts.demo,
      currency: 'EUR',
      mainColor: '#1F8A5B',
      logo: '/branding/demo-retail.svg',
      settings: {
        customerIdentityDocumentRequired: true,
        cartMinValueInCents: 0,
        categoryNavigationEnabled: true,
        warehouseCheckinRequirement: 'optional',
        enabledPremiumFeatures: ['imei_search_and_collect', 'absorption', 'multi_product_cart', 'payment_bonus', 'refurb_steps', 'refurb_diagnosis', 'advanced_stocks', 'scan_searchbar', 'sftp_access'],
      },
    });
  });

  it('gives each tenant its own settings', async () => {
    const me = await otherSeller.get('/me');
    expect(me.body.account.settings).toMatchObject({ customerIdentityDocumentRequired: false, enabledPremiumFeatures: [] });
  });
});

describe('GET /api/buyback-references', () => {
  it('names every store of the tenant for its root manager, with the warehouses, buyers, circuits, categories and shipping methods', async () => {
    const references = await retailerRoot.get('/buyback-references');
    expect(references.status).toBe(200);
    const storeIds = references.body.stores.map((s: { id: string }) => s.id);
    expect(storeIds).toEqual(expect.arrayContaining([DEMO_IDS.stores.paris, DEMO_IDS.stores.lyon]));
    expect(storeIds).not.toContain(DEMO_IDS.stores.lille);
    // Each name says its tenant (provider staff see several).
    expect(references.body.warehouses).toEqual([
      { id: DEMO_IDS.warehouses.demoLyon, name: 'Demo Atelier Lyon', accountId: DEMO_IDS.accounts.demo },
      { id: DEMO_IDS.warehouses.demo, name: 'Demo Warehouse Orléans', accountId: DEMO_IDS.accounts.demo },
    ]);
    expect(references.body.buyers).toEqual([
      { id: DEMO_IDS.buyers.demoRecycle, name: 'Demo Buyer Recyclage', accountId: DEMO_IDS.accounts.demo },
      { id: DEMO_IDS.buyers.demo, name: 'Demo Buyer Refurb', accountId: DEMO_IDS.accounts.demo },
    ]);
    expect(references.body.circuits.length).toBeGreaterThan(0);
    for (const circuit of references.body.circuits) expect(['store', 'web']).toContain(circuit.channel);
    expect(references.body.categories).toContainEqual(
      expect.objectContaining({ id: DEMO_IDS.categories.smartphones, label: expect.any(String) }),
    );
    expect(references.body.shippingMethods.length).toBeGreaterThan(0);
  });

  it('gives a store seller only their own store to filter by', async () => {
    const references = await seller.get('/buyback-references');
    expect(references.status).toBe(200);
    expect(references.body.stores.map((s: { id: string }) => s.id)).toEqual([DEMO_IDS.stores.paris]);
  });

  it('gives warehouse staff the tenant’s stores, whose buybacks reach them', async () => {
    const references = await warehouse.get('/buyback-references');
    expect(references.status).toBe(200);
    expect(references.body.stores.map((s: { id: string }) => s.id)).toEqual(expect.arrayContaining([DEMO_IDS.stores.paris, DEMO_IDS.stores.lyon]));
  });

  it('never names another tenant’s organizations or categories', async () => {
    const references = await otherSeller.get('/buyback-references');
    const ids = JSON.stringify(references.body);
    expect(ids).not.toContain(DEMO_IDS.warehouses.demo);
    expect(ids).not.toContain(DEMO_IDS.categories.smartphones);
    expect(references.body.stores.map((s: { id: string }) => s.id)).toEqual([DEMO_IDS.stores.lille]);
  });

  it('answers 401 without a token and 403 to a storefront visitor', async () => {
    expect((await t.api.get('/buyback-references')).status).toBe(401);
    expect((await (await t.anonymous()).get('/buyback-references')).status).toBe(403);
  });
});
