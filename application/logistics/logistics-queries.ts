import { inject, injectable } from 'tsyringe';
import { needsCarrierLabel } from '../../domain/buybacks/decide.js';
import type { DeliveryStatus } from '../../domain/values/delivery-status.js';
import type { PackageStatus } from '../../domain/logistics/packages/state.js';
import type { TransportKind } from '../../domain/logistics/transports/events.js';
import { ApplicationError } from '../commands/errors.js';
import { findPage, type PageRequest } from '../lists/paged-query.js';
import { escapeRegex } from '../catalog/catalog-service.js';
import { CATALOG_COLLECTIONS, type CircuitDocument } from '../catalog/read-models.js';
import { buybackVisibility, singleBuybackVisibility, type Principal } from '../organizations/principal.js';
import { userNames } from '../organizations/user-names.js';
import type { DocumentStore, Filter, SortSpec } from '../ports/document-store.js';
import { BUYBACKS_COLLECTION, type BuybackDocument } from '../buybacks/read-models.js';
import { WAREHOUSE_COLLECTIONS, type ItemDocument } from '../warehouse/read-models.js';
import type { ListPage } from '../views/schema.js';
import { TOKENS } from '../tokens.js';
import { dispatchAccountOf, rulesDocument } from './dispatch.js';
import { packageVisibility, visiblePackage } from './commands/packages.js';
import { transportIdOf } from './logistics-process.js';
import type { AwaitingShipmentView, DispatchRuleView, DispatchSettingsView, InstructionsView, PackageView, TransportDetailView, TransportView } from './logistics-views.js';
import { LOGISTICS_COLLECTIONS, type PackageDocument, type TransportDocument } from './read-models.js';

export interface PackageListFilters {
  status?: PackageStatus[];
  storeId?: string;
  warehouseId?: string;
  number?: string;
}

export interface TransportListFilters {
  kind?: TransportKind[];
  deliveryStatus?: DeliveryStatus[];
  labelStatus?: Array<'pending' | 'ready' | 'failed'>;
  identificationNumber?: string;
  trackingNumber?: string;
  storeId?: string;
  warehouseId?: string;
  from?: string;
  to?: string;
}

/** What a buyback's label is, for HEAD /buybacks/{id}/shipping-label: none expected, being made, or ready (with its transport). */
export type LabelState = { state: 'none' } | { state: 'pending' } | { state: 'ready'; transportId: string };

export const PACKAGE_DEFAULT_ORDER: SortSpec = [['createdAt', -1], ['_id', -1]];
export const TRANSPORT_DEFAULT_ORDER: SortSpec = [['createdAt', -1], ['_id', -1]];

/** The transports a principal may see: a store's packages (store staff), those coming to or leaving their warehouse, their tenant's (the same scopes as packages). */
export function transportVisibility(principal: Principal): Filter {
  return packageVisibility(principal);
}

@injectable()
export class LogisticsQueries {
  constructor(@inject(TOKENS.DocumentStore) readonly documents: DocumentStore) {}

  async listPackages(principal: Principal, query: PageRequest & PackageListFilters): Promise<ListPage<PackageView>> {
    const filters: Filter[] = [packageVisibility(principal)];
    if (query.status?.length) filters.push({ status: { $in: query.status } });
    if (query.storeId) filters.push({ storeId: query.storeId });
    if (query.warehouseId) filters.push({ warehouseId: query.warehouseId });
    if (query.number?.trim()) filters.push({ number: query.number.trim().toUpperCase() });
    const page = await findPage(this.documents.collection<PackageDocument>(LOGISTICS_COLLECTIONS.packages), { $and: filters }, query, PACKAGE_DEFAULT_ORDER);
    const names = await this.userNames(page.items.map((p) => p.createdBy));
    return { ...page, items: page.items.map((p) => presentPackage(p, names)) };
  }

  async package(principal: Principal, packageId: string): Promise<PackageView> {
    const found = await visiblePackage(this, principal, packageId);
    return presentPackage(found, await this.userNames([found.createdBy]));
  }

  /** The store's devices waiting to leave (the expedition list): registered or dropped there, not shipped yet. */
  async awaitingShipment(principal: Principal, query: PageRequest & { storeId?: string }): Promise<ListPage<AwaitingShipmentView>> {
    const filters: Filter[] = [buybackVisibility(principal), { status: 'bb_awaiting_inventory', storeId: { $ne: null } }];
    if (query.storeId) filters.push({ storeId: query.storeId });
    const page = await findPage(this.documents.collection<BuybackDocument>(BUYBACKS_COLLECTION), { $and: filters }, query, [['createdAt', -1]]);
    return {
      ...page,
      items: page.items.map((b) => ({
        buybackId: b._id,
        identificationNumber: b.identificationNumber,
        productLabel: b.product.label,
        status: b.status,
        warehouseId: b.warehouseId,
        needsLabel: needsCarrierLabel(b.circuit.deposit),
        package: b.package ?? null,
        createdAt: b.createdAt,
      })),
    };
  }

