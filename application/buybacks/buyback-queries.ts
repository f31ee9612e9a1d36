import { inject, injectable } from 'tsyringe';
import type { DocumentStore, Filter, SortSpec } from '../ports/document-store.js';
import { TOKENS } from '../tokens.js';
import { ApplicationError } from '../commands/errors.js';
import { buybackVisibility, singleBuybackVisibility, tenantFilter, type Principal } from '../organizations/principal.js';
import { escapeRegex } from '../catalog/catalog-service.js';
import { withoutBookkeeping } from '../projections/apply-events.js';
import { BUYBACKS_COLLECTION, type BuybackDocument } from './read-models.js';
import { BUYBACK_HISTORY_COLLECTION, type BuybackHistoryDocument } from './history-read-model.js';
import type { BuybackReferences, HistoryView, ListPage } from './buyback-views.js';
import { CATALOG_COLLECTIONS } from '../catalog/read-models.js';
import { ORGANIZATION_COLLECTIONS } from '../organizations/read-models.js';
import type { CategoryDocument, CircuitDocument, ShippingMethodDocument } from '../catalog/read-models.js';
import type { OrganizationDocument, UserDocument } from '../organizations/read-models.js';

export interface BuybackListQuery {
  status?: string[];
  channel?: string;
  customerName?: string;
  identificationNumber?: string;
  storeId?: string[];
  productId?: string;
  circuitId?: string;
  warehouseId?: string;
  buyerId?: string;
  brand?: string;
  categoryId?: string;
  createdFrom?: string;
  createdTo?: string;
  page: number;
  itemsPerPage: number;
  /** Ignores paging: the whole filtered list (CSV export), capped. */
  pagination?: boolean;
  /** The specification's partial pagination: no total count, only whether a next page exists. */
  partial?: boolean;
  order?: SortSpec;
}

/** Columns a list may be sorted by, mapped to document paths. */
export const BUYBACK_SORTS: Record<string, string> = {
  createdAt: 'createdAt',
  updatedAt: 'updatedAt',
  identificationNumber: 'identificationNumber',
  status: 'status',
  declaredPrice: 'declaredPrice.amountInCents',
  customerName: 'customerSearch',
  productLabel: 'product.label',
};

export const EXPORT_LIMIT = 10_000;

/** Cap on each list of names the buyback screens receive at once. */
export const REFERENCES_LIMIT = 1_000;

/**
 * Totals are counted exactly up to this many buybacks; past it the list says
 * "10,000 or more" (totalItemsIsLowerBound). Counting a million matches
 * exactly would cost a scan of a million index entries on every page view.
 */
export const COUNT_LIMIT = 10_000;

export type BuybackListPage = ListPage<BuybackDocument>;

/** Reads of the buyback read models, always through the caller's visibility filter. */
@injectable()
export class BuybackQueries {
  constructor(@inject(TOKENS.DocumentStore) private readonly documents: DocumentStore) {}

  async list(principal: Principal, query: BuybackListQuery): Promise<BuybackListPage> {
    const filter = listFilter(principal, query);
    const collection = this.documents.collection<BuybackDocument>(BUYBACKS_COLLECTION);
    const sort: SortSpec = query.order?.length ? query.order : [['createdAt', -1]];
    const paged = query.pagination !== false;
    const limit = paged ? query.itemsPerPage : EXPORT_LIMIT;
    const counted = !query.partial;
    const [found, counting] = await Promise.all([
      // One more than the page tells whether a next page exists without counting.
      collection.find(filter, { sort, skip: paged ? (query.page - 1) * query.itemsPerPage : 0, limit: limit + 1 }),
      counted ? collection.count(filter, { limit: COUNT_LIMIT + 1 }) : Promise.resolve(null),
    ]);
    const items = found.slice(0, limit).map(withoutBookkeeping);
    return {
      items,
      totalItems: counting === null ? null : Math.min(counting, COUNT_LIMIT),
      totalItemsIsLowerBound: counting !== null && counting > COUNT_LIMIT,
      // Without paging (export), true means the list was cut at EXPORT_LIMIT.
      hasNextPage: found.length > limit,
      page: query.page,
      itemsPerPage: query.itemsPerPage,
    };
  }

