import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { expectOk } from '../support/api-helpers.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { ORGANIZATION_DEMO_IDS } from '../../infrastructure/modules/organizations/demo-data.js';

/**
 * The catalogue's search through the API (issue 21, "Search that finds what
 * people type"): GET /products?search= ranked by the embedded engine, a
 * product just published found by a misspelt name within a second, an EAN
 * finding its product, and no search service's key where there is no
 * search service.
 */

let t: TestPlatform;
let retailer: ApiClient;
let visitor: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  retailer = await t.login('retailer@demo.test', 'root');
  visitor = await t.anonymous();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function labels(client: ApiClient, search: string): Promise<string[]> {
  const page = await expectOk(client.get(`/products?search=${encodeURIComponent(search)}&itemsPerPage=40`));
  return page.items.map((product: { label: string }) => product.label);
}

describe('Given the demo storefront', () => {
  it('When a visitor types a misspelt name, then only what they meant comes, best first', async () => {
    const found = await labels(visitor, 'iphnoe 13 256go');
    expect(found[0]).toBe('Apple iPhone 13 256 Go');
    expect((await labels(visitor, 'galxy s23'))[0]).toMatch(/^Samsung Galaxy S23 \d+ Go$/);
    const iphones = await labels(visitor, 'iphone 13');
    expect(iphones.length).toBeGreaterThan(3);
    expect(iphones.filter((label) => !label.includes('iPhone 13'))).toEqual([]);
  });

  it('When a visitor types an EAN, then its product alone', async () => {
    const [galaxy] = (await expectOk(visitor.get(`/products?search=${encodeURIComponent('Samsung Galaxy S23 128 Go')}`))).items;
    expect(galaxy.ean).toMatch(/^\d{13}$/);
    expect(await labels(visitor, galaxy.ean)).toEqual(['Samsung Galaxy S23 128 Go']);
  });

  it('When a manager publishes a new product, then a misspelt search finds it within a second; unpublished, it leaves the storefront', async () => {
    const brand = `Zorglub${randomUUID().slice(0, 6)}`;
    const created = await retailer.post('/products', {
      label: `${brand} Fonephone 128 Go`,
      brand,
      model: 'Fonephone',
      ean: null,
      tacCodes: [],
      categoryId: DEMO_IDS.categories.smartphones,
      prices: { grade_a: 10_000 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    await expectOk(retailer.post(`/products/${id}/publish`));
    const published = Date.now();
    let found: string[] = [];
    while (Date.now() - published < 1_000 && found.length === 0) found = await labels(visitor, `${brand} fonephnoe`);
    expect(found).toEqual([`${brand} Fonephone 128 Go`]);

    await expectOk(retailer.post(`/products/${id}/unpublish`));
    expect(await labels(visitor, `${brand} fonephone`)).toEqual([]);
  });

  it('When the search service’s key is asked, then no key with the embedded engine but the search to use, and another retailer’s organization is not found', async () => {
    const answer = await expectOk(visitor.get(`/organizations/${ORGANIZATION_DEMO_IDS.organizations.demoRoot}/typesense`));
    expect(answer).toEqual({ engine: 'embedded', token: null, collection: null, expiresAt: null, searchPath: '/api/products?search=' });
    const other = await retailer.get(`/organizations/${ORGANIZATION_DEMO_IDS.organizations.otherRoot}/typesense`);
    expect(other.status).toBe(404);
  });
});
