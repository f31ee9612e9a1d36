import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { toNewEvent } from '../../application/events/codec.js';
import { ORGANIZATION_COLLECTIONS, type UserDocument } from '../../application/organizations/read-models.js';
import { ORGANIZATION_STREAMS } from '../../application/organizations/streams.js';
import type { UserRegistered } from '../../domain/organizations/events.js';

/**
 * The entities through the API (issue 20): a retailer administrator builds
 * its tree (a store under a management unit; a wrong parent refused 422),
 * external ids unique per account (409 with the specification's text, also
 * when two creations race), the merge-patch with its history, the fixed
 * type and buyer, and another retailer's administrator, who finds none of it.
 */

const DEMO_ACCOUNT = DEMO_IDS.accounts.demo;
const OTHER_ACCOUNT = DEMO_IDS.accounts.other;
const FRANCE = DEMO_IDS.organizations.demoFrance;
const ROOT = DEMO_IDS.organizations.demoRoot;
const PARIS = DEMO_IDS.stores.paris;
const DEMO_BUYER = DEMO_IDS.buyers.demo;

let t: TestPlatform;
let retailer: ApiClient;
let seller: ApiClient;
let admin: ApiClient;
/** A root manager of Other Retail (the demo has none: registered here as the users part would). */
let otherAdmin: ApiClient;

const unique = () => randomUUID().slice(0, 8).toUpperCase();

const store = (overrides: Record<string, unknown> = {}) => ({
  type: 'store',
  parentOrganizationId: FRANCE,
  commonName: `Demo Store ${unique()}`,
  street: '1 Rue Crébillon',
  zipCode: '44000',
  city: 'Nantes',
  country: 'FR',
  status: 'active',
  externalId: `DR-${unique()}`,
  ...overrides,
});

