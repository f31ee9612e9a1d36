import type { DependencyContainer } from 'tsyringe';
import { TOKENS } from '../../../application/tokens.js';
import type { Clock, IdGenerator } from '../../../application/ports/clock.js';
import type { DocumentStore } from '../../../application/ports/document-store.js';
import type { EventStore } from '../../../application/ports/event-store.js';
import type { JobQueue } from '../../../application/jobs/job-queue.js';
import type { Mailer } from '../../../application/ports/mailer.js';
import type { PersonalDataVault } from '../../../application/ports/personal-data.js';
import type { Texts } from '../../../application/ports/texts.js';
import type { AppConfig } from '../../config.js';
import type { MenuEntry } from '../../../application/organizations/menu.js';
import type { PermissionTable } from '../../../application/organizations/permissions.js';
import { PLATFORM_STAFF, ROOT_MANAGERS, ROOT_USERS } from '../../../application/organizations/permissions.js';
import type { RebuildCoordinator } from '../../../application/platform/rebuild-coordinator.js';
import { clientRoutes } from '../../http/routes/organizations/client-routes.js';

/**
 * The clients' part of the organizations manifest (the provider staff's
 * client administration): permissions, refusals, menu entries and routes.
 * Their stream is the account's (`account-<id>`), their read model the
 * accounts projection.
 */
export const clientPermissions: PermissionTable = {
  'client.list': { description: 'See the clients (retailer accounts): the list, a client’s form and history, its linked buyers', holders: PLATFORM_STAFF },
  'client.manage': {
    description: 'Create a client and change its form (general information, modules, circuits, white-label site, payment modes, transport, premium features, home page); reindex its catalogue',
    holders: PLATFORM_STAFF,
  },
  'client.delete': { description: 'Delete an inactive, unlinked account, forgetting its customers’ personal data', holders: PLATFORM_STAFF },
  'root_details.read': { description: 'Read the organization root details (provider staff: any account; root users: their own)', holders: [...PLATFORM_STAFF, ...ROOT_USERS] },
  'root_details.manage': { description: 'Change the organization root details (provider staff: any account; root managers: their own)', holders: [...PLATFORM_STAFF, ...ROOT_MANAGERS] },
};

export const clientErrors = {
  CLIENT_INVALID: 422,
  ROOT_DETAILS_INVALID: 422,
  ACCOUNT_ALREADY_EXISTS: 409,
  ACCOUNT_STILL_ACTIVE: 422,
  ACCOUNT_HAS_LINKED_BUYERS: 422,
  ACCOUNT_HAS_LINKED_RETAILERS: 422,
  // The field-level codes of CLIENT_INVALID's details (each with its message).
  SIRET_INVALID: 422,
  CLIENT_CAPITAL_INVALID: 422,
  CLIENT_MODULES_REQUIRED: 422,
  CLIENT_URL_INVALID: 422,
  HOME_PAGE_PRODUCT_ID_INVALID: 422,
  CART_MIN_VALUE_NOT_WHOLE: 422,
  SETTINGS_FILE_ID_INVALID: 422,
  PREMIUM_FEATURES_PROVIDER_ONLY: 403,
} as const;

export const clientMenu: MenuEntry[] = [
  { section: 'administration', key: 'clients', path: '/clients', permission: 'client.list' },
  { section: 'administration', key: 'newClient', path: '/client/create', permission: 'client.manage' },
];

/** The platform part's rebuild coordinator (infrastructure/modules/platform/module.ts), registered under this symbol. */
const REBUILD_COORDINATOR = Symbol.for('RebuildCoordinator');

export function clientRoutesOf(container: DependencyContainer) {
  return clientRoutes({
    ports: {
      eventStore: container.resolve<EventStore>(TOKENS.EventStore),
      documents: container.resolve<DocumentStore>(TOKENS.DocumentStore),
      clock: container.resolve<Clock>(TOKENS.Clock),
      ids: container.resolve<IdGenerator>(TOKENS.IdGenerator),
      vault: container.resolve<PersonalDataVault>(TOKENS.PersonalDataVault),
      mailer: container.resolve<Mailer>(TOKENS.Mailer),
      jobs: container.resolve<JobQueue>(TOKENS.Jobs),
      inlineMaxBuybacks: container.resolve<AppConfig>(TOKENS.Config).accountDeletionInlineMaxBuybacks,
    },
    coordinator: () => container.resolve<RebuildCoordinator>(REBUILD_COORDINATOR),
    texts: container.resolve<Texts>(TOKENS.Texts),
  });
}
