import type { Projection } from '../../application/ports/projection.js';
import { toDomainEvent } from '../../application/events/codec.js';
import { SETTINGS_STREAMS } from '../../application/settings/streams.js';
import { SFTP_SETTINGS_COLLECTION, type SftpSettingsDocument } from '../../application/settings/sftp/read-model.js';
import { DEFAULT_SFTP_IMPORT_CONFIGURATION, SFTP_EVENT_TYPES, type SftpEvent } from '../../domain/settings/sftp/sftp.js';

/**
 * The SFTP settings: one document per account, its user name indexed (the
 * SFTP server's sign-in finds the account by it). The password's hash is
 * the latest enabling's; `credentialsRevision` names that enabling, so a
 * session opened with an earlier password is seen to be stale.
 */
export const sftpSettingsProjection: Projection<SftpSettingsDocument> = {
  name: 'settings-sftp',
  collection: SFTP_SETTINGS_COLLECTION,
  indexes: [{ name: 'by_username', fields: [['username', 1]] }],
  eventTypes: SFTP_EVENT_TYPES,
  targets: (event) => [SETTINGS_STREAMS.sftp.idOf(event.streamName)],
  evolve(document, stored, id) {
    const event = toDomainEvent<SftpEvent>(stored);
    const base: SftpSettingsDocument = document ?? {
      _id: id,
      accountId: event.data.accountId,
      enabled: false,
      username: null,
      passwordHash: null,
      credentialsRevision: null,
      enabledAt: null,
      ...DEFAULT_SFTP_IMPORT_CONFIGURATION,
      parentCategoryIds: [],
      updatedAt: stored.metadata.occurredAt,
      revision: -1,
    };
    const next: SftpSettingsDocument = { ...base, updatedAt: stored.metadata.occurredAt, revision: stored.streamRevision };
    switch (event.type) {
      case 'SftpAccessEnabled':
        return { ...next, enabled: true, username: event.data.username, passwordHash: event.data.passwordHash, credentialsRevision: stored.streamRevision, enabledAt: stored.metadata.occurredAt };
      case 'SftpAccessDisabled':
        return { ...next, enabled: false };
      case 'SftpImportConfigurationChanged': {
        const { accountId: _account, ...changes } = event.data;
        return { ...next, ...changes, ...(changes.parentCategoryIds ? { parentCategoryIds: [...changes.parentCategoryIds] } : {}) };
      }
      default:
        return next;
    }
  },
};
