import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { toNewEvent } from '../../application/events/codec.js';
import { ORGANIZATION_COLLECTIONS, type UserDocument } from '../../application/organizations/read-models.js';
import { ORGANIZATION_STREAMS } from '../../application/organizations/streams.js';
import type { UserRegistered } from '../../domain/organizations/events.js';

/**
 * The categories through the API (issue 21): a catalogue manager creates a
 * category under another with a translation, the rules refuse each field
 * naming it, two creations racing for one identifier give one category, a
 * merge-patch writes only what changed (If-Match), a parent change says
 * which inherited questions are lost, archive after its checkpoints, delete
 * refused while something remains, circuits linked, a picture checked by its
 * content; another retailer's administrator finds none of it.
 */

const DEMO_ACCOUNT = DEMO_IDS.accounts.demo;
const OTHER_ACCOUNT = DEMO_IDS.accounts.other;
const C = DEMO_IDS.categories;
const BUYER = DEMO_IDS.buyers.demo;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let t: TestPlatform;
let retailer: ApiClient;
let seller: ApiClient;
let otherAdmin: ApiClient;

const unique = () => randomUUID().slice(0, 8);
const category = (overrides: Record<string, unknown> = {}) => ({
  parentId: C.smartphones,
  label: `Fairphone ${unique()}`,
  identifier: `fairphone-${unique()}`,
  description: 'Téléphones réparables',
  childrenDescription: 'Choisissez votre modèle',
  defaultWeightGrams: 250,
  defaultHeightCm: 16,
  absorption: { type: 'percentage_of_declared_price', value: 7.5 },
  buyerId: BUYER,
  translations: { 'en-GB': { label: 'Fairphones' } },
  ...overrides,
});

