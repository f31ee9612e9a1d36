// .js: Node tests load this file.
import { isValidEmail, USER_LIMITS, type AdminType, type UserStatus } from '@server/domain/organizations/user/user.js';
import type { Locale, ModuleType, UserType } from '@server/domain/organizations/events.js';
import type { UserDetail } from './types.js';

/** One module of the form: its role and parent entity (empty until chosen). */
export interface ModuleRow {
  module: ModuleType;
  userType: UserType | '';
  organizationId: string;
}

/** What the form edits. */
export interface UserFormValues {
  firstname: string;
  lastname: string;
  email: string;
  status: UserStatus;
  locale: Locale;
  forceSso: boolean;
  /** An admin user's type (the admin screens); null for a client user. */
  adminType: AdminType | null;
  modules: ModuleRow[];
}

/** The body of POST /users (and of PATCH, which takes the same fields). */
export interface UserBody {
  firstname: string;
  lastname: string;
  email: string;
  status: UserStatus;
  locale: Locale;
  forceSso?: boolean;
  adminType?: AdminType | null;
  modules?: Partial<Record<ModuleType, { userType: string; organizationId: string } | null>>;
}

export type UserField = 'firstname' | 'lastname' | 'email' | 'status' | 'locale' | 'adminType' | 'modules' | `modules.${ModuleType}`;
export type UserProblems = Partial<Record<UserField, string>>;

export const newUser = (admin: boolean, locale: Locale): UserFormValues => ({
  firstname: '',
  lastname: '',
  email: '',
  status: 'active',
  locale,
  forceSso: false,
  adminType: admin ? 'admin' : null,
  modules: admin ? [] : [{ module: 'tim', userType: '', organizationId: '' }],
});

export function valuesOf(user: UserDetail): UserFormValues {
  return {
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    status: user.status,
    locale: user.locale,
    forceSso: user.forceSso,
    adminType: user.adminType,
    modules: user.modules.map((role) => ({ module: role.module, userType: role.userType, organizationId: role.organizationId })),
  };
}

/** The form field a refusal names (`modules.tim.organizationId` → the TIM module's row). */
export function formFieldOf(field: string): UserField | null {
  const [head, module] = field.split('.');
  if (head === 'modules') return module ? (`modules.${module}` as UserField) : 'modules';
  return ['firstname', 'lastname', 'email', 'status', 'locale', 'adminType'].includes(head ?? '') ? (head as UserField) : null;
}

const length = (text: string) => [...text.trim()].length;

/**
 * The checks the form makes before sending (the API makes them all again):
 * names of 2 to 255 characters, an e-mail, and for a client user at least
 * one module, each with a role and an entity. Each problem names its field
 * and the API's own code, whose message the form shows.
 */
export function checkForm(values: UserFormValues): { body: UserBody } | { problems: Array<{ field: UserField; code: string; details?: Record<string, unknown> }> } {
  const problems: Array<{ field: UserField; code: string; details?: Record<string, unknown> }> = [];
  const { min, max } = USER_LIMITS.name;
  for (const field of ['firstname', 'lastname'] as const) {
    if (values[field].trim() === '') problems.push({ field, code: 'TEXT_REQUIRED' });
    else if (length(values[field]) < min || length(values[field]) > max) problems.push({ field, code: 'TEXT_LENGTH', details: { min, max } });
  }
  const email = values.email.trim().toLowerCase();
  if (email === '') problems.push({ field: 'email', code: 'EMAIL_REQUIRED' });
  else if (!isValidEmail(email)) problems.push({ field: 'email', code: 'EMAIL_INVALID' });
  if (values.adminType === null) {
    if (values.modules.length === 0) problems.push({ field: 'modules', code: 'USER_MODULE_REQUIRED' });
    for (const row of values.modules) {
      if (!row.userType || !row.organizationId) problems.push({ field: `modules.${row.module}`, code: 'USER_MODULE_REQUIRED' });
    }
  }
  if (problems.length > 0) return { problems };
  const modules = Object.fromEntries(values.modules.map((row) => [row.module, { userType: row.userType, organizationId: row.organizationId }]));
  return {
    body: {
      firstname: values.firstname.trim(),
      lastname: values.lastname.trim(),
      email,
      status: values.status,
      locale: values.locale,
      forceSso: values.forceSso,
      ...(values.adminType !== null ? { adminType: values.adminType } : { modules }),
    },
  };
}

/** A PATCH body for a client user: the modules taken away are sent as null (JSON merge-patch). */
export function patchOf(body: UserBody, before: UserFormValues): UserBody {
  if (!body.modules) return body;
  const removed = Object.fromEntries(before.modules.filter((row) => !(row.module in (body.modules ?? {}))).map((row) => [row.module, null]));
  return { ...body, modules: { ...removed, ...body.modules } };
}
