import { inject, injectable } from 'tsyringe';
import type { DocumentStore, Filter, SortSpec } from '../ports/document-store.js';
import { TOKENS } from '../tokens.js';
import { ApplicationError } from '../commands/errors.js';
import { buybackVisibility, isPlatformStaff, singleBuybackVisibility, tenantFilter, type Principal } from '../organizations/principal.js';
import { escapeRegex } from '../catalog/catalog-service.js';
import { withoutBookkeeping } from '../projections/apply-events.js';
import { BUYBACKS_COLLECTION, type BuybackDocument, type DeliveryStatus } from './read-models.js';
import { COUNT_LIMIT, findAll, findPage, nullablePaths, type PageRequest, type SortColumns } from '../lists/paged-query.js';
import { BUYBACK_HISTORY_COLLECTION, type BuybackHistoryDocument } from './history-read-model.js';
import { BUYBACK_FILTERS, type BuybackFilterName, type BuybackReferences, type HistoryView, type ListPage } from './buyback-views.js';
import { CATALOG_COLLECTIONS } from '../catalog/read-models.js';
import { ORGANIZATION_COLLECTIONS } from '../organizations/read-models.js';
import type { CategoryDocument, CircuitDocument, ShippingMethodDocument } from '../catalog/read-models.js';
import type { AccountDocument, OrganizationDocument } from '../organizations/read-models.js';
import { userNames } from '../organizations/user-names.js';

/** Categories read to find those below a category of the filter. */
const CATEGORY_TREE_LIMIT = 10_000;

/** The filters of the buyback list (specification 000, §2 "Dashboard: buybacks"). */
export interface BuybackListFilters {
  status?: string[];
  channel?: string;
  customerName?: string;
  identificationNumber?: string;
  storeId?: string[];
  productId?: string;
  circuitId?: string;
  warehouseId?: string;
  buyerId?: string;
  /** Case-insensitive, the whole brand. */
  brand?: string;
  /** The category and every category below it. */
  categoryId?: string;
  deliveryStatus?: DeliveryStatus[];
  createdFrom?: string;
  createdTo?: string;
}

export interface BuybackListQuery extends PageRequest, BuybackListFilters {}

// A compile-time check: every filter the screen may be offered (BUYBACK_FILTERS) is one this query reads.
const everyOfferedFilterIsRead: [Exclude<BuybackFilterName, keyof BuybackListFilters>] extends [never] ? true : never = true;
void everyOfferedFilterIsRead;

/** Columns a list may be sorted by, mapped to document paths. */
export const BUYBACK_SORTS = {
  createdAt: { path: 'createdAt' },
  updatedAt: { path: 'updatedAt' },
  identificationNumber: { path: 'identificationNumber' },
  status: { path: 'status' },
  declaredPrice: { path: 'declaredPrice.amountInCents' },
  // Null once the customer is forgotten.
  customerName: { path: 'customerSearch', nullable: true },
  productLabel: { path: 'product.label' },
} as const satisfies SortColumns;

/** Newest first: the order every list index serves. */
export const BUYBACK_DEFAULT_ORDER: SortSpec = [['createdAt', -1]];

/** Cap on each list of names the buyback screens receive at once. */
export const REFERENCES_LIMIT = 1_000;

export { COUNT_LIMIT };

export type BuybackListPage = ListPage<BuybackDocument>;

/** Reads of the buyback read models, always through the caller's visibility filter. */
@injectable()
export class BuybackQueries {
  constructor(@inject(TOKENS.DocumentStore) private readonly documents: DocumentStore) {}

  /** One page of the list, or with pagination=false the whole list (at most UNPAGED_LIMIT rows). */
  async list(principal: Principal, query: BuybackListQuery): Promise<BuybackListPage> {
    const filter = listFilter(principal, await this.expanded(principal, query));
    const page = await findPage(this.buybacks(), filter, query, BUYBACK_DEFAULT_ORDER);
    return { ...page, items: page.items.map(readDocument) };
  }

  /** Every buyback of the list, in its order, read in batches as the consumer pulls (the CSV export). */
  async *all(principal: Principal, query: BuybackListFilters & { order?: SortSpec }): AsyncGenerator<BuybackDocument, void, undefined> {
    const filter = listFilter(principal, await this.expanded(principal, query));
    const order = query.order?.length ? query.order : BUYBACK_DEFAULT_ORDER;
    for await (const document of findAll(this.buybacks(), filter, order, { nullable: nullablePaths(BUYBACK_SORTS) })) {
      yield readDocument(document);
    }
  }

