/**
 * The entities' reads, always within the caller's tenant (provider staff:
 * every tenant, or the one they name with ?accountId=): the list, the tree,
 * the parents a type may take, the root, the warehouses, one entity (whole,
 * or its public part), what it counts below it, and its history read from
 * its stream.
 */
import { MODULE_TYPES, type ModuleType, type OrganizationType } from '../../../domain/organizations/events.js';
import { PARENT_TYPES } from '../../../domain/organizations/organization/organization.js';
import { toDomainEvent } from '../../events/codec.js';
import { findPage, type PageRequest, type SortColumns } from '../../lists/paged-query.js';
import type { Filter } from '../../ports/document-store.js';
import type { ListPage } from '../../views/schema.js';
import { escapeRegex } from '../../catalog/catalog-service.js';
import { ApplicationError } from '../../commands/errors.js';
import { tenantFilter, type Principal } from '../principal.js';
import { ORGANIZATION_COLLECTIONS, type OrganizationDocument, type UserDocument } from '../read-models.js';
import { ORGANIZATION_STREAMS } from '../streams.js';
import { userNames } from '../user-names.js';
import type { OrganizationChanged, OrganizationRegistered } from '../../../domain/organizations/events.js';
import { ancestorsOf, organizations, visibleOrganization, type EntityPorts } from './entity-lookup.js';
import { ENTITY_HISTORY_TYPES } from './entity-views.js';
import type {
  ModuleCountView,
  OrganizationDetailView,
  OrganizationHistoryEntry,
  OrganizationPublicView,
  OrganizationSummary,
  OrganizationTreeNode,
  OrganizationView,
  UsersModuleCountView,
} from './entity-views.js';

export const ORGANIZATION_SORTS: SortColumns = {
  commonName: { path: 'commonName' },
  type: { path: 'type' },
  status: { path: 'status' },
  city: { path: 'city', nullable: true },
  externalId: { path: 'externalId', nullable: true },
  createdAt: { path: 'createdAt' },
};

export interface OrganizationFilters {
  type?: OrganizationType[];
  status?: 'active' | 'inactive';
  /** `exists[parentOrganizationId]=false`: the roots only; true: every entity that has a parent. */
  exists?: { parentOrganizationId?: boolean };
  /** A name, an external id or a city, or their start (case and accents of the query aside). */
  name?: string;
  parentOrganizationId?: string;
}

/** The most entities one tree, one count or one picker answers (a retailer has hundreds; past it the answer says it is truncated). */
export const TREE_LIMIT = 5_000;
/** Users counted exactly up to this many per module (a count past it says this many). */
export const USERS_COUNT_LIMIT = 100_000;

export class EntityQueries {
  constructor(private readonly ports: Pick<EntityPorts, 'documents' | 'eventStore'>) {}

  private get collection() {
    return organizations(this.ports.documents);
  }

  async list(principal: Principal, query: PageRequest & OrganizationFilters): Promise<ListPage<OrganizationView>> {
    const filters: Filter[] = [tenantFilter(principal)];
    if (query.type?.length) filters.push({ type: { $in: [...query.type] } });
    if (query.status) filters.push({ status: query.status });
    if (query.parentOrganizationId) filters.push({ parentOrganizationId: query.parentOrganizationId });
    const hasParent = query.exists?.parentOrganizationId;
    if (hasParent === true) filters.push({ parentOrganizationId: { $ne: null } });
    if (hasParent === false) filters.push({ $or: [{ parentOrganizationId: null }, { parentOrganizationId: { $exists: false } }] });
    const name = query.name?.trim();
    if (name) {
      const pattern = escapeRegex(name);
      filters.push({ $or: [{ commonName: { $regex: pattern } }, { externalId: { $regex: `^${pattern}` } }, { city: { $regex: `^${pattern}` } }] });
    }
    const page = await findPage(this.collection, { $and: filters }, query, [['commonName', 1]]);
    const names = await this.namesOf(page.items.flatMap((o) => [o.parentOrganizationId, o.buyerId]));
    return { ...page, items: page.items.map((o) => present(o, names)) };
  }

  async tree(principal: Principal): Promise<{ roots: OrganizationTreeNode[]; truncated: boolean }> {
    const all = await this.collection.find(tenantFilter(principal), { sort: [['commonName', 1]], limit: TREE_LIMIT + 1 });
    const truncated = all.length > TREE_LIMIT;
    const nodes = new Map<string, OrganizationTreeNode>(all.slice(0, TREE_LIMIT).map((o) => [o._id, { ...summary(o), children: [] }]));
    const roots: OrganizationTreeNode[] = [];
    for (const node of nodes.values()) {
      const parent = node.parentOrganizationId ? nodes.get(node.parentOrganizationId) : undefined;
      if (parent && parent !== node) parent.children.push(node);
      else roots.push(node);
    }
    return { roots, truncated };
  }

