/**
 * An uploaded settings file (issue 23): a logo, a favicon or a brand PDF,
 * on its own stream (`settings_file-<id>`), stored once with the type its
 * bytes are; the account's design or settings name it by id.
 */
import type { Decider } from '../../shared/decider.js';
import { DomainError } from '../../shared/domain-error.js';
import { imageSize } from './image-size.js';
import { checkedSettingsFile, SIZED_KINDS, type SettingsFileKind, type SniffedType } from './settings-file-rules.js';

export interface SettingsFileUploaded {
  type: 'SettingsFileUploaded';
  data: {
    fileId: string;
    accountId: string;
    kind: SettingsFileKind;
    contentType: SniffedType;
    sizeBytes: number;
    base64: string;
    /** An image's size in pixels, read from its bytes (absent on files uploaded before it was kept, and on ICO and PDF files). */
    width?: number;
    height?: number;
  };
}

export interface UploadSettingsFile {
  type: 'UploadSettingsFile';
  data: { fileId: string; accountId: string; kind: SettingsFileKind; bytes: Uint8Array };
}

export interface SettingsFileState {
  uploaded: { accountId: string; kind: SettingsFileKind; contentType: SniffedType; sizeBytes: number; width: number | null; height: number | null } | null;
}

const toBase64 = (bytes: Uint8Array) => {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
};

export const settingsFileDecider: Decider<SettingsFileState, UploadSettingsFile, SettingsFileUploaded> = {
  initialState: () => ({ uploaded: null }),
  evolve: (_state, event) => ({
    uploaded: {
      accountId: event.data.accountId,
      kind: event.data.kind,
      contentType: event.data.contentType,
      sizeBytes: event.data.sizeBytes,
      width: event.data.width ?? null,
      height: event.data.height ?? null,
    },
  }),
  decide(command, state) {
    const { fileId, accountId, kind, bytes } = command.data;
    if (state.uploaded) {
      // The same upload replayed (its Idempotency-Key names the id): nothing new.
      if (state.uploaded.accountId === accountId && state.uploaded.kind === kind && state.uploaded.sizeBytes === bytes.length) return [];
      throw new DomainError('SETTINGS_FILE_ALREADY_EXISTS', { fileId });
    }
    const contentType = checkedSettingsFile(kind, bytes);
    const size = imageSize(contentType, bytes);
    if (!size && SIZED_KINDS.includes(kind)) throw new DomainError('SETTINGS_FILE_IMAGE_SIZE_UNKNOWN', { kind, found: contentType });
    return [{ type: 'SettingsFileUploaded', data: { fileId, accountId, kind, contentType, sizeBytes: bytes.length, base64: toBase64(bytes), ...(size ?? {}) } }];
  },
};