  async byId(principal: Principal, buybackId: string) {
    const [document] = await this.documents
      .collection<BuybackDocument>(BUYBACKS_COLLECTION)
      .find({ $and: [singleBuybackVisibility(principal), { _id: buybackId }] }, { limit: 1 });
    if (!document) throw new ApplicationError('BUYBACK_NOT_FOUND', { buybackId });
    return withoutBookkeeping(document);
  }

  async byIdentificationNumber(principal: Principal, identificationNumber: string) {
    const [document] = await this.documents
      .collection<BuybackDocument>(BUYBACKS_COLLECTION)
      .find({ $and: [singleBuybackVisibility(principal), { identificationNumber }] }, { limit: 1 });
    if (!document) throw new ApplicationError('BUYBACK_CODE_NOT_FOUND', { identificationNumber });
    return withoutBookkeeping(document);
  }

  /** The caller's tenant's organizations, circuits, categories and shipping methods, by name. */
  async references(principal: Principal): Promise<BuybackReferences> {
    const tenant = tenantFilter(principal);
    const limit = REFERENCES_LIMIT;
    const byName = [['commonName', 1]] as SortSpec;
    const organizations = this.documents.collection<OrganizationDocument>(ORGANIZATION_COLLECTIONS.organizations);
    const ofType = (type: string) => organizations.find({ ...tenant, type }, { sort: byName, limit });
    const [stores, warehouses, buyers, circuits, categories, shippingMethods] = await Promise.all([
      ofType('store'),
      ofType('warehouse'),
      ofType('buyer'),
      this.documents.collection<CircuitDocument>(CATALOG_COLLECTIONS.circuits).find(tenant, { sort: [['name', 1]], limit }),
      this.documents.collection<CategoryDocument>(CATALOG_COLLECTIONS.categories).find(tenant, { sort: [['label', 1]], limit }),
      this.documents.collection<ShippingMethodDocument>(CATALOG_COLLECTIONS.shippingMethods).find(tenant, { sort: [['label', 1]], limit }),
    ]);
    const listable = visibleStores(principal);
    const named = (o: OrganizationDocument) => ({ id: o._id, name: o.commonName });
    return {
      stores: stores.filter((o) => listable === null || listable.includes(o._id)).map(named),
      warehouses: warehouses.map(named),
      buyers: buyers.map(named),
      circuits: circuits.map((c) => ({ id: c._id, name: c.name, channel: c.channel })),
      categories: categories.map((c) => ({ id: c._id, label: c.label, parentId: c.parentId })),
      shippingMethods: shippingMethods.map((m) => ({ id: m._id, label: m.label })),
    };
  }

  /** Each event: what, when, who (with the user's name), why, and the values it changed. */
  async history(principal: Principal, buybackId: string): Promise<{ items: HistoryView[] }> {
    await this.byId(principal, buybackId);
    const history = await this.documents.collection<BuybackHistoryDocument>(BUYBACK_HISTORY_COLLECTION).get(buybackId);
    const entries = history?.entries ?? [];
    const userIds = [...new Set(entries.map((e) => e.userId).filter((id): id is string => id !== null))];
    const users = await this.documents.collection<UserDocument>(ORGANIZATION_COLLECTIONS.users).getMany(userIds);
    const names = new Map(users.map((u) => [u._id, `${u.firstname} ${u.lastname}`]));
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

/** What a list request asks for, within what the caller may see. */
export function listFilter(principal: Principal, query: Omit<BuybackListQuery, 'page' | 'itemsPerPage'>): Filter {
  return { $and: [buybackVisibility(principal), ...listFilters(query)] };
}

function listFilters(query: Omit<BuybackListQuery, 'page' | 'itemsPerPage'>): Filter[] {
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
  if (query.brand) filters.push({ 'product.brand': query.brand });
  if (query.categoryId) filters.push({ 'product.categoryId': query.categoryId });
  if (query.createdFrom) filters.push({ createdAt: { $gte: query.createdFrom } });
  if (query.createdTo) filters.push({ createdAt: { $lte: query.createdTo } });
  return filters;
}
