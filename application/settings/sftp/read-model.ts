/**
 * The SFTP settings read model: one document per account, what the SFTP
 * server's sign-in needs (the user name, indexed; the password's argon2id
 * hash, as the users' read model keeps theirs; whether the access is on and
 * since which enabling) and the import's configuration. Types and names only.
 */
import type { SftpImportStatus } from '../../../domain/settings/sftp/sftp.js';

export const SFTP_SETTINGS_COLLECTION = 'settings_sftp';

export interface SftpSettingsDocument {
  _id: string;
  accountId: string;
  enabled: boolean;
  username: string | null;
  passwordHash: string | null;
  /** The revision of the stream's latest enabling: a session opened with an earlier password is closed. */
  credentialsRevision: number | null;
  enabledAt: string | null;
  parentCategoryIds: string[];
  suffix: string | null;
  status: SftpImportStatus;
  updatedAt: string;
  revision: number;
  [key: string]: unknown;
}
