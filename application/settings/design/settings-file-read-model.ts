/**
 * The settings files' read model (issue 23): one document per uploaded file
 * (logo, favicon, a brand PDF) with its bytes, served by
 * GET /api/settings-files/{id}; and the URL the account's design answers for
 * a file it names.
 */
import type { SettingsFileKind, SniffedType } from '../../../domain/settings/design/settings-file-rules.js';

export const SETTINGS_FILE_COLLECTION = 'settings_files';

export interface SettingsFileDocument {
  _id: string;
  fileId: string;
  accountId: string;
  kind: SettingsFileKind;
  contentType: SniffedType;
  sizeBytes: number;
  base64: string;
  /** An image's size in pixels (absent: uploaded before it was kept, an ICO, a PDF). */
  width?: number;
  height?: number;
  uploadedAt: string;
  [key: string]: unknown;
}

/** Where anyone reads a settings file (public: logos, favicons and the brand's PDFs are shown to visitors; ids are random). */
export function settingsFileUrl(fileId: string): string {
  return `/api/settings-files/${fileId}`;
}
