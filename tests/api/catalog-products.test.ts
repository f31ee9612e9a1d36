import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { creationBody, PARIS } from '../support/buyback-fixtures.js';
import { expectOk, ISO_UTC } from '../support/api-helpers.js';
import { DEMO_IDS, DEMO_PASSWORD } from '../../infrastructure/seed/demo-data.js';

/**
 * The products through the API (issue 21, "Products"): creation and
 * merge-patch with If-Match, each refused field named, the price history and
 * the history read from the events, publish and unpublish (an unpublished
 * product leaves the storefront at once and a buyback on it answers
 * PRODUCT_UNPUBLISHED), GET /products with the specification's query, and
 * another retailer's products never found.
 */

let t: TestPlatform;
let retailer: ApiClient;
let seller: ApiClient;
let other: ApiClient;

const IPHONES = DEMO_IDS.categories.appleIphone;
const SMARTPHONES = DEMO_IDS.categories.smartphones;
const TABLETS = DEMO_IDS.categories.tablets;

beforeAll(async () => {
  t = await startTestPlatform();
  [retailer, seller, other] = await Promise.all([t.login('retailer@demo.test', 'root'), t.login('seller@demo.test'), t.login('seller@other.test')]);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const newProduct = (overrides: Record<string, unknown> = {}) => ({
  label: `Apple iPhone Test ${randomUUID().slice(0, 8)}`,
  brand: 'Apple',
  model: 'A9999',
  ean: '4006381333931',
  tacCodes: ['35391911', '35391912'],
  categoryId: IPHONES,
  comment: 'Vérifier la batterie',
  weightGrams: 200,
  prices: { grade_a: 30_000, grade_b: 25_000, functional: 10_000 },
  ...overrides,
});

async function create(body: Record<string, unknown>): Promise<{ id: string; etag: string }> {
  const created = await retailer.post('/products', body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { id: created.body.id, etag: created.headers.get('etag') ?? '' };
}

describe('Given a catalogue manager', () => {
  it('When they create a product, then it is a draft with every field, its ETag its revision, and not in the published list', async () => {
    const body = newProduct({ reference: 'REF-1', buyerReference: 'BUY-1', secondaryCategoryIds: [TABLETS], nominalHeightCm: 15 });
    const { id, etag } = await create(body);
    const detail = await retailer.get(`/products/${id}/details`);
    expect(detail.status).toBe(200);
    expect(detail.headers.get('etag')).toBe(etag);
    expect(detail.body).toMatchObject({
      id,
      label: body.label,
      status: 'draft',
      reference: 'REF-1',
      buyerReference: 'BUY-1',
      ean: '4006381333931',
      tacCodes: ['35391911', '35391912'],
      categoryId: IPHONES,
      secondaryCategoryIds: [TABLETS],
      comment: 'Vérifier la batterie',
      nominalHeightCm: 15,
      weightGrams: 200,
      prices: { functional: 10_000, grade_a: 30_000, grade_b: 25_000, grade_c: null, grade_d: null, grade_e: null },
      revision: 0,
    });
    expect(detail.body.createdAt).toMatch(ISO_UTC);
    const published = await expectOk(retailer.get(`/products?search=${encodeURIComponent(body.label as string)}`));
    expect(published.items.map((p: { id: string }) => p.id)).not.toContain(id);
    const drafts = await expectOk(retailer.get(`/products?status=draft&search=${encodeURIComponent(body.label as string)}`));
    expect(drafts.items[0].id).toBe(id);
    expect(drafts.items[0].categoryLabel).toBeTruthy();
  });

  it('When a product breaks the rules, then every field is named with its code and its message in the caller’s language', async () => {
    const refused = await retailer.post('/products', newProduct({ label: 'x', ean: '4006381333932', tacCodes: ['123'], comment: 'c'.repeat(501), prices: { grade_a: 5_000_001 }, heightCm: 2.5 }), {
      'Accept-Language': 'en-GB',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('PRODUCT_INVALID');
    const fields = (refused.body.details.fields as Array<{ field: string; code: string }>).map((f) => `${f.field}:${f.code}`).sort();
    expect(fields).toEqual(
      ['comment:TEXT_LENGTH', 'ean:GTIN_CHECK_DIGIT_INVALID', 'heightCm:PRODUCT_DIMENSION_INVALID', 'label:TEXT_LENGTH', 'prices.grade_a:PRODUCT_PRICE_INVALID', 'tacCodes:TAC_CODE_INVALID'].sort(),
    );
    const unknownCategory = await retailer.post('/products', newProduct({ categoryId: DEMO_IDS.categories.otherSmartphones }));
    expect(unknownCategory.status).toBe(422);
    expect(unknownCategory.body.details.fields).toEqual([expect.objectContaining({ field: 'categoryId', code: 'PRODUCT_CATEGORY_NOT_FOUND' })]);
  });

  it('When they change it with a merge-patch and If-Match, then only what changed is written; a stale ETag answers 412', async () => {
    const { id, etag } = await create(newProduct());
    const changed = await retailer.request('PATCH', `/products/${id}`, { comment: null, brand: 'Apple', prices: { grade_a: 32_000, grade_b: 25_000 } }, {
      'Content-Type': 'application/merge-patch+json',
      'If-Match': etag,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.revision).toBe(2);
    const stale = await retailer.patch(`/products/${id}`, { comment: 'again' }, { 'If-Match': etag });
    expect(stale.status).toBe(412);

    const history = await expectOk(retailer.get(`/products/${id}/history`));
    expect(history.items.map((e: { type: string }) => e.type)).toEqual(['ProductCreated', 'ProductChanged', 'ProductPriced']);
    expect(history.items[1].changes).toEqual({ comment: { from: 'Vérifier la batterie', to: null } });
    expect(history.items[1].user.name).toBeTruthy();

    const prices = await expectOk(retailer.get(`/products/${id}/price-history`));
    expect(prices.items).toHaveLength(2);
    expect(prices.items[1].changes).toEqual([{ state: 'grade_a', before: 30_000, after: 32_000 }]);
    expect(prices.items[1].at).toMatch(ISO_UTC);
    expect(prices.items[1].user).toMatchObject({ name: expect.any(String) });
  });

  it('When they publish it, then the storefront finds it; unpublished, it leaves at once and a buyback on it answers PRODUCT_UNPUBLISHED', async () => {
    const label = `Apple iPhone Vitrine ${randomUUID().slice(0, 8)}`;
    const { id } = await create(newProduct({ label, categoryId: IPHONES }));
    await expectOk(retailer.post(`/products/${id}/publish`));
    const visitor = await t.anonymous();
    const found = await expectOk(visitor.get(`/products?search=${encodeURIComponent(label)}&status=all`));
    expect(found.items[0].id).toBe(id);
    const body = await creationBody(seller, { productId: id });

    await expectOk(retailer.post(`/products/${id}/unpublish`));
    const gone = await expectOk(visitor.get(`/products?search=${encodeURIComponent(label)}&status=all`));
    expect(gone.items.map((p: { id: string }) => p.id)).not.toContain(id);
    expect((await visitor.get(`/products/${id}`)).body.code).toBe('PRODUCT_UNPUBLISHED');
    const refused = await seller.post(`/store/${PARIS}/buybacks`, body);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('PRODUCT_UNPUBLISHED');
  });
});

describe('Given GET /products with the specification’s query', () => {
  it('Then it filters by categories[] (descendants included), status and grade-A price, sorts, and pages by 10', async () => {
    const defaults = await expectOk(retailer.get('/products'));
    expect(defaults.itemsPerPage).toBe(10);
    expect(defaults.items.every((p: { status: string }) => p.status === 'published')).toBe(true);
    const labels = defaults.items.map((p: { label: string }) => p.label);
    expect(labels).toEqual([...labels].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));

    const phones = await expectOk(retailer.get(`/products?categories[]=${SMARTPHONES}&status=all&pagination=false`));
    expect(phones.items.length).toBeGreaterThan(3);
    expect(phones.items.some((p: { categoryId: string }) => p.categoryId === IPHONES)).toBe(true);
    expect(phones.items.some((p: { status: string }) => p.status === 'draft')).toBe(true);

    const ranged = await expectOk(retailer.get('/products?price[gte]=20000&price[lte]=40000&pagination=false'));
    expect(ranged.items.length).toBeGreaterThan(0);
    expect(ranged.items.every((p: { prices: { grade_a: number } }) => p.prices.grade_a >= 20_000 && p.prices.grade_a <= 40_000)).toBe(true);

    const byPrice = await expectOk(retailer.get('/products?order[buybackPriceGradeA]=desc&itemsPerPage=5'));
    const gradeA = byPrice.items.map((p: { prices: { grade_a: number } }) => p.prices.grade_a);
    expect(gradeA).toEqual([...gradeA].sort((a: number, b: number) => b - a));

    const byCategory = await expectOk(retailer.get('/products?order[category]=asc&status=all&itemsPerPage=30'));
    const categoryLabels = byCategory.items.map((p: { categoryLabel: string }) => p.categoryLabel);
    expect(categoryLabels).toEqual([...categoryLabels].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    const second = await expectOk(retailer.get('/products?order[category]=asc&status=all&itemsPerPage=30&page=2'));
    expect(second.items[0]?.id).not.toBe(byCategory.items[0]?.id);
    expect(byCategory.totalItems).toBe(second.totalItems);
  });

  it('Then a storefront visitor only ever sees published products', async () => {
    const visitor = await t.anonymous();
    const page = await expectOk(visitor.get('/products?status=draft&pagination=false'));
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((p: { status: string }) => p.status === 'published')).toBe(true);
  });
});

describe('Given a picture', () => {
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  const put = (id: string, kind: string, body: Uint8Array, contentType: string) =>
    fetch(`${retailer.baseUrl}/api/products/${id}/images/${kind}`, {
      method: 'PUT',
      body: new Uint8Array(body),
      headers: { 'Content-Type': contentType, Authorization: `Bearer ${retailer.token}`, ...(retailer.module ? { 'X-Module': retailer.module } : {}) },
    });

  it('Then a PNG becomes the product’s image, served to anyone; a text file sent as a JPEG and a picture too large are refused', async () => {
    const { id } = await create(newProduct());
    expect((await put(id, 'image', PNG, 'image/png')).status).toBe(200);
    const detail = await expectOk(retailer.get(`/products/${id}/details`));
    expect(detail.imageUrl).toMatch(/^\/api\/product-images\/[0-9a-f]{64}$/);
    const served = await fetch(`${retailer.baseUrl}${detail.imageUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    const fake = await put(id, 'image', Buffer.from('not a picture at all, only words'), 'image/jpeg');
    expect(fake.status).toBe(422);
    expect((await fake.json()).code).toBe('PRODUCT_IMAGE_TYPE_INVALID');
    const large = Buffer.concat([PNG, Buffer.alloc(300 * 1024)]);
    const tooLarge = await put(id, 'image', large, 'image/png');
    expect(tooLarge.status).toBe(422);
    expect((await tooLarge.json()).code).toBe('PRODUCT_IMAGE_TOO_LARGE');
    expect((await put(id, 'hd', large, 'image/png')).status).toBe(200);
  });
});

describe('Given another retailer', () => {
  it('Then the demo retailer’s products never reach its seller, who may neither read a product’s form nor create one', async () => {
    const label = `Apple iPhone Privé ${randomUUID().slice(0, 8)}`;
    const { id } = await create(newProduct({ label, status: 'published' }));
    const mine = await expectOk(retailer.get(`/products?search=${encodeURIComponent(label)}`));
    expect(mine.items[0].id).toBe(id);
    const theirs = await expectOk(other.get(`/products?search=${encodeURIComponent(label)}&status=all&pagination=false`));
    expect(theirs.items.map((p: { id: string }) => p.id)).not.toContain(id);
    expect(theirs.items.every((p: { accountId: string }) => p.accountId === DEMO_IDS.accounts.other)).toBe(true);
    expect((await other.get(`/products/${id}`)).status).toBe(404);
    for (const path of [`/products/${id}/details`, `/products/${id}/history`, `/products/${id}/price-history`]) expect((await other.get(path)).status).toBe(403);
    expect((await seller.post('/products', newProduct())).status).toBe(403);
  });

  it('Then its catalogue manager gets 404 on every route naming a demo product, as for a product that exists nowhere, and changes nothing', async () => {
    const email = `catalogue.${randomUUID().slice(0, 8)}@other.test`;
    const admin = await t.login('admin@demo.test');
    const created = await admin.post('/users', {
      firstname: 'Odile',
      lastname: 'Catalogue',
      email,
      status: 'active',
      accountId: DEMO_IDS.accounts.other,
      modules: { root: { userType: 'root_management_unit_manager', organizationId: DEMO_IDS.organizations.otherRoot } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    let link: string | undefined;
    for (let i = 0; i < 100 && !link; i++) {
      link = /https?:\/\/\S+/.exec(t.mailer.sent.find((mail) => mail.to === email)?.text ?? '')?.[0];
      if (!link) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const token = new URL(link as string).searchParams.get('token') as string;
    expect((await t.api.post(`/password/new/${encodeURIComponent(token)}`, { password: DEMO_PASSWORD, repeat: DEMO_PASSWORD, acceptTerms: true })).status).toBeLessThan(300);
    const manager = await t.login(email, 'root');

    const { id, etag } = await create(newProduct());
    const nowhere = randomUUID();
    for (const target of [id, nowhere]) {
      for (const path of [`/products/${target}/details`, `/products/${target}/history`, `/products/${target}/price-history`]) expect((await manager.get(path)).status, path).toBe(404);
      expect((await manager.patch(`/products/${target}`, { comment: 'Volé' })).status).toBe(404);
      expect((await manager.post(`/products/${target}/publish`)).status).toBe(404);
      expect((await manager.post(`/products/${target}/unpublish`)).status).toBe(404);
    }
    const stolen = await manager.post('/products', newProduct({ categoryId: IPHONES }));
    expect(stolen.status).toBe(422);
    expect(stolen.body.details.fields).toEqual([expect.objectContaining({ field: 'categoryId', code: 'PRODUCT_CATEGORY_NOT_FOUND' })]);
    const after = await retailer.get(`/products/${id}/details`);
    expect(after.headers.get('etag')).toBe(etag);
  });
});
