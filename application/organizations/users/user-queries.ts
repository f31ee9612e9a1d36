/**
 * The users' reads: the list (the list convention, within the caller's
 * tenant: a retailer's administrator sees only its users, provider staff
 * all), one user, their permissions, their current organization, their
 * history, the assignable user types and the permission matrix.
 */
import { MODULE_TYPES, USER_TYPES, type Locale, type ModuleType, type UserEvent, type UserType } from '../../../domain/organizations/events.js';
import { ADMIN_TYPES, ENTITY_TYPES_BY_MODULE, type UserStatus } from '../../../domain/organizations/user/user.js';
import { toDomainEvent } from '../../events/codec.js';
import { findPage, type PagePlan, type PageRequest, type SortColumns } from '../../lists/paged-query.js';
import type { DocumentStore, Filter } from '../../ports/document-store.js';
import type { EventStore } from '../../ports/event-store.js';
import type { Texts } from '../../ports/texts.js';
import type { ListPage } from '../../views/schema.js';
import { USER_TYPES_BY_MODULE, type PermissionMatrix } from '../permissions.js';
import { isPlatformStaff, tenantFilter, type Principal } from '../principal.js';
import { ORGANIZATION_COLLECTIONS, type OrganizationDocument, type UserDocument } from '../read-models.js';
import { entityField, keyPrefixRange, roleField, USER_KEY_INDEXES, userNameKeyOf } from '../user-search-read-model.js';
import { USER_DEFAULT_ORDER, userListPlan, userOrderIndex, type UserListNarrowing } from './users-list-plan.js';
import { unionPage, type KeyUnion } from './users-union-page.js';
import { ORGANIZATION_STREAMS } from '../streams.js';
import { userNames } from '../user-names.js';
import { visibleUser } from './user-ports.js';
import type {
  AssignableUserTypesView,
  PermissionMatrixView,
  UserCurrentOrganizationView,
  UserDetailView,
  UserHistoryView,
  UserPermissionsView,
  UserView,
} from './user-views.js';

export const USER_SORTS: SortColumns = {
  lastname: { path: 'lastname' },
  firstname: { path: 'firstname' },
  email: { path: 'email' },
  status: { path: 'status' },
  createdAt: { path: 'createdAt' },
  lastLoginAt: { path: 'lastLoginAt', nullable: true },
};

export interface UserFilters {
  /** The start of the first name, of the last name, or of the whole name in either order (accents and case aside). */
  name?: string;
  /** The start of the e-mail address or of its domain (the part after the @), case aside. */
  email?: string;
  status?: UserStatus;
  module?: ModuleType;
  role?: UserType;
  /** A parent entity's id. */
  entity?: string;
}

/** The filter of a users list request and how its page is found: by the plan (users-list-plan.ts) or as a union of two key ranges (users-union-page.ts). */
export interface UserSearch {
  filter: Filter;
  plan: PagePlan;
  /** The filter's other conditions and its union of key ranges, for a tenant's name or e-mail search. */
  union?: { base: Filter[]; union: KeyUnion };
}

/**
 * The filter on the flat keys the projection keeps (user-search-read-model.ts).
 * An entity is looked up for its module: its users hold it in that module's
 * entity field (a role's entity is of the module's types). A name or an
 * e-mail is a union of two key ranges, found by its parts (unionPage).
 */