async function created(body: Record<string, unknown>): Promise<string> {
  const answer = await retailer.post('/categories', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id as string;
}

type Node = { id: string; children: Node[]; [key: string]: unknown };
type Counts = { numberOfProducts: number; numberOfPublishedProducts: number; numberOfPublishedProductsStore: number };
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

/** A root manager of Other Retail, registered straight in the event store with the demo password. */
async function otherRetailerAdmin(): Promise<ApiClient> {
  const users = t.platform.documents.collection<UserDocument>(ORGANIZATION_COLLECTIONS.users);
  const model = (await users.get(DEMO_IDS.users.retailer)) as UserDocument;
  const userId = randomUUID();
  const email = `categories.${unique()}@other.test`;
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
  [retailer, seller] = await Promise.all([t.login('retailer@demo.test', 'root'), t.login('seller@demo.test')]);
  otherAdmin = await otherRetailerAdmin();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('creating categories', () => {
  it('creates a category under another with every field and a translation; it is in the tree, its ancestry and its history', async () => {
    const body = category();
    const id = await created(body);
    const detail = await retailer.get(`/categories/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      id,
      accountId: DEMO_ACCOUNT,
      parentId: C.smartphones,
      label: body.label,
      identifier: body.identifier,
      childrenDescription: 'Choisissez votre modèle',
      defaultWeightGrams: 250,
      defaultHeightCm: 16,
      absorption: { type: 'percentage_of_declared_price', value: 7.5, maxAbsorbedAmountInCents: null },
      translations: { 'en-GB': { label: 'Fairphones' } },
      status: 'active',
      revision: 0,
    });
    expect(detail.headers.get('etag')).toMatch(/"0"$/);
    const ancestry = await retailer.get(`/categories/${id}/ancestry`);
    expect(ancestry.body.items.map((c: { id: string }) => c.id)).toEqual([C.electronics, C.smartphones, id]);
    const tree = await retailer.get('/categories/connected-tree');
    const node = flatten(tree.body.items).find((n) => n.id === id);
    expect(node).toMatchObject({ numberOfProducts: 0, numberOfPublishedProducts: 0, status: 'active' });
    const history = await retailer.get(`/categories/${id}/history`);
    expect(history.body.items).toHaveLength(1);
    expect(history.body.items[0]).toMatchObject({ type: 'CategoryCreated', user: { id: DEMO_IDS.users.retailer }, changes: { label: { from: null, to: body.label } } });
  });

  it('refuses each broken rule at its field: identifier format, name length, whole weight, decimal absorption, markup, a translation too long', async () => {
    const answer = await retailer.post(
      '/categories',
      category({ identifier: 'Fair Phone', label: 'F', defaultWeightGrams: 12.5, absorption: { type: 'value', value: -1 }, childrenDescription: '<b>x</b>', translations: { 'de-DE': { label: 'x'.repeat(300) } } }),
      { 'Accept-Language': 'en-GB' },
    );
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('CATEGORY_INVALID');
    const fields = answer.body.details.fields.map((f: { field: string; code: string }) => `${f.field}:${f.code}`);
    expect(fields).toEqual(
      expect.arrayContaining([
        'identifier:CATEGORY_IDENTIFIER_FORMAT',
        'label:TEXT_LENGTH',
        'defaultWeightGrams:CATEGORY_WHOLE_NUMBER',
        'absorption.value:CATEGORY_DECIMAL',
        'childrenDescription:CATEGORY_MARKUP_NOT_ALLOWED',
        'translations.de-DE.label:TEXT_LENGTH',
      ]),
    );
    expect((await retailer.post('/categories', category({ parentId: null }))).body.details.fields).toEqual([expect.objectContaining({ field: 'parentId', code: 'CATEGORY_PARENT_REQUIRED' })]);
    expect((await retailer.post('/categories', category({ buyerId: DEMO_IDS.stores.paris }))).body.details.fields).toEqual([expect.objectContaining({ field: 'buyerId', code: 'CATEGORY_BUYER_NOT_FOUND' })]);
    expect((await seller.post('/categories', category())).status).toBe(403);
  });

  it('gives an identifier to one category: two creations racing for it answer one 201 and one 409, and a demo identifier is taken', async () => {
    const identifier = `race-${unique()}`;
    const answers = await Promise.all([retailer.post('/categories', category({ identifier })), retailer.post('/categories', category({ identifier }))]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)?.body.code).toBe('CATEGORY_IDENTIFIER_TAKEN');
    const tree = flatten((await retailer.get('/categories/connected-tree')).body.items);
    expect(tree.filter((n) => n.identifier === identifier)).toHaveLength(1);
    expect((await retailer.post('/categories', category({ identifier: 'smartphones' }))).status).toBe(409);
  });
});

describe('changing a category', () => {
  it('writes only the changed fields, with If-Match; a stale revision answers 412; the buyer is the provider’s to change', async () => {
    const id = await created(category());
    const patch = await retailer.patch(`/categories/${id}`, { description: 'Modulaires', label: (await retailer.get(`/categories/${id}`)).body.label }, { 'If-Match': '"0"', 'Content-Type': 'application/merge-patch+json' });
    expect(patch.status, JSON.stringify(patch.body)).toBe(200);
    expect(patch.body.revision).toBe(1);
    const history = await retailer.get(`/categories/${id}/history`);
    expect(history.body.items[1]).toMatchObject({ type: 'CategoryChanged', changes: { description: { from: 'Téléphones réparables', to: 'Modulaires' } } });
    expect(Object.keys(history.body.items[1].changes)).toEqual(['description']);
    expect((await retailer.patch(`/categories/${id}`, { description: 'Encore' }, { 'If-Match': '"0"' })).status).toBe(412);
    const buyer = await retailer.patch(`/categories/${id}`, { buyerId: DEMO_IDS.buyers.demoRecycle });
    expect(buyer.status).toBe(403);
    expect(buyer.body.code).toBe('CATEGORY_BUYER_PROVIDER_ONLY');
  });

  it('says which inherited questions a new parent loses before the move, then moves it; never below itself', async () => {
    const id = await created(category());
    const preview = await retailer.get(`/categories/${id}/parent-change?parentId=${C.tablets}`);
    expect(preview.status).toBe(200);
    expect(preview.body.allowed).toBe(true);
    const lost = preview.body.lost.map((q: { id: string }) => q.id);
    expect(lost).toEqual(expect.arrayContaining([DEMO_IDS.questions.smartphoneScreen, DEMO_IDS.questions.smartphoneBattery]));
    expect(lost).not.toContain(DEMO_IDS.questions.powerOn);
    const moved = await retailer.patch(`/categories/${id}`, { parentId: C.tablets });
    expect(moved.status).toBe(200);
    expect((await retailer.get(`/categories/${id}/ancestry`)).body.items.map((c: { id: string }) => c.id)).toEqual([C.electronics, C.tablets, id]);
    const child = await created(category({ parentId: id }));
    expect((await retailer.get(`/categories/${id}/parent-change?parentId=${child}`)).body).toMatchObject({ allowed: false, lost: [], gained: [] });
    const cycle = await retailer.patch(`/categories/${id}`, { parentId: child });
    expect(cycle.status).toBe(422);
    expect(cycle.body.details.fields).toEqual([expect.objectContaining({ field: 'parentId', code: 'CATEGORY_PARENT_CYCLE' })]);
  });

  it('links and unlinks a circuit of its catalogue; another retailer’s circuit is not found', async () => {
    const id = await created(category());
    const circuit = DEMO_IDS.circuits.demo.web_post;
    expect((await retailer.post(`/categories/${id}/circuits/${circuit}`)).status).toBe(200);
    expect((await retailer.get(`/categories/${id}`)).body.circuitIds).toEqual([circuit]);
    expect((await retailer.delete(`/categories/${id}/circuits/${circuit}`)).status).toBe(200);
    expect((await retailer.get(`/categories/${id}`)).body.circuitIds).toEqual([]);
    const foreign = await retailer.post(`/categories/${id}/circuits/${DEMO_IDS.circuits.other.web_post}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('CATEGORY_CIRCUIT_NOT_FOUND');
  });
});

describe('archiving and deleting', () => {
  it('shows what archiving affects, archives, and hides it from the storefront’s tree', async () => {
    const id = await created(category());
    const child = await created(category({ parentId: id }));
    const checkpoints = await retailer.get(`/categories/${id}/checkpoints-to-archive`);
    expect(checkpoints.body).toMatchObject({ descendants: 1, products: 0 });
    expect(checkpoints.body.checkpoints).toEqual([{ code: 'SUB_CATEGORIES', count: 1 }]);
    const smartphones = await retailer.get(`/categories/${C.smartphones}/checkpoints-to-archive`);
    expect(smartphones.body.publishedProducts).toBeGreaterThan(0);
    expect(smartphones.body.checkpoints.map((c: { code: string }) => c.code)).toEqual(expect.arrayContaining(['PUBLISHED_PRODUCTS', 'QUESTIONS']));
    expect((await retailer.post(`/categories/${id}/archive`, { reason: 'Plus repris' })).status).toBe(200);
    expect((await retailer.get(`/categories/${id}`)).body.status).toBe('archived');
    const storefront = flatten((await seller.get('/categories/tree')).body.items).map((n) => n.id);
    expect(storefront).not.toContain(id);
    expect(storefront).not.toContain(child);
    expect(storefront).toContain(C.smartphones);
    expect((await retailer.patch(`/categories/${id}`, { description: 'x' })).body.code).toBe('CATEGORY_ARCHIVED');
  });

  it('refuses to delete while child categories or products remain, naming which; deletes an empty one and frees its identifier', async () => {
    const children = await retailer.delete(`/categories/${C.smartphones}`);
    expect(children.status).toBe(409);
    expect(children.body.code).toBe('CATEGORY_HAS_CHILDREN');
    const products = await retailer.delete(`/categories/${C.samsungGalaxy}`, { 'Accept-Language': 'en-GB' });
    expect(products.status).toBe(409);
    expect(products.body.code).toBe('CATEGORY_HAS_PRODUCTS');
    expect(products.body.message).toMatch(/still holds \d+ product/);
    const identifier = `ephemere-${unique()}`;
    const id = await created(category({ identifier }));
    expect((await retailer.delete(`/categories/${id}`)).status).toBe(200);
    expect((await retailer.get(`/categories/${id}`)).status).toBe(404);
    await created(category({ identifier }));
  });

  it('counts products in the tree, split web and store by the circuits its category offers', async () => {
    const tree = flatten((await retailer.get('/categories/connected-tree')).body.items);
    const iphone = tree.find((n) => n.id === C.appleIphone) as unknown as Counts;
    expect(iphone.numberOfProducts).toBeGreaterThanOrEqual(iphone.numberOfPublishedProducts);
    expect(iphone.numberOfPublishedProducts).toBeGreaterThan(0);
    expect(iphone.numberOfPublishedProductsStore).toBe(iphone.numberOfPublishedProducts);
    const electronics = tree.find((n) => n.id === C.electronics) as unknown as Counts;
    expect(electronics.numberOfProducts).toBeGreaterThan(iphone.numberOfProducts);
    const sub = await retailer.get(`/categories/tree/${C.smartphones}`);
    expect(sub.body.items).toHaveLength(1);
    expect(sub.body.items[0].children.map((c: { id: string }) => c.id)).toContain(C.appleIphone);
    const withProducts = await retailer.get('/categories/with-products');
    expect(withProducts.body.items.map((c: { id: string }) => c.id)).toContain(C.appleIphone);
    const chain = await retailer.get(`/products/${DEMO_IDS.products.iphone15_128}/category_tree`);
    expect(chain.body.items.map((c: { id: string }) => c.id)).toEqual([C.electronics, C.smartphones, C.appleIphone]);
  });
});

describe('a category’s picture', () => {
  it('takes a PNG, serves it to anyone, and refuses a file whose content is not JPG nor PNG, whatever its name, or larger than 250 kB', async () => {
    const upload = (body: Buffer, type: string) =>
      fetch(`${t.baseUrl}/api/categories/images`, { method: 'POST', headers: { Authorization: `Bearer ${retailer.token}`, 'X-Module': 'root', 'Content-Type': type }, body: new Uint8Array(body) });
    const stored = await upload(PNG, 'image/png');
    expect(stored.status).toBe(201);
    const { url } = (await stored.json()) as { url: string };
    const served = await fetch(`${t.baseUrl}${url}`);
    expect(served.headers.get('content-type')).toContain('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    const text = await upload(Buffer.from('pas une image, juste du texte'), 'image/png');
    expect(text.status).toBe(422);
    expect(((await text.json()) as { code: string }).code).toBe('CATEGORY_IMAGE_TYPE');
    const large = await upload(Buffer.concat([PNG, Buffer.alloc(260 * 1024)]), 'image/png');
    expect(large.status).toBe(422);
    expect(((await large.json()) as { code: string }).code).toBe('CATEGORY_IMAGE_TOO_LARGE');
  });
});

describe('another retailer', () => {
  it('finds none of Demo Retail’s categories: 404 on each route naming one, and its tree holds only its own', async () => {
    const demoCategory = C.smartphones;
    for (const path of [`/categories/${demoCategory}`, `/categories/${demoCategory}/ancestry`, `/categories/${demoCategory}/history`, `/categories/tree/${demoCategory}`, `/categories/${demoCategory}/checkpoints-to-archive`]) {
      const answer = await otherAdmin.get(path);
      expect(answer.status, path).toBe(404);
    }
    expect((await otherAdmin.patch(`/categories/${demoCategory}`, { description: 'Volé' })).status).toBe(404);
    expect((await otherAdmin.delete(`/categories/${demoCategory}`)).status).toBe(404);
    expect((await otherAdmin.post(`/categories/${demoCategory}/archive`, {})).status).toBe(404);
    expect((await otherAdmin.get(`/products/${DEMO_IDS.products.iphone15_128}/category_tree`)).status).toBe(404);
    const tree = flatten((await otherAdmin.get('/categories/connected-tree')).body.items).map((n) => n.id);
    expect(tree).toContain(C.otherRoot);
    expect(tree).not.toContain(demoCategory);
    // Its own identifiers are its own: Demo Retail's "smartphones" is free in its catalogue.
    const own = await otherAdmin.post('/categories', category({ parentId: C.otherRoot, identifier: 'smartphones', buyerId: DEMO_IDS.buyers.other }));
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    expect((await retailer.get(`/categories/${demoCategory}`)).body.description).not.toBe('Volé');
  });
});
