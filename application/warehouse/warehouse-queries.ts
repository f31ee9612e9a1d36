import { inject, injectable } from 'tsyringe';
import { allowedItemActions, type ItemAction } from '../../domain/warehouse/items/allowed-commands.js';
import type { ItemStatus } from '../../domain/warehouse/items/state.js';
import type { Permission } from '../organizations/permissions.js';
import type { DocumentStore, Filter, SortSpec } from '../ports/document-store.js';
import type { Clock } from '../ports/clock.js';
import { TOKENS } from '../tokens.js';
import { ApplicationError } from '../commands/errors.js';
import { tenantFilter, type Principal } from '../organizations/principal.js';
import { userNames } from '../organizations/user-names.js';
import { CATALOG_COLLECTIONS, type CategoryDocument } from '../catalog/read-models.js';
import { escapeRegex } from '../catalog/catalog-service.js';
import { withoutBookkeeping } from '../projections/apply-events.js';
import { itemCountIndex, itemListIndex, type ItemListShape } from './queries/item-list-plan.js';
import { findAll, findPage, nullablePaths, type PageRequest, type SortColumns } from '../lists/paged-query.js';
import type { ListPage } from '../views/schema.js';
import { descendantsOf } from '../buybacks/buyback-queries.js';
import { itemVisibility, visibleItem } from './commands/item-command.js';
import { stockVisibility, visibleStock, warehouseScope } from './commands/stocks.js';
import { LOSS_PERMISSIONS } from './commands/lose-and-return.js';
import { itemByCode } from './queries/item-lookup.js';
import { warehouseSettingsOf, type WarehouseSettings } from './settings.js';
import { WAREHOUSE_COLLECTIONS, type ItemDocument, type ItemHistoryDocument, type StockDocument, type VerificationDocument } from './read-models.js';
import type { ItemHistoryView, ItemView, StockView, VerificationView } from './warehouse-views.js';

const DAY_MS = 86_400_000;
const CATEGORY_TREE_LIMIT = 10_000;

/** The filters of the items list (specification 001: stock, status, product, brand, category, code, IMEI, age). */
export interface ItemListFilters {
  stockId?: string[];
  status?: ItemStatus[];
  warehouseId?: string;
  productId?: string;
  /** The whole brand, whatever the case. */
  brand?: string;
  /** The category and every category below it. */
  categoryId?: string;
  /** The start of the 13-digit code, or the whole 8-character item code. */
  code?: string;
  imei?: string;
  quarantineReason?: string[];
  buybackId?: string;
  /** Received at least / at most this many whole days ago. */
  minAgeDays?: number;
  maxAgeDays?: number;
  /** Margin against the target resale price at least / at most this many cents (items without a margin are left out). */
  marginMin?: number;
  marginMax?: number;
  /** Only the items the refurbishment planned steps for (true), or only the others (false). */
  hasRefurbishment?: boolean;
}

export interface ItemListQuery extends PageRequest, ItemListFilters {}

export const ITEM_SORTS = {
  receivedAt: { path: 'receivedAt', nullable: true },
  updatedAt: { path: 'updatedAt' },
  statusSince: { path: 'statusSince' },
  identificationNumber: { path: 'identificationNumber' },
  status: { path: 'status' },
  productLabel: { path: 'product.label' },
  purchasePrice: { path: 'purchasePrice.amountInCents' },
  margin: { path: 'margin.amountInCents', nullable: true },
} as const satisfies SortColumns;

/** Newest reception first: the order every list index serves. */
export const ITEM_DEFAULT_ORDER: SortSpec = [['receivedAt', -1]];

export const STOCK_SORTS = {
  name: { path: 'nameKey', nullable: true },
  quantity: { path: 'quantity' },
  createdAt: { path: 'createdAt' },
} as const satisfies SortColumns;

/** Native stocks first (their name is null), then by name. */
const STOCK_DEFAULT_ORDER: SortSpec = [['nameKey', 1]];

export interface StockListFilters {
  warehouseId?: string;
  /** Part of the name, whatever the case. */
  name?: string;
  native?: boolean;
}

