/**
 * The embedded search engine `npm start` uses: per account, an inverted
 * index in memory (each word's products, the words in MiniSearch's radix
 * tree for typos and prefixes), loaded at startup from the search
 * projection's documents and kept up to date by its follower
 * (search-follower.ts). Typo tolerant (two edits in a word of four letters or
 * more: "iphnoe", "galxy", "ipda"), never on numbers ("13" does not find
 * "12"); the last word also matches as a prefix (people search while typing),
 * and a number of three digits anywhere ("256" finds "256 Go"). Only the
 * products matching as many of the typed words as the best one are answered
 * ("iphone 13" lists the iPhone 13s, not every iPhone), best first: rarer
 * words weigh more, a word in the name or model more than in a category,
 * an exact word more than a typo, a short name before a long one.
 *
 * Built for 100,000 products an account: a search touches only the products
 * holding one of its words, in typed arrays, and keeps the best with a heap.
 */
import SearchableMap from 'minisearch/SearchableMap';
import type { ProductSearchHit, ProductSearchIndex, ProductSearchQuery, SearchableProduct } from '../../application/ports/product-search.js';
import { queryTerms, searchTerms } from './search-terms.js';

/** How much a word weighs by where it is. */
const FIELD_WEIGHTS = { label: 2, model: 2, brand: 1.5, ean: 3, keywords: 0.4 } as const;
const PREFIX_FACTOR = 0.5;
const FUZZY_FACTOR: Readonly<Record<number, number>> = { 1: 0.6, 2: 0.35 };
/** A prefix or a typo brings at most this many words of the vocabulary (the closest first for typos). */
const MAX_EXPANSIONS = 64;
const MAX_QUERY_TERMS = 16;
/** How much a longer name costs: a short name ("iPhone 13 128 Go") before a long one with the same words. */
const LENGTH_PENALTY = 0.04;

/** Edits a word may have: none on a number or a short word. */
export function fuzzinessOf(term: string): number {
  if (/\d/.test(term) || term.length <= 3) return 0;
  return 2;
}

function prefixAllowed(term: string, index: number, count: number): boolean {
  // A number of three digits or more anywhere ("256" finds "256gb"), never a shorter one ("12" must not find "128gb");
  // a word only where it is being typed, the last one.
  if (/^\d+$/.test(term)) return term.length >= 3;
  return index === count - 1 && term.length >= 2;
}

interface Entry {
  productId: string;
  status: SearchableProduct['status'];
  categoryIds: ReadonlySet<string>;
  terms: string[];
  /** 1 / (1 + penalty × words of the name). */
  norm: number;
}

/** Each word's products (slot → the weight of the field it is in). */
type Postings = Map<number, number>;

class AccountIndex {
  private readonly entries: Array<Entry | null> = [];
  private readonly free: number[] = [];
  private readonly slotOf = new Map<string, number>();
  private readonly vocabulary = new SearchableMap<Postings>();
  private stamp = new Uint32Array(1024);
  private seen = new Uint32Array(1024);
  private matched = new Uint16Array(1024);
  private best = new Float64Array(1024);
  private score = new Float64Array(1024);
  private clock = 0;

  get size(): number {
    return this.slotOf.size;
  }

  has(productId: string): boolean {
    return this.slotOf.has(productId);
  }

  add(product: SearchableProduct): void {
    const weights = new Map<string, number>();
    const fields: Array<[keyof typeof FIELD_WEIGHTS, string]> = [
      ['label', product.label],
      ['model', product.model],
      ['brand', product.brand],
      ['ean', product.ean ?? ''],
      ['keywords', (product.keywords ?? []).join(' ')],
    ];
    for (const [field, text] of fields) {
      for (const term of searchTerms(text)) weights.set(term, Math.max(weights.get(term) ?? 0, FIELD_WEIGHTS[field]));
    }
    const slot = this.free.pop() ?? this.entries.length;
    this.entries[slot] = {
      productId: product.productId,
      status: product.status,
      categoryIds: new Set(product.categoryIds),
      terms: [...weights.keys()],
      norm: 1 / (1 + LENGTH_PENALTY * searchTerms(product.label).length),
    };
    this.slotOf.set(product.productId, slot);
    this.ensureCapacity(this.entries.length);
    for (const [term, weight] of weights) {
      let postings = this.vocabulary.get(term);
      if (!postings) {
        postings = new Map();
        this.vocabulary.set(term, postings);
      }
      postings.set(slot, weight);
    }
  }

