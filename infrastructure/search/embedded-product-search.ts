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
 * an exact word more than a typo, a short name before a long one (equal
 * scores by id: never the order of indexing).
 *
 * Built for 100,000 products an account (bench/search.ts: p95 under 10 ms):
 * each word's products are typed arrays (postings.ts), a search reads those
 * of its words only, from the rarest, narrowing the candidates word by word
 * with per-slot stamps (no hashing, no object per product), filters the
 * status while it reads the first word, and keeps the best with a heap.
 */
import SearchableMap from 'minisearch/SearchableMap';
import type { ProductSearchHit, ProductSearchIndex, ProductSearchQuery, SearchableProduct } from '../../application/ports/product-search.js';
import { Postings, TopK, idKey } from './postings.js';
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

const STATUS_CODES = { draft: 1, published: 2 } as const;

interface Entry {
  productId: string;
  categoryIds: ReadonlySet<string>;
  terms: string[];
  /** Where this product is in each of its terms' postings (same order as `terms`). */
  positions: number[];
}

/** A typed word's postings, each with the factor its expansion weighs (1 exact, less for a prefix or a typo). */
type Expansion = readonly [Postings, number];

class AccountIndex {
  private readonly entries: Array<Entry | null> = [];
  private readonly free: number[] = [];
  private readonly slotOf = new Map<string, number>();
  private readonly vocabulary = new SearchableMap<Postings>();
  /** Per slot, reused by every search (no allocation per product matched): its status, stamps, scores. */
  private status = new Uint8Array(1024);
  /** 1 / (1 + penalty × words of the name). */
  private norm = new Float64Array(1024);
  /** The id's key (idKey): the order of equal scores. */
  private keys = new Float64Array(1024);
  private stamp = new Uint32Array(1024);
  private seen = new Uint32Array(1024);
  private matched = new Uint16Array(1024);
  private best = new Float64Array(1024);
  private score = new Float64Array(1024);
  /** The slots a search holds (the products matching every word so far, or every product touched). */
  private candidates = new Int32Array(1024);
  private clock = 0;

  get size(): number {
    return this.slotOf.size;
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
    const entry: Entry = {
      productId: product.productId,
      categoryIds: new Set(product.categoryIds),
      terms: [...weights.keys()],
      positions: [],
    };
    this.entries[slot] = entry;
    this.slotOf.set(product.productId, slot);
    this.ensureCapacity(this.entries.length);
    this.status[slot] = STATUS_CODES[product.status];
    this.norm[slot] = 1 / (1 + LENGTH_PENALTY * searchTerms(product.label).length);
    this.keys[slot] = idKey(product.productId);
    for (const [term, weight] of weights) {
      let postings = this.vocabulary.get(term);
      if (!postings) {
        postings = new Postings();
        this.vocabulary.set(term, postings);
      }
      entry.positions.push(postings.add(slot, weight));
    }
  }

  remove(productId: string): void {
    const slot = this.slotOf.get(productId);
    if (slot === undefined) return;
    const entry = this.entries[slot] as Entry;
    entry.terms.forEach((term, index) => {
      const postings = this.vocabulary.get(term) as Postings;
      const position = entry.positions[index] as number;
      const moved = postings.removeAt(position);
      if (moved >= 0) {
        const other = this.entries[moved] as Entry;
        other.positions[other.terms.indexOf(term)] = position;
      }
      if (postings.size === 0) this.vocabulary.delete(term);
    });
    this.entries[slot] = null;
    this.status[slot] = 0;
    this.free.push(slot);
    this.slotOf.delete(productId);
  }

  search(query: ProductSearchQuery, terms: readonly string[], limit: number): ProductSearchHit[] {
    const total = Math.max(1, this.slotOf.size);
    const weighted = terms.map((term, index) =>
      this.expansions(term, index, terms.length).map(([postings, factor]): Expansion => [postings, factor * Math.log(1 + total / postings.size)]),
    );
    const wanted = query.status === undefined ? 0 : STATUS_CODES[query.status];
    // A word found nowhere ("reprise iphone 14 pro", "iphone13") cannot be held: the products holding all the others, when
    // there are, are the ones holding as many words as the best one does, found from the rarest word rather than by reading all.
    const held = weighted.filter((expansions) => expansions.length > 0);
    return this.searchAll(query, wanted, held, limit) ?? this.searchAny(query, wanted, weighted, limit);
  }

