import type { DependencyContainer } from 'tsyringe';
import { TOKENS } from '../../../application/tokens.js';
import type { JobQueue } from '../../../application/jobs/job-queue.js';
import type { Clock, IdGenerator } from '../../../application/ports/clock.js';
import type { DocumentStore } from '../../../application/ports/document-store.js';
import type { EventStore } from '../../../application/ports/event-store.js';
import type { PasswordHasher } from '../../../application/ports/security.js';
import type { Texts } from '../../../application/ports/texts.js';
import { PLATFORM_STAFF, ROOT_MANAGERS } from '../../../application/organizations/permissions.js';
import { SFTP_FEATURE, SFTP_PERMISSION } from '../../../application/settings/sftp/sftp-commands.js';
import { SftpInbox } from '../../../application/settings/sftp/sftp-inbox.js';
import { sftpSettingsProjection } from '../../../projections/settings/sftp-projection.js';
import type { AppConfig } from '../../config.js';
import type { Logger } from 'pino';
import { sftpRoutes } from '../../http/routes/settings/sftp-routes.js';
import { FsSftpFolders } from '../../sftp/sftp-folders.js';
import { SFTP_FAILED_LOGINS_ALLOWED, SftpServerWorker } from '../../sftp/sftp-server.js';
import type { Throttles } from '../../security/throttle-stores.js';
import { transferDepsOf } from '../catalog/transfer-wiring.js';
import type { ModulePiece } from '../module-pieces.js';
import { sftpDemoActivity } from './demo/sftp-demo.js';

const SFTP_SERVER = Symbol.for('SftpServer');
const SFTP_INBOX = Symbol.for('SftpInbox');
const SFTP_FOLDERS = Symbol.for('SftpFolders');

/** The SFTP settings' ports out of the container. */
export function sftpDepsOf(container: DependencyContainer) {
  return {
    eventStore: container.resolve<EventStore>(TOKENS.EventStore),
    documents: container.resolve<DocumentStore>(TOKENS.DocumentStore),
    clock: container.resolve<Clock>(TOKENS.Clock),
    ids: container.resolve<IdGenerator>(TOKENS.IdGenerator),
    hasher: container.resolve<PasswordHasher>(TOKENS.PasswordHasher),
    jobs: container.resolve<JobQueue>(TOKENS.Jobs),
    endpoint: container.resolve<SftpServerWorker>(SFTP_SERVER),
    inbox: container.resolve<SftpInbox>(SFTP_INBOX),
    folders: container.resolve<FsSftpFolders>(SFTP_FOLDERS),
  };
}

/**
 * The settings part's SFTP feature (issue 23): the access and the import's
 * configuration (one stream per account, its read model), their routes and
 * screens' menu entry (hidden without the `sftp_access` premium feature),
 * the SFTP server with its inbox (a background worker), and the demo
 * retailer's access enabled with one import done.
 */
export const sftpPiece: ModulePiece = {
  projections: [sftpSettingsProjection],
  permissions: {
    [SFTP_PERMISSION]: { description: 'See and change the retailer’s SFTP access (enable: a password shown once; disable) and its import’s configuration', holders: [...PLATFORM_STAFF, ...ROOT_MANAGERS] },
  },
  errors: {
    SFTP_ACCESS_NOT_ENABLED: 409,
    SFTP_IMPORT_CATEGORY_UNKNOWN: 422,
    SFTP_IMPORT_TOO_MANY_CATEGORIES: 422,
    SFTP_IMPORT_SUFFIX_INVALID: 422,
  },
  menu: [
    {
      section: 'settings',
      key: 'sftp',
      path: '/settings/sftp',
      permission: SFTP_PERMISSION,
      visible: ({ settings }) => settings === null || (settings.enabledPremiumFeatures ?? []).includes(SFTP_FEATURE),
    },
  ],
  register(container) {
    const config = container.resolve<AppConfig>(TOKENS.Config);
    const logger = container.resolve<Logger>(TOKENS.Logger);
    const documents = container.resolve<DocumentStore>(TOKENS.DocumentStore);
    const folders = new FsSftpFolders(config.dataDir);
    const inbox = new SftpInbox({ documents, jobs: container.resolve<JobQueue>(TOKENS.Jobs), folders, transfer: transferDepsOf(container) }, logger);
    const server = new SftpServerWorker(
      { port: config.sftp.port, bindHost: config.sftp.bindHost, publicHost: config.sftp.publicHost, dataDir: config.dataDir, scanIntervalMs: config.sftp.scanIntervalMs },
      {
        documents,
        hasher: container.resolve<PasswordHasher>(TOKENS.PasswordHasher),
        inbox,
        folders,
        logger,
        failures: container.resolve<Throttles>(TOKENS.Throttles).create('sftp-sign-ins', SFTP_FAILED_LOGINS_ALLOWED, 15 * 60, 15 * 60),
      },
    );
    container.register(SFTP_FOLDERS, { useValue: folders });
    container.register(SFTP_INBOX, { useValue: inbox });
    container.register(SFTP_SERVER, { useValue: server });
  },
  workers: (container) => [container.resolve<SftpServerWorker>(SFTP_SERVER)],
  routes: (container) => sftpRoutes(sftpDepsOf(container), container.resolve<Texts>(TOKENS.Texts)),
  demoActivity: (context) => sftpDemoActivity(context, sftpDepsOf(context.container)),
};
