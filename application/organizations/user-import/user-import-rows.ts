import { LOCALES, MODULE_TYPES, USER_TYPES, type Locale, type ModuleType, type UserType } from '../../../domain/organizations/events.js';
import { ENTITY_TYPES_BY_MODULE, USER_LIMITS, isValidEmail, normalizeEmail, type UserStatus } from '../../../domain/organizations/user/user.js';
import { USER_TYPES_BY_MODULE } from '../permissions.js';
import type { OrganizationDocument } from '../read-models.js';
import { comparable, type UserImportColumn, type UserImportRecord } from './user-import-file.js';

/**
 * One row's checks, pure: what the file says, against the tenant's entities,
 * the rows before it and the addresses the platform already has. Every
 * problem of a row is reported at once, each a stable code (translated by
 * the API and the screen) with what it names.
 */
export const USER_IMPORT_ROW_ERRORS = [
  'field_missing',
  'field_too_long',
  'name_too_short',
  'email_invalid',
  'module_unknown',
  'role_unknown',
  'entity_unknown',
  'entity_ambiguous',
  'role_not_allowed',
  'status_invalid',
  'locale_invalid',
  'duplicate_in_file',
  'duplicate_in_platform',
] as const;
export type UserImportRowErrorCode = (typeof USER_IMPORT_ROW_ERRORS)[number];

export interface UserImportRowError {
  code: UserImportRowErrorCode;
  /** The column it is about. */
  field: UserImportColumn;
  /** What the message names: the line of the first occurrence, the allowed roles, a maximum… */
  params: Record<string, string | number>;
}

/** A row as the import keeps it: what it read, what it resolved, and its problems (none: it will be created). */
export interface UserImportRow {
  line: number;
  email: string;
  firstname: string;
  lastname: string;
  module: ModuleType | null;
  role: UserType | null;
  /** As written in the file (an external id or a name). */
  entity: string;
  organizationId: string | null;
  entityName: string | null;
  status: UserStatus;
  locale: Locale;
  errors: UserImportRowError[];
}

type Entity = Pick<OrganizationDocument, '_id' | 'commonName' | 'externalId' | 'moduleType' | 'type' | 'status'>;

/** The tenant's entities, found by external id first, then by name (both without case). */
export class EntityIndex {
  private readonly byExternalId = new Map<string, Entity>();
  private readonly byName = new Map<string, Entity[]>();

  constructor(entities: readonly Entity[]) {
    for (const entity of entities) {
      if (entity.externalId) this.byExternalId.set(entity.externalId.trim().toLowerCase(), entity);
      const name = comparable(entity.commonName);
      this.byName.set(name, [...(this.byName.get(name) ?? []), entity]);
    }
  }

  find(written: string): Entity | 'ambiguous' | null {
    const byId = this.byExternalId.get(written.trim().toLowerCase());
    if (byId) return byId;
    const named = this.byName.get(comparable(written)) ?? [];
    if (named.length > 1) return 'ambiguous';
    return named[0] ?? null;
  }
}

export interface RowContext {
  entities: EntityIndex;
  /** The retailer's language: a row without a locale gets it. */
  defaultLocale: Locale;
  /** Addresses of the rows before, with their line. */
  seen: Map<string, number>;
  /** Addresses the platform's users already have. */
  taken: ReadonlySet<string>;
}

const ROLES: ReadonlySet<string> = new Set(USER_TYPES);
/** The statuses in the template's four languages. */
const STATUS_WORDS: Record<string, UserStatus> = {
  active: 'active',
  actif: 'active',
  actief: 'active',
  aktiv: 'active',
  inactive: 'inactive',
  inactif: 'inactive',
  inactief: 'inactive',
  inaktiv: 'inactive',
};
const SHORT_LOCALES: Record<string, Locale> = { fr: 'fr-FR', en: 'en-GB', nl: 'nl-BE', de: 'de-DE' };

const length = (text: string) => [...text].length;