  /**
   * The products holding every word (the usual case), found from the rarest
   * word's products, then narrowed by each other word's postings in turn:
   * a slot's stamp says it held every word so far, its best the weight of the
   * current word's best expansion. Null when none holds them all.
   */
  private searchAll(query: ProductSearchQuery, wanted: number, weighted: ReadonlyArray<readonly Expansion[]>, limit: number): ProductSearchHit[] | null {
    const order = weighted
      .map((expansions) => ({ expansions, size: expansions.reduce((sum, [postings]) => sum + postings.size, 0) }))
      .sort((a, b) => a.size - b.size);
    const rarest = order[0];
    if (!rarest || rarest.size === 0) return null;
    const { seen, best, score, candidates } = this;
    let current = this.tick();
    let count = 0;
    for (const [postings, weight] of rarest.expansions) {
      const { slots, weights, size } = postings;
      for (let i = 0; i < size; i += 1) {
        const slot = slots[i] as number;
        const value = (weights[i] as number) * weight;
        if (seen[slot] !== current) {
          if (!this.admits(slot, wanted, query.categoryId)) continue;
          seen[slot] = current;
          score[slot] = value;
          candidates[count++] = slot;
        } else if (value > (score[slot] as number)) score[slot] = value;
      }
    }
    for (let o = 1; o < order.length && count > 0; o += 1) {
      const previous = current;
      current = this.tick();
      for (const [postings, weight] of (order[o] as (typeof order)[number]).expansions) {
        const { slots, weights, size } = postings;
        for (let i = 0; i < size; i += 1) {
          const slot = slots[i] as number;
          const mark = seen[slot];
          if (mark === previous) {
            seen[slot] = current;
            best[slot] = (weights[i] as number) * weight;
          } else if (mark === current) {
            const value = (weights[i] as number) * weight;
            if (value > (best[slot] as number)) best[slot] = value;
          }
        }
      }
      let kept = 0;
      for (let k = 0; k < count; k += 1) {
        const slot = candidates[k] as number;
        if (seen[slot] !== current) continue;
        score[slot] = (score[slot] as number) + (best[slot] as number);
        candidates[kept++] = slot;
      }
      count = kept;
    }
    if (count === 0) return null;
    return this.topOf(candidates, count, limit);
  }

  /** When no product holds every word: those holding as many as the best one does. */
  private searchAny(query: ProductSearchQuery, wanted: number, weighted: ReadonlyArray<readonly Expansion[]>, limit: number): ProductSearchHit[] {
    const { stamp, seen, matched, best, score, candidates } = this;
    const searchStamp = this.tick();
    let count = 0;
    for (const expansions of weighted) {
      const termStamp = this.tick();
      for (const [postings, weight] of expansions) {
        const { slots, weights, size } = postings;
        for (let i = 0; i < size; i += 1) {
          const slot = slots[i] as number;
          const value = (weights[i] as number) * weight;
          if (seen[slot] !== searchStamp) {
            seen[slot] = searchStamp;
            matched[slot] = 0;
            score[slot] = 0;
            candidates[count++] = slot;
          }
          if (stamp[slot] !== termStamp) {
            stamp[slot] = termStamp;
            best[slot] = value;
            matched[slot] = (matched[slot] as number) + 1;
            score[slot] = (score[slot] as number) + value;
          } else if (value > (best[slot] as number)) {
            score[slot] = (score[slot] as number) + value - (best[slot] as number);
            best[slot] = value;
          }
        }
      }
    }
    let most = 0;
    for (let k = 0; k < count; k += 1) {
      const slot = candidates[k] as number;
      if ((matched[slot] as number) > most && this.admits(slot, wanted, query.categoryId)) most = matched[slot] as number;
    }
    let kept = 0;
    for (let k = 0; k < count; k += 1) {
      const slot = candidates[k] as number;
      if (matched[slot] === most && this.admits(slot, wanted, query.categoryId)) candidates[kept++] = slot;
    }
    return this.topOf(candidates, kept, limit);
  }

  /** The `limit` best of the first `count` candidates by score × norm; only the answered products are read. */
  private topOf(candidates: Int32Array, count: number, limit: number): ProductSearchHit[] {
    const { score, norm } = this;
    const top = new TopK(limit, this.keys, (slot) => (this.entries[slot] as Entry).productId);
    let floor = top.floor;
    for (let k = 0; k < count; k += 1) {
      const slot = candidates[k] as number;
      const value = (score[slot] as number) * (norm[slot] as number);
      if (value < floor) continue;
      top.offer(slot, value);
      floor = top.floor;
    }
    return top.sorted().map(({ slot, value }) => ({ productId: (this.entries[slot] as Entry).productId, score: value }));
  }

  /** Whether a slot holds a product of the status (0: any) and under the category asked for. */
  private admits(slot: number, wanted: number, categoryId: string | undefined): boolean {
    const status = this.status[slot] as number;
    if (status === 0 || (wanted !== 0 && status !== wanted)) return false;
    return categoryId === undefined || (this.entries[slot] as Entry).categoryIds.has(categoryId);
  }

  /** A new stamp for the per-slot arrays (they are cleared when the counter would wrap). */
  private tick(): number {
    if (this.clock >= 0xfffffff0) {
      this.clock = 0;
      this.seen.fill(0);
      this.stamp.fill(0);
    }
    return ++this.clock;
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
    const grow = <A extends Uint8Array | Uint32Array | Uint16Array | Int32Array | Float64Array>(array: A, make: (n: number) => A): A => {
      const next = make(size);
      next.set(array);
      return next;
    };
    this.status = grow(this.status, (n) => new Uint8Array(n));
    this.norm = grow(this.norm, (n) => new Float64Array(n));
    this.keys = grow(this.keys, (n) => new Float64Array(n));
    this.stamp = grow(this.stamp, (n) => new Uint32Array(n));
    this.seen = grow(this.seen, (n) => new Uint32Array(n));
    this.matched = grow(this.matched, (n) => new Uint16Array(n));
    this.best = grow(this.best, (n) => new Float64Array(n));
    this.score = grow(this.score, (n) => new Float64Array(n));
    this.candidates = new Int32Array(size);
  }
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
