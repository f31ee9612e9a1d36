import { DomainError } from '../../shared/domain-error.js';
import type { Decider } from '../../shared/decider.js';
import {
  LOCALES,
  MODULE_TYPES,
  type Locale,
  type ModuleType,
  type OrganizationType,
  type UserChanged,
  type UserChanges,
  type UserEvent,
  type UserModules,
  type UserRegistered,
  type UserType,
} from '../events.js';

/**
 * A staff user as an administrator creates and changes them (specification
 * 002 §5): names, e-mail, status, a role and a parent entity per module, the
 * provider's admin type, the force-SSO flag. The rules are pure: what the
 * application read (the entities the modules name, the assignable roles,
 * what the actor may do) travels in the command as facts.
 */
export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const ADMIN_TYPES = ['admin', 'super_admin'] as const;
export type AdminType = (typeof ADMIN_TYPES)[number];

export const USER_LIMITS = {
  name: { min: 2, max: 255 },
  email: { max: 255 },
} as const;

/** The entity types a module's parent entity may have. */
export const ENTITY_TYPES_BY_MODULE: Record<ModuleType, readonly OrganizationType[]> = {
  tim: ['store'],
  rps: ['warehouse'],
  lcm: ['buyer'],
  root: ['root_management_unit', 'management_unit'],
};

/** What an administrator sets on a user. */
export interface UserProfile {
  email: string;
  firstname: string;
  lastname: string;
  status: UserStatus;
  locale: Locale;
  adminType: AdminType | null;
  modules: UserModules;
  forceSso: boolean;
}

/** An entity a module names, as read: its tenant, module and type. */
export interface EntityFacts {
  accountId: string;
  moduleType: ModuleType;
  type: OrganizationType;
}

/** What the decision needs to know besides the user: read by the application. */
export interface UserFacts {
  /** The actor is provider staff holding `user.assign_admin`: may create and change admin users. */
  canAssignAdmin: boolean;
  /** The actor holds `user.force_sso`: may change the force-SSO flag. */
  canForceSso: boolean;
  /** The roles each module may assign (USER_TYPES_BY_MODULE). */
  assignableUserTypes: Readonly<Record<ModuleType, readonly UserType[]>>;
  /** The entities the modules name, by id; one that is missing was not found (or is another tenant's). */
  entities: Readonly<Record<string, EntityFacts>>;
}

export interface UserFieldError {
  field: string;
  code: string;
  [detail: string]: unknown;
}

export type UserCommand =
  | { type: 'RegisterUser'; data: { userId: string; accountId: string | null; profile: UserProfile; facts: UserFacts } }
  | { type: 'ChangeUser'; data: { userId: string; changes: UserChanges; reason: string | null; facts: UserFacts } };

export type UserState = { userId: string; accountId: string | null; profile: UserProfile } | null;

const length = (text: string) => [...text].length;

/** A practical e-mail shape: one @, a local part, a dotted domain, no spaces; at most 255 characters. */
const EMAIL_PATTERN = /^[^\s@"(),:;<>[\\\]]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isValidEmail(email: string): boolean {
  return email.length <= USER_LIMITS.email.max && EMAIL_PATTERN.test(email) && !email.includes('..');
}

/**
 * Every field's problem at once (a form shows them all), refused as
 * USER_INVALID with `details.fields`; the profile comes back trimmed, its
 * e-mail lower-cased.
 */
export function validateUserProfile(input: UserProfile, accountId: string | null, facts: UserFacts): UserProfile {
  const fields: UserFieldError[] = [];
  const firstname = (input.firstname ?? '').trim();
  const lastname = (input.lastname ?? '').trim();
  const email = normalizeEmail(input.email ?? '');
  for (const [field, value] of [['firstname', firstname], ['lastname', lastname]] as const) {
    if (value === '') fields.push({ field, code: 'TEXT_REQUIRED' });
    else if (length(value) < USER_LIMITS.name.min || length(value) > USER_LIMITS.name.max) fields.push({ field, code: 'TEXT_LENGTH', ...USER_LIMITS.name });
  }
  if (email === '') fields.push({ field: 'email', code: 'EMAIL_REQUIRED' });
  else if (!isValidEmail(email)) fields.push({ field: 'email', code: 'EMAIL_INVALID' });
  if (!(USER_STATUSES as readonly string[]).includes(input.status)) fields.push({ field: 'status', code: 'USER_STATUS_INVALID' });
  if (!(LOCALES as readonly string[]).includes(input.locale)) fields.push({ field: 'locale', code: 'USER_LOCALE_INVALID' });
  if (input.adminType !== null && !(ADMIN_TYPES as readonly string[]).includes(input.adminType)) fields.push({ field: 'adminType', code: 'USER_ADMIN_TYPE_INVALID' });
  if (input.adminType !== null && accountId !== null) fields.push({ field: 'adminType', code: 'USER_ADMIN_TYPE_INVALID' });
  fields.push(...moduleProblems(input, accountId, facts));
  if (fields.length > 0) throw new DomainError('USER_INVALID', { fields });
  return { ...input, firstname, lastname, email };
}

