/**
 * The catalogue's search engine: finds products the way people type them
 * (typos, words in any order, accents and case ignored, an EAN). Two
 * adapters, one contract suite: the embedded one `npm start` uses, and
 * Typesense (infrastructure/search/). The index is a projection of the
 * catalogue's events; the read models stay the truth for everything else.
 */

/** What the index holds of one product (the projection writes it). */
export interface SearchableProduct {
  productId: string;
  accountId: string;
  label: string;
  brand: string;
  model: string;
  ean: string | null;
  /** The main category and its ancestors (a search under a category finds its descendants' products). */
  categoryIds: string[];
  status: 'draft' | 'published';
  /** Grade A price in cents, null when not bought back in grade A. */
  gradeAPrice: number | null;
  /** Other words that find it, weighed less than its own: its categories' labels in every language ("Tablettes", "Tablets"). */
  keywords?: string[];
}

export interface ProductSearchQuery {
  accountId: string;
  text: string;
  /** Only these statuses (default: both). */
  status?: 'draft' | 'published';
  /** Only products under this category (its descendants included). */
  categoryId?: string;
  /** At most this many ids, best first (bounded by the caller; 1000 at most). */
  limit: number;
}

export interface ProductSearchHit {
  productId: string;
  /** Higher is better; comparable only within one answer. */
  score: number;
}

export interface ProductSearchIndex {
  /** Adds or replaces products (a catalogue change is searchable within a second). */
  upsert(products: readonly SearchableProduct[]): Promise<void>;
  remove(productIds: readonly string[]): Promise<void>;
  /** Best first; [] for a blank text. */
  search(query: ProductSearchQuery): Promise<ProductSearchHit[]>;
  /** Forgets every product (a reindex starts from here). */
  clear(): Promise<void>;
  /**
   * True when the index keeps its products across restarts (Typesense): the
   * follower then carries on from its checkpoint; false (embedded, in
   * memory): it is loaded again from the projection's documents at startup.
   */
  readonly durable: boolean;
  /**
   * A key that can only search the account's published products, for a
   * search client querying the engine itself (`GET organizations/{id}/typesense`);
   * absent where the engine is not reachable from outside (the embedded one).
   */
  scopedSearchKey?(accountId: string, expiresAt: Date): Promise<ScopedSearchKey>;
}

export interface ScopedSearchKey {
  token: string;
  /** The collection it searches: named from the index and the organization's account. */
  collection: string;
  expiresAt: string;
}
