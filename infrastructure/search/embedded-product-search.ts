/**
 * The embedded search engine `npm start` uses: one MiniSearch index per
 * account, in memory, loaded at startup from the search projection's
 * documents and kept up to date by its follower (search-follower.ts).
 * Typo tolerant (one edit in a word of four letters, two from five: "iphnoe",
 * "galxy"), never on numbers ("13" does not find "12"); the last word also
 * matches as a prefix (people search while typing); a product matching more
 * of the words ranks first.
 */
import MiniSearch, { type SearchResult } from 'minisearch';
import type { ProductSearchHit, ProductSearchIndex, ProductSearchQuery, SearchableProduct } from '../../application/ports/product-search.js';
import { searchTerms } from './search-terms.js';

interface IndexedProduct {
  id: string;
  label: string;
  brand: string;
  model: string;
  ean: string;
  keywords: string;
  status: SearchableProduct['status'];
  categoryIds: string[];
}

const FIELDS = ['label', 'brand', 'model', 'ean', 'keywords'] as const;
const STORED = ['status', 'categoryIds'] as const;
const BOOST = { label: 2, model: 2, brand: 1.5, ean: 3, keywords: 0.4 };

/** Edits a word may have: none on a number or a short word. */
export function fuzzinessOf(term: string): number {
  if (/\d/.test(term) || term.length <= 3) return 0;
  return term.length === 4 ? 1 : 2;
}

function prefixOf(term: string, index: number, terms: readonly string[]): boolean {
  // Only the word being typed, and not a bare short number ("12" must not find "128gb").
  return index === terms.length - 1 && (/[a-z]/.test(term) ? term.length >= 2 : term.length >= 4);
}

function newIndex(): MiniSearch<IndexedProduct> {
  return new MiniSearch<IndexedProduct>({
    fields: [...FIELDS],
    storeFields: [...STORED],
    tokenize: searchTerms,
    processTerm: (term) => term,
  });
}

function indexed(product: SearchableProduct): IndexedProduct {
  return {
    id: product.productId,
    label: product.label,
    brand: product.brand,
    model: product.model,
    ean: product.ean ?? '',
    keywords: (product.keywords ?? []).join(' '),
    status: product.status,
    categoryIds: product.categoryIds,
  };
}

export class EmbeddedProductSearch implements ProductSearchIndex {
  readonly durable = false;
  private readonly accounts = new Map<string, MiniSearch<IndexedProduct>>();
  /** Which account holds each product (a product never changes account, but the index must not hold it twice). */
  private readonly accountOf = new Map<string, string>();

  async upsert(products: readonly SearchableProduct[]): Promise<void> {
    for (const product of products) {
      this.discard(product.productId);
      let index = this.accounts.get(product.accountId);
      if (!index) {
        index = newIndex();
        this.accounts.set(product.accountId, index);
      }
      index.add(indexed(product));
      this.accountOf.set(product.productId, product.accountId);
    }
  }

  async remove(productIds: readonly string[]): Promise<void> {
    for (const productId of productIds) this.discard(productId);
  }

  async clear(): Promise<void> {
    this.accounts.clear();
    this.accountOf.clear();
  }

  async search(query: ProductSearchQuery): Promise<ProductSearchHit[]> {
    const index = this.accounts.get(query.accountId);
    const terms = searchTerms(query.text);
    if (!index || terms.length === 0) return [];
    const limit = Math.max(0, Math.min(query.limit, 1000));
    const results = index.search(query.text, {
      fields: [...FIELDS],
      boost: BOOST,
      combineWith: 'OR',
      fuzzy: (term) => fuzzinessOf(term),
      prefix: prefixOf,
      weights: { fuzzy: 0.6, prefix: 0.5 },
      filter: (result) =>
        (query.status === undefined || result.status === query.status) &&
        (query.categoryId === undefined || (result.categoryIds as string[]).includes(query.categoryId)),
    });
    return rank(results, terms.length).slice(0, limit);
  }

  private discard(productId: string): void {
    const account = this.accountOf.get(productId);
    if (account === undefined) return;
    this.accounts.get(account)?.discard(productId);
    this.accountOf.delete(productId);
  }
}

/**
 * Best first: a product matching more of the typed words before one
 * matching fewer (a typo's fuzzy match counts as a match), then by score.
 */
function rank(results: readonly SearchResult[], wanted: number): ProductSearchHit[] {
  return results
    .map((result) => ({ productId: String(result.id), score: result.score * coverage(result, wanted) }))
    .sort((a, b) => b.score - a.score || a.productId.localeCompare(b.productId));
}

function coverage(result: SearchResult, wanted: number): number {
  const matched = new Set(result.queryTerms).size;
  const share = Math.min(1, matched / Math.max(1, wanted));
  return share * share;
}