export async function userSearch(documents: DocumentStore, principal: Principal, query: UserFilters): Promise<UserSearch> {
  const tenant = tenantFilter(principal);
  const tenantScoped = Object.keys(tenant).length > 0;
  const filters: Filter[] = [tenant];
  const narrowing: UserListNarrowing[] = [];
  const unions: KeyUnion[] = [];
  if (query.status) {
    filters.push({ status: query.status });
    narrowing.push({ index: 'by_account_status', single: true });
  }
  if (query.module) {
    filters.push({ [roleField(query.module)]: { $in: [...USER_TYPES_BY_MODULE[query.module]] } });
    narrowing.push({ index: USER_KEY_INDEXES.role(query.module), single: USER_TYPES_BY_MODULE[query.module].length === 1 });
  }
  if (query.role) {
    const role = query.role;
    const modules = MODULE_TYPES.filter((module) => USER_TYPES_BY_MODULE[module].includes(role));
    const conditions: Filter[] = [...((ADMIN_TYPES as readonly string[]).includes(role) ? [{ adminType: role }] : []), ...modules.map((module) => ({ [roleField(module)]: role }))];
    filters.push(conditions.length === 0 ? { _id: { $in: [] } } : conditions.length === 1 ? (conditions[0] as Filter) : { $or: conditions });
    const [only] = modules;
    narrowing.push(conditions.length === 1 && only ? { index: USER_KEY_INDEXES.role(only), single: true } : { index: null, single: false });
  }
  if (query.entity) {
    const modules = await modulesOfEntity(documents, query.entity);
    const conditions = modules.map((module): Filter => ({ [entityField(module)]: query.entity }));
    filters.push(conditions.length === 1 ? (conditions[0] as Filter) : { $or: conditions });
    const [only] = modules;
    narrowing.push(conditions.length === 1 && only ? { index: USER_KEY_INDEXES.entity(only), single: true } : { index: null, single: false });
  }
  const name = query.name === undefined ? '' : userNameKeyOf(query.name);
  if (name) {
    const range = keyPrefixRange(name);
    unions.push({
      parts: [
        { filter: { firstLastKey: range }, index: USER_KEY_INDEXES.firstLast },
        { filter: { lastFirstKey: range }, index: USER_KEY_INDEXES.lastFirst },
      ],
      bothIndex: USER_KEY_INDEXES.firstLast,
    });
  }
  const email = query.email?.trim().toLowerCase() ?? '';
  if (email) {
    const range = keyPrefixRange(email);
    unions.push({
      parts: [
        { filter: { email: range }, index: USER_KEY_INDEXES.email },
        { filter: { emailDomainKey: range }, index: USER_KEY_INDEXES.emailDomain },
      ],
      bothIndex: USER_KEY_INDEXES.emailDomain,
    });
  }
  const conditions = [...filters, ...unions.map((union): Filter => ({ $or: union.parts.map((part) => part.filter) }))];
  const filter = conditions.length === 1 ? (conditions[0] as Filter) : { $and: conditions };
  const [first, ...others] = unions;
  if (!tenantScoped || !first) return { filter, plan: userListPlan(tenantScoped, narrowing) };
  // The first union found by its parts; another (a name and an e-mail) checked on each of its matches.
  return { filter, plan: {}, union: { base: [...filters, ...others.map((union): Filter => ({ $or: union.parts.map((part) => part.filter) }))], union: first } };
}

/** The modules whose users may work for this entity (by its type); every module when it is not found. */
async function modulesOfEntity(documents: DocumentStore, entityId: string): Promise<ModuleType[]> {
  const entity = await documents.collection<OrganizationDocument>(ORGANIZATION_COLLECTIONS.organizations).get(entityId);
  const modules = entity ? MODULE_TYPES.filter((module) => ENTITY_TYPES_BY_MODULE[module].includes(entity.type)) : [];
  return modules.length > 0 ? modules : [...MODULE_TYPES];
}

/** The caller's users, one page, by last name unless asked otherwise. */
export async function listUsers(
  documents: DocumentStore,
  principal: Principal,
  query: PageRequest & UserFilters,
  /** Tests: where a name's or an e-mail's matches stop being sorted here (see unionPage). */
  options: { unionSortUpTo?: number } = {},
): Promise<ListPage<UserView>> {
  const users = documents.collection<UserDocument>(ORGANIZATION_COLLECTIONS.users);
  const search = await userSearch(documents, principal, query);
  const page = search.union
    ? await unionPage(users, search.union.base, search.union.union, query, USER_DEFAULT_ORDER, userOrderIndex, options.unionSortUpTo)
    : await findPage(users, search.filter, query, USER_DEFAULT_ORDER, search.plan);
  const names = await entityNames(documents, page.items);
  return { ...page, items: page.items.map((user) => presentUser(user, names)) };
}

export async function userDetail(deps: { documents: DocumentStore; eventStore: EventStore }, principal: Principal, userId: string): Promise<UserDetailView> {
  const user = await visibleUser(deps.documents, principal, userId);
  const names = await entityNames(deps.documents, [user]);
  const events = await deps.eventStore.readStream(ORGANIZATION_STREAMS.user.name(user._id));
  return { ...presentUser(user, names), revision: Math.max(0, events.length - 1) };
}

async function entityNames(documents: DocumentStore, users: readonly UserDocument[]): Promise<Map<string, string>> {
  const ids = [...new Set(users.flatMap((user) => Object.values(user.modules ?? {}).map((role) => role?.organizationId)).filter((id): id is string => !!id))];
  if (ids.length === 0) return new Map();
  const found = await documents.collection<OrganizationDocument>(ORGANIZATION_COLLECTIONS.organizations).getMany(ids);
  return new Map(found.map((entity) => [entity._id, entity.commonName]));
}