  /** The category filter reaches the categories below the one chosen (the tree of the caller's tenant). */
  private async expanded<Q extends BuybackListFilters>(principal: Principal, query: Q): Promise<Q & { categoryIds?: string[] }> {
    if (!query.categoryId) return query;
    const categories = await this.documents
      .collection<CategoryDocument>(CATALOG_COLLECTIONS.categories)
      .find(tenantFilter(principal), { limit: CATEGORY_TREE_LIMIT });
    return { ...query, categoryIds: descendantsOf(query.categoryId, categories) };
  }

  private buybacks() {
    return this.documents.collection<BuybackDocument>(BUYBACKS_COLLECTION);
  }

  async byId(principal: Principal, buybackId: string) {
    const [document] = await this.documents
      .collection<BuybackDocument>(BUYBACKS_COLLECTION)
      .find({ $and: [singleBuybackVisibility(principal), { _id: buybackId }] }, { limit: 1 });
    if (!document) throw new ApplicationError('BUYBACK_NOT_FOUND', { buybackId });
    return readDocument(document);
  }

  async byIdentificationNumber(principal: Principal, identificationNumber: string) {
    const [document] = await this.documents
      .collection<BuybackDocument>(BUYBACKS_COLLECTION)
      .find({ $and: [singleBuybackVisibility(principal), { identificationNumber }] }, { limit: 1 });
    if (!document) throw new ApplicationError('BUYBACK_CODE_NOT_FOUND', { identificationNumber });
    return readDocument(document);
  }

  /**
   * The caller's tenant's organizations, circuits, categories and shipping
   * methods, by name, each with its tenant (provider staff see every tenant's,
   * which the screens tell apart by the tenant's name), and the list filters
   * the caller is offered.
   */
  async references(principal: Principal): Promise<BuybackReferences> {
    const tenant = tenantFilter(principal);
    const limit = REFERENCES_LIMIT;
    const byName = [['commonName', 1]] as SortSpec;
    const organizations = this.documents.collection<OrganizationDocument>(ORGANIZATION_COLLECTIONS.organizations);
    const ofType = (type: string) => organizations.find({ ...tenant, type }, { sort: byName, limit });
    const accountFilter: Filter = isPlatformStaff(principal) ? {} : { _id: principal.accountId };
    const [stores, warehouses, buyers, circuits, categories, shippingMethods, accounts] = await Promise.all([
      ofType('store'),
      ofType('warehouse'),
      ofType('buyer'),
      this.documents.collection<CircuitDocument>(CATALOG_COLLECTIONS.circuits).find(tenant, { sort: [['name', 1]], limit }),
      this.documents.collection<CategoryDocument>(CATALOG_COLLECTIONS.categories).find(tenant, { sort: [['label', 1]], limit }),
      this.documents.collection<ShippingMethodDocument>(CATALOG_COLLECTIONS.shippingMethods).find(tenant, { sort: [['label', 1]], limit }),
      this.documents.collection<AccountDocument>(ORGANIZATION_COLLECTIONS.accounts).find(accountFilter, { sort: [['name', 1]], limit }),
    ]);
    const listable = visibleStores(principal);
    const named = (o: OrganizationDocument) => ({ id: o._id, name: o.commonName, accountId: o.accountId });
    return {
      accounts: accounts.map((a) => ({ id: a._id, name: a.name })),
      stores: stores.filter((o) => listable === null || listable.includes(o._id)).map(named),
      warehouses: warehouses.map(named),
      buyers: buyers.map(named),
      circuits: circuits.map((c) => ({ id: c._id, name: c.name, channel: c.channel, accountId: c.accountId })),
      categories: categories.map((c) => ({ id: c._id, label: c.label, parentId: c.parentId, accountId: c.accountId })),
      shippingMethods: shippingMethods.map((m) => ({ id: m._id, label: m.label, accountId: m.accountId })),
      filters: offeredFilters(principal),
    };
  }

