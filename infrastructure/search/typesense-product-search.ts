/**
 * The search service of the specification: Typesense. One collection per
 * account, named from the index and the organization's account
 * (`<index>_<accountId>`), so a scoped key can only ever reach one
 * retailer's products. The client retries 5 times 200 ms apart and gives up
 * on a connection after 2 s (specification 000, the search client). The
 * words are cut as the embedded engine cuts them (search-terms.ts), so both
 * read a storage size or an EAN the same way.
 */
import { Client } from 'typesense';
import type { CollectionCreateSchema } from 'typesense/lib/Typesense/Collections.js';
import type { ProductSearchHit, ProductSearchIndex, ProductSearchQuery, ScopedSearchKey, SearchableProduct } from '../../application/ports/product-search.js';
import { queryTerms, searchTerms } from './search-terms.js';

export interface TypesenseOptions {
  /** http(s)://host:port */
  url: string;
  apiKey: string;
  /** The collections' prefix (TYPESENSE_INDEX). */
  index: string;
  /** A search-only key to scope (TYPESENSE_SEARCH_API_KEY); made once with the admin key when absent. */
  searchApiKey?: string | null;
}

/** The specification's search client: 5 retries 200 ms apart, 2 s to connect, 40 results a page. */
export const TYPESENSE_CLIENT = { numRetries: 5, retryIntervalSeconds: 0.2, connectionTimeoutSeconds: 2 } as const;
export const SEARCH_PAGE_SIZE = 40;
/** Typesense's own bound on a page. */
const MAX_PER_PAGE = 250;

interface TypesenseProduct {
  [key: string]: unknown;
  id: string;
  terms: string;
  ean: string;
  keywords: string;
  label: string;
  status: string;
  categoryIds: string[];
  gradeAPrice: number;
}

export function collectionNameOf(index: string, accountId: string): string {
  return `${index}_${accountId}`.replace(/[^A-Za-z0-9_-]/g, '_');
}

function schemaOf(name: string): CollectionCreateSchema {
  return {
    name,
    fields: [
      { name: 'terms', type: 'string' },
      { name: 'ean', type: 'string' },
      { name: 'keywords', type: 'string' },
      { name: 'label', type: 'string', index: false, optional: true },
      { name: 'status', type: 'string', facet: true },
      { name: 'categoryIds', type: 'string[]', facet: true },
      { name: 'gradeAPrice', type: 'int32' },
    ],
  };
}

function documentOf(product: SearchableProduct): TypesenseProduct {
  return {
    id: product.productId,
    terms: searchTerms(`${product.brand} ${product.model} ${product.label}`).join(' '),
    ean: product.ean ? searchTerms(product.ean).join(' ') : '',
    keywords: searchTerms((product.keywords ?? []).join(' ')).join(' '),
    label: product.label,
    status: product.status,
    categoryIds: product.categoryIds,
    gradeAPrice: product.gradeAPrice ?? -1,
  };
}

/** A value inside a filter_by clause, backquoted. */
function quoted(value: string): string {
  return `\`${value.replace(/`/g, '')}\``;
}

export class TypesenseProductSearch implements ProductSearchIndex {
  readonly durable = true;
  private readonly client: Client;
  private readonly known = new Set<string>();
  private parentSearchKey: Promise<string> | null = null;

  constructor(private readonly options: TypesenseOptions) {
    this.client = new Client({ nodes: [{ url: options.url.replace(/\/$/, '') }], apiKey: options.apiKey, ...TYPESENSE_CLIENT, logLevel: 'error' });
  }

  /** Answers once the server says it is healthy (the contract suite's probe). */
  async healthy(): Promise<boolean> {
    const health = await this.client.health.retrieve();
    return health.ok === true;
  }

  async upsert(products: readonly SearchableProduct[]): Promise<void> {
    const byAccount = new Map<string, TypesenseProduct[]>();
    for (const product of products) {
      const list = byAccount.get(product.accountId) ?? [];
      list.push(documentOf(product));
      byAccount.set(product.accountId, list);
    }
    for (const [accountId, documents] of byAccount) {
      const name = await this.ensureCollection(accountId);
      const results = await this.client.collections<TypesenseProduct>(name).documents().import(documents, { action: 'upsert' });
      const failed = results.find((result) => !result.success);
      if (failed) throw new Error(`Typesense refused a product: ${failed.error ?? 'unknown error'}`);
    }
  }

