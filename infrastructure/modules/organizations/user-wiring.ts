import type { DependencyContainer } from 'tsyringe';
import { TOKENS } from '../../../application/tokens.js';
import type { Clock, IdGenerator } from '../../../application/ports/clock.js';
import type { DocumentStore } from '../../../application/ports/document-store.js';
import type { EventStore } from '../../../application/ports/event-store.js';
import type { Texts } from '../../../application/ports/texts.js';
import type { MenuEntry } from '../../../application/organizations/menu.js';
import { PLATFORM_STAFF, ROOT_MANAGERS, ROOT_USERS, type PermissionMatrix, type PermissionTable } from '../../../application/organizations/permissions.js';
import { USER_EMAIL_STREAM, type UserPorts } from '../../../application/organizations/users/user-ports.js';
import { ORGANIZATION_COLLECTIONS, type UserDocument } from '../../../application/organizations/read-models.js';
import { sendInvitation } from '../../../application/organizations/passwords/invitation.js';
import { userRoutes } from '../../http/routes/organizations/user-routes.js';
import { passwordPortsOf } from './password-wiring.js';

/**
 * The users' part of the organizations manifest: their permissions,
 * refusals, menu entries, the e-mail reservations' streams and the routes
 * (user administration and the permission matrix).
 */
export const userStreams = [USER_EMAIL_STREAM];

export const userPermissions: PermissionTable = {
  'user.list': { description: 'See the users, their permissions and history, the assignable roles and the permission matrix', holders: [...PLATFORM_STAFF, ...ROOT_USERS] },
  'user.manage': { description: 'Create users and change them (names, e-mail, status, a role and a parent entity per module)', holders: [...PLATFORM_STAFF, ...ROOT_MANAGERS] },
  'user.import': { description: 'Import users from a CSV file', holders: [...PLATFORM_STAFF, ...ROOT_MANAGERS] },
  'user.force_sso': { description: 'Set or clear a user’s force-SSO flag (signs in only through the organization’s identity provider)', holders: [...PLATFORM_STAFF] },
  'user.assign_admin': { description: 'Create and change admin users (provider staff) and give the admin types', holders: ['super_admin'] },
};

export const userErrors = {
  USER_NOT_FOUND: 404,
  USER_ALREADY_EXISTS: 409,
  USER_EMAIL_TAKEN: 409,
  USER_INVALID: 422,
  USER_ADMIN_NOT_ALLOWED: 403,
  USER_FORCE_SSO_NOT_ALLOWED: 403,
  // The field-level codes of USER_INVALID's details (each with its message).
  USER_STATUS_INVALID: 422,
  USER_LOCALE_INVALID: 422,
  USER_ADMIN_TYPE_INVALID: 422,
  USER_ADMIN_HAS_NO_MODULE: 422,
  USER_MODULE_REQUIRED: 422,
  USER_MODULE_UNKNOWN: 422,
  USER_ROLE_NOT_ASSIGNABLE: 422,
  USER_ENTITY_NOT_FOUND: 422,
  USER_ENTITY_MODULE_MISMATCH: 422,
} as const;

export const userMenu: MenuEntry[] = [
  { section: 'administration', key: 'users', path: '/users', permission: 'user.list' },
  { section: 'administration', key: 'permissionMatrix', path: '/permissions', permission: 'user.list' },
];

export function userPortsOf(container: DependencyContainer): UserPorts {
  return {
    eventStore: container.resolve<EventStore>(TOKENS.EventStore),
    documents: container.resolve<DocumentStore>(TOKENS.DocumentStore),
    clock: container.resolve<Clock>(TOKENS.Clock),
    ids: container.resolve<IdGenerator>(TOKENS.IdGenerator),
  };
}

/** How long a creation waits for its user in the read models before inviting them. */
const CATCH_UP_MS = 5_000;

export function userRoutesOf(container: DependencyContainer) {
  const ports = userPortsOf(container);
  const runner = container.resolve<{ waitFor(position: number, timeoutMs: number): Promise<boolean> }>(TOKENS.ProjectionRunner);
  return userRoutes({
    ports,
    matrix: container.resolve<PermissionMatrix>(TOKENS.PermissionMatrix),
    texts: container.resolve<Texts>(TOKENS.Texts),
    // The new user is invited by e-mail (in their language) to set their first password; a force-SSO user gets none.
    async afterCreation(outcome, principal, correlationId) {
      if (outcome.position !== null) await runner.waitFor(outcome.position, CATCH_UP_MS);
      const user = await ports.documents.collection<UserDocument>(ORGANIZATION_COLLECTIONS.users).get(outcome.id);
      if (!user) return null;
      const invitation = await sendInvitation(passwordPortsOf(container), outcome.id, user.locale, { userId: principal.userId, correlationId });
      return invitation.position;
    },
  });
}
