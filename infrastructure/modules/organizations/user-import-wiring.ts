import type { DependencyContainer } from 'tsyringe';
import { TOKENS } from '../../../application/tokens.js';
import type { JobQueue } from '../../../application/jobs/job-queue.js';
import type { Clock, IdGenerator } from '../../../application/ports/clock.js';
import type { DocumentStore } from '../../../application/ports/document-store.js';
import type { EventStore } from '../../../application/ports/event-store.js';
import type { Texts } from '../../../application/ports/texts.js';
import type { MenuEntry } from '../../../application/organizations/menu.js';
import { createUser } from '../../../application/organizations/users/create-user.js';
import { sendInvitation } from '../../../application/organizations/passwords/invitation.js';
import { USER_IMPORTS_COLLECTION, USER_IMPORT_ROWS_COLLECTION, type UserImportDeps } from '../../../application/organizations/user-import/user-import-document.js';
import { userImportRoutes } from '../../http/routes/organizations/user-import-routes.js';
import { passwordPortsOf } from './password-wiring.js';

/**
 * The users import's part of the organizations manifest: its collection
 * (operational state, not a read model), refusals, menu entry and routes.
 * Its permission, `user.import`, is the users' (user-wiring.ts).
 */
export const userImportCollections = [USER_IMPORTS_COLLECTION, USER_IMPORT_ROWS_COLLECTION];

export const userImportErrors = {
  USER_IMPORT_FILE_MISSING: 400,
  USER_IMPORT_FILE_INVALID: 422,
  USER_IMPORT_FILE_TOO_LARGE: 413,
  USER_IMPORT_TOO_MANY_ROWS: 422,
  USER_IMPORT_NOT_FOUND: 404,
  USER_IMPORT_NOT_READY: 409,
  USER_IMPORT_RUNNING: 409,
  USER_IMPORT_NOTHING_TO_IMPORT: 409,
} as const;

export const userImportMenu: MenuEntry[] = [{ section: 'administration', key: 'usersImport', path: '/users/import', permission: 'user.import' }];

/** Waits for the read models before inviting the users created (bounded: past it, the invitation reads what is there). */
const CATCH_UP_MS = 10_000;

export function userImportDepsOf(container: DependencyContainer): UserImportDeps {
  const runner = container.resolve<{ waitFor(position: number, timeoutMs: number): Promise<boolean> }>(TOKENS.ProjectionRunner);
  const ports = {
    eventStore: container.resolve<EventStore>(TOKENS.EventStore),
    documents: container.resolve<DocumentStore>(TOKENS.DocumentStore),
    clock: container.resolve<Clock>(TOKENS.Clock),
    ids: container.resolve<IdGenerator>(TOKENS.IdGenerator),
  };
  const passwords = passwordPortsOf(container);
  return {
    ...ports,
    jobs: container.resolve<JobQueue>(TOKENS.Jobs),
    createUser: (input, actor) => createUser(ports, input, actor),
    invite: async (userId, locale, actor) => {
      await sendInvitation(passwords, userId, locale, { userId: actor.principal.userId, correlationId: actor.correlationId });
    },
    caughtUp: async (position) => {
      await runner.waitFor(position, CATCH_UP_MS);
    },
  };
}

/** Declared before the users' routes: `/users/imports/…` must not be read as `/users/{id}/…`. */
export function userImportRoutesOf(container: DependencyContainer) {
  const deps = userImportDepsOf(container);
  return userImportRoutes(deps, deps.jobs, container.resolve<Texts>(TOKENS.Texts));
}
