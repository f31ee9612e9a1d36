import { createHash } from 'node:crypto';
import { streamCategory } from '../../events/streams.js';
import type { Clock, IdGenerator } from '../../ports/clock.js';
import type { DocumentStore } from '../../ports/document-store.js';
import type { EventMetadata, EventStore } from '../../ports/event-store.js';
import type { CommandContext } from '../../commands/command-slice.js';
import { ApplicationError } from '../../commands/errors.js';
import { MODULE_TYPES, type UserModules } from '../../../domain/organizations/events.js';
import type { EntityFacts, UserFacts } from '../../../domain/organizations/user/user.js';
import { isPlatformStaff, tenantFilter, type Principal } from '../principal.js';
import { USER_TYPES_BY_MODULE } from '../permissions.js';
import { ORGANIZATION_COLLECTIONS, type OrganizationDocument, type UserDocument } from '../read-models.js';

/** What the user commands and queries work with. */
export interface UserPorts {
  eventStore: EventStore;
  documents: DocumentStore;
  clock: Clock;
  ids: IdGenerator;
}

/**
 * Who creates or changes a user: a request's context, or a system caller
 * (an import, an SSO sign-in) with a principal of its own (`systemActor`).
 */
export type UserActor = Pick<CommandContext, 'principal' | 'correlationId'> & Partial<Pick<CommandContext, 'idempotency' | 'expectedRevision'>>;

/** One stream per normalized e-mail address: its reservation (domain/organizations/user/email-reservation.ts). */
export const USER_EMAIL_STREAM = streamCategory('user_email');

/** The reservation stream of an address (its SHA-256: any address makes a valid stream name). */
export function userEmailStream(normalizedEmail: string): string {
  return USER_EMAIL_STREAM.name(createHash('sha256').update(normalizedEmail).digest('hex'));
}

/** The metadata's tenant of an admin user (no account), as `npm run create-admin` writes it. */
export const PLATFORM_TENANT = 'platform';

export function userMetadata(deps: Pick<UserPorts, 'clock'>, actor: UserActor, accountId: string | null): EventMetadata {
  return {
    accountId: accountId ?? PLATFORM_TENANT,
    organizationId: actor.principal.organizationId,
    userId: actor.principal.userId,
    correlationId: actor.correlationId,
    causationId: null,
    occurredAt: deps.clock.now(),
    ...(actor.idempotency ? { idempotency: actor.idempotency } : {}),
  };
}

/**
 * A system caller acting on one tenant's users (the SSO callback creating a
 * user from its claims): holds the permissions given, nothing else.
 */
export function systemActor(accountId: string, permissions: readonly string[], correlationId: string): UserActor {
  return {
    correlationId,
    principal: {
      kind: 'user',
      userId: null,
      accountId,
      module: null,
      userType: 'root_management_unit_manager',
      organizationId: null,
      permissions: new Set(permissions),
      visibleStoreIds: null,
    },
  };
}

/** What the user's rules need to know: the actor's rights, the assignable roles, the entities the modules name. */
export async function userFacts(documents: DocumentStore, principal: Principal, modules: UserModules | undefined): Promise<UserFacts> {
  const ids = [...new Set(Object.values(modules ?? {}).map((role) => role?.organizationId).filter((id): id is string => typeof id === 'string' && id !== ''))];
  const found = ids.length
    ? await documents.collection<OrganizationDocument>(ORGANIZATION_COLLECTIONS.organizations).find({ _id: { $in: ids } }, { limit: ids.length })
    : [];
  const entities: Record<string, EntityFacts> = {};
  for (const entity of found) entities[entity._id] = { accountId: entity.accountId, moduleType: entity.moduleType, type: entity.type };
  return {
    canAssignAdmin: isPlatformStaff(principal) && principal.permissions.has('user.assign_admin'),
    canForceSso: principal.permissions.has('user.force_sso'),
    assignableUserTypes: Object.fromEntries(MODULE_TYPES.map((module) => [module, USER_TYPES_BY_MODULE[module]])) as UserFacts['assignableUserTypes'],
    entities,
  };
}

/** A user the principal may see (their tenant's; provider staff: any), or USER_NOT_FOUND. */
export async function visibleUser(documents: DocumentStore, principal: Principal, userId: string): Promise<UserDocument> {
  const [user] = await documents
    .collection<UserDocument>(ORGANIZATION_COLLECTIONS.users)
    .find({ $and: [tenantFilter(principal), { _id: userId }] }, { limit: 1 });
  if (!user) throw new ApplicationError('USER_NOT_FOUND', { userId });
  return user;
}

/**
 * An address already held by another user in the read model: the users
 * written before reservations existed (demo data, `create-admin`) hold none.
 */
export async function refuseEmailOfAnother(documents: DocumentStore, email: string, userId: string): Promise<void> {
  const [holder] = await documents.collection<UserDocument>(ORGANIZATION_COLLECTIONS.users).find({ email }, { limit: 1 });
  if (holder && holder._id !== userId) throw new ApplicationError('USER_EMAIL_TAKEN', { field: 'email' });
}
