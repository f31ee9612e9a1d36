import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { createStoreBuyback } from '../support/api-helpers.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { DEMO_PASSWORD } from '../../infrastructure/seed/seed-streams.js';
import { CIRCUIT_TYPES } from '../../domain/catalog/events.js';
import { PAYMENT_TYPES } from '../../domain/buybacks/events.js';
import { SHIPPING_TYPES } from '../../domain/organizations/account/account-events.js';
import { toNewEvent } from '../../application/events/codec.js';
import type { OrganizationRegistered } from '../../domain/organizations/events.js';

/**
 * The provider staff's client administration (issue 20): a client opened
 * with its root organization, its form changed by merge-patch, its root
 * details (a retailer's root manager: their own only), each refusal of an
 * account's deletion, and a deletion that forgets its customers and
 * deactivates its users. Retailers' users are refused.
 */

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

const newClient = (overrides: Record<string, unknown> = {}) => ({
  commonName: `Reprise ${randomUUID().slice(0, 6)}`,
  corporateName: 'Reprise Plus SAS',
  siret: '732 829 320 00074',
  capitalInCents: 1_000_000_00,
  country: 'fr',
  modules: ['root', 'tim'],
  address: { street: '1 rue de Rivoli', zipCode: '75001', city: 'Paris' },
  premiumFeatures: ['payment_bonus', 'multi_product_cart'],
  ...overrides,
});

