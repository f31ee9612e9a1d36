import { SETTINGS_STREAMS } from '../../application/settings/streams.js';
import { SETTINGS_FILE_COLLECTION, type SettingsFileDocument } from '../../application/settings/design/settings-file-read-model.js';
import type { SettingsFileUploaded } from '../../domain/settings/design/settings-file.js';
import { entityProjection } from '../shared/entity-projection.js';

/** The settings files (logos, favicons, brand PDFs), served by GET /settings-files/{id}. */
export const settingsFilesProjection = entityProjection<SettingsFileDocument, SettingsFileUploaded>({
  name: 'settings-files',
  collection: SETTINGS_FILE_COLLECTION,
  stream: SETTINGS_STREAMS.file,
  eventTypes: ['SettingsFileUploaded'],
  indexes: [{ name: 'by_account', fields: [['accountId', 1]] }],
  fold: (_doc, event, stored) => ({ _id: event.data.fileId, ...event.data, uploadedAt: stored.metadata.occurredAt }),
});