export function validateRow(record: UserImportRecord, context: RowContext): UserImportRow {
  const { cells } = record;
  const errors: UserImportRowError[] = [];
  const problem = (code: UserImportRowErrorCode, field: UserImportColumn, params: Record<string, string | number> = {}) => errors.push({ code, field, params });

  for (const field of ['email', 'firstname', 'lastname', 'role', 'entity'] as const) if (cells[field] === '') problem('field_missing', field);
  const email = normalizeEmail(cells.email);
  if (email !== '') {
    if (length(email) > USER_LIMITS.email.max) problem('field_too_long', 'email', { max: USER_LIMITS.email.max });
    else if (!isValidEmail(email)) problem('email_invalid', 'email');
    else {
      const first = context.seen.get(email);
      if (first !== undefined) problem('duplicate_in_file', 'email', { line: first });
      else context.seen.set(email, record.line);
      if (context.taken.has(email)) problem('duplicate_in_platform', 'email');
    }
  }
  for (const field of ['firstname', 'lastname'] as const) {
    const value = cells[field];
    if (value === '') continue;
    if (length(value) > USER_LIMITS.name.max) problem('field_too_long', field, { max: USER_LIMITS.name.max });
    else if (length(value) < USER_LIMITS.name.min) problem('name_too_short', field, { min: USER_LIMITS.name.min });
  }

  const roleWritten = cells.role.toLowerCase();
  const role = ROLES.has(roleWritten) && roleWritten !== 'super_admin' && roleWritten !== 'admin' && roleWritten !== 'pseudo_anonymous' ? (roleWritten as UserType) : null;
  if (cells.role !== '' && role === null) problem('role_unknown', 'role', { role: cells.role.slice(0, 60) });

  let module: ModuleType | null = null;
  if (cells.module !== '') {
    const written = cells.module.toLowerCase();
    if ((MODULE_TYPES as readonly string[]).includes(written)) module = written as ModuleType;
    else problem('module_unknown', 'module', { module: cells.module.slice(0, 60) });
  }

  let organizationId: string | null = null;
  let entityName: string | null = null;
  if (cells.entity !== '') {
    const entity = context.entities.find(cells.entity);
    if (entity === 'ambiguous') problem('entity_ambiguous', 'entity', { entity: cells.entity.slice(0, 60) });
    else if (entity === null) problem('entity_unknown', 'entity', { entity: cells.entity.slice(0, 60) });
    else {
      organizationId = entity._id;
      entityName = entity.commonName;
      const entityModule = entity.moduleType;
      if (module === null && cells.module === '') module = entityModule;
      // The role must be one of the module's, and the entity of that module and of a type the module allows.
      const moduleFits = module === entityModule && ENTITY_TYPES_BY_MODULE[entityModule].includes(entity.type);
      if (role !== null && (!moduleFits || !USER_TYPES_BY_MODULE[entityModule].includes(role))) {
        problem('role_not_allowed', 'role', { role, module: entityModule, entity: entity.commonName, allowed: USER_TYPES_BY_MODULE[entityModule].join(', ') });
      }
    }
  }

  let status: UserStatus = 'active';
  if (cells.status !== '') {
    const found = STATUS_WORDS[cells.status.toLowerCase()];
    if (found) status = found;
    else problem('status_invalid', 'status', { status: cells.status.slice(0, 30) });
  }
  let locale = context.defaultLocale;
  if (cells.locale !== '') {
    const written = cells.locale.replace('_', '-');
    const found = LOCALES.find((candidate) => candidate.toLowerCase() === written.toLowerCase()) ?? SHORT_LOCALES[written.toLowerCase()];
    if (found) locale = found;
    else problem('locale_invalid', 'locale', { locale: cells.locale.slice(0, 30) });
  }

  return {
    line: record.line,
    email: email.slice(0, 255),
    firstname: cells.firstname.slice(0, 255),
    lastname: cells.lastname.slice(0, 255),
    module,
    role,
    entity: cells.entity.slice(0, 255),
    organizationId,
    entityName,
    status,
    locale,
    errors,
  };
}
