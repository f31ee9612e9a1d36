/**
 * The keys the users list's filters read by index (issue 20: the users list
 * over 100,000 users, p95 under 50 ms), kept on each user document by its
 * projection from the user's events (a rebuild gives them back).
 *
 * The SQLite document store indexes one scalar per path (a path that ever
 * held an array is read document by document, see
 * infrastructure/document-store/path-kinds.ts), so a user's roles and
 * entities are flat fields, one per module (a user has at most one role per
 * module), each led by the tenant in its index:
 * - `role_<module>`: the user type in that module, else null (the module and
 *   role filters);
 * - `entity_<module>`: the organization worked for in that module, else null
 *   (the entity filter);
 * - `firstLastKey`, `lastFirstKey`: "first last" and "last first", accents
 *   removed, lower case, single-spaced: the name filter is a prefix range of
 *   either (the start of the first name, of the last name, or of the whole
 *   name in either order);
 * - `emailDomainKey`: the part of the (lower-case) e-mail after its @: the
 *   e-mail filter is a prefix range of the address or of its domain.
 */
import { MODULE_TYPES, type ModuleType, type UserModules, type UserType } from '../../domain/organizations/events.js';
import type { IndexSpec, SortSpec } from '../ports/document-store.js';

export type UserRoleField = `role_${ModuleType}`;
export type UserEntityField = `entity_${ModuleType}`;

export type UserSearchKeys = Record<UserRoleField, UserType | null> &
  Record<UserEntityField, string | null> & {
    firstLastKey: string;
    lastFirstKey: string;
    emailDomainKey: string;
  };

export const roleField = (module: ModuleType): UserRoleField => `role_${module}`;
export const entityField = (module: ModuleType): UserEntityField => `entity_${module}`;

/** Accents removed, lower case, one space between words: how a name is keyed and how a typed name is looked up. */
export function userNameKeyOf(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

export function userSearchKeysOf(user: { email: string; firstname: string; lastname: string; modules?: UserModules | null }): UserSearchKeys {
  const first = userNameKeyOf(user.firstname);
  const last = userNameKeyOf(user.lastname);
  const email = user.email.toLowerCase();
  const keys = {
    firstLastKey: `${first} ${last}`.trim(),
    lastFirstKey: `${last} ${first}`.trim(),
    emailDomainKey: email.slice(email.lastIndexOf('@') + 1),
  } as UserSearchKeys;
  for (const module of MODULE_TYPES) {
    const role = user.modules?.[module];
    keys[roleField(module)] = role?.userType ?? null;
    keys[entityField(module)] = role?.organizationId ?? null;
  }
  return keys;
}

/** The keys starting with this (non-empty) key: [key, key with its last character's successor). */
export function keyPrefixRange(key: string): { $gte: string; $lt: string } {
  return { $gte: key, $lt: key.slice(0, -1) + String.fromCharCode(key.charCodeAt(key.length - 1) + 1) };
}

/** The users' indexes: the tenant, the key, then the list's default order (the page of one key's matches is read in order). */
export const USER_KEY_INDEXES = {
  firstLast: 'by_account_first_last',
  lastFirst: 'by_account_last_first',
  email: 'by_account_email',
  emailDomain: 'by_account_email_domain',
  role: (module: ModuleType) => `by_account_role_${module}`,
  entity: (module: ModuleType) => `by_account_entity_${module}`,
} as const;

const byName = (path: string): SortSpec => [['accountId', 1], [path, 1], ['lastname', 1], ['firstname', 1]];

export const USER_SEARCH_INDEXES: IndexSpec[] = [
  // The last-first key beside the first-last one: a name in both is counted on this index alone (users-union-page.ts).
  { name: USER_KEY_INDEXES.firstLast, fields: [['accountId', 1], ['firstLastKey', 1], ['lastFirstKey', 1]] },
  { name: USER_KEY_INDEXES.lastFirst, fields: [['accountId', 1], ['lastFirstKey', 1]] },
  { name: USER_KEY_INDEXES.email, fields: [['accountId', 1], ['email', 1]] },
  { name: USER_KEY_INDEXES.emailDomain, fields: [['accountId', 1], ['emailDomainKey', 1], ['email', 1]] },
  ...MODULE_TYPES.flatMap((module) => [
    { name: USER_KEY_INDEXES.role(module), fields: byName(roleField(module)) },
    { name: USER_KEY_INDEXES.entity(module), fields: byName(entityField(module)) },
  ]),
];
