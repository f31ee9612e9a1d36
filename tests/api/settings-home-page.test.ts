import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { CATALOG_DEMO_IDS } from '../../infrastructure/modules/catalog/demo-data-accounts.js';
import { DEMO_HOME_PAGE } from '../../infrastructure/modules/settings/demo/home-page-demo.js';
import { DEMO_PASSWORD } from '../../infrastructure/seed/seed-streams.js';
import { expectOk } from '../support/api-helpers.js';
import { solidPng } from '../support/banner-images.js';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';

/**
 * The storefront's home page (issue 23, specification 002 §3 "Home page
 * configuration"): Demo Retail's as the demo leaves it, a merge-patch that
 * sanitises its HTML on the server and reorders its widgets, refusals
 * (bounds, unknown or another retailer's products, a stale If-Match, another
 * account), its history, and the storefront's public read.
 */

let t: TestPlatform;
let retailer: ApiClient;
let admin: ApiClient;
let otherRetailer: ApiClient;
const DEMO = DEMO_IDS.accounts.demo;
const path = `/accounts/${DEMO}/home-page`;

beforeAll(async () => {
  t = await startTestPlatform();
  [retailer, admin] = await Promise.all([t.login('retailer@demo.test', 'root'), t.login('admin@demo.test')]);
  // Other Retail's root manager (holds design.manage, in another tenant), made as the provider's staff would.
  const email = 'home.manager@other.test';
  await expectOk(
    admin.post('/users', {
      firstname: 'Olga',
      lastname: 'Accueil',
      email,
      status: 'active',
      accountId: DEMO_IDS.accounts.other,
      modules: { root: { userType: 'root_management_unit_manager', organizationId: DEMO_IDS.organizations.otherRoot } },
    }),
    201,
  );
  let link: string | undefined;
  for (let i = 0; i < 100 && !link; i++) {
    link = /https?:\/\/\S+/.exec(t.mailer.sent.find((mail) => mail.to === email)?.text ?? '')?.[0];
    if (!link) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const token = new URL(link as string).searchParams.get('token') as string;
  await expectOk(t.api.post(`/password/new/${encodeURIComponent(token)}`, { password: DEMO_PASSWORD, repeat: DEMO_PASSWORD, acceptTerms: true }));
  otherRetailer = await t.login(email, 'root');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const ifMatch = async (client: ApiClient) => ({ 'If-Match': (await client.get(path)).headers.get('etag') as string, 'Content-Type': 'application/merge-patch+json' });

describe('Home page configuration', () => {
  it('When Demo Retail configures its home page (the demo’s), then it reads it on with its three widgets in order, and the storefront shows them with the products published', async () => {
    const never = await retailer.get(path);
    expect(never.body).toMatchObject({ configured: false, status: 'off', widgets: [] });
    expect((await t.api.get(`/white-label/home-page?accountId=${DEMO}`)).body.enabled).toBe(false);
    const draft = CATALOG_DEMO_IDS.products.iphone16ProMax;
    const first = { ...DEMO_HOME_PAGE, widgets: DEMO_HOME_PAGE.widgets.map((w) => (w.type === 'products' ? { ...w, productIds: [...w.productIds, draft] } : w)) };
    await expectOk(retailer.patch(path, first, await ifMatch(retailer)));
    const home = await retailer.get(path);
    expect(home.status).toBe(200);
    expect(home.headers.get('etag')).toBe(`W/"${home.body.revision}"`);
    expect(home.body).toMatchObject({ accountId: DEMO, configured: true, status: 'on' });
    expect(home.body.widgets.map((w: { type: string }) => w.type)).toEqual(['html', 'products', 'search']);
    const storefront = await t.api.get(`/white-label/home-page?accountId=${DEMO}`);
    expect(storefront.status).toBe(200);
    expect(storefront.body.enabled).toBe(true);
    // The draft is highlighted but not shown to visitors until it is published.
    expect(storefront.body.widgets[1].products.map((p: { id: string }) => p.id)).toEqual(home.body.widgets[1].productIds.filter((id: string) => id !== draft));
    expect(storefront.body.widgets[0]).toEqual(DEMO_HOME_PAGE.widgets[0]);
    expect(storefront.body.widgets[1].products[0]).toMatchObject({ id: CATALOG_DEMO_IDS.products.iphone15_128, status: 'published' });
  });

  it('When an HTML widget with a script and an event handler is saved, then only its sanitised HTML is kept and served, the widgets in their new order', async () => {
    const before = (await retailer.get(path)).body;
    const html = '<p onclick="steal()">Nos offres <script>window.__homePageXss = true</script><b>du moment</b> <a href="javascript:alert(1)">ici</a></p>';
    const saved = await retailer.patch(path, { widgets: [before.widgets[2], { type: 'html', html }, before.widgets[1]], reason: 'Nouvelle offre' }, await ifMatch(retailer));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = (await retailer.get(path)).body;
    expect(after.widgets.map((w: { type: string }) => w.type)).toEqual(['search', 'html', 'products']);
    expect(after.widgets[1]).toEqual({ type: 'html', html: '<p>Nos offres <b>du moment</b> <a>ici</a></p>' });
    const served = (await t.api.get(`/white-label/home-page?accountId=${DEMO}`)).body;
    expect(JSON.stringify(served)).not.toMatch(/<script|__homePageXss|onclick|javascript:/i);
    const history = (await retailer.get(`${path}/history`)).body.items;
    expect(history.at(-1)).toMatchObject({ type: 'HomePageChanged', reason: 'Nouvelle offre', user: { name: expect.any(String) } });
    expect(history.at(-1).changes).toEqual({ widgets: { from: ['html', 'products', 'search'], to: ['search', 'html', 'products'] } });
    // Saving the same again changes nothing: no event, the same revision.
    const again = await retailer.patch(path, { widgets: after.widgets }, await ifMatch(retailer));
    expect(again.body.revision).toBe(saved.body.revision);
  });

  it('When the bounds are broken, then each field is named; unknown and another retailer’s products are refused naming them', async () => {
    const headers = await ifMatch(retailer);
    const invalid = await retailer.patch(path, { metaTitle: 'A', widgets: [{ type: 'html', html: '<script>alert(1)</script><p>court</p>' }, { type: 'search', title: 'S' }, { type: 'products', productIds: ['x'] }] }, headers);
    expect(invalid.status).toBe(422);
    expect(invalid.body.code).toBe('HOME_PAGE_INVALID');
    expect(invalid.body.details.fields.map((f: { field: string; code: string }) => `${f.field}:${f.code}`)).toEqual([
      'metaTitle:TEXT_LENGTH',
      'widgets.0.html:TEXT_LENGTH',
      'widgets.1.title:TEXT_LENGTH',
      'widgets.2.productIds.0:HOME_PAGE_PRODUCT_ID_INVALID',
    ]);
    const unknown = '00000000-0000-4000-8000-000000000001';
    const foreign = CATALOG_DEMO_IDS.products.otherIphone13_128;
    const refused = await retailer.patch(path, { widgets: [{ type: 'products', productIds: [CATALOG_DEMO_IDS.products.ps5, unknown, foreign] }] }, headers);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'HOME_PAGE_PRODUCTS_UNKNOWN', details: { productIds: [unknown, foreign] } });
    expect(refused.body.message).toContain(foreign);
    const stale = await retailer.patch(path, { status: 'off' }, { 'If-Match': 'W/"1"' });
    expect(stale.status).toBe(412);
  });

  it('When another setting of the account is saved after the form was read, then the home page still saves with its ETag; a change of the home page itself since answers 412', async () => {
    const read = await ifMatch(retailer);
    // The design lives on the account's stream too: before, its change made every open home page form stale (412).
    const design = await retailer.patch(`/accounts/${DEMO}/design`, { mainColor: '#166534' }, { 'Content-Type': 'application/merge-patch+json' });
    expect(design.status).toBe(200);
    expect((await retailer.get(path)).headers.get('etag')).toBe(read['If-Match']);

    const saved = await retailer.patch(path, { metaTitle: 'Revendez vos appareils, payés sous 48 h' }, read);
    expect(saved.status).toBe(200);

    const stale = await retailer.patch(path, { metaTitle: 'Une autre idée du titre' }, read);
    expect([stale.status, stale.body.code]).toEqual([412, 'PRECONDITION_FAILED']);
    expect((await retailer.get(path)).body.metaTitle).toBe('Revendez vos appareils, payés sous 48 h');
  });

  it('When the search widget’s banner is uploaded (kind banner), then its size read from its bytes reaches the storefront with it; an ICO, a file too large or an unreadable one is refused', async () => {
    const upload = (body: Uint8Array, type = 'image/png') =>
      fetch(`${t.baseUrl}/api/settings-files?kind=banner`, { method: 'POST', headers: { Authorization: `Bearer ${retailer.token}`, 'X-Module': retailer.module ?? 'root', 'Content-Type': type }, body: new Uint8Array(body) });
    const stored = await upload(solidPng(960, 240), 'image/webp');
    expect(stored.status).toBe(201);
    const banner = (await stored.json()) as { url: string; kind: string; contentType: string; width: number; height: number };
    expect(banner).toMatchObject({ kind: 'banner', contentType: 'image/png', width: 960, height: 240 });
    const refusals: Array<[Uint8Array, string]> = [
      [Uint8Array.from([0, 0, 1, 0, 1, 0, 16, 16]), 'SETTINGS_FILE_TYPE_REFUSED'],
      [Uint8Array.from([...solidPng(2, 2), ...new Uint8Array(500 * 1024)]), 'SETTINGS_FILE_TOO_LARGE'],
      [Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'SETTINGS_FILE_IMAGE_SIZE_UNKNOWN'],
    ];
    for (const [body, code] of refusals) {
      const refused = await upload(body);
      expect(refused.status, code).toBe(422);
      expect(((await refused.json()) as { code: string }).code).toBe(code);
    }

    const before = (await retailer.get(path)).body;
    const widgets = [...before.widgets.filter((w: { type: string }) => w.type !== 'search'), { type: 'search', title: 'Que revendez-vous ?', bannerImageUrl: banner.url }];
    await expectOk(retailer.patch(path, { widgets }, await ifMatch(retailer)));
    const served = (await t.api.get(`/white-label/home-page?accountId=${DEMO}`)).body;
    expect(served.widgets.find((w: { type: string }) => w.type === 'search')).toEqual({ type: 'search', title: 'Que revendez-vous ?', bannerImageUrl: banner.url, bannerWidth: 960, bannerHeight: 240 });
    const image = await fetch(`${t.baseUrl}${banner.url}`);
    expect(image.headers.get('content-type')).toBe('image/png');
    await expectOk(retailer.patch(path, { widgets: before.widgets }, await ifMatch(retailer)));
  });

  it('When another retailer reads or patches Demo Retail’s home page, then it is not found; provider staff may; off, the storefront gets its default home', async () => {
    expect((await otherRetailer.get(path)).status).toBe(404);
    expect((await otherRetailer.patch(path, { status: 'off' })).status).toBe(404);
    expect((await otherRetailer.get(`${path}/history`)).status).toBe(404);
    const off = await admin.patch(path, { status: 'off' }, await ifMatch(admin));
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await t.api.get(`/white-label/home-page?accountId=${DEMO}`)).body).toEqual({ enabled: false, metaTitle: null, metaDescription: null, widgets: [] });
    await admin.patch(path, { status: 'on' }, await ifMatch(admin));
  });
});
