import { DomainError } from '../../shared/domain-error.js';
import type { ModuleType, UserType } from '../events.js';
import { emailDomainOf, type SsoSettings } from './sso-configuration.js';

/** What an identity provider said about the user, as the configuration reads it. */
export interface SsoIdentity {
  email: string;
  firstname: string;
  lastname: string;
  /** The user type in each module the role claim's values matched. */
  roles: Partial<Record<ModuleType, UserType>>;
  /** The entity claim's value (an organization's external id or id), or null. */
  entity: string | null;
}

type Claims = Readonly<Record<string, unknown>>;

/** A claim by name; a dotted name reads nested objects (`realm_access.roles`). */
function claimOf(claims: Claims, name: string): unknown {
  if (name in claims) return claims[name];
  return name.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), claims);
}

function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number') return String(value);
  return null;
}

/** A role claim as a list of values: a string (space or comma separated), or an array of strings. */
function valuesOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(textOf).filter((v): v is string => v !== null);
  const text = textOf(value);
  return text ? text.split(/[\s,]+/).filter(Boolean) : [];
}

/**
 * Reads the user out of the claims. Refused (SSO_CALLBACK_FAILED, with the
 * reason) when the e-mail is missing or of a domain the configuration does
 * not own: a provider signs in only the users of its organization's domains.
 * Where several matches give one module a role, the first listed wins.
 */
export function identityFromClaims(settings: SsoSettings, claims: Claims): SsoIdentity {
  const email = textOf(claimOf(claims, settings.fieldMatching.email))?.toLowerCase() ?? null;
  if (!email || !email.includes('@')) throw new DomainError('SSO_CALLBACK_FAILED', { reason: 'email_missing' });
  const domain = emailDomainOf(email);
  if (!domain || !settings.domains.includes(domain)) throw new DomainError('SSO_CALLBACK_FAILED', { reason: 'email_domain' });
  const values = new Set(valuesOf(claimOf(claims, settings.roleClaim)));
  const roles: Partial<Record<ModuleType, UserType>> = {};
  for (const match of settings.roleMatching) {
    if (values.has(match.claimValue) && roles[match.module] === undefined) roles[match.module] = match.userType;
  }
  const local = email.split('@')[0] ?? email;
  return {
    email,
    firstname: (textOf(claimOf(claims, settings.fieldMatching.firstname)) ?? local).slice(0, 255),
    lastname: (textOf(claimOf(claims, settings.fieldMatching.lastname)) ?? '').slice(0, 255),
    roles,
    entity: settings.entityClaim ? textOf(claimOf(claims, settings.entityClaim)) : null,
  };
}
