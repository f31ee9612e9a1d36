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
  SSO_LIMITS,
  validateSsoSettings,
  type SaveSsoConfiguration,
  type SsoConfigurationEvent,
  type SsoConfigurationState,
  type SsoSettings,
} from '../../../domain/organizations/sso/sso-configuration.js';
import { ssoDomainDecider, ssoDomainKey } from '../../../domain/organizations/sso/domain-reservation.js';
import { commandMetadata } from '../../buybacks/commands/buyback-command.js';
import type { Decider } from '../../commands/command-handler.js';
import { handleTogether, onStream, type StreamDecision } from '../../commands/handle-together.js';
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

/**
 * Saves an organization's configuration with its domains' reservations in one
 * atomic append (every stream at the revision read): each domain it names is
 * reserved for it, each it drops released. A domain another organization
 * holds is refused SSO_DOMAIN_TAKEN; of two saves racing for one domain
 * exactly one is written, the other decides again and is refused.
 */
export const saveSsoConfiguration = defineCommand<SsoPorts, SaveSsoConfigurationInput, CommandOutcome<null>>({
  name: 'SaveSsoConfiguration',
  permission: 'sso.manage',
  async run(ports, context, input) {
    const organization = await visibleRootOrganization(ports.documents, context.principal, input.organizationId);
    const settings = validateSsoSettings(input.settings, userTypesOf);
    const heldElsewhere = await domainHolders(ports.documents, settings.domains, organization._id);
    const secret = input.clientSecret?.trim() ?? '';
    const clientSecret: SealedPersonalData | null = secret === '' ? null : await ports.vault.seal(secretSubjectOf(organization._id), { clientSecret: secret });
    const command: SaveSsoConfiguration = {
      type: 'SaveSsoConfiguration',
      data: { organizationId: organization._id, accountId: organization.accountId, settings, clientSecret, reason: input.reason?.trim() || null },
    };
    const stream = SSO_STREAMS.configuration.name(organization._id);
    // The domains to release are the ones of the configuration read: decided again whenever a stream moved meanwhile.
    for (let attempt = 0; ; attempt++) {
      const history = await ports.eventStore.readStream(stream);
      const before = history.reduce((state, stored) => evolveSsoConfiguration(state, toDomainEvent<SsoConfigurationEvent>(stored)), NO_SSO_CONFIGURATION);
      const decisions = [onStream(stream, ssoConfigurationDecider, command), ...domainDecisions(organization._id, before.settings?.domains ?? [], settings.domains, heldElsewhere)];
      try {
        const results = await handleTogether(ports.eventStore, decisions, {
          metadata: commandMetadata(ports, context, organization.accountId, organization._id),
          newEventId: () => ports.ids.uuid(),
          expectedRevision: context.expectedRevision ?? history.length - 1,
        });
        const positions = results.map((result) => result.position).filter((position): position is number => position !== null);
        return { id: organization._id, status: null, revision: results[0]?.revision ?? -1, position: positions.length ? Math.max(...positions) : null };
      } catch (error) {
        const code = error instanceof ApplicationError ? error.code : null;
        const moved = code === 'CONCURRENT_MODIFICATION' || (code === 'PRECONDITION_FAILED' && context.expectedRevision === undefined);
        if (!moved) throw error;
        if (attempt >= 2) throw new ApplicationError('CONCURRENT_MODIFICATION', { streams: decisions.map((decision) => decision.stream) });
      }
    }
  },
});

/** The organizations the read model shows with one of these domains besides this one (configurations saved before reservations existed). */
async function domainHolders(documents: DocumentStore, domains: readonly string[], organizationId: string): Promise<Map<string, string>> {
  const holders = await documents
    .collection<SsoConfigurationDocument>(SSO_CONFIGURATIONS_COLLECTION)
    .find({ domains: { $in: [...domains] }, _id: { $ne: organizationId } }, { limit: SSO_LIMITS.domains.max });
  return new Map(holders.flatMap((holder) => holder.domains.filter((domain) => domains.includes(domain)).map((domain) => [domain, holder._id] as const)));
}

/** Every domain named reserved for the organization (nothing recorded when it holds it already), every domain dropped released. */
function domainDecisions(organizationId: string, before: readonly string[], after: readonly string[], heldElsewhere: ReadonlyMap<string, string>): StreamDecision[] {
  const streamOf = (domain: string) => SSO_STREAMS.domain.name(ssoDomainKey(domain));
  return [
    ...after.map((domain) =>
      onStream(streamOf(domain), ssoDomainDecider, { type: 'ReserveSsoDomain', data: { domain, organizationId, heldElsewhere: heldElsewhere.get(domain) ?? null } }),
    ),
    ...before.filter((domain) => !after.includes(domain)).map((domain) => onStream(streamOf(domain), ssoDomainDecider, { type: 'ReleaseSsoDomain', data: { domain, organizationId } })),
  ];
}

/** The configuration with its secret opened, as the sign-in needs it; null when there is none or the secret cannot be opened. */
export async function configurationWithSecret(ports: Pick<SsoPorts, 'eventStore' | 'vault'>, organizationId: string): Promise<{ settings: SsoSettings; clientSecret: string } | null> {
  const events = await ports.eventStore.readStream(SSO_STREAMS.configuration.name(organizationId));
  const state = events.reduce((current, stored) => evolveSsoConfiguration(current, toDomainEvent<SsoConfigurationEvent>(stored)), NO_SSO_CONFIGURATION);
  if (!state.settings || !state.clientSecret) return null;
  const opened = await ports.vault.reveal<unknown>(state.clientSecret);
  if (isForgotten(opened) || typeof (opened as { clientSecret?: unknown }).clientSecret !== 'string') return null;
  return { settings: state.settings, clientSecret: (opened as { clientSecret: string }).clientSecret };
}