  /**
   * The entities an entity of `type` may hang under, in the caller's tenant;
   * for an entity being edited (`organizationId`), neither itself nor anything below it.
   */
  async availableParents(principal: Principal, type: OrganizationType, organizationId?: string): Promise<{ items: OrganizationSummary[] }> {
    const allowed = PARENT_TYPES[type];
    if (allowed.length === 0) return { items: [] };
    const candidates = await this.collection.find({ $and: [tenantFilter(principal), { type: { $in: [...allowed] } }] }, { sort: [['commonName', 1]], limit: TREE_LIMIT });
    if (!organizationId) return { items: candidates.map(summary) };
    const self = await visibleOrganization(this.ports.documents, principal, organizationId);
    const below = await Promise.all(candidates.map(async (c) => c._id === self._id || (await ancestorsOf(this.ports.documents, c.accountId, c)).includes(self._id)));
    return { items: candidates.filter((_, i) => !below[i]).map(summary) };
  }

  /** The root management unit of the caller's tenant (provider staff name the account). */
  async root(principal: Principal): Promise<OrganizationView> {
    if (principal.accountId === null) throw new ApplicationError('ACCOUNT_REQUIRED');
    const [root] = await this.collection.find({ accountId: principal.accountId, type: 'root_management_unit' }, { sort: [['createdAt', 1]], limit: 1 });
    if (!root) throw new ApplicationError('ENTITY_NOT_FOUND', { type: 'root_management_unit' });
    return present(root, new Map());
  }

  /** The tenant's warehouses a store's buybacks may be sent to: the active ones, by name. */
  async connectedWarehouses(principal: Principal): Promise<{ items: OrganizationSummary[] }> {
    const warehouses = await this.collection.find({ $and: [tenantFilter(principal), { type: 'warehouse', status: 'active' }] }, { sort: [['commonName', 1]], limit: TREE_LIMIT });
    return { items: warehouses.map(summary) };
  }

  async detail(principal: Principal, organizationId: string): Promise<OrganizationDetailView> {
    const organization = await visibleOrganization(this.ports.documents, principal, organizationId);
    const [names, history] = await Promise.all([
      this.namesOf([organization.parentOrganizationId, organization.buyerId]),
      this.ports.eventStore.readStream(ORGANIZATION_STREAMS.organization.name(organizationId)),
    ]);
    return { ...present(organization, names), revision: Math.max(history.length - 1, 0) };
  }

  async publicDetail(principal: Principal, organizationId: string): Promise<OrganizationPublicView> {
    const o = await visibleOrganization(this.ports.documents, principal, organizationId);
    return { id: o._id, commonName: o.commonName, type: o.type, moduleType: o.moduleType, status: o.status, street: o.street, streetComplement: o.streetComplement ?? null, zipCode: o.zipCode, city: o.city, country: o.country };
  }

  async moduleCount(principal: Principal, organizationId: string): Promise<ModuleCountView> {
    const organization = await visibleOrganization(this.ports.documents, principal, organizationId);
    const below = await this.subtree(organization);
    const byModule = countBy(below.map((o) => o.moduleType));
    return { organizationId, total: below.length, byModule };
  }

  async usersModuleCount(principal: Principal, organizationId: string): Promise<UsersModuleCountView> {
    const organization = await visibleOrganization(this.ports.documents, principal, organizationId);
    const ids = (await this.subtree(organization)).map((o) => o._id);
    const users = this.ports.documents.collection<UserDocument>(ORGANIZATION_COLLECTIONS.users);
    const inModule = (module: ModuleType): Filter => ({ [`modules.${module}.organizationId`]: { $in: ids } });
    const counts = await Promise.all(MODULE_TYPES.map((module) => users.count({ accountId: organization.accountId, ...inModule(module) }, { limit: USERS_COUNT_LIMIT })));
    const total = await users.count({ accountId: organization.accountId, $or: MODULE_TYPES.map(inModule) }, { limit: USERS_COUNT_LIMIT });
    const byModule = { root: 0, tim: 0, rps: 0, lcm: 0 };
    MODULE_TYPES.forEach((module, index) => (byModule[module] = counts[index] ?? 0));
    return { organizationId, total, byModule };
  }