  async listTransports(principal: Principal, query: PageRequest & TransportListFilters): Promise<ListPage<TransportView>> {
    const filters: Filter[] = [transportVisibility(principal)];
    if (query.kind?.length) filters.push({ kind: { $in: query.kind } });
    if (query.deliveryStatus?.length) filters.push({ deliveryStatus: { $in: query.deliveryStatus } });
    if (query.labelStatus?.length) filters.push({ labelStatus: { $in: query.labelStatus } });
    if (query.identificationNumber?.trim()) filters.push({ identificationNumbers: { $regex: `^${escapeRegex(query.identificationNumber.trim())}` } });
    if (query.trackingNumber?.trim()) filters.push({ trackingNumber: query.trackingNumber.trim().toUpperCase() });
    if (query.storeId) filters.push({ storeId: query.storeId });
    if (query.warehouseId) filters.push({ warehouseId: query.warehouseId });
    if (query.from) filters.push({ createdAt: { $gte: query.from } });
    if (query.to) filters.push({ createdAt: { $lte: query.to } });
    const page = await findPage(this.documents.collection<TransportDocument>(LOGISTICS_COLLECTIONS.transports), { $and: filters }, query, TRANSPORT_DEFAULT_ORDER);
    return { ...page, items: page.items.map(presentTransport) };
  }

  /** One transport with the carrier's reports, applied or set aside (its history). */
  async transport(principal: Principal, transportId: string): Promise<TransportDetailView> {
    const [found] = await this.documents
      .collection<TransportDocument>(LOGISTICS_COLLECTIONS.transports)
      .find({ $and: [transportVisibility(principal), { _id: transportId }] }, { limit: 1 });
    if (!found) throw new ApplicationError('TRANSPORT_NOT_FOUND', { transportId });
    return { ...presentTransport(found), deliveryReports: (found.deliveryReports ?? []).map((report) => ({ ...report })) };
  }

  /** A buyback the caller may open (as its detail), else BUYBACK_NOT_FOUND. */
  async visibleBuyback(principal: Principal, buybackId: string): Promise<BuybackDocument> {
    const [found] = await this.documents
      .collection<BuybackDocument>(BUYBACKS_COLLECTION)
      .find({ $and: [singleBuybackVisibility(principal), { _id: buybackId }] }, { limit: 1 });
    if (!found) throw new ApplicationError('BUYBACK_NOT_FOUND', { buybackId });
    return found;
  }

  async buyback(buybackId: string): Promise<BuybackDocument | null> {
    return this.documents.collection<BuybackDocument>(BUYBACKS_COLLECTION).get(buybackId);
  }

  /**
   * Whether a label is expected for this buyback, and where it stands: a web
   * customer's own parcel (their label), a store's device travelling under a
   * carrier's label (its package's); none for a device dropped in a shop
   * (until the shop ships it) or collected by the retailer's transport.
   */
  async shippingLabelState(buyback: BuybackDocument): Promise<LabelState> {
    const transports = this.documents.collection<TransportDocument>(LOGISTICS_COLLECTIONS.transports);
    if (buyback.channel === 'web' && buyback.circuit.deposit !== 'drop') {
      return labelStateOf(await transports.get(transportIdOf.customer(buyback._id)));
    }
    if (buyback.storeId === null || !needsCarrierLabel(buyback.circuit.deposit)) return { state: 'none' };
    const packageId = buyback.package?.id;
    // A store's device not packed yet: its label will come with its package's.
    if (!packageId) return buyback.status === 'bb_awaiting_inventory' ? { state: 'pending' } : { state: 'none' };
    return labelStateOf(await transports.get(transportIdOf.package(packageId)));
  }

  /** A device sent back to its customer: its return label. */
  async returnLabelState(buyback: BuybackDocument): Promise<LabelState> {
    const [item] = await this.documents.collection<ItemDocument>(WAREHOUSE_COLLECTIONS.items).find({ buybackId: buyback._id }, { limit: 1 });
    const itemId = item?._id;
    if (!itemId) return { state: 'none' };
    const transport = await this.documents.collection<TransportDocument>(LOGISTICS_COLLECTIONS.transports).get(transportIdOf.return(itemId));
    // No return asked for this device: none expected (a device to return whose transport is not requested yet: being made).
    if (!transport) return item.status === 'item_to_return' ? { state: 'pending' } : { state: 'none' };
    return labelStateOf(transport);
  }

