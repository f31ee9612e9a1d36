/**
 * The products' reads: GET /products (the specification's query: search,
 * categories[], status, price[gte|lte], order[…], page, itemsPerPage,
 * pagination=false), a product's every field, its price history and its
 * history, both read from its stream. Always within the caller's tenant.
 */
import { PRODUCT_STATES } from '../../../domain/catalog/estimate.js';
import type { ProductEvent } from '../../../domain/catalog/product/decide.js';
import { toDomainEvent } from '../../events/codec.js';
import { COUNT_LIMIT, findPage, UNPAGED_LIMIT, type PageRequest } from '../../lists/paged-query.js';
import { ApplicationError } from '../../commands/errors.js';
import type { DocumentStore, Filter, SortSpec } from '../../ports/document-store.js';
import type { EventStore } from '../../ports/event-store.js';
import type { ProductSearchIndex } from '../../ports/product-search.js';
import { tenantFilter, type Principal } from '../../organizations/principal.js';
import { userNames } from '../../organizations/user-names.js';
import type { ListPage } from '../../views/schema.js';
import { escapeRegex } from '../catalog-service.js';
import { CATALOG_COLLECTIONS, type CategoryDocument, type ProductDocument } from '../read-models.js';
import { CATALOG_STREAMS } from '../streams.js';
import { visibleProduct } from './product-commands.js';
import { PRODUCT_HISTORY_TYPES, type PriceHistory, type PriceHistoryEntry, type ProductDetailView, type ProductHistory, type ProductHistoryEntry } from './product-views.js';

/** The sortable columns of GET /products (order[…]); `category` sorts by the main category's label. */
export const PRODUCT_ORDER_PATHS = {
  label: 'label',
  brand: 'brand',
  category: 'category',
  buybackPriceGradeA: 'prices.grade_a',
  status: 'status',
  createdAt: 'createdAt',
} as const;

export interface ProductListFilters {
  search?: string;
  /** Products whose main category is one of these or below one of them. */
  categories?: string[];
  status: 'all' | 'draft' | 'published';
  priceMin?: number;
  priceMax?: number;
}

/** The search engine, when one is registered (the catalogue's search part adds it); else the label/brand/model/EAN regex. */
export type SearchIndexOf = () => ProductSearchIndex | null;

/** The most products a search ranks before the other filters and the page apply. */
const SEARCH_LIMIT = 1_000;

export class ProductQueries {
  constructor(
    private readonly ports: { documents: DocumentStore; eventStore: EventStore },
    private readonly searchIndex: SearchIndexOf = () => null,
  ) {}

  private products() {
    return this.ports.documents.collection<ProductDocument>(CATALOG_COLLECTIONS.products);
  }

  private async categoriesOf(principal: Principal): Promise<CategoryDocument[]> {
    return this.ports.documents.collection<CategoryDocument>(CATALOG_COLLECTIONS.categories).find(tenantFilter(principal), { sort: [['label', 1]], limit: 10_000 });
  }

  async list(principal: Principal, filters: ProductListFilters, request: PageRequest): Promise<ListPage<ProductDocument> & { categoryLabels: Map<string, string> }> {
    const categories = await this.categoriesOf(principal);
    const labels = new Map(categories.map((c) => [c._id, c.label]));
    const clauses: Filter[] = [tenantFilter(principal)];
    if (filters.status !== 'all') clauses.push({ status: filters.status });
    if (filters.categories?.length) clauses.push({ categoryId: { $in: descendants(categories, filters.categories) } });
    if (filters.priceMin !== undefined) clauses.push({ 'prices.grade_a': { $gte: filters.priceMin } });
    if (filters.priceMax !== undefined) clauses.push({ 'prices.grade_a': { $lte: filters.priceMax } });
    const text = filters.search?.trim() ?? '';
    const index = text && principal.accountId ? this.searchIndex() : null;
    if (text && index && principal.accountId) {
      const hits = await index.search({
        accountId: principal.accountId,
        text,
        ...(filters.status === 'all' ? {} : { status: filters.status }),
        limit: SEARCH_LIMIT,
      });
      const rank = new Map(hits.map((hit, position) => [hit.productId, position]));
      clauses.push({ _id: { $in: [...rank.keys()] } });
      const rows = await this.products().find({ $and: clauses }, { limit: SEARCH_LIMIT });
      const ordered = request.order?.length ? sortRows(rows, request.order, labels) : rows.sort((a, b) => (rank.get(a._id) ?? 0) - (rank.get(b._id) ?? 0));
      return { ...pageOf(ordered, request), categoryLabels: labels };
    }
    if (text) clauses.push({ searchText: { $regex: escapeRegex(text.toLowerCase()) } });
    const filter: Filter = { $and: clauses };
    const byCategory = request.order?.find(([path]) => path === 'category');
    if (byCategory) return { ...(await this.pageByCategory(filter, request, categories, byCategory[1])), categoryLabels: labels };
    return { ...(await findPage(this.products(), filter, request, [['label', 1]])), categoryLabels: labels };
  }