  remove(productId: string): void {
    const slot = this.slotOf.get(productId);
    if (slot === undefined) return;
    const entry = this.entries[slot] as Entry;
    for (const term of entry.terms) {
      const postings = this.vocabulary.get(term);
      postings?.delete(slot);
      if (postings?.size === 0) this.vocabulary.delete(term);
    }
    this.entries[slot] = null;
    this.free.push(slot);
    this.slotOf.delete(productId);
  }

  search(query: ProductSearchQuery, terms: readonly string[], limit: number): ProductSearchHit[] {
    const total = Math.max(1, this.slotOf.size);
    const weighted = terms.map((term, index) =>
      this.expansions(term, index, terms.length).map(([postings, factor]) => [postings, factor * Math.log(1 + total / postings.size)] as const),
    );
    return this.searchAll(query, weighted, limit) ?? this.searchAny(query, weighted, limit);
  }

  /**
   * The products holding every word (the usual case), found from the rarest
   * word's products, the others looked up for them only: a search for
   * "samsung s23" reads the S23s, not every Samsung. Null when none holds them all.
   */
  private searchAll(query: ProductSearchQuery, weighted: ReadonlyArray<ReadonlyArray<readonly [Postings, number]>>, limit: number): ProductSearchHit[] | null {
    const order = weighted.map((expansions, index) => ({ index, size: expansions.reduce((sum, [postings]) => sum + postings.size, 0) })).sort((a, b) => a.size - b.size);
    const rarest = order[0];
    if (!rarest || rarest.size === 0) return null;
    const scores = new Map<number, number>();
    for (const [postings, weight] of weighted[rarest.index] as ReadonlyArray<readonly [Postings, number]>) {
      for (const [slot, fieldWeight] of postings) {
        if (!this.admits(slot, query)) continue;
        const value = fieldWeight * weight;
        if (value > (scores.get(slot) ?? -1)) scores.set(slot, value);
      }
    }
    for (const { index } of order.slice(1)) {
      const expansions = weighted[index] as ReadonlyArray<readonly [Postings, number]>;
      for (const [slot, score] of scores) {
        let best = -1;
        for (const [postings, weight] of expansions) {
          const fieldWeight = postings.get(slot);
          if (fieldWeight !== undefined && fieldWeight * weight > best) best = fieldWeight * weight;
        }
        if (best < 0) scores.delete(slot);
        else scores.set(slot, score + best);
      }
      if (scores.size === 0) return null;
    }
    const top = new TopK(limit);
    for (const [slot, score] of scores) {
      const entry = this.entries[slot] as Entry;
      top.offer(entry.productId, score * entry.norm);
    }
    return top.sorted();
  }

  /** When no product holds every word: those holding as many as the best one does. */
  private searchAny(query: ProductSearchQuery, weighted: ReadonlyArray<ReadonlyArray<readonly [Postings, number]>>, limit: number): ProductSearchHit[] {
    const searchStamp = ++this.clock;
    const touched: number[] = [];
    for (const expansions of weighted) {
      const termStamp = ++this.clock;
      for (const [postings, weight] of expansions) {
        for (const [slot, fieldWeight] of postings) {
          const value = fieldWeight * weight;
          if (this.seen[slot] !== searchStamp) {
            this.seen[slot] = searchStamp;
            this.matched[slot] = 0;
            this.score[slot] = 0;
            touched.push(slot);
          }
          if (this.stamp[slot] !== termStamp) {
            this.stamp[slot] = termStamp;
            this.best[slot] = value;
            this.matched[slot] = (this.matched[slot] as number) + 1;
            this.score[slot] = (this.score[slot] as number) + value;
          } else if (value > (this.best[slot] as number)) {
            this.score[slot] = (this.score[slot] as number) + value - (this.best[slot] as number);
            this.best[slot] = value;
          }
        }
      }
    }
    let most = 0;
    for (const slot of touched) if ((this.matched[slot] as number) > most && this.admits(slot, query)) most = this.matched[slot] as number;
    const top = new TopK(limit);
    for (const slot of touched) {
      if (this.matched[slot] !== most || !this.admits(slot, query)) continue;
      const entry = this.entries[slot] as Entry;
      top.offer(entry.productId, (this.score[slot] as number) * entry.norm);
    }
    return top.sorted();
  }

  private admits(slot: number, query: ProductSearchQuery): boolean {
    const entry = this.entries[slot];
    if (!entry) return false;
    return (query.status === undefined || entry.status === query.status) && (query.categoryId === undefined || entry.categoryIds.has(query.categoryId));
  }

