import { inject, injectable } from 'tsyringe';
import type { DocumentStore, Filter } from '../ports/document-store.js';
import { TOKENS } from '../tokens.js';
import { ApplicationError } from '../commands/errors.js';
import { tenantFilter, type Principal } from '../auth/principal.js';
import { estimate, type DiagnosticResponse, type Estimate } from '../../domain/catalog/estimate.js';
import type { BuybackChannel } from '../../domain/buyback/events.js';
import { COLLECTIONS } from '../../projections/reference-data/projections.js';
import type {
  CategoryDocument,
  CircuitDocument,
  PaymentModeDocument,
  ProductDocument,
  QuestionDocument,
  ShippingMethodDocument,
} from '../../projections/reference-data/documents.js';

export interface ProductSearch {
  search?: string;
  categoryId?: string;
  status?: 'draft' | 'published' | 'all';
  priceMin?: number;
  priceMax?: number;
  page: number;
  itemsPerPage: number;
  sort?: Array<[string, 1 | -1]>;
}

export interface BuybackOptions {
  circuits: Array<Pick<CircuitDocument, 'circuitId' | 'name' | 'circuitType' | 'channel' | 'deposit' | 'description'> & {
    shippingMethodIds: string[];
    paymentModeIds: string[];
  }>;
  shippingMethods: ShippingMethodDocument[];
  paymentModes: PaymentModeDocument[];
}

/** Reads the catalogue read models; every read is scoped to the caller's tenant. */
@injectable()
export class CatalogService {
  constructor(@inject(TOKENS.DocumentStore) private readonly documents: DocumentStore) {}

  private products() {
    return this.documents.collection<ProductDocument>(COLLECTIONS.products);
  }

  async searchProducts(principal: Principal, query: ProductSearch): Promise<{ items: ProductDocument[]; totalItems: number }> {
    const filters: Filter[] = [tenantFilter(principal)];
    const status = query.status ?? 'published';
    if (status !== 'all') filters.push({ status });
    if (query.search?.trim()) filters.push({ searchText: { $regex: escapeRegex(query.search.trim().toLowerCase()) } });
    if (query.categoryId) {
      const ids = await this.descendantCategoryIds(principal, query.categoryId);
      filters.push({ categoryId: { $in: ids } });
    }
    if (query.priceMin !== undefined) filters.push({ 'prices.grade_a': { $gte: query.priceMin } });
    if (query.priceMax !== undefined) filters.push({ 'prices.grade_a': { $lte: query.priceMax } });
    const filter: Filter = { $and: filters };
    const [items, totalItems] = await Promise.all([
      this.products().find(filter, {
        sort: query.sort?.length ? query.sort : [['label', 1]],
        skip: (query.page - 1) * query.itemsPerPage,
        limit: query.itemsPerPage,
      }),
      this.products().count(filter),
    ]);
    return { items, totalItems };
  }

  /** A product of the caller's tenant, or PRODUCT_NOT_FOUND (never another tenant's). */
  async product(principal: Principal, productId: string): Promise<ProductDocument> {
    const [product] = await this.products().find({ $and: [tenantFilter(principal), { _id: productId }] }, { limit: 1 });
    if (!product) throw new ApplicationError('PRODUCT_NOT_FOUND', { productId });
    return product;
  }

  /** A product that can be bought back now: it exists and is published. */
  async publishedProduct(principal: Principal, productId: string): Promise<ProductDocument> {
    const product = await this.product(principal, productId);
    if (product.status !== 'published') throw new ApplicationError('PRODUCT_UNPUBLISHED', { productId });
    return product;
  }

  async category(accountId: string, categoryId: string): Promise<CategoryDocument | null> {
    const category = await this.documents.collection<CategoryDocument>(COLLECTIONS.categories).get(categoryId);
    return category && category.accountId === accountId ? category : null;
  }

