/**
 * The search index as a projection: it follows the search projection's
 * documents (application/catalog/search-read-model.ts), each stamped with the
 * position of the event that last changed it. At start it loads them all
 * (the embedded engine, in memory, from nothing; a durable engine from its
 * checkpoint on), then reads what changed every 200 ms and just before each
 * search, so a command's product is found by the next search. Each product
 * is indexed with its categories and their ancestors (a search under a
 * category finds its descendants' products) and their labels in every
 * language; a category moved or renamed re-indexes the products below it.
 * After a rebuild of the search projection (the client form's reindex, the
 * support page) it starts again from nothing.
 */
import type { Logger } from 'pino';
import type { DocumentStore } from '../../application/ports/document-store.js';
import type { BackgroundWorker, WorkerStatus } from '../../application/ports/background-worker.js';
import type { ProductSearchHit, ProductSearchIndex, ProductSearchQuery, SearchableProduct } from '../../application/ports/product-search.js';
import {
  SEARCH_COLLECTION,
  SEARCH_PROJECTION,
  type SearchCategoryDocument,
  type SearchDocument,
  type SearchProductDocument,
} from '../../application/catalog/search-read-model.js';

/** Where a durable engine's follower keeps its position (not a read model: a rebuild never drops it). */
export const SEARCH_INDEX_CHECKPOINTS = 'search_index_checkpoints';
const BATCH = 2_000;
const MAX_DEPTH = 32;

/** The rebuilds a follower watches (the platform's RebuildCoordinator's list). */
export type RebuildList = () => ReadonlyArray<{ projection: string; status: string; finishedAt: string | null }>;

export interface FollowerOptions {
  intervalMs?: number;
  /** A durable engine's checkpoint id (one per engine and index). */
  checkpointId?: string;
}

export class FollowedProductSearch implements ProductSearchIndex, BackgroundWorker {
  readonly name = 'search-index';
  /** Searches are answered by the process's own follower (the embedded index lives in its memory). */
  readonly perProcess = true;
  readonly durable: boolean;
  private position = 0;
  private readonly products = new Map<string, SearchProductDocument>();
  private readonly categories = new Map<string, SearchCategoryDocument>();
  private loaded: Promise<void> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private rebuildSeen: string | null = null;
  private rebuilds: RebuildList = () => [];
  private lastError: string | null = null;

  constructor(
    readonly engine: ProductSearchIndex,
    private readonly documents: DocumentStore,
    private readonly logger: Pick<Logger, 'info' | 'error'>,
    private readonly options: FollowerOptions = {},
  ) {
    this.durable = engine.durable;
    if (engine.scopedSearchKey) this.scopedSearchKey = (accountId, expiresAt) => (engine.scopedSearchKey as NonNullable<ProductSearchIndex['scopedSearchKey']>)(accountId, expiresAt);
  }

  scopedSearchKey?: ProductSearchIndex['scopedSearchKey'];

  /** Reload from nothing once a rebuild of the search projection finishes. */
  watchRebuilds(list: RebuildList): void {
    this.rebuilds = list;
    this.rebuildSeen = this.latestRebuild();
  }

  start(): void {
    void this.ready().catch((error: unknown) => this.logger.error({ err: error }, 'search index: first load failed'));
    const interval = this.options.intervalMs ?? 200;
    this.timer = setInterval(() => {
      void this.catchUp().catch((error: unknown) => {
        this.lastError = (error as Error).message;
        this.logger.error({ err: error }, 'search index: catching up failed; retrying');
      });
    }, interval);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.queue.catch(() => undefined);
  }

  async status(): Promise<WorkerStatus> {
    const waiting = await this.documents.collection<SearchDocument>(SEARCH_COLLECTION).count({ position: { $gt: this.position } });
    return { backlog: waiting, retrying: this.lastError && waiting > 0 ? waiting : 0, failed: 0, oldestSeconds: 0 };
  }

  /** Loaded once: everything from the projection (or, durable, from its checkpoint on). */
  ready(): Promise<void> {
    this.loaded ??= this.serialise(() => this.load());
    return this.loaded;
  }

  /** Everything again, the engine from nothing (the command line's rebuild of the search projection). */
  reindex(): Promise<void> {
    this.loaded = this.serialise(() => this.load(true));
    return this.loaded;
  }

  /** Applies what changed since the last look (and reloads after a rebuild). */
  async catchUp(): Promise<void> {
    await this.ready();
    const rebuilt = this.latestRebuild();
    if (rebuilt !== this.rebuildSeen) {
      this.rebuildSeen = rebuilt;
      this.logger.info({ projection: SEARCH_PROJECTION }, 'search index: the projection was rebuilt; reindexing');
      await this.serialise(() => this.load(true));
      return;
    }
    await this.serialise(() => this.follow());
  }

  async search(query: ProductSearchQuery): Promise<ProductSearchHit[]> {
    await this.catchUp();
    return this.engine.search(query);
  }

  upsert(products: readonly SearchableProduct[]): Promise<void> {
    return this.engine.upsert(products);
  }