export function presentUser(user: UserDocument, entityNamesById: ReadonlyMap<string, string>): UserView {
  return {
    id: user._id,
    accountId: user.accountId,
    email: user.email,
    firstname: user.firstname,
    lastname: user.lastname,
    status: user.status,
    locale: user.locale,
    adminType: user.adminType,
    forceSso: user.forceSso ?? false,
    modules: MODULE_TYPES.flatMap((module) => {
      const role = user.modules?.[module];
      return role ? [{ module, userType: role.userType, organizationId: role.organizationId, organizationName: entityNamesById.get(role.organizationId) ?? null }] : [];
    }),
    lastLoginAt: user.lastLoginAt ?? null,
    invitedAt: user.invitedAt ?? null,
    passwordSetAt: user.passwordSetAt ?? null,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt ?? null,
  };
}

/** What the user may do, per module (an admin user: outside any module too). */
export async function userPermissions(documents: DocumentStore, matrix: PermissionMatrix, principal: Principal, userId: string): Promise<UserPermissionsView> {
  const user = await visibleUser(documents, principal, userId);
  const items: UserPermissionsView['items'] = [];
  if (user.adminType) items.push({ module: null, userType: user.adminType, permissions: [...matrix.permissionsOf(user.adminType)].sort() });
  for (const module of MODULE_TYPES) {
    const role = user.modules?.[module];
    if (role) items.push({ module, userType: role.userType, permissions: [...matrix.permissionsOf(role.userType)].sort() });
  }
  return { items };
}

/** The organization the user works for in `module` (by default their first module), or null. */
export async function userCurrentOrganization(documents: DocumentStore, principal: Principal, userId: string, module?: ModuleType): Promise<UserCurrentOrganizationView> {
  const user = await visibleUser(documents, principal, userId);
  const chosen = module ?? MODULE_TYPES.find((m) => user.modules?.[m]) ?? null;
  const role = chosen ? user.modules?.[chosen] : undefined;
  const entity = role ? await documents.collection<OrganizationDocument>(ORGANIZATION_COLLECTIONS.organizations).get(role.organizationId) : null;
  return {
    module: chosen,
    organization: entity ? { id: entity._id, commonName: entity.commonName, type: entity.type, moduleType: entity.moduleType } : null,
  };
}

/** Every event of the user's stream, oldest first: who, when, what changed and why (never a password hash). */
export async function userHistory(deps: { documents: DocumentStore; eventStore: EventStore }, principal: Principal, userId: string): Promise<UserHistoryView> {
  const user = await visibleUser(deps.documents, principal, userId);
  const events = await deps.eventStore.readStream(ORGANIZATION_STREAMS.user.name(user._id));
  const names = await userNames(deps.documents, events.map((event) => event.metadata.userId));
  return {
    items: events.map((stored) => {
      const event = toDomainEvent<UserEvent>(stored);
      return {
        revision: stored.streamRevision,
        type: event.type,
        occurredAt: stored.metadata.occurredAt,
        userId: stored.metadata.userId,
        userName: stored.metadata.userId ? (names.get(stored.metadata.userId) ?? null) : null,
        changedFields: event.type === 'UserChanged' ? Object.keys(event.data.changes) : [],
        reason: event.type === 'UserChanged' ? event.data.reason : event.type === 'UserPasswordSet' ? event.data.reason : null,
      };
    }),
  };
}

/** The roles each module may give, with the entity types its users work for, and the admin types the caller may give. */
export function assignableUserTypes(principal: Principal): AssignableUserTypesView {
  return {
    items: MODULE_TYPES.map((module) => ({ module, userTypes: [...USER_TYPES_BY_MODULE[module]], entityTypes: [...ENTITY_TYPES_BY_MODULE[module]] })),
    adminTypes: isPlatformStaff(principal) && principal.permissions.has('user.assign_admin') ? [...ADMIN_TYPES] : [],
  };
}

/**
 * The role-to-permission matrix (docs/permissions.md's source): each
 * permission with its holders and what it allows, in the caller's language
 * (the text `permissions.<name>`, else the declaration's own words).
 */
export function permissionMatrix(matrix: PermissionMatrix, texts: Texts, locale: Locale): PermissionMatrixView {
  return {
    userTypes: [...USER_TYPES],
    permissions: [...matrix.declarations]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, declaration]) => {
        const key = `permissions.${name}`;
        const translated = texts.text(locale, key);
        return { name, description: translated === key ? declaration.description : translated, holders: USER_TYPES.filter((type) => declaration.holders.includes(type)) };
      }),
  };
}
