import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { expectOk } from '../support/api-helpers.js';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';

/**
 * The premium features that switch something (specification 002 §6, issue
 * 23): each refuses what it gates with the shared 403
 * PREMIUM_FEATURE_NOT_ENABLED naming itself while the provider has not
 * enabled it, and allows it again at once when enabled. The refurbishment's
 * two are read apart: the diagnosis needs refurb_diagnosis, the steps
 * refurb_steps.
 */

const DEMO = DEMO_IDS.accounts.demo;
const IPHONE_15 = DEMO_IDS.products.iphone15_128;

let t: TestPlatform;
let admin: ApiClient;
let manager: ApiClient;
let operator: ApiClient;
let seller: ApiClient;
let visitor: ApiClient;
let demoFeatures: string[];

beforeAll(async () => {
  t = await startTestPlatform();
  [admin, manager, operator, seller, visitor] = await Promise.all([
    t.login('admin@demo.test'),
    t.login('warehouse-manager@demo.test', 'rps'),
    t.login('warehouse@demo.test', 'rps'),
    t.login('seller@demo.test'),
    t.anonymous(),
  ]);
  demoFeatures = (await expectOk(admin.get(`/accounts/${DEMO}/organization-root-detail`))).enabledPremiumFeatures;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const setFeatures = (features: string[]) => expectOk(admin.patch(`/organization-root-details/${DEMO}`, { enabledPremiumFeatures: features }));
const without = (feature: string) => setFeatures(demoFeatures.filter((f) => f !== feature));
const refusedFor = async (answer: Promise<{ status: number; body: any }>, feature: string) => {
  const { status, body } = await answer;
  expect({ status, code: body.code, feature: body.details?.feature }).toEqual({ status: 403, code: 'PREMIUM_FEATURE_NOT_ENABLED', feature });
};
const menuEntry = async (client: ApiClient, key: string) =>
  ((await expectOk(client.get('/me'))).menu.sections as Array<{ entries: Array<{ key: string; premium?: string }> }>).flatMap((s) => s.entries).find((e) => e.key === key);

describe('refurb_diagnosis and refurb_steps', () => {
  it('without refurb_diagnosis the diagnosis and its questions are refused (the steps are not); without refurb_steps the steps are (the diagnosis questions are not)', async () => {
    await without('refurb_diagnosis');
    try {
      await refusedFor(operator.post('/refurb-diagnoses', { code: '12345678' }), 'refurb_diagnosis');
      await refusedFor(manager.get('/refurb-diagnosis-questions'), 'refurb_diagnosis');
      expect(await menuEntry(operator, 'refurbDiagnosisStart')).toMatchObject({ premium: 'refurb_diagnosis' });
      await expectOk(manager.get('/refurb-steps'));
      expect((await menuEntry(manager, 'refurbSteps'))?.premium).toBeUndefined();
    } finally {
      await setFeatures(demoFeatures);
    }
    await without('refurb_steps');
    try {
      await refusedFor(manager.get('/refurb-steps'), 'refurb_steps');
      await expectOk(manager.get('/refurb-diagnosis-questions'));
      expect((await menuEntry(operator, 'refurbDiagnosisStart'))?.premium).toBeUndefined();
    } finally {
      await setFeatures(demoFeatures);
    }
  });
});

describe('advanced_stocks', () => {
  it('a warehouse’s own stock is created, changed and deleted only with it; the stocks are listed without it', async () => {
    const created = await expectOk(manager.post('/stocks', { name: `Étagère premium ${Date.now()}` }), 201);
    await without('advanced_stocks');
    try {
      await refusedFor(manager.post('/stocks', { name: 'Étagère refusée' }), 'advanced_stocks');
      await refusedFor(manager.patch(`/stocks/${created.id}`, { location: 'Allée 9' }), 'advanced_stocks');
      await refusedFor(manager.request('DELETE', `/stocks/${created.id}`), 'advanced_stocks');
      const listed = await expectOk(manager.get('/stocks?itemsPerPage=100'));
      expect(listed.items.map((s: { id: string }) => s.id)).toContain(created.id);
    } finally {
      await setFeatures(demoFeatures);
    }
    await expectOk(manager.request('DELETE', `/stocks/${created.id}`));
  });
});

describe('scan_searchbar', () => {
  it('a scanned barcode finds exactly its products (a UPC-A spelling too) only with it, for staff and visitors alike; the storefront reads it with its configuration', async () => {
    const ean = (await expectOk(seller.get(`/products/${IPHONE_15}`))).ean as string;
    const found = await expectOk(seller.get(`/products/by-barcode?code=${ean}`));
    expect(found.items.map((p: { id: string }) => p.id)).toContain(IPHONE_15);
    expect(found.items.every((p: { ean: string }) => p.ean === ean)).toBe(true);
    if (ean.startsWith('0')) expect((await expectOk(visitor.get(`/products/by-barcode?code=${ean.slice(1)}`))).items.length).toBe(found.items.length);
    const bad = await seller.get('/products/by-barcode?code=1234567890123');
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields[0]).toMatchObject({ field: 'code', code: 'GTIN_CHECK_DIGIT_INVALID' });
    expect((await expectOk(visitor.get('/white-label/config'))).enabledPremiumFeatures).toContain('scan_searchbar');

    await without('scan_searchbar');
    try {
      await refusedFor(seller.get(`/products/by-barcode?code=${ean}`), 'scan_searchbar');
      await refusedFor(visitor.get(`/products/by-barcode?code=${ean}`), 'scan_searchbar');
      expect((await expectOk(visitor.get('/white-label/config'))).enabledPremiumFeatures).not.toContain('scan_searchbar');
      // Typing the code is a keyword search like any other.
      expect((await expectOk(seller.get(`/products?search=${ean}`))).totalItems).toBeGreaterThan(0);
    } finally {
      await setFeatures(demoFeatures);
    }
  });
});
