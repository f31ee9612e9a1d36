/**
 * A retailer's SSO configuration (GET|PUT /organizations/{id}/sso-configuration
 * and its history): read from its read model, saved as events of its own
 * stream, always for a root organization the caller may see (another
 * tenant's answers 404). The secret is sealed with a key of the key store
 * before it enters an event, and never answered back.
 */
import type { SealedPersonalData } from '../../../domain/buybacks/events.js';
import { MODULE_TYPES, type ModuleType, type UserType } from '../../../domain/organizations/events.js';
import {
  decideSsoConfiguration,
  DEFAULT_FIELD_MATCHING,
  evolveSsoConfiguration,
  NO_SSO_CONFIGURATION,
  validateSsoSettings,
  type SaveSsoConfiguration,
  type SsoConfigurationEvent,
  type SsoConfigurationState,
  type SsoSettings,
} from '../../../domain/organizations/sso/sso-configuration.js';
import { commandMetadata } from '../../buybacks/commands/buyback-command.js';
import { handleCommand, type Decider } from '../../commands/command-handler.js';
import { defineCommand, type CommandOutcome } from '../../commands/command-slice.js';
import { ApplicationError } from '../../commands/errors.js';
import { toDomainEvent } from '../../events/codec.js';
import type { Clock, IdGenerator } from '../../ports/clock.js';
import type { DocumentStore } from '../../ports/document-store.js';
import type { EventStore } from '../../ports/event-store.js';
import { isForgotten, type PersonalDataVault } from '../../ports/personal-data.js';
import { USER_TYPES_BY_MODULE } from '../permissions.js';
import { isPlatformStaff, type Principal } from '../principal.js';
import { ORGANIZATION_COLLECTIONS, type OrganizationDocument } from '../read-models.js';
import { userNames } from '../user-names.js';
import { SSO_CONFIGURATIONS_COLLECTION, type SsoConfigurationDocument } from './read-model.js';
import type { SsoConfigurationView, SsoHistoryView } from './sso-views.js';
import { SSO_STREAMS } from './streams.js';

export interface SsoPorts {
  eventStore: EventStore;
  documents: DocumentStore;
  clock: Clock;
  ids: IdGenerator;
  vault: PersonalDataVault;
  /** The dashboard's address (PUBLIC_BASE_URL): the redirect URI is built on it. */
  publicBaseUrl: string;
}

export const ssoConfigurationDecider: Decider<SsoConfigurationState, SaveSsoConfiguration, SsoConfigurationEvent> = {
  initialState: () => NO_SSO_CONFIGURATION,
  evolve: evolveSsoConfiguration,
  decide: decideSsoConfiguration,
};

/** The dashboard page the provider sends the browser back to, for one organization. */
export function redirectUriOf(publicBaseUrl: string, organizationId: string): string {
  return `${publicBaseUrl}/dashboard/open-id/${organizationId}/callback`;
}

/** The key-store subject whose key seals an organization's client secret. */
export function secretSubjectOf(organizationId: string): string {
  return `sso:${organizationId}`;
}

const userTypesOf = (module: ModuleType): readonly UserType[] => USER_TYPES_BY_MODULE[module] ?? [];

/** A root organization the caller may configure, or SSO_ROOT_ORGANIZATION_NOT_FOUND (never another tenant's). */
export async function visibleRootOrganization(documents: DocumentStore, principal: Principal, organizationId: string): Promise<OrganizationDocument> {
  const organization = await documents.collection<OrganizationDocument>(ORGANIZATION_COLLECTIONS.organizations).get(organizationId);
  const visible = organization && (isPlatformStaff(principal) || organization.accountId === principal.accountId);
  if (!organization || !visible || organization.type !== 'root_management_unit') {
    throw new ApplicationError('SSO_ROOT_ORGANIZATION_NOT_FOUND', { organizationId });
  }
  return organization;
}