/** An admin user (no account) has no module; a client user at least one, each a role of the module at an entity of the module in the user's account. */
function moduleProblems(input: UserProfile, accountId: string | null, facts: UserFacts): UserFieldError[] {
  const modules = Object.entries(input.modules ?? {}).filter(([, role]) => role != null) as [string, { userType: UserType; organizationId: string }][];
  if (accountId === null) return modules.length > 0 ? [{ field: 'modules', code: 'USER_ADMIN_HAS_NO_MODULE' }] : [];
  if (modules.length === 0) return [{ field: 'modules', code: 'USER_MODULE_REQUIRED' }];
  const problems: UserFieldError[] = [];
  for (const [module, role] of modules) {
    if (!(MODULE_TYPES as readonly string[]).includes(module)) {
      problems.push({ field: `modules.${module}`, code: 'USER_MODULE_UNKNOWN', module });
      continue;
    }
    const moduleType = module as ModuleType;
    if (!facts.assignableUserTypes[moduleType].includes(role.userType)) {
      problems.push({ field: `modules.${module}.userType`, code: 'USER_ROLE_NOT_ASSIGNABLE', module, userType: role.userType });
    }
    const entity = facts.entities[role.organizationId];
    if (!entity || entity.accountId !== accountId) {
      problems.push({ field: `modules.${module}.organizationId`, code: 'USER_ENTITY_NOT_FOUND', module });
    } else if (entity.moduleType !== moduleType || !ENTITY_TYPES_BY_MODULE[moduleType].includes(entity.type)) {
      problems.push({ field: `modules.${module}.organizationId`, code: 'USER_ENTITY_MODULE_MISMATCH', module, entityType: entity.type });
    }
  }
  return problems;
}

/** Who may touch what: admin users and the admin type need `user.assign_admin`; the force-SSO flag needs `user.force_sso`. */
function checkActor(before: UserProfile | null, after: UserProfile, accountId: string | null, facts: UserFacts): void {
  const adminInvolved = accountId === null || (after.adminType ?? null) !== null || (before?.adminType ?? null) !== null;
  if (adminInvolved && !facts.canAssignAdmin) throw new DomainError('USER_ADMIN_NOT_ALLOWED', { field: 'adminType' });
  if (after.forceSso !== (before?.forceSso ?? false) && !facts.canForceSso) throw new DomainError('USER_FORCE_SSO_NOT_ALLOWED', { field: 'forceSso' });
}

const PROFILE_FIELDS = ['email', 'firstname', 'lastname', 'status', 'locale', 'adminType', 'modules', 'forceSso'] as const;

/** The fields whose value differs, compared by value (modules in one key order). */
function changedFields(before: UserProfile, after: UserProfile): UserChanges {
  const changes: Record<string, unknown> = {};
  for (const field of PROFILE_FIELDS) {
    if (canonical(before[field]) !== canonical(after[field])) changes[field] = after[field];
  }
  return changes as UserChanges;
}

function canonical(value: unknown): string {
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v != null).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${k}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * Registration refuses an existing user (USER_ALREADY_EXISTS) and writes no
 * password (an invitation sets it). A change refuses a missing user
 * (USER_NOT_FOUND), keeps what it leaves out, writes only the fields that
 * changed, and nothing when nothing did.
 */
export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser': {
      const { userId, accountId, facts } = command.data;
      if (state !== null) throw new DomainError('USER_ALREADY_EXISTS', { userId });
      checkActor(null, command.data.profile, accountId, facts);
      const profile = validateUserProfile(command.data.profile, accountId, facts);
      const event: UserRegistered = { type: 'UserRegistered', data: { userId, accountId, ...profile, passwordHash: null } };
      return [event];
    }
    case 'ChangeUser': {
      const { userId, facts, reason } = command.data;
      if (state === null) throw new DomainError('USER_NOT_FOUND', { userId });
      const defined = Object.fromEntries(Object.entries(command.data.changes).filter(([, value]) => value !== undefined));
      const merged = { ...state.profile, ...defined } as UserProfile;
      checkActor(state.profile, merged, state.accountId, facts);
      const after = validateUserProfile(merged, state.accountId, facts);
      const changes = changedFields(state.profile, after);
      if (Object.keys(changes).length === 0) return [];
      const event: UserChanged = { type: 'UserChanged', data: { userId, accountId: state.accountId, changes, reason } };
      return [event];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, accountId, email, firstname, lastname, status, locale, adminType, modules, forceSso } = event.data;
      return { userId, accountId, profile: { email: normalizeEmail(email), firstname, lastname, status, locale, adminType, modules, forceSso } };
    }
    case 'UserChanged':
      return state ? { ...state, profile: { ...state.profile, ...event.data.changes } } : state;
    default:
      return state;
  }
}

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: () => null,
  evolve: evolveUser,
  decide: decideUser,
};