async function created(body = newClient()): Promise<string> {
  const answer = await admin.post('/clients', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id as string;
}

/** Registers an organization straight in the event store (another account's store naming a buyer), and waits for the read models. */
async function registerOrganization(data: Partial<OrganizationRegistered['data']> & { accountId: string; type: OrganizationRegistered['data']['type'] }) {
  const organizationId = randomUUID();
  const event: OrganizationRegistered = {
    type: 'OrganizationRegistered',
    data: {
      organizationId, commonName: 'Linked', corporateName: null, moduleType: data.type === 'buyer' ? 'lcm' : 'tim', parentOrganizationId: null, street: null, zipCode: null, city: null,
      country: 'FR', externalId: null, status: 'active', streetComplement: null, email: null, siret: null, capitalInCents: null, latitude: null, longitude: null,
      manualGeocoding: false, buyerId: null, stock: null, showCart: false, openingHours: null, ...data,
    },
  };
  const metadata = { accountId: data.accountId, organizationId, userId: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() };
  const appended = await t.platform.eventStore.appendToStream(`organization-${organizationId}`, [toNewEvent(event, randomUUID(), metadata)], 'no_stream');
  await t.platform.runner.waitFor(appended.lastGlobalPosition, 10_000);
  return organizationId;
}

describe('Given provider staff opening a client', () => {
  it('When the form is sent, then the account and its root organization exist, with every field as sent (SIRET without spaces, country upper case)', async () => {
    const body = newClient();
    const answer = await admin.post('/clients', body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.headers.get('location')).toBe(`/api/clients/${answer.body.id}`);
    const client = await admin.get(`/clients/${answer.body.id}`);
    expect(client.status).toBe(200);
    expect(client.body).toMatchObject({
      commonName: body.commonName,
      siret: '73282932000074',
      capitalInCents: 100_000_000,
      country: 'FR',
      status: 'active',
      modules: ['root', 'tim'],
      premiumFeatures: ['payment_bonus', 'multi_product_cart'],
      address: { street: '1 rue de Rivoli', streetComplement: null, zipCode: '75001', city: 'Paris' },
    });
    expect(client.headers.get('etag')).toBe(`W/"${client.body.revision}"`);
    const root = await admin.get(`/organizations/${client.body.rootOrganizationId}`);
    if (root.status === 200) expect(root.body).toMatchObject({ commonName: body.commonName, type: 'root_management_unit' });
    const list = await admin.get(`/clients?name=${encodeURIComponent(body.commonName)}&module=tim&status=active`);
    expect(list.body.items.map((c: { id: string }) => c.id)).toEqual([answer.body.id]);
    expect((await admin.get(`/clients?name=${encodeURIComponent(body.commonName)}&module=lcm`)).body.items).toEqual([]);
  });

  it('When a field breaks a rule, then every one is named (SIRET failing Luhn, blank name, no module) and nothing is opened', async () => {
    const before = (await admin.get('/clients?itemsPerPage=100')).body.totalItems;
    const answer = await admin.post('/clients', newClient({ siret: '73282932000075', commonName: ' ', modules: [] }), { 'Accept-Language': 'fr-FR' });
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('CLIENT_INVALID');
    expect(answer.body.details.fields.map((f: { field: string; code: string }) => `${f.field}:${f.code}`)).toEqual([
      'commonName:TEXT_REQUIRED',
      'siret:SIRET_INVALID',
      'modules:CLIENT_MODULES_REQUIRED',
    ]);
    expect((await admin.get('/clients?itemsPerPage=100')).body.totalItems).toBe(before);
  });
});

describe('Given a client', () => {
  it('When it is patched (merge-patch), then only what the body names changes, nested objects merge, null removes; its history says who and which fields', async () => {
    const id = await created(newClient({ whiteLabel: { tagManagerId: 'GTM-1', axeptioId: 'ax-1', dropOffLocationsMapEnabled: true } }));
    const patched = await admin.patch(`/clients/${id}`, { whiteLabel: { axeptioId: null }, address: { city: 'Lyon' }, activeCircuits: ['store_drop'], reason: 'Déménagement' });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const client = (await admin.get(`/clients/${id}`)).body;
    expect(client.whiteLabel).toMatchObject({ tagManagerId: 'GTM-1', axeptioId: null, dropOffLocationsMapEnabled: true });
    expect(client.address).toEqual({ street: '1 rue de Rivoli', streetComplement: null, zipCode: '75001', city: 'Lyon' });
    expect(client.activeCircuits).toEqual(['store_drop']);
    expect(client.siret).toBe('73282932000074');
    const history = (await admin.get(`/clients/${id}/history`)).body.items;
    expect(history.map((e: { type: string }) => e.type)).toEqual(['AccountOpened', 'ClientDetailsChanged', 'ClientDetailsChanged']);
    expect(history.at(-1)).toMatchObject({ userName: 'Camille Martin', reason: 'Déménagement' });
    expect(history.at(-1).fields.sort()).toEqual(['activeCircuits', 'address', 'whiteLabel']);
  });

  it('When it is patched with a stale If-Match, then 412 and nothing changes; its home page is its own route’s (tests/api/settings-home-page.test.ts)', async () => {
    const id = await created();
    const stale = await admin.patch(`/clients/${id}`, { commonName: 'Autre nom' }, { 'If-Match': 'W/"99"' });
    expect(stale.status).toBe(412);
    const home = await admin.patch(`/clients/${id}`, { homePage: { metaTitle: 'Accueil' } });
    expect(home.status).toBe(400);
    const client = (await admin.get(`/clients/${id}`)).body;
    expect(client.commonName).not.toBe('Autre nom');
    expect(client).not.toHaveProperty('homePage');
  });

  it('When the root details are merge-patched, then the named ones change and the premium features show on the client too', async () => {
    const id = await created();
    const patched = await admin.patch(`/organization-root-details/${id}`, { sellerSupportEmail: 'Support@Reprise.example', cartMinValueInCents: 500, enabledPremiumFeatures: ['sftp_access'], barCodeEnabled: true });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const details = (await admin.get(`/accounts/${id}/organization-root-detail`)).body;
    expect(details).toMatchObject({ id, sellerSupportEmail: 'support@reprise.example', cartMinValueInCents: 500, barCodeEnabled: true, tagPriceEnabled: false, enabledPremiumFeatures: ['sftp_access'] });
    expect((await admin.get(`/clients/${id}`)).body.premiumFeatures).toEqual(['sftp_access']);
    const invalid = await admin.patch(`/organization-root-details/${id}`, { sellerSupportEmail: 'pas-un-email' });
    expect(invalid.status).toBe(422);
    expect(invalid.body.code).toBe('ROOT_DETAILS_INVALID');
  });

  it('When a retailer’s root manager patches their own root details, then it is saved; another account’s are not found; they cannot reach the clients', async () => {
    const own = await retailer.patch(`/organization-root-details/${DEMO_IDS.accounts.demo}`, { buybackZeroDescription: 'Aucune valeur de reprise pour cet appareil.' });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect((await retailer.get(`/accounts/${DEMO_IDS.accounts.demo}/organization-root-detail`)).body.buybackZeroDescription).toBe('Aucune valeur de reprise pour cet appareil.');
    const foreign = await retailer.patch(`/organization-root-details/${DEMO_IDS.accounts.other}`, { barCodeEnabled: true });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('ACCOUNT_NOT_FOUND');
    expect((await retailer.get(`/accounts/${DEMO_IDS.accounts.other}/organization-root-detail`)).status).toBe(404);
    for (const [method, path] of [
      ['GET', '/clients'],
      ['POST', '/clients'],
      ['GET', `/clients/${DEMO_IDS.accounts.demo}`],
      ['PATCH', `/clients/${DEMO_IDS.accounts.demo}`],
      ['DELETE', `/accounts/${DEMO_IDS.accounts.other}`],
      ['GET', `/account/${DEMO_IDS.accounts.demo}/linked-buyers`],
      ['POST', `/clients/${DEMO_IDS.accounts.demo}/catalogue-reindex`],
    ] as const) {
      expect((await retailer.request(method, path, method === 'GET' || method === 'DELETE' ? undefined : {})).status, `${method} ${path}`).toBe(403);
    }
    expect((await seller.get(`/accounts/${DEMO_IDS.accounts.demo}/organization-root-detail`)).status).toBe(403);
    expect((await seller.patch(`/organization-root-details/${DEMO_IDS.accounts.demo}`, { barCodeEnabled: true })).status).toBe(403);
  });

  it('When the catalogue is reindexed, then 202 with the catalogue read models’ rebuilds, which finish', async () => {
    const answer = await admin.post(`/clients/${DEMO_IDS.accounts.demo}/catalogue-reindex`, {});
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    expect(answer.body.rebuilds.map((r: { projection: string }) => r.projection)).toEqual(['categories', 'products', 'diagnostic-questions', 'catalog-search']);
    let progress = answer.body;
    for (let i = 0; i < 100 && progress.rebuilds.some((r: { status: string }) => r.status !== 'finished'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      progress = (await admin.get(`/clients/${DEMO_IDS.accounts.demo}/catalogue-reindex`)).body;
    }
    expect(progress.rebuilds.map((r: { status: string }) => r.status)).toEqual(['finished', 'finished', 'finished', 'finished']);
    expect((await retailer.get('/products?itemsPerPage=1')).body.totalItems).toBeGreaterThan(0);
    // The search index, reloaded from the rebuilt search projection, still finds a misspelt name.
    const found = await retailer.get(`/products?search=${encodeURIComponent('iphnoe 13')}&itemsPerPage=5`);
    expect(found.body.items[0]?.label, JSON.stringify(found.body)).toMatch(/iPhone 13/);
  });
});

describe('Given an account to delete', () => {
  it('When it is unknown, then 404 account_not_found; while active, then 422 still_active, in the caller’s language', async () => {
    const unknown = await admin.delete(`/accounts/${randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'ACCOUNT_NOT_FOUND', details: { reason: 'account_not_found' } });
    const id = await created();
    const active = await admin.delete(`/accounts/${id}`, { 'Accept-Language': 'de-DE' });
    expect(active.status).toBe(422);
    expect(active.body).toMatchObject({ code: 'ACCOUNT_STILL_ACTIVE', details: { reason: 'still_active' } });
    expect(active.body.message).toContain('Konto');
    expect((await admin.get(`/clients/${id}`)).status).toBe(200);
  });

  it('When its store works with another account’s buyer, then has_linked_buyers; when another account’s store works with its buyer, then has_linked_retailers', async () => {
    const id = await created(newClient({ status: 'inactive' }));
    await registerOrganization({ accountId: id, type: 'store', buyerId: DEMO_IDS.buyers.demo });
    const linked = await admin.get(`/account/${id}/linked-buyers`);
    expect(linked.body.items).toEqual([expect.objectContaining({ id: DEMO_IDS.buyers.demo, external: true, accountName: 'Demo Retail', linkedOrganizations: 1 })]);
    // Demo Retail is then linked to a retailer of another account.
    expect((await admin.get(`/account/${DEMO_IDS.accounts.demo}/linked-buyers`)).body.linkedRetailers).toBeGreaterThan(0);
    const buyers = await admin.delete(`/accounts/${id}`);
    expect(buyers.status).toBe(422);
    expect(buyers.body).toMatchObject({ code: 'ACCOUNT_HAS_LINKED_BUYERS', details: { reason: 'has_linked_buyers' } });

    const other = await created(newClient({ status: 'inactive' }));
    const buyer = await registerOrganization({ accountId: other, type: 'buyer' });
    await registerOrganization({ accountId: DEMO_IDS.accounts.demo, type: 'store', buyerId: buyer });
    expect((await admin.get(`/account/${other}/linked-buyers`)).body).toMatchObject({ items: [{ id: buyer, external: false }], linkedRetailers: 1 });
    const retailers = await admin.delete(`/accounts/${other}`);
    expect(retailers.status).toBe(422);
    expect(retailers.body).toMatchObject({ code: 'ACCOUNT_HAS_LINKED_RETAILERS', details: { reason: 'has_linked_retailers' } });
  });

  it('When the provider narrows a client’s circuits, payment modes and transport, then its buyback path offers only those, and all again once restored', async () => {
    const path = `/products/${DEMO_IDS.products.iphone15_128}/buyback-options?channel=store`;
    const before = (await seller.get(path)).body as { circuits: Array<{ circuitType: string }>; paymentModes: Array<{ paymentType: string }>; shippingMethods: Array<{ shippingType: string }> };
    const circuitType = before.circuits[0]?.circuitType as string;
    const paymentType = before.paymentModes[0]?.paymentType as string;
    const shippingType = before.shippingMethods[0]?.shippingType as string;
    expect([circuitType, paymentType, shippingType].every(Boolean), JSON.stringify(before)).toBe(true);

    const narrowed = await admin.patch(`/clients/${DEMO_IDS.accounts.demo}`, {
      activeCircuits: CIRCUIT_TYPES.filter((type) => type !== circuitType),
      paymentModes: PAYMENT_TYPES.filter((type) => type !== paymentType),
      transport: { shippingTypes: SHIPPING_TYPES.filter((type) => type !== shippingType) },
    });
    expect(narrowed.status, JSON.stringify(narrowed.body)).toBe(200);
    const after = (await seller.get(path)).body as typeof before;
    expect(after.circuits.map((c) => c.circuitType)).not.toContain(circuitType);
    expect(after.paymentModes.map((m) => m.paymentType)).not.toContain(paymentType);
    expect(after.shippingMethods.map((m) => m.shippingType)).not.toContain(shippingType);

    const restored = await admin.patch(`/clients/${DEMO_IDS.accounts.demo}`, { activeCircuits: [...CIRCUIT_TYPES], paymentModes: [...PAYMENT_TYPES], transport: { shippingTypes: [...SHIPPING_TYPES] } });
    expect(restored.status).toBe(200);
    expect((await seller.get(path)).body).toEqual(before);
  });

  it('When a client is deactivated, then its staff are signed out and refused; deleted, its customers are forgotten, its users deactivated, and it is gone', async () => {
    const otherSeller = await t.login('seller@other.test');
    const buyback = await createStoreBuyback(otherSeller, DEMO_IDS.stores.lille, {
      productId: DEMO_IDS.products.otherIphone13_128,
      paymentType: 'bank_transfer',
      customer: { lastName: 'Oubliable', email: 'oubliable@example.com' },
    });
    expect((await admin.get(`/buybacks/${buyback.id}`)).body.customer.lastName).toBe('Oubliable');
    expect((await admin.patch(`/clients/${DEMO_IDS.accounts.other}`, { status: 'inactive' })).status).toBe(200);
    // A deactivated client lets none of its staff in: the open session ends, a login is refused, even with the right password.
    expect((await otherSeller.get('/me')).status).toBe(401);
    const refused = await t.api.post('/login', { email: 'seller@other.test', password: DEMO_PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('AUTH_ACCOUNT_INACTIVE');
    const deleted = await admin.delete(`/accounts/${DEMO_IDS.accounts.other}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toMatchObject({ accountId: DEMO_IDS.accounts.other, customersForgotten: 1, usersDeactivated: 2 });
    const detail = await admin.get(`/buybacks/${buyback.id}`);
    expect(detail.body.customer).toEqual({ forgotten: true });
    expect(JSON.stringify(detail.body)).not.toContain('Oubliable');
    expect((await t.api.post('/login', { email: 'seller@other.test', password: DEMO_PASSWORD })).status).toBe(403);
    expect((await otherSeller.get('/me')).status).toBe(401);
    expect((await admin.get(`/clients/${DEMO_IDS.accounts.other}`)).status).toBe(404);
    expect((await admin.delete(`/accounts/${DEMO_IDS.accounts.other}`)).body.details).toMatchObject({ reason: 'account_not_found' });
    const history = (await admin.get(`/clients/${DEMO_IDS.accounts.other}/history`)).body.items.map((e: { type: string }) => e.type);
    expect(history.slice(-2)).toEqual(['AccountDeleted', 'AccountCustomersForgotten']);
  });
});
