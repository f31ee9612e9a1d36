/**
 * A retailer's SFTP: its access (credentials enabled, with a password shown
 * once and kept only as its hash, or disabled) and its import's
 * configuration (specification 002 §3 "SFTP": catalogue, parent categories,
 * suffix, status). One stream per account; who and when are in the
 * events' metadata.
 */
export const SFTP_IMPORT_FILE_NAME = 'products-import.csv';
export const SFTP_IMPORT_STATUSES = ['active', 'inactive'] as const;
export type SftpImportStatus = (typeof SFTP_IMPORT_STATUSES)[number];
/** A retailer names at most this many parent categories. */
export const SFTP_PARENT_CATEGORIES_MAX = 20;
export const SFTP_SUFFIX_MAX = 32;
/** What a suffix may hold: what a category's identifier holds (letters, digits, `-`, `_`, `.`). */
export const SFTP_SUFFIX_PATTERN = /^[A-Za-z0-9._-]+$/;

export interface SftpImportConfiguration {
  /** The categories under which the file's lines may place products (empty: anywhere in the catalogue). */
  parentCategoryIds: string[];
  /** Appended to each category identifier the file names before it is looked up; null: none. */
  suffix: string | null;
  /** Inactive: dropped files wait, unread. */
  status: SftpImportStatus;
}

export const DEFAULT_SFTP_IMPORT_CONFIGURATION: SftpImportConfiguration = { parentCategoryIds: [], suffix: null, status: 'active' };

export interface SftpAccessEnabled {
  type: 'SftpAccessEnabled';
  /** A new password each time (its argon2id hash only): the earlier one no longer opens. */
  data: { accountId: string; username: string; passwordHash: string };
}

export interface SftpAccessDisabled {
  type: 'SftpAccessDisabled';
  data: { accountId: string };
}

export interface SftpImportConfigurationChanged {
  type: 'SftpImportConfigurationChanged';
  /** Only the fields that changed. */
  data: { accountId: string } & Partial<SftpImportConfiguration>;
}

export type SftpEvent = SftpAccessEnabled | SftpAccessDisabled | SftpImportConfigurationChanged;
export const SFTP_EVENT_TYPES: Array<SftpEvent['type']> = ['SftpAccessEnabled', 'SftpAccessDisabled', 'SftpImportConfigurationChanged'];

export interface SftpState {
  accountId: string | null;
  enabled: boolean;
  username: string | null;
  configuration: SftpImportConfiguration;
}

export const initialSftpState = (): SftpState => ({ accountId: null, enabled: false, username: null, configuration: { ...DEFAULT_SFTP_IMPORT_CONFIGURATION, parentCategoryIds: [] } });

export function evolveSftp(state: SftpState, event: SftpEvent): SftpState {
  switch (event.type) {
    case 'SftpAccessEnabled':
      return { ...state, accountId: event.data.accountId, enabled: true, username: event.data.username };
    case 'SftpAccessDisabled':
      return { ...state, accountId: event.data.accountId, enabled: false };
    case 'SftpImportConfigurationChanged': {
      const { accountId, ...changes } = event.data;
      return { ...state, accountId, configuration: { ...state.configuration, ...changes } };
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/**
 * The SFTP user name of an account: its name's letters and digits (at most
 * 20) and the first 8 hex digits of its id, e.g. `demo-retail-1f2e3d4c`:
 * readable, the same each time the access is enabled again.
 */
export function sftpUsernameOf(accountName: string, accountId: string): string {
  const slug = accountName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 20)
    .replace(/-+$/, '');
  const suffix = accountId.replace(/[^0-9a-f]/gi, '').slice(0, 8).toLowerCase();
  return `${slug || 'account'}-${suffix}`;
}
