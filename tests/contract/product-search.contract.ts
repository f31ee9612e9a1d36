/**
 * The product search contract: what the storefront relies on, whichever
 * engine answers (infrastructure/search/). Each adapter's test file runs it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProductSearchIndex, SearchableProduct } from '../../application/ports/product-search.js';

export interface SearchFixture {
  index: ProductSearchIndex;
  cleanup(): Promise<void>;
}

const SHOP = 'account-shop';
const OTHER = 'account-other';
const PHONES = 'category-phones';
const APPLE = 'category-apple';
const SAMSUNG = 'category-samsung';
const WATCHES = 'category-watches';

function product(id: string, label: string, brand: string, model: string, ean: string | null, categoryIds: string[], extra: Partial<SearchableProduct> = {}): SearchableProduct {
  return { productId: id, accountId: SHOP, label, brand, model, ean, categoryIds, status: 'published', gradeAPrice: 10_000, ...extra };
}

const CATALOGUE: SearchableProduct[] = [
  product('iphone-12-128', 'Apple iPhone 12 128 Go', 'Apple', 'iPhone 12', '0194252030912', [APPLE, PHONES]),
  product('iphone-13-128', 'Apple iPhone 13 128 Go', 'Apple', 'iPhone 13', '0194252707463', [APPLE, PHONES]),
  product('iphone-13-256', 'Apple iPhone 13 256 Go', 'Apple', 'iPhone 13', '0194252707555', [APPLE, PHONES]),
  product('iphone-13-mini', 'Apple iPhone 13 mini 128 Go', 'Apple', 'iPhone 13 mini', '0194252686805', [APPLE, PHONES]),
  product('iphone-14-pro', 'Apple iPhone 14 Pro 128 Go', 'Apple', 'iPhone 14 Pro', '0194253401155', [APPLE, PHONES]),
  product('galaxy-s23', 'Samsung Galaxy S23 128 Go', 'Samsung', 'Galaxy S23', '8806094724929', [SAMSUNG, PHONES]),
  product('galaxy-s23-ultra', 'Samsung Galaxy S23 Ultra 256 Go', 'Samsung', 'Galaxy S23 Ultra', '8806094725001', [SAMSUNG, PHONES]),
  product('galaxy-s22', 'Samsung Galaxy S22 128 Go', 'Samsung', 'Galaxy S22', '8806094157420', [SAMSUNG, PHONES]),
  product('watch-9', 'Apple Watch Series 9 GPS 41 mm', 'Apple', 'Watch Series 9', '0194253939009', [WATCHES], { keywords: ['Montres connectées', 'Smartwatches'] }),
  product('ipad-10', 'Apple iPad (10e génération) 64 Go Wi-Fi', 'Apple', 'iPad (10e génération)', null, ['category-tablets']),
  product('draft-16', 'Apple iPhone 16 Pro Max 512 Go', 'Apple', 'iPhone 16 Pro Max', '0195949036842', [APPLE, PHONES], { status: 'draft' }),
  product('other-13', 'Apple iPhone 13 128 Go', 'Apple', 'iPhone 13', '0194252707463', ['other-phones'], { accountId: OTHER }),
];

export function productSearchContract(name: string, open: () => Promise<SearchFixture>): void {
  describe(`${name} (product search contract)`, () => {
    let fixture: SearchFixture;
    let index: ProductSearchIndex;
    const ids = async (text: string, extra: { status?: 'draft' | 'published'; categoryId?: string; limit?: number; accountId?: string } = {}) =>
      (await index.search({ accountId: extra.accountId ?? SHOP, text, limit: extra.limit ?? 10, ...(extra.status ? { status: extra.status } : {}), ...(extra.categoryId ? { categoryId: extra.categoryId } : {}) })).map((hit) => hit.productId);

    beforeEach(async () => {
      fixture = await open();
      index = fixture.index;
      await index.upsert(CATALOGUE);
    });
    afterEach(async () => {
      await fixture.cleanup();
    });

    it('finds a misspelt name first: "iphnoe 13" and "galxy s23"', async () => {
      expect((await ids('iphnoe 13'))[0]).toMatch(/^iphone-13-/);
      expect((await ids('galxy s23'))[0]).toBe('galaxy-s23');
    });

    it('never takes one number for another: "iphone 12" ranks the iPhone 12 first and "galaxy s22" the S22', async () => {
      expect((await ids('iphone 12'))[0]).toBe('iphone-12-128');
      expect((await ids('galaxy s22'))[0]).toBe('galaxy-s22');
    });

    it('ignores accents and case', async () => {
      expect((await ids('IPAD 10E GENERATION'))[0]).toBe('ipad-10');
      expect((await ids('ipad génération'))[0]).toBe('ipad-10');
    });

    it('finds a product by its EAN, with or without the leading zero', async () => {
      expect(await ids('8806094724929', { limit: 1 })).toEqual(['galaxy-s23']);
      expect((await ids('194253939009'))[0]).toBe('watch-9');
    });

    it('takes the brand and model words in any order', async () => {
      expect((await ids('13 mini iphone apple'))[0]).toBe('iphone-13-mini');
      expect((await ids('ultra samsung s23'))[0]).toBe('galaxy-s23-ultra');
    });

    it('reads a storage size however it is written', async () => {
      for (const text of ['iphone 13 256go', 'iphone 13 256 GB', 'iPhone 13 256 Go']) expect((await ids(text))[0], text).toBe('iphone-13-256');
    });

    it('finds a product by the words of its categories, ranked below its own words', async () => {
      expect((await ids('montre connectee'))[0]).toBe('watch-9');
    });

    it('answers nothing for a blank text, and at most the limit', async () => {
      expect(await ids('   ')).toEqual([]);
      expect(await ids('apple', { limit: 2 })).toHaveLength(2);
    });

    it('keeps to the account, the status and the category asked for', async () => {
      expect(await ids('iphone 13', { accountId: OTHER })).toEqual(['other-13']);
      expect(await ids('iphone', { status: 'draft' })).toEqual(['draft-16']);
      expect(await ids('iphone pro max', { status: 'published' })).not.toContain('draft-16');
      const samsung = await ids('galaxy', { categoryId: SAMSUNG });
      expect(new Set(samsung)).toEqual(new Set(['galaxy-s23', 'galaxy-s23-ultra', 'galaxy-s22']));
      expect(await ids('iphone 13', { categoryId: SAMSUNG })).toEqual([]);
    });

    it('replaces a product upserted again, and forgets one removed or cleared', async () => {
      await index.upsert([{ ...(CATALOGUE[5] as SearchableProduct), label: 'Samsung Galaxy S23 Enterprise Edition 128 Go', status: 'draft' }]);
      expect(await ids('enterprise', { status: 'draft' })).toEqual(['galaxy-s23']);
      expect(await ids('enterprise', { status: 'published' })).toEqual([]);
      await index.remove(['galaxy-s23']);
      expect(await ids('enterprise')).toEqual([]);
      await index.clear();
      expect(await ids('iphone')).toEqual([]);
    });
  });
}