  /** The category and its ancestors, root first. */
  async ancestry(accountId: string, categoryId: string): Promise<CategoryDocument[]> {
    const chain: CategoryDocument[] = [];
    let current = await this.category(accountId, categoryId);
    while (current && chain.length < 32) {
      chain.unshift(current);
      current = current.parentId ? await this.category(accountId, current.parentId) : null;
    }
    return chain;
  }

  /** Questions of the product's category and of every ancestor, root first, each category's by position. */
  async questionsFor(principal: Principal, product: ProductDocument): Promise<QuestionDocument[]> {
    const chain = await this.ancestry(product.accountId, product.categoryId);
    const questions = await this.documents
      .collection<QuestionDocument>(COLLECTIONS.questions)
      .find({ accountId: product.accountId, categoryId: { $in: chain.map((c) => c._id) } }, { sort: [['position', 1]] });
    const depth = new Map(chain.map((category, index) => [category._id, index]));
    return questions.sort(
      (a, b) => (depth.get(a.categoryId) ?? 0) - (depth.get(b.categoryId) ?? 0) || a.position - b.position,
    );
  }

  async estimate(principal: Principal, productId: string, responses: DiagnosticResponse[]): Promise<Estimate & { product: ProductDocument }> {
    const product = await this.publishedProduct(principal, productId);
    const questions = await this.questionsFor(principal, product);
    const result = estimate(
      {
        id: product._id,
        simple: product.simple,
        currency: product.currency,
        prices: product.prices,
        buybackZeroNotAllowed: product.buybackZeroNotAllowed,
      },
      questions.map((q) => ({
        id: q._id,
        type: q.type,
        answers: q.answers.map((a) => ({
          id: a.id,
          gradeCap: a.gradeCap,
          priceImpact: a.priceImpact,
          blocksEstimate: a.blocksEstimate,
        })),
      })),
      responses,
    );
    return { ...result, product };
  }

  /**
   * The circuits of the product's category (or of its nearest ancestor that
   * names circuits) open to the channel, with the shipping methods and
   * payment modes each one allows.
   */
  async buybackOptions(principal: Principal, product: ProductDocument, channel: BuybackChannel): Promise<BuybackOptions> {
    const chain = await this.ancestry(product.accountId, product.categoryId);
    const circuitIds = [...chain].reverse().find((c) => c.circuitIds.length > 0)?.circuitIds ?? [];
    const circuits = (
      await this.documents
        .collection<CircuitDocument>(COLLECTIONS.circuits)
        .find({ accountId: product.accountId, channel, status: 'enabled', _id: { $in: circuitIds } }, { sort: [['name', 1]] })
    );
    const shippingMethodIds = [...new Set(circuits.flatMap((c) => c.shippingMethodIds))];
    const paymentModeIds = [...new Set(circuits.flatMap((c) => c.paymentModeIds))];
    const [shippingMethods, paymentModes] = await Promise.all([
      this.documents
        .collection<ShippingMethodDocument>(COLLECTIONS.shippingMethods)
        .find({ accountId: product.accountId, _id: { $in: shippingMethodIds } }, { sort: [['label', 1]] }),
      this.documents
        .collection<PaymentModeDocument>(COLLECTIONS.paymentModes)
        .find({ accountId: product.accountId, status: 'enabled', _id: { $in: paymentModeIds } }, { sort: [['label', 1]] }),
    ]);
    return {
      circuits: circuits.map((c) => ({
        circuitId: c.circuitId,
        name: c.name,
        circuitType: c.circuitType,
        channel: c.channel,
        deposit: c.deposit,
        description: c.description,
        shippingMethodIds: c.shippingMethodIds,
        paymentModeIds: c.paymentModeIds,
      })),
      shippingMethods,
      paymentModes,
    };
  }

  private async descendantCategoryIds(principal: Principal, rootId: string): Promise<string[]> {
    const all = await this.documents
      .collection<CategoryDocument>(COLLECTIONS.categories)
      .find(tenantFilter(principal), { limit: 10_000 });
    const ids = [rootId];
    for (let i = 0; i < ids.length; i++) {
      for (const category of all) if (category.parentId === ids[i]) ids.push(category._id);
    }
    return ids;
  }
}

export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
