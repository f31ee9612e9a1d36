/**
 * The embedded engine's own bookkeeping (its postings move a product into a
 * removed one's place): after many upserts, replacements and removals in a
 * random order, a word finds exactly the products holding it, and two words
 * exactly those holding both, as a plain scan of what is left says.
 */
import { describe, expect, it } from 'vitest';
import type { SearchableProduct } from '../../application/ports/product-search.js';
import { EmbeddedProductSearch } from '../../infrastructure/search/embedded-product-search.js';

const ACCOUNT = 'account-shop';
/** Codes with a digit: never a typo of one another, and none begins another. */
const WORDS = ['k1x', 'k2x', 'k3x', 'k4x', 'k5x', 'k6x', 'k7x', 'k8x', 'k9x'];

/** A seeded generator (mulberry32): the same sequence every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('EmbeddedProductSearch under changes', () => {
  it('finds exactly the products holding the words after 2,000 upserts, replacements and removals', async () => {
    const next = random(21);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
    const index = new EmbeddedProductSearch();
    const live = new Map<string, SearchableProduct>();
    const make = (id: string): SearchableProduct => {
      const words = new Set([pick(WORDS), pick(WORDS), pick(WORDS)]);
      return { productId: id, accountId: ACCOUNT, label: `Item ${[...words].join(' ')}`, brand: 'Brand', model: 'Model', ean: null, categoryIds: [], status: next() < 0.8 ? 'published' : 'draft', gradeAPrice: null };
    };
    const search = async (text: string) => new Set((await index.search({ accountId: ACCOUNT, text, status: 'published', limit: 1000 })).map((hit) => hit.productId));
    const holding = (...words: string[]) =>
      new Set([...live.values()].filter((p) => p.status === 'published' && words.every((word) => p.label.split(' ').includes(word))).map((p) => p.productId));

    for (let step = 0; step < 2_000; step += 1) {
      const roll = next();
      if (roll < 0.7 || live.size === 0) {
        // A fifth replace a product (its words and status change), half add one, the rest remove one.
        const product = make(roll < 0.2 && live.size > 0 ? pick([...live.keys()]) : `p${step}`);
        live.set(product.productId, product);
        await index.upsert([product]);
      } else {
        const id = pick([...live.keys()]);
        live.delete(id);
        await index.remove([id]);
      }
      if (step % 250 === 249) {
        for (const word of WORDS) expect(await search(word)).toEqual(holding(word));
        const [a, b] = [pick(WORDS), pick(WORDS)];
        const both = holding(a, b);
        if (both.size > 0) expect(await search(`${a} ${b}`)).toEqual(both);
      }
    }
    expect(live.size).toBeGreaterThan(100);
  });
});
