import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { expectOk } from '../support/api-helpers.js';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';

/**
 * The general settings (issue 23): the store module's page and the buyer and
 * workshop modules' page, read and merge-patched by the retailer's root
 * manager (If-Match), refused at their fields, kept as account events with
 * their history, each page only for the accounts it applies to, and the
 * premium features the provider's alone.
 */

const DEMO = DEMO_IDS.accounts.demo;
const OTHER = DEMO_IDS.accounts.other;

let t: TestPlatform;
let admin: ApiClient;
let retailer: ApiClient;
let seller: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  [admin, retailer, seller] = await Promise.all([t.login('admin@demo.test'), t.login('retailer@demo.test', 'root'), t.login('seller@demo.test')]);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('Given the demo retailer’s root manager', () => {
  it('when they read the store page, then it holds the store module’s settings and the account’s flags, its revision as ETag', async () => {
    const page = await retailer.get(`/accounts/${DEMO}/general-settings/tim`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ accountId: DEMO, page: 'tim', isRetailer: true, isBuyerAndWorkshopsSupervisor: true, whiteLabelActive: true });
    expect(page.body.settings).toMatchObject({ currency: 'EUR', language: 'fr-FR', cartMinValueInCents: 0, customerIdentityDocumentRequired: true, storeLocatorMapEnabled: false });
    expect(page.body.settings.warehouseCheckinRequirement).toBeUndefined();
    expect(page.headers.get('etag')).toBe(`W/"${page.body.revision}"`);
  });

  it('when they change the store page, then only the named settings change, the root and client details in one append, and the history names them', async () => {
    const before = (await retailer.get(`/accounts/${DEMO}/general-settings/tim`)).body;
    const saved = await retailer.patch(
      `/general-settings/${DEMO}/tim`,
      { currency: 'CHF', cartMinValueInCents: 2000, externalWebsiteLink: { text: 'Retour à la boutique' }, reason: 'Passage en francs suisses' },
      { 'If-Match': `W/"${before.revision}"` },
    );
    expect(saved.status).toBe(200);
    const after = (await retailer.get(`/accounts/${DEMO}/general-settings/tim`)).body;
    // The page's new revision: the last of the two events (root and client details) appended at once.
    expect(after.revision).toBeGreaterThan(before.revision);
    expect(saved.body.revision).toBe(after.revision);
    expect(after.settings).toMatchObject({ currency: 'CHF', cartMinValueInCents: 2000, language: 'fr-FR', externalWebsiteLink: { url: 'https://www.demo-retail.example', text: 'Retour à la boutique' } });
    const history = (await retailer.get(`/accounts/${DEMO}/general-settings/tim/history`)).body.items;
    const last = history.slice(-2);
    expect(last.map((entry: { changes: object }) => entry.changes)).toEqual([
      { cartMinValueInCents: 2000 },
      { currency: 'CHF', externalWebsiteLink: { url: 'https://www.demo-retail.example', text: 'Retour à la boutique' } },
    ]);
    expect(last[0]).toMatchObject({ userName: expect.any(String), reason: 'Passage en francs suisses' });
    await expectOk(retailer.patch(`/general-settings/${DEMO}/tim`, { currency: 'EUR', cartMinValueInCents: 0 }));
  });

  it('when they write the cookies policy and the accessibility statement, then the storefront serves them, the history names them, and clearing removes them', async () => {
    const policy = 'Ce site mesure son audience avec votre accord.\n\nVotre choix est conservé six mois.';
    const statement = 'https://www.demo-retail.example/accessibilite';
    await expectOk(retailer.patch(`/general-settings/${DEMO}/tim`, { cookiesPolicy: policy, accessibilityStatement: statement, reason: 'Textes légaux' }));
    const config = (await retailer.get(`/white-label/config?accountId=${DEMO}`)).body;
    expect(config).toMatchObject({ cookiesPolicy: policy, accessibilityStatement: statement, externalWebsiteLink: { url: 'https://www.demo-retail.example' } });
    const history = (await retailer.get(`/accounts/${DEMO}/general-settings/tim/history`)).body.items;
    expect(history.at(-1)).toMatchObject({ changes: { cookiesPolicy: policy, accessibilityStatement: statement }, reason: 'Textes légaux' });
    const tooLong = await retailer.patch(`/general-settings/${DEMO}/tim`, { cookiesPolicy: 'x'.repeat(5001) });
    expect(tooLong.body.details.fields).toMatchObject([{ field: 'cookiesPolicy' }]);
    await expectOk(retailer.patch(`/general-settings/${DEMO}/tim`, { cookiesPolicy: null, accessibilityStatement: null }));
    expect((await retailer.get(`/white-label/config?accountId=${DEMO}`)).body).toMatchObject({ cookiesPolicy: null, accessibilityStatement: null });
  });

  it('when the design and the other page are saved after the form was read, then the page still saves with its ETag; a change of the page itself since answers 412', async () => {
    const read = await retailer.get(`/accounts/${DEMO}/general-settings/tim`);
    const packing = (await retailer.get(`/accounts/${DEMO}/general-settings/lcm`)).body.settings.packingInstructions;
    const ifMatch = { 'If-Match': read.headers.get('etag') as string };
    // Both live on the account's stream: before, their change made every open general-settings form stale (412).
    await expectOk(retailer.patch(`/accounts/${DEMO}/design`, { mainColor: '#166534' }));
    await expectOk(retailer.patch(`/general-settings/${DEMO}/lcm`, { packingInstructions: 'Emballez chaque appareil dans son carton.' }));
    expect((await retailer.get(`/accounts/${DEMO}/general-settings/tim`)).headers.get('etag')).toBe(ifMatch['If-Match']);

    const saved = await retailer.patch(`/general-settings/${DEMO}/tim`, { cartMinValueInCents: 1500 }, ifMatch);
    expect(saved.status).toBe(200);
    const stale = await retailer.patch(`/general-settings/${DEMO}/tim`, { cartMinValueInCents: 2500 }, ifMatch);
    expect([stale.status, stale.body.code]).toEqual([412, 'PRECONDITION_FAILED']);
    expect((await retailer.get(`/accounts/${DEMO}/general-settings/tim`)).body.settings.cartMinValueInCents).toBe(1500);
    await expectOk(retailer.patch(`/general-settings/${DEMO}/tim`, { cartMinValueInCents: 0 }));
    await expectOk(retailer.patch(`/general-settings/${DEMO}/lcm`, { packingInstructions: packing }));
  });

  it('when they save with a stale revision, then 412 and nothing is written', async () => {
    const before = (await retailer.get(`/accounts/${DEMO}/general-settings/lcm`)).body;
    const stale = await retailer.patch(`/general-settings/${DEMO}/lcm`, { packingInstructions: 'Emballez chaque appareil dans du papier bulle.' }, { 'If-Match': `W/"${before.revision - 1}"` });
    expect(stale.status).toBe(412);
    expect((await retailer.get(`/accounts/${DEMO}/general-settings/lcm`)).body.revision).toBe(before.revision);
  });

  it('when a value breaks the rules, then GENERAL_SETTINGS_INVALID names each field, another page’s member included', async () => {
    const refused = await retailer.patch(`/general-settings/${DEMO}/tim`, { cartMinValueInCents: 1050, externalWebsiteLink: { url: 'pas-une-adresse', text: 'x' }, warehouseCheckinRequirement: 'disabled' });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('GENERAL_SETTINGS_INVALID');
    expect(refused.body.details.fields).toMatchObject([{ field: 'warehouseCheckinRequirement', code: 'GENERAL_SETTING_UNKNOWN', message: expect.any(String) }]);
    const values = await retailer.patch(`/general-settings/${DEMO}/tim`, { cartMinValueInCents: 1050, externalWebsiteLink: { url: 'pas-une-adresse', text: 'x' } });
    expect(values.body.details.fields.map((f: { field: string; code: string }) => `${f.field}:${f.code}`)).toEqual(
      expect.arrayContaining(['cartMinValueInCents:CART_MIN_VALUE_NOT_WHOLE', 'externalWebsiteLink.url:CLIENT_URL_INVALID']),
    );
  });

  it('when they name a PDF that is not a settings file of theirs, then it is refused and nothing changes', async () => {
    const refused = await retailer.patch(`/general-settings/${DEMO}/tim`, { faqFileId: '3f1c9a7e-0000-4000-8000-000000000000' });
    expect(refused.body.code).toBe('SETTINGS_FILE_NOT_FOUND');
    expect((await retailer.get(`/accounts/${DEMO}/general-settings/tim`)).body.settings.faqFileId).toBeNull();
  });

  it('when they reach another retailer’s settings, then 404; a seller holds no settings.manage', async () => {
    expect((await retailer.get(`/accounts/${OTHER}/general-settings/tim`)).status).toBe(404);
    expect((await retailer.patch(`/general-settings/${OTHER}/lcm`, { packingInstructions: 'x' })).status).toBe(404);
    expect((await seller.get(`/accounts/${DEMO}/general-settings/tim`)).status).toBe(403);
  });

  it('when they switch their own premium features or buyer payment, then PREMIUM_FEATURES_PROVIDER_ONLY; provider staff may', async () => {
    const own = await retailer.patch(`/organization-root-details/${DEMO}`, { enabledPremiumFeatures: ['sftp_access'] });
    expect(own.status).toBe(403);
    expect(own.body.code).toBe('PREMIUM_FEATURES_PROVIDER_ONLY');
    expect((await retailer.patch(`/organization-root-details/${DEMO}`, { buyerPaymentEnabled: true })).body.code).toBe('PREMIUM_FEATURES_PROVIDER_ONLY');
    expect((await retailer.patch(`/organization-root-details/${DEMO}`, { packingInstructions: 'Une boîte par appareil.' })).status).toBe(200);
    expect((await retailer.get(`/accounts/${DEMO}/general-settings/lcm`)).body.settings.packingInstructions).toBe('Une boîte par appareil.');
  });
});

