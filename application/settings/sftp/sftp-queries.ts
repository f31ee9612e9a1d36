/**
 * The SFTP settings as the dashboard reads them (the access, the import's
 * configuration, the last SFTP import's summary, the history from the
 * stream), and what the SFTP server asks: whether a user name and password
 * open a session, and whether an open session may go on.
 */
import { SFTP_IMPORT_FILE_NAME, type SftpEvent } from '../../../domain/settings/sftp/sftp.js';
import { DEFAULT_SFTP_IMPORT_CONFIGURATION } from '../../../domain/settings/sftp/sftp.js';
import { historyOfStream } from '../../catalog/circuits/circuit-queries.js';
import { CATALOG_COLLECTIONS, type CategoryDocument } from '../../catalog/read-models.js';
import { imports } from '../../catalog/transfer/catalog-imports.js';
import { CATALOG_IMPORT_MAX_BYTES } from '../../catalog/transfer/import-file.js';
import type { CatalogImportDocument } from '../../catalog/transfer/transfer-document.js';
import { presentImportSummary } from '../../catalog/transfer/transfer-views.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { Principal } from '../../organizations/principal.js';
import type { DocumentStore } from '../../ports/document-store.js';
import type { EventStore } from '../../ports/event-store.js';
import type { PasswordHasher } from '../../ports/security.js';
import { SETTINGS_STREAMS } from '../streams.js';
import { SFTP_FEATURE, sftpAccountOf } from './sftp-commands.js';
import type { SftpEndpoint } from './sftp-ports.js';
import { SFTP_SETTINGS_COLLECTION, type SftpSettingsDocument } from './read-model.js';
import { SFTP_HISTORY_TYPES, type SftpHistory, type SftpSettingsView } from './sftp-views.js';
import type { ClientAccountDocument } from '../../organizations/clients/client-read-model.js';
import { ORGANIZATION_COLLECTIONS } from '../../organizations/read-models.js';

/** An account's folder holds at most this many files. */
export const SFTP_MAX_FILES = 20;
/** A file is at most as large as a products import may be. */
export const SFTP_MAX_FILE_BYTES = CATALOG_IMPORT_MAX_BYTES;

export const sftpSettings = (documents: DocumentStore) => documents.collection<SftpSettingsDocument>(SFTP_SETTINGS_COLLECTION);

/** The latest import the SFTP inbox started for the account, or null. */
export async function lastSftpImport(documents: DocumentStore, accountId: string): Promise<CatalogImportDocument | null> {
  const [last] = await imports({ documents }).find({ accountId, source: 'sftp' }, { sort: [['createdAt', -1]], limit: 1 });
  return last ?? null;
}

export async function sftpSettingsView(
  deps: { documents: DocumentStore; jobs: JobQueue; endpoint: SftpEndpoint },
  principal: Principal,
  organizationId: string,
  translate: (code: string, params: Record<string, unknown>) => string,
): Promise<SftpSettingsView> {
  const account = await sftpAccountOf(deps.documents, { principal }, organizationId);
  const settings = await sftpSettings(deps.documents).get(account._id);
  const parentIds = settings?.parentCategoryIds ?? [];
  const [categories, last] = await Promise.all([
    parentIds.length === 0 ? Promise.resolve([]) : deps.documents.collection<CategoryDocument>(CATALOG_COLLECTIONS.categories).getMany(parentIds),
    lastSftpImport(deps.documents, account._id),
  ]);
  const byId = new Map(categories.map((category) => [category._id, category]));
  const job = last && last.status === 'in_progress' ? await deps.jobs.get(last._id) : null;
  return {
    organizationId,
    accountId: account._id,
    access: {
      status: settings?.enabled ? 'enabled' : 'disabled',
      protocol: 'sftp',
      host: deps.endpoint.host,
      port: deps.endpoint.port(),
      username: settings?.username ?? null,
      enabledAt: settings?.enabled ? settings.enabledAt : null,
    },
    importConfiguration: {
      catalog: { accountId: account._id, name: account.name },
      parentCategories: parentIds.map((id) => {
        const category = byId.get(id);
        return { id, label: String(category?.label ?? id), identifier: String(category?.identifier ?? '') };
      }),
      suffix: settings?.suffix ?? null,
      status: settings?.status ?? DEFAULT_SFTP_IMPORT_CONFIGURATION.status,
      fileName: SFTP_IMPORT_FILE_NAME,
    },
    lastImport: last ? presentImportSummary(last, job, translate) : null,
    limits: { maxFileBytes: SFTP_MAX_FILE_BYTES, maxFiles: SFTP_MAX_FILES },
    revision: settings?.revision ?? -1,
  };
}

export async function sftpHistory(documents: DocumentStore, eventStore: EventStore, principal: Principal, organizationId: string): Promise<SftpHistory> {
  const account = await sftpAccountOf(documents, { principal }, organizationId);
  const stored = await eventStore.readStream(SETTINGS_STREAMS.sftp.name(account._id));
  const items = await historyOfStream<SftpEvent>(documents, stored, SFTP_HISTORY_TYPES, (event, before) => {
    switch (event.type) {
      case 'SftpAccessEnabled':
        // Never the password's hash: the status and the user name only.
        return { after: { ...before, status: 'enabled', username: event.data.username }, changed: ['status', 'username'], reason: null };
      case 'SftpAccessDisabled':
        return { after: { ...before, status: 'disabled' }, changed: ['status'], reason: null };
      case 'SftpImportConfigurationChanged': {
        const { accountId: _account, ...changes } = event.data;
        return { after: { ...before, ...changes }, changed: Object.keys(changes), reason: null };
      }
    }
  });
  return { items: items as unknown as SftpHistory['items'] };
}

/** What a session was opened with: its account, and the enabling whose password opened it. */
export interface SftpLogin {
  accountId: string;
  username: string;
  credentialsRevision: number;
}

async function hasFeature(documents: DocumentStore, accountId: string): Promise<boolean> {
  const account = await documents.collection<ClientAccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(accountId);
  return (account?.settings.enabledPremiumFeatures ?? []).includes(SFTP_FEATURE);
}

/**
 * Whether a user name and password open an SFTP session: an enabled access
 * of an account with the premium feature, and the password of its latest
 * enabling (an unknown name is checked against a decoy hash: it takes as long).
 */
export async function verifySftpLogin(deps: { documents: DocumentStore; hasher: PasswordHasher; decoyHash: () => Promise<string> }, username: string, password: string): Promise<SftpLogin | null> {
  const [settings] = username.length > 0 && username.length <= 64 ? await sftpSettings(deps.documents).find({ username }, { limit: 1 }) : [];
  const hash = settings?.enabled && settings.passwordHash ? settings.passwordHash : await deps.decoyHash();
  const valid = password.length > 0 && password.length <= 256 && (await deps.hasher.verify(hash, password));
  if (!valid || !settings?.enabled || settings.credentialsRevision === null) return null;
  if (!(await hasFeature(deps.documents, settings.accountId))) return null;
  return { accountId: settings.accountId, username, credentialsRevision: settings.credentialsRevision };
}

/** Whether an open session may go on: its access still enabled with the same password, the feature still on. */
export async function sftpSessionValid(documents: DocumentStore, login: SftpLogin): Promise<boolean> {
  const settings = await sftpSettings(documents).get(login.accountId);
  if (!settings?.enabled || settings.credentialsRevision !== login.credentialsRevision) return false;
  return hasFeature(documents, login.accountId);
}
