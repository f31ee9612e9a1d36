import type { SealedPersonalData } from '../../buybacks/events.js';
import { DomainError } from '../../shared/domain-error.js';
import { MODULE_TYPES, type ModuleType, type UserType } from '../events.js';

/**
 * A retailer's single sign-on (OpenID Connect) configuration, one per root
 * organization, kept as events of its own stream. The client secret enters
 * the event only sealed (AES-GCM, a key of the key store) and is never
 * answered back.
 */

/** A role claim's value, and the user type it gives in one module. */
export interface SsoRoleMatch {
  claimValue: string;
  module: ModuleType;
  userType: UserType;
}

/** Which claims carry the user's names and e-mail. */
export interface SsoFieldMatching {
  firstname: string;
  lastname: string;
  email: string;
}

/** The configuration as kept (without its secret). */
export interface SsoSettings {
  /** E-mail domains (lower case) whose users sign in here; each belongs to one organization of the platform. */
  domains: string[];
  clientId: string;
  /** The provider's discovery document (`…/.well-known/openid-configuration`) or its issuer. */
  discoveryEndpoint: string;
  scope: string;
  roleClaim: string;
  /** The claim naming the user's organization (its external id or id), or null: the root organization. */
  entityClaim: string | null;
  roleMatching: SsoRoleMatch[];
  fieldMatching: SsoFieldMatching;
}

export const SSO_LIMITS = {
  domains: { min: 1, max: 20 },
  domain: { max: 253 },
  clientId: { min: 2, max: 255 },
  clientSecret: { min: 2, max: 1024 },
  discoveryEndpoint: { max: 2048 },
  scope: { min: 6, max: 255 },
  claim: { min: 2, max: 100 },
  claimValue: { min: 1, max: 255 },
  roleMatching: { max: 50 },
} as const;

export const DEFAULT_FIELD_MATCHING: SsoFieldMatching = { firstname: 'given_name', lastname: 'family_name', email: 'email' };

export interface SsoConfigurationSaved {
  type: 'SsoConfigurationSaved';
  data: {
    organizationId: string;
    accountId: string;
    settings: SsoSettings;
    /** The new client secret, sealed; null when the save kept the earlier one. */
    clientSecret: SealedPersonalData | null;
    /** What this save changed (`clientSecret` when a new one was given): what the history shows. */
    changedFields: string[];
    reason: string | null;
  };
}

export type SsoConfigurationEvent = SsoConfigurationSaved;
export const SSO_CONFIGURATION_EVENT_TYPES = ['SsoConfigurationSaved'] as const;

export interface SsoConfigurationState {
  settings: SsoSettings | null;
  /** The latest sealed secret. */
  clientSecret: SealedPersonalData | null;
}

export const NO_SSO_CONFIGURATION: SsoConfigurationState = { settings: null, clientSecret: null };

export function evolveSsoConfiguration(state: SsoConfigurationState, event: SsoConfigurationEvent): SsoConfigurationState {
  switch (event.type) {
    case 'SsoConfigurationSaved':
      return { settings: event.data.settings, clientSecret: event.data.clientSecret ?? state.clientSecret };
    default: {
      const unknown: never = event.type;
      throw new Error(`Unknown event ${String(unknown)}`);
    }
  }
}

export interface SaveSsoConfiguration {
  type: 'SaveSsoConfiguration';
  data: {
    organizationId: string;
    accountId: string;
    /** Already validated (validateSsoSettings). */
    settings: SsoSettings;
    /** A new secret, sealed; null keeps the earlier one (refused when there is none). */
    clientSecret: SealedPersonalData | null;
    reason: string | null;
  };
}

/** Saves the configuration; a save that changes nothing writes nothing. A first save needs a secret. */
export function decideSsoConfiguration(command: SaveSsoConfiguration, state: SsoConfigurationState): SsoConfigurationEvent[] {
  const { organizationId, accountId, settings, clientSecret, reason } = command.data;
  if (clientSecret === null && state.clientSecret === null) {
    throw new DomainError('SSO_CONFIGURATION_INVALID', { fields: [{ field: 'clientSecret', code: 'TEXT_REQUIRED' }] });
  }
  const changedFields = changedSettings(state.settings, settings);
  if (clientSecret !== null) changedFields.push('clientSecret');
  if (changedFields.length === 0) return [];
  return [{ type: 'SsoConfigurationSaved', data: { organizationId, accountId, settings, clientSecret, changedFields, reason } }];
}

function changedSettings(before: SsoSettings | null, after: SsoSettings): string[] {
  return (Object.keys(after) as Array<keyof SsoSettings>).filter(
    (field) => before === null || JSON.stringify(before[field]) !== JSON.stringify(after[field]),
  );
}

