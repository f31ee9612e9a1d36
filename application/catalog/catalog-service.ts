import { inject, injectable } from 'tsyringe';
import type { DocumentStore, Filter } from '../ports/document-store.js';
import { TOKENS } from '../tokens.js';
import { ApplicationError } from '../commands/errors.js';
import { isPlatformStaff, tenantFilter, type Principal } from '../organizations/principal.js';
import { bestEstimate, estimate, type DiagnosticResponse, type Estimate, type QuestionRule } from '../../domain/catalog/estimate.js';
import type { Money } from '../../domain/shared/money.js';
import type { BuybackChannel } from '../../domain/buybacks/events.js';
import { DomainError } from '../../domain/shared/domain-error.js';
import { imeiMatchesTac, parseImei, type Imei } from '../../domain/values/imei.js';
import { findProductsByBarcode } from './product-barcode.js';
import { paymentModifierOf } from '../../domain/payments/modifier.js';
import type { AbsorptionRule } from '../../domain/buybacks/absorption.js';
import { customerPrice } from '../../domain/catalog/pricing/customer-price.js';
import { effectiveAbsorptionRule, NO_ABSORPTION, PRICING_FEATURES, requireFeature } from '../../domain/catalog/pricing/premium-features.js';
import { CATALOG_COLLECTIONS } from './read-models.js';
import { ORGANIZATION_COLLECTIONS } from '../organizations/read-models.js';
import type { ClientAccountDocument } from '../organizations/clients/client-read-model.js';
import type {
  CategoryDocument,
  CircuitDocument,
  PaymentModeDocument,
  ProductDocument,
  QuestionDocument,
  ShippingMethodDocument,
} from './read-models.js';

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
    /** The circuit's bonus (positive) or cost (negative) to the customer, in cents; null: none. */
    customerBonusInCents: number | null;
    translations: unknown;
  }>;
  shippingMethods: ShippingMethodDocument[];
  paymentModes: PaymentModeDocument[];
  /** The retailer's premium features (what the prices apply). */
  features: readonly string[];
}

export interface PaymentAmount {
  paymentModeId: string;
  label: string;
  paymentType: PaymentModeDocument['paymentType'];
  /** What the mode adds or takes (zero without the payment_bonus premium feature). */
  adjustment: Money;
  amount: Money;
}

/** A category with its published products (its own and its descendants') and its sub-categories. */
export interface CategoryTreeNode {
  category: CategoryDocument;
  publishedProducts: number;
  children: CategoryTreeNode[];
}

/** Reads the catalogue read models; every read is scoped to the caller's tenant. */
@injectable()
export class CatalogService {
  constructor(@inject(TOKENS.DocumentStore) private readonly documents: DocumentStore) {}

  private products() {
    return this.documents.collection<ProductDocument>(CATALOG_COLLECTIONS.products);
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
    // A lookup by id (the reference cache answers it), then the tenant check tenantFilter stands for.
    const product = await this.products().get(productId);
    if (!product || !(isPlatformStaff(principal) || product.accountId === principal.accountId)) {
      throw new ApplicationError('PRODUCT_NOT_FOUND', { productId });
    }
    return product;
  }

  /** A product that can be bought back now: it exists and is published. */
  async publishedProduct(principal: Principal, productId: string): Promise<ProductDocument> {
    const product = await this.product(principal, productId);
    if (product.status !== 'published') throw new ApplicationError('PRODUCT_UNPUBLISHED', { productId });
    return product;
  }

  /**
   * The published products whose TAC codes include the IMEI's first 8 digits
   * (IMEI search). An IMEI that is not well formed is a field error on `imei`.
   * Product TAC codes are an array, which the document store cannot query
   * element-wise, so the tenant's published IMEI-collecting products are read
   * and matched here: a catalogue has hundreds of them, not millions.
   */
  async productsByImei(principal: Principal, raw: string): Promise<{ imei: Imei; items: ProductDocument[] }> {
    // The IMEI search is a premium feature: a retailer without it is refused (a provider's staff acting for none: nothing to search).
    if (principal.accountId !== null) requireFeature(await this.premiumFeatures(principal.accountId), PRICING_FEATURES.imeiSearchAndCollect);
    let imei: Imei;
    try {
      imei = parseImei(raw);
    } catch (error) {
      if (error instanceof DomainError) {
        throw new ApplicationError('VALIDATION_FAILED', { fields: [{ ...error.details, field: 'imei', code: error.code }] });
      }
      throw error;
    }
    const candidates = await this.products().find(
      { $and: [tenantFilter(principal), { status: 'published' }, { isCollectingImei: true }] },
      { sort: [['label', 1]], limit: 10_000 },
    );
    return { imei, items: candidates.filter((product) => imeiMatchesTac(imei, product.tacCodes)) };
  }