  /**
   * A page in the order of the categories' labels (then the products'): the
   * categories in that order are counted until the page's rows are reached,
   * then read from those categories alone.
   */
  private async pageByCategory(filter: Filter, request: PageRequest, categories: CategoryDocument[], direction: 1 | -1): Promise<ListPage<ProductDocument>> {
    const ordered = direction === 1 ? categories : [...categories].reverse();
    const unpaged = request.pagination === false;
    const skip = unpaged ? 0 : (request.page - 1) * request.itemsPerPage;
    const limit = unpaged ? UNPAGED_LIMIT + 1 : request.itemsPerPage;
    const counts = await Promise.all(ordered.map((c) => this.products().count({ $and: [filter, { categoryId: c._id }] }, { limit: COUNT_LIMIT + 1 })));
    const total = counts.reduce((sum, n) => sum + n, 0);
    const rows: ProductDocument[] = [];
    let seen = 0;
    for (const [i, category] of ordered.entries()) {
      const count = counts[i] ?? 0;
      if (rows.length >= limit) break;
      if (seen + count <= skip) {
        seen += count;
        continue;
      }
      const from = Math.max(skip - seen, 0);
      rows.push(...(await this.products().find({ $and: [filter, { categoryId: category._id }] }, { sort: [['label', 1]], skip: from, limit: limit - rows.length })));
      seen += count;
    }
    if (unpaged && rows.length > UNPAGED_LIMIT) throw new ApplicationError('LIST_TOO_LONG', { limit: UNPAGED_LIMIT });
    return {
      items: rows,
      totalItems: Math.min(total, COUNT_LIMIT),
      totalItemsIsLowerBound: total > COUNT_LIMIT,
      hasNextPage: !unpaged && skip + rows.length < total,
      page: unpaged ? 1 : request.page,
      itemsPerPage: unpaged ? UNPAGED_LIMIT : request.itemsPerPage,
    };
  }

  async detail(principal: Principal, productId: string): Promise<ProductDetailView> {
    const product = await visibleProduct(this.ports.documents, principal, productId);
    const category = await this.ports.documents.collection<CategoryDocument>(CATALOG_COLLECTIONS.categories).get(product.categoryId);
    const history = await this.ports.eventStore.readStream(CATALOG_STREAMS.product.name(productId));
    return presentDetail(product, category?.label ?? null, Math.max(history.length - 1, 0));
  }

  async priceHistory(principal: Principal, productId: string): Promise<PriceHistory> {
    await visibleProduct(this.ports.documents, principal, productId);
    const stored = await this.ports.eventStore.readStream(CATALOG_STREAMS.product.name(productId));
    const names = await userNames(this.ports.documents, stored.map((s) => s.metadata.userId));
    const current: Record<string, number | null> = {};
    const items: PriceHistoryEntry[] = [];
    for (const entry of stored) {
      const event = toDomainEvent<ProductEvent>(entry);
      const prices = event.type === 'ProductCreated' ? event.data.prices : event.type === 'ProductPriced' ? event.data.prices : null;
      if (!prices) continue;
      const changes: PriceHistoryEntry['changes'] = [];
      for (const state of PRODUCT_STATES) {
        const after = prices[state];
        if (after === undefined) continue;
        const before = current[state] ?? null;
        if (event.type === 'ProductPriced' || after !== null) changes.push({ state, before, after });
        current[state] = after;
      }
      const userId = entry.metadata.userId;
      items.push({ eventId: entry.id, at: entry.metadata.occurredAt, user: userId ? { id: userId, name: names.get(userId) ?? userId } : null, changes });
    }
    return { items };
  }

  async history(principal: Principal, productId: string): Promise<ProductHistory> {
    await visibleProduct(this.ports.documents, principal, productId);
    const stored = await this.ports.eventStore.readStream(CATALOG_STREAMS.product.name(productId));
    const names = await userNames(this.ports.documents, stored.map((s) => s.metadata.userId));
    let state: Record<string, unknown> = {};
    const items: ProductHistoryEntry[] = [];
    for (const entry of stored) {
      const event = toDomainEvent<ProductEvent>(entry);
      if (!(PRODUCT_HISTORY_TYPES as readonly string[]).includes(event.type)) continue;
      const changed: Record<string, unknown> = historyChanges(event);
      const changes: ProductHistoryEntry['changes'] = {};
      for (const [key, to] of Object.entries(changed)) {
        const from = state[key] ?? null;
        if (event.type !== 'ProductCreated' || (to !== null && !(Array.isArray(to) && to.length === 0))) changes[key] = { from, to: to ?? null };
      }
      state = { ...state, ...changed };
      const userId = entry.metadata.userId;
      items.push({ eventId: entry.id, revision: entry.streamRevision, type: event.type, at: entry.metadata.occurredAt, user: userId ? { id: userId, name: names.get(userId) ?? userId } : null, changes });
    }
    return { items };
  }
}