  async instructions(buyback: BuybackDocument): Promise<InstructionsView> {
    const circuit = await this.documents.collection<CircuitDocument>(CATALOG_COLLECTIONS.circuits).get(buyback.circuit.id);
    const label = await this.shippingLabelState(buyback);
    return {
      buybackId: buyback._id,
      circuit: { id: buyback.circuit.id, name: buyback.circuit.name },
      labelExpected: label.state !== 'none',
      items: [...(circuit?.instructions ?? [])].sort((a, b) => a.sequence - b.sequence),
    };
  }

  async dispatchRules(principal: Principal, query: PageRequest & { accountId?: string }): Promise<ListPage<DispatchRuleView>> {
    const accountId = dispatchAccountOf(principal, query.accountId);
    const rules = ((await rulesDocument(this.documents, accountId))?.rules ?? []).map((rule, position) => presentRule(rule, position));
    const start = query.pagination === false ? 0 : (query.page - 1) * query.itemsPerPage;
    const end = query.pagination === false ? rules.length : start + query.itemsPerPage;
    return {
      items: rules.slice(start, end),
      totalItems: query.partial ? null : rules.length,
      totalItemsIsLowerBound: false,
      hasNextPage: end < rules.length,
      page: query.pagination === false ? 1 : query.page,
      itemsPerPage: query.pagination === false ? Math.max(1, rules.length) : query.itemsPerPage,
    };
  }

  async dispatchRule(principal: Principal, ruleId: string, accountId?: string): Promise<DispatchRuleView> {
    const rules = (await rulesDocument(this.documents, dispatchAccountOf(principal, accountId)))?.rules ?? [];
    const position = rules.findIndex((rule) => rule.ruleId === ruleId);
    const rule = rules[position];
    if (!rule) throw new ApplicationError('DISPATCH_RULE_NOT_FOUND', { ruleId });
    return presentRule(rule, position);
  }

  async dispatchSettings(principal: Principal, accountId?: string): Promise<DispatchSettingsView> {
    const document = await rulesDocument(this.documents, dispatchAccountOf(principal, accountId));
    return { defaultWarehouseId: document?.defaultWarehouseId ?? null, ruleCount: document?.rules.length ?? 0, revision: document?.revision ?? -1 };
  }

  async userNames(ids: ReadonlyArray<string | null>): Promise<Map<string, string>> {
    return userNames(this.documents, ids);
  }
}

function labelStateOf(transport: TransportDocument | null): LabelState {
  if (!transport) return { state: 'pending' };
  return transport.labelStatus === 'ready' ? { state: 'ready', transportId: transport._id } : { state: 'pending' };
}

export function presentPackage(document: PackageDocument, names: ReadonlyMap<string, string>): PackageView {
  return {
    id: document._id,
    accountId: document.accountId,
    number: document.number,
    storeId: document.storeId,
    warehouseId: document.warehouseId,
    labelMode: document.labelMode,
    status: document.status,
    buybacks: document.buybacks,
    buybackCount: document.buybackCount,
    weightGrams: document.weightGrams,
    labelStatus: document.labelMode === 'without_label' ? 'none' : document.label ? 'ready' : 'pending',
    label: document.label,
    deliveryStatus: document.deliveryStatus,
    createdBy: document.createdBy ? (names.get(document.createdBy) ?? null) : null,
    createdAt: document.createdAt,
    closedAt: document.closedAt,
    updatedAt: document.updatedAt,
  };
}

function presentTransport(document: TransportDocument): TransportView {
  return {
    id: document._id,
    kind: document.kind,
    reference: document.reference,
    packageId: document.packageId,
    buybackIds: document.buybackIds,
    identificationNumbers: document.identificationNumbers,
    storeId: document.storeId,
    warehouseId: document.warehouseId,
    weightGrams: document.weightGrams,
    carrier: document.carrier,
    trackingNumber: document.trackingNumber,
    trackingLink: document.trackingLink,
    labelStatus: document.labelStatus,
    attempts: document.attempts,
    lastError: document.lastError,
    deliveryStatus: document.deliveryStatus,
    deliveryAt: document.deliveryAt,
    createdAt: document.createdAt,
    updatedAt: document.updatedAt,
  };
}

function presentRule(rule: { ruleId: string; title: string; conditions: readonly { attribute: string; operator: string; values: readonly string[] }[]; warehouseIds: readonly string[]; nearest: boolean; updatedAt: string }, position: number): DispatchRuleView {
  return {
    id: rule.ruleId,
    position,
    title: rule.title,
    conditions: rule.conditions.map((c) => ({ attribute: c.attribute, operator: c.operator, values: [...c.values] })) as DispatchRuleView['conditions'],
    warehouseIds: [...rule.warehouseIds],
    nearest: rule.nearest,
    updatedAt: rule.updatedAt,
  };
}
