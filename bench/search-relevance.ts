/**
 * The search's relevance on the demo catalogue: every query of the fixture
 * (bench/search-queries.ts) searched as the storefront does (published
 * products of the account), the share whose expected product comes first
 * and in the top 5. Shared by `npm run bench` (bench/search.ts) and the test
 * that holds the thresholds (tests/search/search-relevance.test.ts).
 */
import type { ProductSearchIndex, SearchableProduct } from '../application/ports/product-search.js';
import type { CategoryCreated, ProductCreated } from '../domain/catalog/events.js';
import { catalogDemoData } from '../infrastructure/modules/catalog/demo-data.js';
import { organizationIds } from '../infrastructure/modules/organizations/demo-data.js';
import { RELEVANCE_QUERIES, type RelevanceQuery } from './search-queries.js';

export const DEMO_ACCOUNT = organizationIds.account('demo');

/** The demo account's products as the search follower indexes them: their categories' ancestry and labels. */
export function demoSearchCatalogue(): SearchableProduct[] {
  const streams = catalogDemoData().filter((stream) => stream.accountId === DEMO_ACCOUNT);
  const events = streams.flatMap((stream) => stream.events);
  const categories = new Map(
    events.filter((event): event is CategoryCreated => event.type === 'CategoryCreated').map((event) => [event.data.categoryId, event.data]),
  );
  const chain = (id: string) => {
    const found: Array<{ categoryId: string; label: string }> = [];
    for (let current = categories.get(id); current && found.length < 32; current = current.parentId ? categories.get(current.parentId) : undefined) found.push(current);
    return found;
  };
  return events
    .filter((event): event is ProductCreated => event.type === 'ProductCreated')
    .map(({ data }) => ({
      productId: data.productId,
      accountId: DEMO_ACCOUNT,
      label: data.label,
      brand: data.brand,
      model: data.model,
      ean: data.ean,
      categoryIds: chain(data.categoryId).map((category) => category.categoryId),
      status: data.status,
      gradeAPrice: data.prices.grade_a,
      keywords: chain(data.categoryId).map((category) => category.label),
    }));
}

/** Whether a product is what the query meant (`=label`, or `brand model` families separated by `|`). */
export function matcherOf(expected: string): (product: SearchableProduct) => boolean {
  if (expected.startsWith('=')) return (product) => product.label === expected.slice(1);
  const families = new Set(expected.split('|'));
  return (product) => families.has(`${product.brand} ${product.model}`);
}

export interface RelevanceReport {
  queries: number;
  first: number;
  top5: number;
  /** The queries whose expected product was not first: the query, what came first, where the expected one was (0: not in the top 5). */
  misses: Array<{ query: string; expected: string; got: string | null; rank: number }>;
  /** The expectations no published product of the catalogue meets (a fixture gone stale). */
  unknown: string[];
  latenciesMs: number[];
}

export async function measureRelevance(index: ProductSearchIndex, catalogue: readonly SearchableProduct[], queries: readonly RelevanceQuery[] = RELEVANCE_QUERIES): Promise<RelevanceReport> {
  const byId = new Map(catalogue.map((product) => [product.productId, product]));
  const published = catalogue.filter((product) => product.status === 'published');
  const report: RelevanceReport = { queries: queries.length, first: 0, top5: 0, misses: [], unknown: [], latenciesMs: [] };
  for (const [query, expected] of queries) {
    const meant = matcherOf(expected);
    if (!published.some(meant)) report.unknown.push(expected);
    const started = performance.now();
    const hits = await index.search({ accountId: DEMO_ACCOUNT, text: query, status: 'published', limit: 5 });
    report.latenciesMs.push(performance.now() - started);
    const rank = hits.findIndex((hit) => {
      const product = byId.get(hit.productId);
      return product !== undefined && meant(product);
    });
    if (rank === 0) report.first += 1;
    if (rank >= 0 && rank < 5) report.top5 += 1;
    if (rank !== 0) report.misses.push({ query, expected, got: byId.get(hits[0]?.productId ?? '')?.label ?? null, rank: rank + 1 });
  }
  return report;
}