/** What each item action needs of its caller (a loss, by its place). */
const ACTION_PERMISSIONS: Readonly<Record<ItemAction, Permission>> = {
  CheckInItem: 'item.check_in',
  RecordComplianceCheck: 'item.check',
  QuarantineItem: 'item.quarantine',
  ReleaseItem: 'item.quarantine',
  SendDisputeMail: 'item.send_quarantine_mail',
  MoveItem: 'item.move',
  ReturnItem: 'item.return',
  DeclareItemLostInStore: LOSS_PERMISSIONS.store,
  DeclareItemLostInTransport: LOSS_PERMISSIONS.transport,
  DeclareItemLostInWarehouse: LOSS_PERMISSIONS.warehouse,
};

/** Reads of the warehouse read models, always through the caller's visibility filter. */
@injectable()
export class WarehouseQueries {
  constructor(
    @inject(TOKENS.DocumentStore) readonly documents: DocumentStore,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async listItems(principal: Principal, query: ItemListQuery): Promise<ListPage<ItemView>> {
    const { filter, shape } = await this.itemFilter(principal, query);
    const page = await findPage(this.items(), filter, query, ITEM_DEFAULT_ORDER, {
      countIndex: itemCountIndex(shape),
      index: (matches, order) => itemListIndex(shape, matches, order),
    });
    const [settings, names] = await Promise.all([this.settingsByAccount(principal, page.items), this.userNames(page.items.flatMap(actorsOf))]);
    return { ...page, items: page.items.map((item) => this.present(item, principal, settings.get(item.accountId) as WarehouseSettings, names)) };
  }

  /** Every item of the list, in its order, read in batches as the export pulls. */
  async *allItems(principal: Principal, query: ItemListFilters & { order?: SortSpec }): AsyncGenerator<ItemDocument, void, undefined> {
    const { filter } = await this.itemFilter(principal, query);
    const order = query.order?.length ? query.order : ITEM_DEFAULT_ORDER;
    for await (const item of findAll(this.items(), filter, order, { nullable: nullablePaths(ITEM_SORTS) })) yield withoutBookkeeping(item);
  }

  async item(principal: Principal, itemId: string): Promise<ItemView> {
    const item = await visibleItem(this, principal, itemId);
    const [settings, names] = await Promise.all([warehouseSettingsOf(this.documents, principal, item.accountId), this.userNames(actorsOf(item))]);
    return this.present(item, principal, settings, names);
  }

  async itemByCode(principal: Principal, code: string): Promise<{ item: ItemView; settings: WarehouseSettings }> {
    const item = await itemByCode(this.documents, principal, code);
    const [settings, names] = await Promise.all([warehouseSettingsOf(this.documents, principal, item.accountId), this.userNames(actorsOf(item))]);
    return { item: this.present(item, principal, settings, names), settings };
  }

  /** Each event: what, when, who (with the user's name), why, and the values it changed (the stock among them). */
  async itemHistory(principal: Principal, itemId: string): Promise<{ items: ItemHistoryView[] }> {
    await visibleItem(this, principal, itemId);
    const history = await this.documents.collection<ItemHistoryDocument>(WAREHOUSE_COLLECTIONS.itemHistory).get(itemId);
    const entries = history?.entries ?? [];
    const names = await this.userNames(entries.map((e) => e.userId));
    return { items: entries.map((entry) => ({ ...entry, user: entry.userId ? { id: entry.userId, name: names.get(entry.userId) ?? entry.userId } : null })) };
  }

  async listStocks(principal: Principal, query: PageRequest & StockListFilters): Promise<ListPage<StockView>> {
    const filters: Filter[] = [stockVisibility(principal)];
    if (query.warehouseId) filters.push({ warehouseId: query.warehouseId });
    if (query.name?.trim()) filters.push({ nameKey: { $regex: escapeRegex(query.name.trim().toLowerCase()) } });
    if (query.native !== undefined) filters.push({ kind: query.native ? { $ne: null } : null });
    const page = await findPage(this.documents.collection<StockDocument>(WAREHOUSE_COLLECTIONS.stocks), { $and: filters }, query, STOCK_DEFAULT_ORDER);
    return { ...page, items: page.items.map((stock) => this.presentStock(stock)) };
  }

  async stock(principal: Principal, stockId: string): Promise<StockView> {
    return this.presentStock(await visibleStock(this, principal, stockId));
  }

  async listVerifications(principal: Principal, query: PageRequest & { warehouseId?: string }): Promise<ListPage<VerificationView>> {
    const filters: Filter[] = [warehouseScope(principal)];
    if (query.warehouseId) filters.push({ warehouseId: query.warehouseId });
    const page = await findPage(this.documents.collection<VerificationDocument>(WAREHOUSE_COLLECTIONS.verifications), { $and: filters }, query, [['createdAt', -1]]);
    return { ...page, items: page.items.map(presentVerification) };
  }

  async verification(principal: Principal, verificationId: string): Promise<VerificationView> {
    const [found] = await this.documents
      .collection<VerificationDocument>(WAREHOUSE_COLLECTIONS.verifications)
      .find({ $and: [warehouseScope(principal), { _id: verificationId }] }, { limit: 1 });
    if (!found) throw new ApplicationError('VERIFICATION_NOT_FOUND', { verificationId });
    return presentVerification(found);
  }

  async userNames(ids: ReadonlyArray<string | null>): Promise<Map<string, string>> {
    return userNames(this.documents, ids);
  }

  /** The item as one caller sees it: its age today, who did what by name, and the actions they may take now. */
  present(item: ItemDocument, principal: Principal, settings: WarehouseSettings, names: ReadonlyMap<string, string>): ItemView {
    const { _id, brandKey: _brand, _applied: _bookkeeping, refurbSteps: _steps, refurbishing: _refurbishing, ...fields } = item as ItemDocument & { _applied?: unknown };
    const named = <T extends { by: string | null }>(fact: T | null) => fact && { ...fact, byName: fact.by ? (names.get(fact.by) ?? null) : null };
    return {
      ...fields,
      id: _id,
      check: named(item.check),
      quarantine: named(item.quarantine),
      disputeMail: named(item.disputeMail),
      lost: named(item.lost),
      ageInDays: item.receivedAt === null ? null : Math.max(0, Math.floor((Date.parse(this.clock.now()) - Date.parse(item.receivedAt)) / DAY_MS)),
      allowedActions: allowedItemActions(item.status, item.stockId !== null, settings.checkInRequirement).filter((action) =>
        principal.permissions.has(ACTION_PERMISSIONS[action]),
      ),
    } as ItemView;
  }

  private presentStock(stock: StockDocument): StockView {
    const average = stock.quantity > 0 ? Date.parse(this.clock.now()) / 60_000 - stock.receivedAtMinutesSum / stock.quantity : null;
    return {
      id: stock._id,
      accountId: stock.accountId,
      warehouseId: stock.warehouseId,
      kind: stock.kind,
      name: stock.name,
      identifier: stock.identifier,
      location: stock.location,
      quantity: stock.quantity,
      averageAgeInDays: average === null ? null : Math.max(0, Math.round((average / 1_440) * 10) / 10),
      deletable: stock.kind === null && stock.quantity === 0,
      createdAt: stock.createdAt,
      updatedAt: stock.updatedAt,
    };
  }

  private items() {
    return this.documents.collection<ItemDocument>(WAREHOUSE_COLLECTIONS.items);
  }

  private async settingsByAccount(principal: Principal, items: readonly ItemDocument[]): Promise<Map<string, WarehouseSettings>> {
    const accounts = [...new Set(items.map((i) => i.accountId))];
    return new Map(await Promise.all(accounts.map(async (id) => [id, await warehouseSettingsOf(this.documents, principal, id)] as const)));
  }

  /** The list's filter, and what its plan needs to know of it (see item-list-plan.ts). */
  private async itemFilter(principal: Principal, query: ItemListFilters): Promise<{ filter: Filter; shape: ItemListShape }> {
    const visibility = itemVisibility(principal);
    const filters: Filter[] = [visibility];
    if (query.stockId?.length) filters.push({ stockId: { $in: query.stockId } });
    if (query.status?.length) filters.push({ status: { $in: query.status } });
    if (query.warehouseId) filters.push({ warehouseId: query.warehouseId });
    if (query.productId) filters.push({ 'product.productId': query.productId });
    if (query.brand?.trim()) filters.push({ brandKey: query.brand.trim().toLowerCase() });
    let category: string[] | null = null;
    if (query.categoryId) {
      const categories = await this.documents.collection<CategoryDocument>(CATALOG_COLLECTIONS.categories).find(tenantFilter(principal), { limit: CATEGORY_TREE_LIMIT });
      category = descendantsOf(query.categoryId, categories);
      filters.push({ 'product.categoryId': { $in: category } });
    }
    if (query.code) filters.push(codeFilter(query.code.replace(/\s+/g, '')));
    if (query.imei) filters.push({ imei: query.imei.trim() });
    if (query.quarantineReason?.length) filters.push({ 'quarantine.reason': { $in: query.quarantineReason } });
    if (query.buybackId) filters.push({ buybackId: query.buybackId });
    const now = Date.parse(this.clock.now());
    if (query.minAgeDays !== undefined) filters.push({ receivedAt: { $lte: new Date(now - query.minAgeDays * DAY_MS).toISOString() } });
    if (query.maxAgeDays !== undefined) filters.push({ receivedAt: { $gte: new Date(now - (query.maxAgeDays + 1) * DAY_MS).toISOString() } });
    if (query.marginMin !== undefined) filters.push({ 'margin.amountInCents': { $gte: query.marginMin } });
    if (query.marginMax !== undefined) filters.push({ 'margin.amountInCents': { $lte: query.marginMax } });
    if (query.hasRefurbishment !== undefined) filters.push({ refurbishing: query.hasRefurbishment ? true : { $ne: true } });
    const narrowedBy = new Map<string, number>();
    if (query.stockId?.length) narrowedBy.set('stockId', query.stockId.length);
    if (query.status?.length) narrowedBy.set('status', query.status.length);
    if (query.productId) narrowedBy.set('product.productId', 1);
    if (category) narrowedBy.set('product.categoryId', category.length);
    if (query.hasRefurbishment === true) narrowedBy.set('refurbishing', 1);
    const shape: ItemListShape = {
      tenantScoped: 'accountId' in visibility && !('storeId' in visibility) && !('buyerId' in visibility),
      narrowedBy,
      receivedRange: query.minAgeDays !== undefined || query.maxAgeDays !== undefined,
      marginRange: query.marginMin !== undefined || query.marginMax !== undefined,
      uncovered: Boolean(query.code || query.imei || query.buybackId),
    };
    return { filter: { $and: filters }, shape };
  }
}

/**
 * A whole 8-character code (the item's short code, or an identification
 * number of 8 characters), or the start of the 13-digit code: digits as a
 * range of the code's index (a prefix regex would read every item), anything
 * else as a regex.
 */
function codeFilter(code: string): Filter {
  if (code.length === 8) return { $or: [{ shortCode: code.toUpperCase() }, { identificationNumber: code }] };
  // ':' follows '9': every code starting with these digits lies in [code, code + ':').
  if (/^\d+$/.test(code)) return { identificationNumber: { $gte: code, $lt: `${code}:` } };
  return { identificationNumber: { $regex: `^${escapeRegex(code)}` } };
}

/** The users an item names as having done something to it. */
function actorsOf(item: ItemDocument): Array<string | null> {
  return [item.check?.by ?? null, item.quarantine?.by ?? null, item.disputeMail?.by ?? null, item.lost?.by ?? null];
}

function presentVerification(document: VerificationDocument): VerificationView {
  const { _id, accountId: _account, createdBy: _by, _applied: _bookkeeping, ...fields } = document as VerificationDocument & { _applied?: unknown };
  return { ...fields, id: _id } as VerificationView;
}