describe('Given accounts with only some modules (specification 002 §6: settings only for retailers, or for buyer and workshop supervisors)', () => {
  let storesOnly: string;
  let workshopsOnly: string;

  beforeAll(async () => {
    storesOnly = (await expectOk(admin.post('/clients', { commonName: 'Boutiques Seules', country: 'FR', modules: ['root', 'tim'] }), 201)).id;
    workshopsOnly = (await expectOk(admin.post('/clients', { commonName: 'Ateliers Seuls', country: 'FR', modules: ['root', 'rps'] }), 201)).id;
  });

  it('then a retailer has the store page only, a workshop supervisor the buyer and workshop page only', async () => {
    const asStaff = (id: string, page: string) => admin.get(`/accounts/${id}/general-settings/${page}`);
    expect((await asStaff(storesOnly, 'tim')).body).toMatchObject({ isRetailer: true, isBuyerAndWorkshopsSupervisor: false });
    const refused = await asStaff(storesOnly, 'lcm');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('GENERAL_SETTINGS_NOT_APPLICABLE');
    expect((await admin.patch(`/general-settings/${storesOnly}/lcm`, { packingInstructions: 'x' })).body.code).toBe('GENERAL_SETTINGS_NOT_APPLICABLE');
    expect((await asStaff(workshopsOnly, 'lcm')).body).toMatchObject({ isRetailer: false, isBuyerAndWorkshopsSupervisor: true });
    expect((await asStaff(workshopsOnly, 'tim')).status).toBe(403);
  });

  it('then without a white-label site the back-to-website link is refused at its field', async () => {
    const refused = await admin.patch(`/general-settings/${storesOnly}/tim`, { storeLocatorMapEnabled: true });
    expect(refused.body.details.fields).toMatchObject([{ field: 'storeLocatorMapEnabled', code: 'GENERAL_SETTING_NEEDS_WHITE_LABEL' }]);
  });

  it('then the menu offers each page only to the accounts it applies to', async () => {
    const entries = (me: { menu: { sections: Array<{ entries: Array<{ path: string }> }> } }) => me.menu.sections.flatMap((s) => s.entries.map((e) => e.path));
    expect(entries((await retailer.get('/me')).body)).toEqual(expect.arrayContaining(['/settings/tim/general', '/settings/lcm/general']));
    const me = (await admin.get('/me', { 'X-Account-Id': storesOnly })).body;
    expect(me.account).toMatchObject({ isRetailer: true, isBuyerAndWorkshopsSupervisor: false });
    expect(entries(me)).toContain('/settings/tim/general');
    expect(entries(me)).not.toContain('/settings/lcm/general');
    expect(entries((await seller.get('/me')).body)).not.toContain('/settings/tim/general');
  });
});