async function created(client: ApiClient, body: Record<string, unknown>, path = '/organizations'): Promise<string> {
  const answer = await client.post(path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id as string;
}

/** A root manager of Other Retail, registered straight in the event store with the demo password. */
async function otherRetailerAdmin(): Promise<ApiClient> {
  const users = t.platform.documents.collection<UserDocument>(ORGANIZATION_COLLECTIONS.users);
  const model = (await users.get(DEMO_IDS.users.retailer)) as UserDocument;
  const userId = randomUUID();
  const email = `admin.${unique().toLowerCase()}@other.test`;
  const event: UserRegistered = {
    type: 'UserRegistered',
    data: {
      userId,
      accountId: OTHER_ACCOUNT,
      email,
      firstname: 'Olga',
      lastname: 'Autre',
      passwordHash: model.passwordHash,
      adminType: null,
      modules: { root: { userType: 'root_management_unit_manager', organizationId: DEMO_IDS.organizations.otherRoot } },
      locale: 'fr-FR',
      status: 'active',
      forceSso: false,
    },
  };
  const metadata = { accountId: OTHER_ACCOUNT, organizationId: null, userId: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() };
  const appended = await t.platform.eventStore.appendToStream(ORGANIZATION_STREAMS.user.name(userId), [toNewEvent(event, randomUUID(), metadata)], 'no_stream');
  await t.platform.runner.waitFor(appended.lastGlobalPosition, 10_000);
  return t.login(email, 'root');
}

beforeAll(async () => {
  t = await startTestPlatform();
  [retailer, seller, admin] = await Promise.all([t.login('retailer@demo.test', 'root'), t.login('seller@demo.test'), t.login('admin@demo.test')]);
  otherAdmin = await otherRetailerAdmin();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('creating entities', () => {
  it('a retailer administrator creates a store under a management unit: it is in the store module, in the list, the tree and its own detail, its coordinates found from its postal code', async () => {
    const body = store({ email: 'Nantes@Demo.test', streetComplement: 'Niveau 2', stock: 'Réserve' });
    const id = await created(retailer, body);
    const detail = await retailer.get(`/organizations/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      id,
      accountId: DEMO_ACCOUNT,
      type: 'store',
      moduleType: 'tim',
      parentOrganizationId: FRANCE,
      parentName: 'Demo Retail France',
      commonName: body.commonName,
      email: 'nantes@demo.test',
      streetComplement: 'Niveau 2',
      stock: 'Réserve',
      manualGeocoding: false,
      revision: 0,
    });
    expect(detail.body.latitude).toBeCloseTo(47.3, 0);
    expect(detail.headers.get('etag')).toBeTruthy();

    const listed = await retailer.get(`/organizations?type[]=store&name=${encodeURIComponent(body.commonName)}`);
    expect(listed.body.items.map((o: { id: string }) => o.id)).toEqual([id]);
    const tree = await retailer.get('/organizations/tree');
    const france = tree.body.roots[0].children.find((c: { id: string }) => c.id === FRANCE);
    expect(france.children.map((c: { id: string }) => c.id)).toContain(id);
  });

  it('a store or a management unit under anything but a management unit is refused 422, naming the parent field in the caller’s language', async () => {
    const underStore = await retailer.post('/organizations', store({ parentOrganizationId: PARIS }), { 'Accept-Language': 'fr-FR' });
    expect(underStore.status).toBe(422);
    expect(underStore.body.code).toBe('ENTITY_INVALID');
    expect(underStore.body.details.fields).toEqual([
      expect.objectContaining({ field: 'parentOrganizationId', code: 'ENTITY_PARENT_TYPE_INVALID', message: "L'entité parente doit être une unité de gestion (ou l'unité de gestion racine)." }),
    ]);
    const unitUnderBuyer = await retailer.post('/organizations', store({ type: 'management_unit', parentOrganizationId: DEMO_BUYER }));
    expect(unitUnderBuyer.status).toBe(422);
    expect(unitUnderBuyer.body.details.fields[0].code).toBe('ENTITY_PARENT_TYPE_INVALID');
    const noParent = await retailer.post('/organizations', store({ parentOrganizationId: null }));
    expect(noParent.body.details.fields[0].code).toBe('ENTITY_PARENT_REQUIRED');
    const otherTenantParent = await retailer.post('/organizations', store({ parentOrganizationId: DEMO_IDS.organizations.otherNord }));
    expect(otherTenantParent.body.details.fields[0].code).toBe('ENTITY_PARENT_NOT_FOUND');
    const unit = await created(retailer, store({ type: 'management_unit', parentOrganizationId: ROOT }));
    expect((await retailer.get(`/organizations/${unit}`)).body.moduleType).toBe('root');
  });

  it('every field out of its bounds is named at once with its message', async () => {
    const answer = await retailer.post('/organizations', store({ city: 'C'.repeat(46), externalId: 'E'.repeat(46), manualGeocoding: true, latitude: 90.5, longitude: 12 }), { 'Accept-Language': 'en-GB' });
    expect(answer.status).toBe(422);
    const byField = Object.fromEntries((answer.body.details.fields as Array<{ field: string; message: string }>).map((f) => [f.field, f.message]));
    expect(byField).toEqual({
      city: expect.stringContaining('45'),
      externalId: expect.stringContaining('45'),
      latitude: 'The latitude must be between -90 and 90.',
    });
  });

  it('an external id the account already has answers 409 with “Cet identifiant externe existe déjà.”, whatever its case; another account may use it', async () => {
    const taken = await retailer.post('/organizations', store({ externalId: 'DR-PAR-001' }), { 'Accept-Language': 'fr-FR' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'ENTITY_EXTERNAL_ID_TAKEN', message: 'Cet identifiant externe existe déjà.' });
    const externalId = `DR-${unique()}`;
    await created(retailer, store({ externalId }));
    const again = await retailer.post('/organizations', store({ externalId: ` ${externalId.toLowerCase()} ` }), { 'Accept-Language': 'fr-FR' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Cet identifiant externe existe déjà.');
    await created(otherAdmin, store({ externalId, parentOrganizationId: DEMO_IDS.organizations.otherNord }));
  });

  it('two creations with one external id fired together: exactly one is written, the other answers 409', async () => {
    const externalId = `RACE-${unique()}`;
    const answers = await Promise.all([retailer.post('/organizations', store({ externalId })), retailer.post('/organizations', store({ externalId }))]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)?.body.code).toBe('ENTITY_EXTERNAL_ID_TAKEN');
    const listed = await retailer.get(`/organizations?name=${externalId}`);
    expect(listed.body.items).toHaveLength(1);
  });

  it('a retry with the same Idempotency-Key answers the same entity and writes nothing more', async () => {
    const key = randomUUID();
    const body = store();
    const first = await retailer.post('/organizations', body, { 'Idempotency-Key': key });
    const second = await retailer.post('/organizations', body, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect((await retailer.get(`/organizations/${first.body.id}/history`)).body.items).toHaveLength(1);
  });

  it('provider staff create in the account they name; without one, 403 ACCOUNT_REQUIRED; a seller may not', async () => {
    expect((await admin.post('/organizations', store())).body.code).toBe('ACCOUNT_REQUIRED');
    const id = await created(admin, store(), `/organizations?accountId=${DEMO_ACCOUNT}`);
    expect((await retailer.get(`/organizations/${id}`)).body.accountId).toBe(DEMO_ACCOUNT);
    expect((await admin.get(`/organizations?accountId=${OTHER_ACCOUNT}`)).body.items.every((o: { accountId: string }) => o.accountId === OTHER_ACCOUNT)).toBe(true);
    expect((await seller.post('/organizations', store())).status).toBe(403);
    expect((await seller.get('/organizations')).status).toBe(403);
  });
});

/** PATCH with the merge-patch media type, as the specification's clients send it. */
const mergePatch = (client: ApiClient, id: string, body: unknown, headers: Record<string, string> = {}) =>
  client.request('PATCH', `/organizations/${id}`, JSON.stringify(body), { 'Content-Type': 'application/merge-patch+json', ...headers });

describe('changing an entity', () => {
  it('a merge-patch changes what it names, empties what it sets to null, and the history tells who, when, why and each value', async () => {
    const id = await created(retailer, store({ corporateName: 'Demo Nantes SAS', buyerId: DEMO_BUYER }));
    const before = await retailer.get(`/organizations/${id}`);
    const changed = await mergePatch(retailer, id, { city: 'Saint-Herblain', corporateName: null, reason: 'Déménagement' }, { 'If-Match': before.headers.get('etag') as string });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.revision).toBe(1);
    const after = await retailer.get(`/organizations/${id}`);
    expect(after.body).toMatchObject({ city: 'Saint-Herblain', corporateName: null, commonName: before.body.commonName, buyerId: DEMO_BUYER, buyerName: 'Demo Buyer Refurb' });

    const history = (await retailer.get(`/organizations/${id}/history`)).body.items;
    expect(history.map((e: { type: string }) => e.type)).toEqual(['OrganizationRegistered', 'OrganizationChanged']);
    expect(history[1]).toMatchObject({
      revision: 1,
      reason: 'Déménagement',
      user: { id: DEMO_IDS.users.retailer, name: 'Julien Bernard' },
      changes: { city: { from: 'Nantes', to: 'Saint-Herblain' }, corporateName: { from: 'Demo Nantes SAS', to: null } },
    });
    expect(history[1].at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const stale = await mergePatch(retailer, id, { city: 'Rezé' }, { 'If-Match': before.headers.get('etag') as string });
    expect(stale.status).toBe(412);
    const unchanged = await retailer.patch(`/organizations/${id}`, { city: 'Saint-Herblain' });
    expect(unchanged.body.revision).toBe(1);
  });

  it('its type, module and buyer are fixed: a change is refused 422, and nothing is written', async () => {
    const id = await created(retailer, store());
    for (const [body, code] of [
      [{ type: 'warehouse' }, 'ENTITY_TYPE_FIXED'],
      [{ moduleType: 'rps' }, 'ENTITY_MODULE_FIXED'],
      [{ buyerId: DEMO_BUYER }, 'ENTITY_BUYER_FIXED'],
    ] as const) {
      const answer = await mergePatch(retailer, id, body);
      expect(answer.status).toBe(422);
      expect(answer.body.code).toBe(code);
    }
    expect((await mergePatch(retailer, id, { type: 'store', commonName: 'Same Type Store' })).status).toBe(200);
    expect((await retailer.get(`/organizations/${id}/history`)).body.items).toHaveLength(2);
  });

  it('the "show cart" flag is a store’s: switched on for a management unit, at its creation or later, it is refused at its field in the caller’s language, and nothing is written', async () => {
    const atCreation = await retailer.post('/organizations', store({ type: 'management_unit', parentOrganizationId: ROOT, showCart: true }), { 'Accept-Language': 'en-GB' });
    expect(atCreation.status).toBe(422);
    expect(atCreation.body.code).toBe('ENTITY_INVALID');
    expect(atCreation.body.details.fields).toEqual([expect.objectContaining({ field: 'showCart', code: 'ENTITY_SHOW_CART_STORE_ONLY', message: 'Only a store can show the cart.' })]);
    const unit = await created(retailer, store({ type: 'management_unit', parentOrganizationId: ROOT, showCart: false }));
    const later = await mergePatch(retailer, unit, { showCart: true }, { 'Accept-Language': 'nl-BE' });
    expect(later.status).toBe(422);
    expect(later.body.details.fields).toEqual([expect.objectContaining({ field: 'showCart', code: 'ENTITY_SHOW_CART_STORE_ONLY', message: 'Alleen een winkel kan de winkelwagen tonen.' })]);
    expect((await retailer.get(`/organizations/${unit}`)).body.showCart).toBe(false);
    expect((await retailer.get(`/organizations/${unit}/history`)).body.items).toHaveLength(1);
    // A store may.
    const shop = await created(retailer, store({ showCart: true }));
    expect((await retailer.get(`/organizations/${shop}`)).body.showCart).toBe(true);
  });

  it('a unit moved under its own descendant is refused; the available parents of a unit leave out itself and everything below it', async () => {
    const top = await created(retailer, store({ type: 'management_unit', parentOrganizationId: ROOT }));
    const below = await created(retailer, store({ type: 'management_unit', parentOrganizationId: top }));
    const answer = await mergePatch(retailer, top, { parentOrganizationId: below });
    expect(answer.status).toBe(422);
    expect(answer.body.details.fields[0].code).toBe('ENTITY_PARENT_CYCLE');
    const parents = (await retailer.get(`/organizations/available-parents?type=management_unit&organizationId=${top}`)).body.items.map((o: { id: string }) => o.id);
    expect(parents).toContain(ROOT);
    expect(parents).toContain(FRANCE);
    expect(parents).not.toContain(top);
    expect(parents).not.toContain(below);
    const forStore = (await retailer.get('/organizations/available-parents?type=store')).body.items.map((o: { type: string }) => o.type);
    expect(new Set(forStore)).toEqual(new Set(['root_management_unit', 'management_unit']));
  });

  it('an external id given up is free for another entity', async () => {
    const externalId = `FREE-${unique()}`;
    const first = await created(retailer, store({ externalId }));
    expect((await retailer.post('/organizations', store({ externalId }))).status).toBe(409);
    expect((await mergePatch(retailer, first, { externalId: `${externalId}-OLD` })).status).toBe(200);
    await created(retailer, store({ externalId }));
    expect((await mergePatch(retailer, first, { externalId })).status).toBe(409);
  });
});

describe('the reads', () => {
  it('the root, the connected warehouses, the public part, the counts; the list filters by parent existence and status', async () => {
    const root = await retailer.get('/organizations/root');
    expect(root.body).toMatchObject({ id: ROOT, type: 'root_management_unit', parentOrganizationId: null });
    const warehouses = (await retailer.get('/organizations/connected-warehouses')).body.items;
    expect(warehouses.map((w: { id: string }) => w.id)).toEqual(expect.arrayContaining([DEMO_IDS.warehouses.demo, DEMO_IDS.warehouses.demoLyon]));
    expect(warehouses.every((w: { type: string; accountId: string }) => w.type === 'warehouse' && w.accountId === DEMO_ACCOUNT)).toBe(true);

    const roots = (await retailer.get('/organizations?exists[parentOrganizationId]=false')).body.items;
    expect(roots.map((o: { id: string }) => o.id)).toEqual([ROOT]);
    const children = (await retailer.get('/organizations?exists[parentOrganizationId]=true&itemsPerPage=100')).body.items;
    expect(children.some((o: { id: string }) => o.id === ROOT)).toBe(false);

    const publicPart = await seller.get(`/organizations/${PARIS}/public`);
    expect(publicPart.status).toBe(200);
    expect(Object.keys(publicPart.body).sort()).toEqual(['city', 'commonName', 'country', 'id', 'moduleType', 'status', 'street', 'streetComplement', 'type', 'zipCode']);

    const modules = (await retailer.get(`/organizations/${FRANCE}/module-count`)).body;
    expect(modules.byModule.root).toBeGreaterThanOrEqual(1);
    expect(modules.byModule.tim).toBeGreaterThanOrEqual(2);
    expect(modules.total).toBe(modules.byModule.root + modules.byModule.tim + modules.byModule.rps + modules.byModule.lcm);
    const users = (await retailer.get(`/organizations/${PARIS}/users-module-count`)).body;
    const all = await t.platform.documents.collection<UserDocument>(ORGANIZATION_COLLECTIONS.users).find({ accountId: DEMO_ACCOUNT }, { limit: 10_000 });
    const atParis = all.filter((u) => u.modules.tim?.organizationId === PARIS);
    expect(atParis.length).toBeGreaterThanOrEqual(3);
    expect(users).toEqual({ organizationId: PARIS, total: atParis.length, byModule: { root: 0, tim: atParis.length, rps: 0, lcm: 0 } });
  });

  it('an inactive entity is found by the status filter', async () => {
    const id = await created(retailer, store({ status: 'inactive' }));
    const inactive = (await retailer.get('/organizations?status=inactive&itemsPerPage=100')).body.items.map((o: { id: string }) => o.id);
    expect(inactive).toContain(id);
    expect((await retailer.get('/organizations?status=active&itemsPerPage=100')).body.items.map((o: { id: string }) => o.id)).not.toContain(id);
  });
});

describe('another retailer', () => {
  it('its administrator gets 404 on every id route of Demo Retail’s entities, and sees none of them in its lists', async () => {
    const id = await created(retailer, store());
    for (const path of [`/organizations/${id}`, `/organizations/${id}/public`, `/organizations/${id}/module-count`, `/organizations/${id}/users-module-count`, `/organizations/${id}/history`, `/organizations/available-parents?type=management_unit&organizationId=${FRANCE}`]) {
      const answer = await otherAdmin.get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.body.code, path).toBe('ENTITY_NOT_FOUND');
    }
    const patched = await mergePatch(otherAdmin, id, { commonName: 'Pris' });
    expect(patched.status).toBe(404);
    expect((await otherAdmin.post('/organizations', store({ parentOrganizationId: FRANCE }))).body.details.fields[0].code).toBe('ENTITY_PARENT_NOT_FOUND');
    const everything = (await otherAdmin.get('/organizations?itemsPerPage=100')).body.items;
    expect(everything.length).toBeGreaterThan(0);
    expect(everything.every((o: { accountId: string }) => o.accountId === OTHER_ACCOUNT)).toBe(true);
    const tree = (await otherAdmin.get('/organizations/tree')).body.roots;
    expect(tree.map((r: { id: string }) => r.id)).toEqual([DEMO_IDS.organizations.otherRoot]);
    expect((await otherAdmin.get('/organizations/root')).body.id).toBe(DEMO_IDS.organizations.otherRoot);
  });
});