/** The values an event sets, keyed as the history shows them (prices per state as `prices.<state>`). */
function historyChanges(event: ProductEvent): Record<string, unknown> {
  switch (event.type) {
    case 'ProductCreated': {
      const { productId: _id, prices, ...fields } = event.data;
      return { ...fields, ...prefixed(prices) };
    }
    case 'ProductChanged':
      return { ...event.data.changes };
    case 'ProductPriced':
      return prefixed(event.data.prices);
    case 'ProductPublished':
      return { status: 'published' };
    case 'ProductUnpublished':
      return { status: 'draft' };
    default:
      return {};
  }
}

function prefixed(prices: Partial<Record<string, number | null>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(prices).map(([state, value]) => [`prices.${state}`, value]));
}

/** The categories named and every one below them. */
function descendants(categories: readonly CategoryDocument[], roots: readonly string[]): string[] {
  const ids = [...new Set(roots)];
  const seen = new Set(ids);
  for (let i = 0; i < ids.length; i++) {
    for (const category of categories) {
      if (category.parentId === ids[i] && !seen.has(category._id)) {
        seen.add(category._id);
        ids.push(category._id);
      }
    }
  }
  return ids;
}

function valueAt(product: ProductDocument, path: string, labels: Map<string, string>): string | number | null {
  if (path === 'category') return labels.get(product.categoryId) ?? '';
  if (path === 'prices.grade_a') return product.prices.grade_a;
  const value = product[path];
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}

function sortRows(rows: ProductDocument[], order: SortSpec, labels: Map<string, string>): ProductDocument[] {
  return rows.sort((a, b) => {
    for (const [path, direction] of order) {
      const x = valueAt(a, path, labels);
      const y = valueAt(b, path, labels);
      if (x === y) continue;
      if (x === null) return -direction;
      if (y === null) return direction;
      return (x < y ? -1 : 1) * direction;
    }
    return a.label.localeCompare(b.label);
  });
}

function pageOf(rows: ProductDocument[], request: PageRequest): ListPage<ProductDocument> {
  if (request.pagination === false) {
    if (rows.length > UNPAGED_LIMIT) throw new ApplicationError('LIST_TOO_LONG', { limit: UNPAGED_LIMIT });
    return { items: rows, totalItems: rows.length, totalItemsIsLowerBound: false, hasNextPage: false, page: 1, itemsPerPage: UNPAGED_LIMIT };
  }
  const skip = (request.page - 1) * request.itemsPerPage;
  return {
    items: rows.slice(skip, skip + request.itemsPerPage),
    totalItems: rows.length,
    totalItemsIsLowerBound: false,
    hasNextPage: skip + request.itemsPerPage < rows.length,
    page: request.page,
    itemsPerPage: request.itemsPerPage,
  };
}

export function presentDetail(product: ProductDocument, categoryLabel: string | null, revision: number): ProductDetailView {
  return {
    id: product._id,
    accountId: product.accountId,
    label: product.label,
    brand: product.brand,
    model: product.model,
    reference: product.reference ?? null,
    buyerReference: product.buyerReference ?? null,
    ean: product.ean,
    tacCodes: product.tacCodes,
    categoryId: product.categoryId,
    categoryLabel,
    secondaryCategoryIds: product.secondaryCategoryIds ?? [],
    comment: product.comment ?? null,
    simple: product.simple,
    isCollectingImei: product.isCollectingImei,
    buybackZeroNotAllowed: product.buybackZeroNotAllowed,
    heightCm: product.heightCm ?? null,
    lengthCm: product.lengthCm ?? null,
    widthCm: product.widthCm ?? null,
    weightGrams: product.weightGrams ?? null,
    nominalHeightCm: product.nominalHeightCm ?? null,
    nominalLengthCm: product.nominalLengthCm ?? null,
    nominalWidthCm: product.nominalWidthCm ?? null,
    nominalWeightGrams: product.nominalWeightGrams ?? null,
    imageUrl: product.imageUrl,
    imageHdUrl: product.imageHdUrl ?? null,
    translations: (product.translations ?? null) as ProductDetailView['translations'],
    status: product.status,
    currency: product.currency,
    prices: Object.fromEntries(PRODUCT_STATES.map((state) => [state, product.prices[state] ?? null])) as ProductDetailView['prices'],
    createdAt: product.createdAt,
    updatedAt: product.updatedAt ?? product.createdAt,
    revision,
  };
}
