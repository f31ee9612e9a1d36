import type { JobQueue } from '../../jobs/job-queue.js';
import type { Clock, IdGenerator } from '../../ports/clock.js';
import type { DocumentStore } from '../../ports/document-store.js';
import type { EventStore } from '../../ports/event-store.js';
import type { PasswordHasher } from '../../ports/security.js';
import type { TransferDeps } from '../../catalog/transfer/transfer-document.js';

/** Where the SFTP server listens, as the settings screen shows it (null port: the server is not running here). */
export interface SftpEndpoint {
  host: string;
  port(): number | null;
}

/**
 * The accounts' SFTP folders (infrastructure/sftp/sftp-folders.ts): a flat
 * folder per account under the data folder. The import reads a dropped
 * file, then removes it once its import is over (only if it still holds
 * the same bytes: a newer file dropped meanwhile stays).
 */
export interface SftpFolders {
  read(accountId: string, name: string): Promise<Buffer | null>;
  removeIfSame(accountId: string, name: string, sha256: string): Promise<void>;
  write(accountId: string, name: string, bytes: Buffer): Promise<void>;
  /** The accounts whose folder holds a file of this name. */
  holding(name: string): Promise<string[]>;
}

export interface SftpPorts {
  eventStore: EventStore;
  documents: DocumentStore;
  clock: Clock;
  ids: IdGenerator;
  hasher: PasswordHasher;
  endpoint: SftpEndpoint;
}

export interface SftpInboxPorts {
  documents: DocumentStore;
  jobs: JobQueue;
  folders: SftpFolders;
  transfer: TransferDeps;
}