export async function ssoConfiguration(ports: SsoPorts, principal: Principal, organizationId: string): Promise<SsoConfigurationView> {
  const organization = await visibleRootOrganization(ports.documents, principal, organizationId);
  const document = await ports.documents.collection<SsoConfigurationDocument>(SSO_CONFIGURATIONS_COLLECTION).get(organizationId);
  const redirectUri = redirectUriOf(ports.publicBaseUrl, organizationId);
  const assignableRoles = MODULE_TYPES.map((module) => ({ module, userTypes: [...userTypesOf(module)] }));
  if (!document) {
    return {
      organizationId,
      accountId: organization.accountId,
      configured: false,
      domains: [],
      clientId: '',
      secretSet: false,
      discoveryEndpoint: '',
      scope: 'openid email profile',
      roleClaim: 'roles',
      entityClaim: null,
      roleMatching: [],
      fieldMatching: { ...DEFAULT_FIELD_MATCHING },
      assignableRoles,
      redirectUri,
      updatedAt: null,
      revision: -1,
    };
  }
  return {
    organizationId,
    accountId: document.accountId,
    configured: true,
    domains: [...document.domains],
    clientId: document.clientId,
    secretSet: document.secretSet,
    discoveryEndpoint: document.discoveryEndpoint,
    scope: document.scope,
    roleClaim: document.roleClaim,
    entityClaim: document.entityClaim,
    roleMatching: document.roleMatching.map((match) => ({ ...match })),
    fieldMatching: { ...document.fieldMatching },
    assignableRoles,
    redirectUri,
    updatedAt: document.updatedAt,
    revision: document.revision,
  };
}

export async function ssoConfigurationHistory(ports: SsoPorts, principal: Principal, organizationId: string): Promise<SsoHistoryView> {
  await visibleRootOrganization(ports.documents, principal, organizationId);
  const events = await ports.eventStore.readStream(SSO_STREAMS.configuration.name(organizationId));
  const names = await userNames(ports.documents, events.map((event) => event.metadata.userId));
  return events.map((stored) => {
    const event = toDomainEvent<SsoConfigurationEvent>(stored);
    return {
      revision: stored.streamRevision,
      occurredAt: stored.metadata.occurredAt,
      userId: stored.metadata.userId,
      userName: stored.metadata.userId ? (names.get(stored.metadata.userId) ?? null) : null,
      changedFields: [...event.data.changedFields],
      reason: event.data.reason,
    };
  });
}

export interface SaveSsoConfigurationInput {
  organizationId: string;
  settings: SsoSettings;
  /** A new secret; absent or null keeps the one stored. */
  clientSecret?: string | null;
  reason?: string | null;
}

/** Saves an organization's configuration; its domains must belong to no other organization (SSO_DOMAIN_TAKEN). */
export const saveSsoConfiguration = defineCommand<SsoPorts, SaveSsoConfigurationInput, CommandOutcome<null>>({
  name: 'SaveSsoConfiguration',
  permission: 'sso.manage',
  async run(ports, context, input) {
    const organization = await visibleRootOrganization(ports.documents, context.principal, input.organizationId);
    const settings = validateSsoSettings(input.settings, userTypesOf);
    const [taken] = await ports.documents
      .collection<SsoConfigurationDocument>(SSO_CONFIGURATIONS_COLLECTION)
      .find({ domains: { $in: settings.domains }, _id: { $ne: organization._id } }, { limit: 1 });
    if (taken) throw new ApplicationError('SSO_DOMAIN_TAKEN', { domains: settings.domains.filter((domain) => taken.domains.includes(domain)) });
    const secret = input.clientSecret?.trim() ?? '';
    const clientSecret: SealedPersonalData | null = secret === '' ? null : await ports.vault.seal(secretSubjectOf(organization._id), { clientSecret: secret });
    const command: SaveSsoConfiguration = {
      type: 'SaveSsoConfiguration',
      data: { organizationId: organization._id, accountId: organization.accountId, settings, clientSecret, reason: input.reason?.trim() || null },
    };
    const result = await handleCommand(ports.eventStore, SSO_STREAMS.configuration.name(organization._id), ssoConfigurationDecider, command, {
      metadata: commandMetadata(ports, context, organization.accountId, organization._id),
      newEventId: () => ports.ids.uuid(),
      ...(context.expectedRevision === undefined ? {} : { expectedRevision: context.expectedRevision }),
    });
    return { id: organization._id, status: null, revision: result.revision, position: result.position };
  },
});

/** The configuration with its secret opened, as the sign-in needs it; null when there is none or the secret cannot be opened. */
export async function configurationWithSecret(ports: Pick<SsoPorts, 'eventStore' | 'vault'>, organizationId: string): Promise<{ settings: SsoSettings; clientSecret: string } | null> {
  const events = await ports.eventStore.readStream(SSO_STREAMS.configuration.name(organizationId));
  const state = events.reduce((current, stored) => evolveSsoConfiguration(current, toDomainEvent<SsoConfigurationEvent>(stored)), NO_SSO_CONFIGURATION);
  if (!state.settings || !state.clientSecret) return null;
  const opened = await ports.vault.reveal<unknown>(state.clientSecret);
  if (isForgotten(opened) || typeof (opened as { clientSecret?: unknown }).clientSecret !== 'string') return null;
  return { settings: state.settings, clientSecret: (opened as { clientSecret: string }).clientSecret };
}
