import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';

let t: TestPlatform;
let visitor: ApiClient;
let otherSeller: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  [visitor, otherSeller] = await Promise.all([t.anonymous(), t.login('seller@other.test')]);
});
afterAll(async () => {
  await t?.close();
});

interface Node {
  id: string;
  parentId: string | null;
  label: string;
  identifier: string;
  numberOfPublishedProducts: number;
  children: Node[];
}

const flatten = (nodes: Node[]): Node[] => nodes.flatMap((node) => [node, ...flatten(node.children)]);

describe('Given the demo white-label site', () => {
  it('When the storefront loads its configuration, then it gets the settings the shell needs, premium features included', async () => {
    const config = await t.api.get('/white-label/config');

    expect(config.status).toBe(200);
    expect(config.body).toMatchObject({
      name: 'Demo Retail',
      currency: 'EUR',
      logo: '/branding/demo-retail.svg',
      categoryNavigationEnabled: true,
      externalWebsiteLink: { url: 'https://www.demo-retail.example' },
    });
    expect(config.body.enabledPremiumFeatures).toEqual(expect.arrayContaining(['imei_search_and_collect']));
  });
});

describe('Given a storefront visitor browsing by category', () => {
  it('When they ask for the category tree, then they get the roots with nested children and published-product counts', async () => {
    const tree = await visitor.get('/categories/tree');

    expect(tree.status, JSON.stringify(tree.body)).toBe(200);
    const [root] = tree.body.items as Node[];
    expect(tree.body.items).toHaveLength(1);
    expect(root).toMatchObject({ identifier: 'electronique', parentId: null });
    const smartphones = root!.children.find((c) => c.identifier === 'smartphones')!;
    expect(smartphones.children.map((c) => c.identifier).sort()).toEqual(['apple-iphone', 'google-pixel', 'samsung-galaxy']);
    for (const child of smartphones.children) expect(child.parentId).toBe(smartphones.id);
  });

  it('Then each count equals the published products the category filter lists, sub-categories included', async () => {
    const tree = await visitor.get('/categories/tree');
    for (const node of flatten(tree.body.items as Node[])) {
      const products = await visitor.get(`/products?categoryId=${node.id}&itemsPerPage=1`);
      expect(products.body.totalItems, node.identifier).toBe(node.numberOfPublishedProducts);
    }
    const root = (tree.body.items as Node[])[0]!;
    expect(root.numberOfPublishedProducts).toBeGreaterThan(0);
  });

  it('Then another retailer never sees those categories, and a caller without a token is refused', async () => {
    const demoIds = new Set(flatten((await visitor.get('/categories/tree')).body.items).map((n) => n.id));
    const other = await otherSeller.get('/categories/tree');

    expect(other.status).toBe(200);
    expect(flatten(other.body.items).some((n) => demoIds.has(n.id))).toBe(false);
    expect((await t.api.get('/categories/tree')).status).toBe(401);
  });
});