  /** The vocabulary's words a typed word finds: itself, the words it begins, the words a typo away; each with its factor. */
  private expansions(term: string, index: number, count: number): Array<[Postings, number]> {
    const found = new Map<string, [Postings, number]>();
    const exact = this.vocabulary.get(term);
    if (exact) found.set(term, [exact, 1]);
    if (prefixAllowed(term, index, count)) {
      let taken = 0;
      for (const [word, postings] of this.vocabulary.atPrefix(term)) {
        if (found.has(word)) continue;
        found.set(word, [postings, PREFIX_FACTOR]);
        if (++taken >= MAX_EXPANSIONS) break;
      }
    }
    const edits = fuzzinessOf(term);
    if (edits > 0) {
      const near = [...this.vocabulary.fuzzyGet(term, edits)].filter(([, [, distance]]) => distance > 0).sort((a, b) => a[1][1] - b[1][1]).slice(0, MAX_EXPANSIONS);
      for (const [word, [postings, distance]] of near) {
        const factor = FUZZY_FACTOR[distance] ?? 0;
        const known = found.get(word);
        if (!known || known[1] < factor) found.set(word, [postings, factor]);
      }
    }
    return [...found.values()];
  }

  private ensureCapacity(slots: number): void {
    if (slots <= this.stamp.length) return;
    const size = Math.max(slots, this.stamp.length * 2);
    const grow = <A extends Uint32Array | Uint16Array | Float64Array>(array: A, make: (n: number) => A): A => {
      const next = make(size);
      next.set(array);
      return next;
    };
    this.stamp = grow(this.stamp, (n) => new Uint32Array(n));
    this.seen = grow(this.seen, (n) => new Uint32Array(n));
    this.matched = grow(this.matched, (n) => new Uint16Array(n));
    this.best = grow(this.best, (n) => new Float64Array(n));
    this.score = grow(this.score, (n) => new Float64Array(n));
  }
}

/** The `limit` best hits of a stream, without sorting them all (a min-heap on score). */
class TopK {
  private readonly heap: ProductSearchHit[] = [];
  constructor(private readonly limit: number) {}

  offer(productId: string, score: number): void {
    if (this.limit <= 0) return;
    const hit = { productId, score };
    if (this.heap.length < this.limit) {
      this.heap.push(hit);
      this.up(this.heap.length - 1);
    } else if (better(hit, this.heap[0] as ProductSearchHit)) {
      this.heap[0] = hit;
      this.down(0);
    }
  }

  sorted(): ProductSearchHit[] {
    return [...this.heap].sort((a, b) => (better(a, b) ? -1 : 1));
  }

  private up(index: number): void {
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!better(this.heap[parent] as ProductSearchHit, this.heap[index] as ProductSearchHit)) break;
      this.swap(index, parent);
      index = parent;
    }
  }

  private down(index: number): void {
    for (;;) {
      const left = 2 * index + 1;
      const right = left + 1;
      let worst = index;
      if (left < this.heap.length && better(this.heap[worst] as ProductSearchHit, this.heap[left] as ProductSearchHit)) worst = left;
      if (right < this.heap.length && better(this.heap[worst] as ProductSearchHit, this.heap[right] as ProductSearchHit)) worst = right;
      if (worst === index) return;
      this.swap(index, worst);
      index = worst;
    }
  }

  private swap(a: number, b: number): void {
    const held = this.heap[a] as ProductSearchHit;
    this.heap[a] = this.heap[b] as ProductSearchHit;
    this.heap[b] = held;
  }
}

/** Higher score first; ties by id, so an answer never depends on the order products were indexed in. */
function better(a: ProductSearchHit, b: ProductSearchHit): boolean {
  return a.score > b.score || (a.score === b.score && a.productId < b.productId);
}

export class EmbeddedProductSearch implements ProductSearchIndex {
  readonly durable = false;
  private readonly accounts = new Map<string, AccountIndex>();
  /** Which account holds each product (a product never changes account, but the index must not hold it twice). */
  private readonly accountOf = new Map<string, string>();

  async upsert(products: readonly SearchableProduct[]): Promise<void> {
    for (const product of products) {
      this.discard(product.productId);
      let index = this.accounts.get(product.accountId);
      if (!index) {
        index = new AccountIndex();
        this.accounts.set(product.accountId, index);
      }
      index.add(product);
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
    const terms = [...new Set(queryTerms(query.text))].slice(0, MAX_QUERY_TERMS);
    const limit = Math.max(0, Math.min(query.limit, 1000));
    if (!index || terms.length === 0 || limit === 0) return [];
    return index.search(query, terms, limit);
  }

  private discard(productId: string): void {
    const account = this.accountOf.get(productId);
    if (account === undefined) return;
    this.accounts.get(account)?.remove(productId);
    this.accountOf.delete(productId);
  }
}