export interface SsoFieldError {
  field: string;
  code: string;
  [detail: string]: unknown;
}

const DOMAIN = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/;
const CLAIM = /^[A-Za-z0-9_:./-]+$/;
const length = (text: string) => [...text].length;

/** Whether an URL may name a provider: https, or http on the machine itself (a developer's provider). */
export function isProviderUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/**
 * The settings as kept: domains lower case without duplicates, texts
 * trimmed. Every field's problem is collected and refused at once
 * (SSO_CONFIGURATION_INVALID, `details.fields`). `userTypesOf` says which
 * user types a module's role may be.
 */
export function validateSsoSettings(input: SsoSettings, userTypesOf: (module: ModuleType) => readonly UserType[]): SsoSettings {
  const fields: SsoFieldError[] = [];
  const domains = [...new Set(input.domains.map((domain) => domain.trim().toLowerCase().replace(/^@/, '')).filter(Boolean))];
  if (domains.length < SSO_LIMITS.domains.min) fields.push({ field: 'domains', code: 'TEXT_REQUIRED' });
  if (domains.length > SSO_LIMITS.domains.max) fields.push({ field: 'domains', code: 'SSO_TOO_MANY_DOMAINS', max: SSO_LIMITS.domains.max });
  domains.forEach((domain, index) => {
    if (!DOMAIN.test(domain)) fields.push({ field: `domains.${index}`, code: 'SSO_DOMAIN_INVALID', value: domain.slice(0, 255) });
  });
  const text = (field: string, value: string, bounds: { min: number; max: number }) => {
    const trimmed = value.trim();
    if (trimmed === '') fields.push({ field, code: 'TEXT_REQUIRED' });
    else if (length(trimmed) < bounds.min || length(trimmed) > bounds.max) fields.push({ field, code: 'TEXT_LENGTH', ...bounds });
    return trimmed;
  };
  const claim = (field: string, value: string) => {
    const trimmed = text(field, value, SSO_LIMITS.claim);
    if (trimmed !== '' && !CLAIM.test(trimmed)) fields.push({ field, code: 'SSO_CLAIM_INVALID' });
    return trimmed;
  };
  const clientId = text('clientId', input.clientId, SSO_LIMITS.clientId);
  const discoveryEndpoint = input.discoveryEndpoint.trim();
  if (discoveryEndpoint === '') fields.push({ field: 'discoveryEndpoint', code: 'TEXT_REQUIRED' });
  else if (length(discoveryEndpoint) > SSO_LIMITS.discoveryEndpoint.max || !isProviderUrl(discoveryEndpoint)) {
    fields.push({ field: 'discoveryEndpoint', code: 'SSO_URL_INVALID' });
  }
  const scope = text('scope', input.scope, SSO_LIMITS.scope).split(/\s+/).filter(Boolean).join(' ');
  if (scope !== '' && !scope.split(' ').includes('openid')) fields.push({ field: 'scope', code: 'SSO_SCOPE_OPENID_MISSING' });
  const roleClaim = claim('roleClaim', input.roleClaim);
  const entityClaim = input.entityClaim === null || input.entityClaim.trim() === '' ? null : claim('entityClaim', input.entityClaim);
  if (input.roleMatching.length > SSO_LIMITS.roleMatching.max) {
    fields.push({ field: 'roleMatching', code: 'SSO_TOO_MANY_ROLES', max: SSO_LIMITS.roleMatching.max });
  }
  const roleMatching = input.roleMatching.slice(0, SSO_LIMITS.roleMatching.max).map((match, index) => {
    const claimValue = text(`roleMatching.${index}.claimValue`, match.claimValue, SSO_LIMITS.claimValue);
    if (!(MODULE_TYPES as readonly string[]).includes(match.module) || !userTypesOf(match.module).includes(match.userType)) {
      fields.push({ field: `roleMatching.${index}.userType`, code: 'SSO_ROLE_INVALID' });
    }
    return { claimValue, module: match.module, userType: match.userType };
  });
  const fieldMatching = {
    firstname: claim('fieldMatching.firstname', input.fieldMatching.firstname),
    lastname: claim('fieldMatching.lastname', input.fieldMatching.lastname),
    email: claim('fieldMatching.email', input.fieldMatching.email),
  };
  if (fields.length > 0) throw new DomainError('SSO_CONFIGURATION_INVALID', { fields: fields.slice(0, 20) });
  return { domains, clientId, discoveryEndpoint, scope, roleClaim, entityClaim, roleMatching, fieldMatching };
}

/** The domain of an e-mail address (or of a bare domain), lower case; null when there is none. */
export function emailDomainOf(value: string): string | null {
  const domain = value.trim().toLowerCase().split('@').pop() ?? '';
  return DOMAIN.test(domain) ? domain : null;
}