  /** Each event of the entity's stream: what, when, who (named), why, and every value it changed (from, to). */
  async history(principal: Principal, organizationId: string): Promise<{ items: OrganizationHistoryEntry[] }> {
    await visibleOrganization(this.ports.documents, principal, organizationId);
    const stored = await this.ports.eventStore.readStream(ORGANIZATION_STREAMS.organization.name(organizationId));
    const names = await userNames(this.ports.documents, stored.map((s) => s.metadata.userId));
    let state: Record<string, unknown> = {};
    const items: OrganizationHistoryEntry[] = [];
    for (const entry of stored) {
      if (!(ENTITY_HISTORY_TYPES as readonly string[]).includes(toDomainEvent(entry).type)) continue;
      const event = toDomainEvent<OrganizationRegistered | OrganizationChanged>(entry);
      const after = event.type === 'OrganizationRegistered' ? { ...event.data } : { ...state, ...event.data.changes };
      const changed = event.type === 'OrganizationRegistered' ? Object.keys(event.data).filter((k) => k !== 'organizationId' && k !== 'accountId') : Object.keys(event.data.changes);
      const changes: OrganizationHistoryEntry['changes'] = {};
      for (const key of changed) {
        const from = state[key] ?? null;
        const to = (after as Record<string, unknown>)[key] ?? null;
        if (event.type === 'OrganizationChanged' || to !== null) changes[key] = { from, to };
      }
      const userId = entry.metadata.userId;
      items.push({
        eventId: entry.id,
        revision: entry.streamRevision,
        type: event.type,
        at: entry.metadata.occurredAt,
        user: userId ? { id: userId, name: names.get(userId) ?? userId } : null,
        reason: event.type === 'OrganizationChanged' ? event.data.reason : null,
        changes,
      });
      state = after;
    }
    return { items };
  }

  /** The entity and every entity below it (breadth first, within its account, bounded). */
  private async subtree(root: OrganizationDocument): Promise<OrganizationDocument[]> {
    const all = await this.collection.find({ accountId: root.accountId }, { limit: TREE_LIMIT });
    const children = new Map<string, OrganizationDocument[]>();
    for (const o of all) if (o.parentOrganizationId) children.set(o.parentOrganizationId, [...(children.get(o.parentOrganizationId) ?? []), o]);
    const found = [root];
    const seen = new Set([root._id]);
    for (let i = 0; i < found.length; i++) {
      for (const child of children.get((found[i] as OrganizationDocument)._id) ?? []) {
        if (seen.has(child._id)) continue;
        seen.add(child._id);
        found.push(child);
      }
    }
    return found;
  }

  private async namesOf(ids: ReadonlyArray<string | null | undefined>): Promise<Map<string, string>> {
    const unique = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
    if (unique.length === 0) return new Map();
    return new Map((await this.collection.getMany(unique)).map((o) => [o._id, o.commonName]));
  }
}

function countBy(modules: readonly ModuleType[]): Record<ModuleType, number> {
  const counts = { root: 0, tim: 0, rps: 0, lcm: 0 };
  for (const module of modules) counts[module]++;
  return counts;
}

export function summary(o: OrganizationDocument): OrganizationSummary {
  return { id: o._id, accountId: o.accountId, commonName: o.commonName, type: o.type, moduleType: o.moduleType, status: o.status, parentOrganizationId: o.parentOrganizationId, externalId: o.externalId };
}

export function present(o: OrganizationDocument, names: ReadonlyMap<string, string>): OrganizationView {
  return {
    id: o._id,
    accountId: o.accountId,
    commonName: o.commonName,
    corporateName: o.corporateName,
    type: o.type,
    moduleType: o.moduleType,
    parentOrganizationId: o.parentOrganizationId,
    parentName: o.parentOrganizationId ? (names.get(o.parentOrganizationId) ?? null) : null,
    street: o.street,
    streetComplement: o.streetComplement ?? null,
    zipCode: o.zipCode,
    city: o.city,
    country: o.country,
    externalId: o.externalId,
    email: o.email ?? null,
    status: o.status,
    latitude: o.latitude ?? null,
    longitude: o.longitude ?? null,
    manualGeocoding: o.manualGeocoding ?? false,
    buyerId: o.buyerId ?? null,
    buyerName: o.buyerId ? (names.get(o.buyerId) ?? null) : null,
    stock: o.stock ?? null,
    showCart: o.showCart ?? false,
    openingHours: o.openingHours ?? null,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt ?? null,
  };
}