  remove(productIds: readonly string[]): Promise<void> {
    return this.engine.remove(productIds);
  }

  clear(): Promise<void> {
    return this.engine.clear();
  }

  private latestRebuild(): string | null {
    const done = this.rebuilds().filter((job) => job.projection === SEARCH_PROJECTION && job.status === 'finished' && job.finishedAt);
    return done.map((job) => job.finishedAt as string).sort().pop() ?? null;
  }

  private serialise<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Everything again: the maps, and the engine from nothing unless a durable one holds a checkpoint. */
  private async load(fromNothing = false): Promise<void> {
    const started = Date.now();
    this.products.clear();
    this.categories.clear();
    const collection = this.documents.collection<SearchDocument>(SEARCH_COLLECTION);
    const all = await collection.find({}, { sort: [['position', 1]] });
    const checkpoint = this.durable && !fromNothing ? await this.storedCheckpoint() : 0;
    for (const document of all) this.remember(document);
    this.position = all.reduce((max, document) => Math.max(max, document.position), 0);
    if (checkpoint === 0) {
      await this.engine.clear();
      await this.pushInBatches([...this.products.values()]);
    } else {
      await this.pushInBatches([...this.products.values()].filter((product) => product.position > checkpoint));
    }
    await this.saveCheckpoint();
    this.logger.info({ products: this.products.size, ms: Date.now() - started }, 'search index loaded');
  }

  private async follow(): Promise<void> {
    for (;;) {
      const changed = await this.documents
        .collection<SearchDocument>(SEARCH_COLLECTION)
        .find({ position: { $gt: this.position } }, { sort: [['position', 1]], limit: BATCH });
      if (changed.length === 0) return;
      const touched = new Set<string>();
      for (const document of changed) {
        if (document.kind === 'category') {
          const before = this.categories.get(document.categoryId);
          this.remember(document);
          if (before) for (const productId of this.productsUnder(document.accountId, document.categoryId)) touched.add(productId);
        } else {
          this.remember(document);
          touched.add(document.productId);
        }
        this.position = Math.max(this.position, document.position);
      }
      await this.pushInBatches([...touched].map((id) => this.products.get(id)).filter((product): product is SearchProductDocument => product !== undefined));
      await this.saveCheckpoint();
      this.lastError = null;
      if (changed.length < BATCH) return;
    }
  }

  private remember(document: SearchDocument): void {
    if (document.kind === 'category') this.categories.set(document.categoryId, document);
    else this.products.set(document.productId, document);
  }

  private async pushInBatches(products: readonly SearchProductDocument[]): Promise<void> {
    for (let start = 0; start < products.length; start += BATCH) {
      await this.engine.upsert(products.slice(start, start + BATCH).map((product) => this.searchable(product)));
    }
  }

  /** The category and its ancestors, itself first (a deleted one and what is above it are left out). */
  private chain(categoryId: string): SearchCategoryDocument[] {
    const chain: SearchCategoryDocument[] = [];
    let current = this.categories.get(categoryId);
    while (current && !current.deleted && chain.length < MAX_DEPTH && !chain.includes(current)) {
      chain.push(current);
      current = current.parentId ? this.categories.get(current.parentId) : undefined;
    }
    return chain;
  }

  private productsUnder(accountId: string, categoryId: string): string[] {
    const ids: string[] = [];
    for (const product of this.products.values()) {
      if (product.accountId !== accountId) continue;
      const own = [product.categoryId, ...product.secondaryCategoryIds];
      if (own.some((id) => id === categoryId || this.chain(id).some((category) => category.categoryId === categoryId))) ids.push(product.productId);
    }
    return ids;
  }

  private searchable(product: SearchProductDocument): SearchableProduct {
    const chains = [product.categoryId, ...product.secondaryCategoryIds].map((id) => this.chain(id));
    const categories = [...new Map(chains.flat().map((category) => [category.categoryId, category])).values()];
    const translated = (translations: SearchProductDocument['translations']) =>
      Object.values(translations ?? {}).flatMap((fields) => (fields?.label ? [fields.label] : []));
    return {
      productId: product.productId,
      accountId: product.accountId,
      label: product.label,
      brand: product.brand,
      model: product.model,
      ean: product.ean,
      categoryIds: [...new Set([product.categoryId, ...product.secondaryCategoryIds, ...categories.map((category) => category.categoryId)])],
      status: product.status,
      gradeAPrice: product.gradeAPrice,
      keywords: [...translated(product.translations), ...categories.flatMap((category) => [category.label, ...translated(category.translations)])],
    };
  }

  private async storedCheckpoint(): Promise<number> {
    if (!this.options.checkpointId) return 0;
    const stored = await this.documents.collection<{ _id: string; position: number }>(SEARCH_INDEX_CHECKPOINTS).get(this.options.checkpointId);
    return stored?.position ?? 0;
  }

  private async saveCheckpoint(): Promise<void> {
    if (!this.durable || !this.options.checkpointId) return;
    await this.documents.collection(SEARCH_INDEX_CHECKPOINTS).upsert({ _id: this.options.checkpointId, position: this.position });
  }
}