  /** The published products whose EAN/GTIN is the scanned code (application/catalog/product-barcode.ts). */
  productsByBarcode(principal: Principal, raw: string): Promise<{ code: string; items: ProductDocument[] }> {
    return findProductsByBarcode(this.documents, principal, raw);
  }

  /** The premium features the provider enabled for the account (none for an unknown one). */
  async premiumFeatures(accountId: string): Promise<readonly string[]> {
    const account = await this.documents.collection<ClientAccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(accountId);
    return account?.settings.enabledPremiumFeatures ?? [];
  }

  /**
   * The absorption rule the check applies to a device of the category: the
   * nearest category's (the product's own first) that has one, and none
   * when the retailer lacks the `absorption` premium feature.
   */
  async absorptionRule(accountId: string, categoryId: string): Promise<AbsorptionRule> {
    const [chain, features] = await Promise.all([this.ancestry(accountId, categoryId), this.premiumFeatures(accountId)]);
    const rule = [...chain].reverse().find((c) => c.absorption.type !== 'none')?.absorption ?? NO_ABSORPTION;
    return effectiveAbsorptionRule(rule, features);
  }

  async category(accountId: string, categoryId: string): Promise<CategoryDocument | null> {
    const category = await this.documents.collection<CategoryDocument>(CATALOG_COLLECTIONS.categories).get(categoryId);
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
  async questionsFor(product: ProductDocument, chain?: readonly CategoryDocument[]): Promise<QuestionDocument[]> {
    chain ??= await this.ancestry(product.accountId, product.categoryId);
    const questions = await this.documents
      .collection<QuestionDocument>(CATALOG_COLLECTIONS.questions)
      .find({ accountId: product.accountId, categoryId: { $in: chain.map((c) => c._id) } }, { sort: [['position', 1]] });
    const depth = new Map(chain.map((category, index) => [category._id, index]));
    return questions.sort(
      (a, b) => (depth.get(a.categoryId) ?? 0) - (depth.get(b.categoryId) ?? 0) || a.position - b.position,
    );
  }

  /** The estimate, with the product and its category chain (root first), which a registration needs too. */
  async estimate(
    principal: Principal,
    productId: string,
    responses: DiagnosticResponse[],
  ): Promise<Estimate & { product: ProductDocument; ancestry: CategoryDocument[] }> {
    const product = await this.publishedProduct(principal, productId);
    const ancestry = await this.ancestry(product.accountId, product.categoryId);
    const questions = await this.questionsFor(product, ancestry);
    const result = estimate(pricedProduct(product), questions.map(questionRule), responses);
    return { ...result, product, ancestry };
  }

  /**
   * The estimate of any product of the catalogue, published or not (the
   * warehouse's check prices the device found, which may be another model
   * than the one declared), by the same rules as the customer's.
   */
  async estimateOf(product: ProductDocument, responses: DiagnosticResponse[]): Promise<Estimate> {
    const questions = await this.questionsFor(product);
    return estimate(pricedProduct(product), questions.map(questionRule), responses);
  }

  /**
   * The best price each product's diagnostic can give (the "up to" of a
   * product card), with the same rules as the estimate itself.
   */
  async bestPrices(products: readonly ProductDocument[]): Promise<Map<string, Money | null>> {
    const prices = new Map<string, Money | null>();
    const questionsByCategory = new Map<string, Promise<QuestionDocument[]>>();
    for (const product of products) {
      const key = `${product.accountId}/${product.categoryId}`;
      let questions = questionsByCategory.get(key);
      if (!questions) {
        questions = this.questionsFor(product);
        questionsByCategory.set(key, questions);
      }
      const best = bestEstimate(pricedProduct(product), (await questions).map(questionRule));
      prices.set(product._id, best?.price ?? null);
    }
    return prices;
  }

  /**
   * The circuits of the product's category (or of its nearest ancestor that
   * names circuits) open to the channel, with the shipping methods and
   * payment modes each one allows; only those of the types the provider
   * activated for the retailer (the client form's circuits, payment modes
   * and transport tabs; all of them for an account opened before).
   */
  async buybackOptions(
    principal: Principal,
    product: ProductDocument,
    channel: BuybackChannel,
    chain?: readonly CategoryDocument[],
  ): Promise<BuybackOptions> {
    chain ??= await this.ancestry(product.accountId, product.categoryId);
    const circuitIds = [...chain].reverse().find((c) => c.circuitIds.length > 0)?.circuitIds ?? [];
    const [found, active] = await Promise.all([
      this.documents
        .collection<CircuitDocument>(CATALOG_COLLECTIONS.circuits)
        .find({ accountId: product.accountId, channel, status: 'enabled', _id: { $in: circuitIds } }, { sort: [['name', 1]] }),
      activeOptionsOf(this.documents, product.accountId),
    ]);
    const circuits = found.filter((c) => !active.circuitTypes || active.circuitTypes.includes(c.circuitType));
    const shippingMethodIds = [...new Set(circuits.flatMap((c) => c.shippingMethodIds))];
    const paymentModeIds = [...new Set(circuits.flatMap((c) => c.paymentModeIds))];
    const [shippingMethods, paymentModes] = await Promise.all([
      this.documents
        .collection<ShippingMethodDocument>(CATALOG_COLLECTIONS.shippingMethods)
        .find({ accountId: product.accountId, _id: { $in: shippingMethodIds } }, { sort: [['label', 1]] }),
      this.documents
        .collection<PaymentModeDocument>(CATALOG_COLLECTIONS.paymentModes)
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
        // Written by the circuits' form (issue 21); a circuit configured before has none.
        customerBonusInCents: (c as { customerBonusInCents?: number | null }).customerBonusInCents ?? null,
        translations: (c as { translations?: unknown }).translations ?? null,
      })),
      shippingMethods: shippingMethods.filter((m) => !active.shippingTypes || active.shippingTypes.includes(m.shippingType)),
      paymentModes: paymentModes.filter((m) => !active.paymentTypes || active.paymentTypes.includes(m.paymentType)),
      features: active.features,
    };
  }

  /**
   * What the customer would be paid, for this price, by each payment mode the
   * options offer (`customerPrice`): the price with the mode's bonus or malus
   * when the retailer has `payment_bonus`, and the chosen circuit's bonus or
   * cost, so that a mode enabled, disabled or given a malus changes the next
   * estimate.
   */
  paymentAmounts(options: BuybackOptions, price: Money, circuitBonusInCents: number | null = null): PaymentAmount[] {
    return options.paymentModes.map((mode) => {
      const seen = customerPrice({ diagnosticPrice: price, paymentModifier: paymentModifierOf(mode.modifier), circuitBonusInCents, features: options.features });
      return { paymentModeId: mode._id, label: mode.label, paymentType: mode.paymentType, adjustment: seen.paymentAdjustment, amount: seen.total };
    });
  }

  /**
   * The caller's categories as a tree (children by label), each node with the
   * number of published products in it and in its descendants: what a
   * storefront visitor browses, and what the seller's category search shows.
   */
  async categoryTree(principal: Principal): Promise<CategoryTreeNode[]> {
    const categories = await this.documents
      .collection<CategoryDocument>(CATALOG_COLLECTIONS.categories)
      .find({ $and: [tenantFilter(principal), { status: { $ne: 'archived' } }] }, { sort: [['label', 1]], limit: 10_000 });
    const own = await Promise.all(
      categories.map((category) =>
        this.products().count({ accountId: category.accountId, categoryId: category._id, status: 'published' }),
      ),
    );
    const nodes = new Map<string, CategoryTreeNode>(
      categories.map((category, index) => [category._id, { category, publishedProducts: own[index] ?? 0, children: [] }]),
    );
    const roots: CategoryTreeNode[] = [];
    for (const node of nodes.values()) {
      const parent = node.category.parentId ? nodes.get(node.category.parentId) : undefined;
      // Below an archived category (not read): not shown either.
      if (node.category.parentId && !parent) continue;
      (parent ? parent.children : roots).push(node);
    }
    // Each node has one parent, so a walk from the roots visits every reachable node once.
    const addDescendants = (node: CategoryTreeNode): number => {
      for (const child of node.children) node.publishedProducts += addDescendants(child);
      return node.publishedProducts;
    };
    roots.forEach(addDescendants);
    return roots;
  }

  private async descendantCategoryIds(principal: Principal, rootId: string): Promise<string[]> {
    const all = await this.documents
      .collection<CategoryDocument>(CATALOG_COLLECTIONS.categories)
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

function pricedProduct(product: ProductDocument) {
  return {
    id: product._id,
    simple: product.simple,
    currency: product.currency,
    prices: product.prices,
    buybackZeroNotAllowed: product.buybackZeroNotAllowed,
  };
}

function questionRule(question: QuestionDocument): QuestionRule {
  return {
    id: question._id,
    type: question.type,
    answers: question.answers.map((a) => ({ id: a.id, gradeCap: a.gradeCap, priceImpact: a.priceImpact, blocksEstimate: a.blocksEstimate, exclusive: a.exclusive })),
  };
}

/** The circuit, shipping and payment types the provider activated for an account (null: all, an account opened before the client form). */
async function activeOptionsOf(
  documents: DocumentStore,
  accountId: string,
): Promise<{ circuitTypes: readonly string[] | null; shippingTypes: readonly string[] | null; paymentTypes: readonly string[] | null; features: readonly string[] }> {
  const account = await documents.collection<ClientAccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(accountId);
  const client = account?.client;
  return {
    circuitTypes: client?.activeCircuits ?? null,
    shippingTypes: client?.transport?.shippingTypes ?? null,
    paymentTypes: client?.paymentModes ?? null,
    features: account?.settings.enabledPremiumFeatures ?? [],
  };
}