  async remove(productIds: readonly string[]): Promise<void> {
    if (productIds.length === 0) return;
    for (const name of await this.collections()) {
      for (let start = 0; start < productIds.length; start += 100) {
        const ids = productIds.slice(start, start + 100).map(quoted).join(',');
        await this.client.collections(name).documents().delete({ filter_by: `id:[${ids}]` });
      }
    }
  }

  async clear(): Promise<void> {
    for (const name of await this.collections()) await this.client.collections(name).delete();
    this.known.clear();
  }

  async search(query: ProductSearchQuery): Promise<ProductSearchHit[]> {
    const terms = queryTerms(query.text);
    const limit = Math.max(0, Math.min(query.limit, 1000));
    if (terms.length === 0 || limit === 0) return [];
    const name = collectionNameOf(this.options.index, query.accountId);
    if (!(await this.exists(name))) return [];
    const filters = [
      ...(query.status ? [`status:=${query.status}`] : []),
      ...(query.categoryId ? [`categoryIds:=${quoted(query.categoryId)}`] : []),
    ];
    const hits: ProductSearchHit[] = [];
    const perPage = Math.min(limit, MAX_PER_PAGE);
    for (let page = 1; hits.length < limit; page += 1) {
      const answer = await this.client.collections<TypesenseProduct>(name).documents().search({
        q: terms.join(' '),
        query_by: 'terms,ean,keywords',
        query_by_weights: '4,4,1',
        num_typos: '2,0,1',
        min_len_1typo: 4,
        min_len_2typo: 4,
        prefix: 'true,true,false',
        drop_tokens_threshold: 10,
        ...(filters.length ? { filter_by: filters.join(' && ') } : {}),
        per_page: perPage,
        page,
      });
      for (const hit of answer.hits ?? []) hits.push({ productId: hit.document.id, score: Number(hit.text_match ?? 0) });
      if ((answer.hits ?? []).length < perPage) break;
    }
    return hits.slice(0, limit);
  }

  async scopedSearchKey(accountId: string, expiresAt: Date): Promise<ScopedSearchKey> {
    const parent = await this.searchKey();
    const token = this.client.keys().generateScopedSearchKey(parent, {
      filter_by: 'status:=published',
      expires_at: Math.floor(expiresAt.getTime() / 1000),
    });
    return { token, collection: collectionNameOf(this.options.index, accountId), expiresAt: expiresAt.toISOString() };
  }

  private searchKey(): Promise<string> {
    if (this.options.searchApiKey) return Promise.resolve(this.options.searchApiKey);
    this.parentSearchKey ??= this.client
      .keys()
      .create({ description: `Search only: ${this.options.index}_*`, actions: ['documents:search'], collections: [`${this.options.index}_.*`] })
      .then((key) => key.value as string)
      .catch((error: unknown) => {
        this.parentSearchKey = null;
        throw error;
      });
    return this.parentSearchKey;
  }

  private async collections(): Promise<string[]> {
    const all = await this.client.collections().retrieve();
    return all.map((collection) => collection.name).filter((name) => name.startsWith(`${this.options.index}_`));
  }

  private async exists(name: string): Promise<boolean> {
    if (this.known.has(name)) return true;
    try {
      await this.client.collections(name).retrieve();
      this.known.add(name);
      return true;
    } catch (error) {
      if ((error as { httpStatus?: number }).httpStatus === 404) return false;
      throw error;
    }
  }

  private async ensureCollection(accountId: string): Promise<string> {
    const name = collectionNameOf(this.options.index, accountId);
    if (await this.exists(name)) return name;
    try {
      await this.client.collections().create(schemaOf(name));
    } catch (error) {
      // Made meanwhile by another process: fine.
      if ((error as { httpStatus?: number }).httpStatus !== 409) throw error;
    }
    this.known.add(name);
    return name;
  }
}