  /** Each event: what, when, who (with the user's name), why, and the values it changed. */
  async history(principal: Principal, buybackId: string): Promise<{ items: HistoryView[] }> {
    await this.byId(principal, buybackId);
    const history = await this.documents.collection<BuybackHistoryDocument>(BUYBACK_HISTORY_COLLECTION).get(buybackId);
    const entries = history?.entries ?? [];
    const names = await userNames(this.documents, entries.map((e) => e.userId));
    return {
      items: entries.map((entry) => ({
        ...entry,
        user: entry.userId ? { id: entry.userId, name: names.get(entry.userId) ?? entry.userId } : null,
      })),
    };
  }
}

/** The stores a principal's lists are narrowed to, or null when not narrowed to stores. */
function visibleStores(principal: Principal): readonly string[] | null {
  switch (principal.userType) {
    case 'store_manager':
    case 'store_seller':
      return principal.organizationId ? [principal.organizationId] : [];
    case 'management_unit_manager':
    case 'management_unit_analyst':
      return principal.visibleStoreIds ?? [];
    default:
      return null;
  }
}

/**
 * The filters offered to a caller: all of them, but the store for a user of
 * one store, the warehouse for a warehouse's staff, the buyer for a buyer
 * manager: their visibility already fixes it.
 */
export function offeredFilters(principal: Principal): BuybackFilterName[] {
  const fixed = new Set<BuybackFilterName>();
  if (isPlatformStaff(principal)) return [...BUYBACK_FILTERS];
  switch (principal.userType) {
    case 'store_manager':
    case 'store_seller':
      fixed.add('storeId');
      break;
    case 'warehouse_manager':
    case 'warehouse_operator':
      fixed.add('warehouseId');
      break;
    case 'buyer_manager':
      fixed.add('buyerId');
      break;
    default:
      break;
  }
  return BUYBACK_FILTERS.filter((name) => !fixed.has(name));
}

/** The category and all below it, by the parents in `categories`. */
export function descendantsOf(rootId: string, categories: readonly CategoryDocument[]): string[] {
  const children = new Map<string, string[]>();
  for (const category of categories) {
    if (category.parentId) children.set(category.parentId, [...(children.get(category.parentId) ?? []), category._id]);
  }
  const ids = [rootId];
  for (let i = 0; i < ids.length; i++) ids.push(...(children.get(ids[i] as string) ?? []).filter((id) => !ids.includes(id)));
  return ids;
}

/** A stored document as the list shows it: without bookkeeping, and with the fields added since it was written. */
function readDocument(document: BuybackDocument): BuybackDocument {
  return { ...withoutBookkeeping(document), deliveryStatus: document.deliveryStatus ?? null, package: document.package ?? null, dispatch: document.dispatch ?? null };
}

/** What a list request asks for, within what the caller may see. */
export function listFilter(principal: Principal, query: BuybackListFilters & { categoryIds?: string[] }): Filter {
  return { $and: [buybackVisibility(principal), ...listFilters(query)] };
}

function listFilters(query: BuybackListFilters & { categoryIds?: string[] }): Filter[] {
  const filters: Filter[] = [];
  if (query.status?.length) filters.push({ status: { $in: query.status } });
  if (query.channel) filters.push({ channel: query.channel });
  if (query.customerName?.trim()) filters.push({ customerSearch: { $regex: escapeRegex(query.customerName.trim().toLowerCase()) } });
  if (query.identificationNumber) filters.push({ identificationNumber: { $regex: `^${escapeRegex(query.identificationNumber)}` } });
  if (query.storeId?.length) filters.push({ storeId: { $in: query.storeId } });
  if (query.productId) filters.push({ 'product.productId': query.productId });
  if (query.circuitId) filters.push({ 'circuit.id': query.circuitId });
  if (query.warehouseId) filters.push({ warehouseId: query.warehouseId });
  if (query.buyerId) filters.push({ buyerId: query.buyerId });
  // The store's $regex is case-insensitive: "samsung" finds "Samsung".
  if (query.brand?.trim()) filters.push({ 'product.brand': { $regex: `^${escapeRegex(query.brand.trim())}$` } });
  if (query.categoryId) filters.push({ 'product.categoryId': { $in: query.categoryIds ?? [query.categoryId] } });
  if (query.deliveryStatus?.length) filters.push({ deliveryStatus: { $in: query.deliveryStatus } });
  if (query.createdFrom) filters.push({ createdAt: { $gte: query.createdFrom } });
  if (query.createdTo) filters.push({ createdAt: { $lte: query.createdTo } });
  return filters;
}
