/**
 * The settings files (issue 23): uploaded by whoever manages the design (a
 * logo, a favicon, a brand PDF; each kind's type and size checked from its
 * bytes, domain/settings/design/settings-file-rules.ts), one stream each,
 * read by anyone at GET /api/settings-files/{id} (they are shown to
 * visitors; their ids are random).
 */
import { settingsFileDecider } from '../../../domain/settings/design/settings-file.js';
import type { SettingsFileKind, SniffedType } from '../../../domain/settings/design/settings-file-rules.js';
import { commandMetadata } from '../../buybacks/commands/buyback-command.js';
import { handleCommand } from '../../commands/command-handler.js';
import { defineCommand } from '../../commands/command-slice.js';
import { ApplicationError } from '../../commands/errors.js';
import { idFromIdempotencyKey } from '../../commands/idempotency.js';
import { isPlatformStaff, type Principal } from '../../organizations/principal.js';
import type { Clock, IdGenerator } from '../../ports/clock.js';
import type { DocumentStore } from '../../ports/document-store.js';
import type { EventStore } from '../../ports/event-store.js';
import { SETTINGS_STREAMS } from '../streams.js';
import { SETTINGS_FILE_COLLECTION, settingsFileUrl, type SettingsFileDocument } from './settings-file-read-model.js';

export interface DesignPorts {
  eventStore: EventStore;
  documents: DocumentStore;
  clock: Clock;
  ids: IdGenerator;
}

/** The account a design command is for: the caller's own, or the one provider staff name (ACCOUNT_REQUIRED); another's is not found. */
export function designAccountOf(principal: Principal, named: string | undefined): string {
  if (isPlatformStaff(principal)) {
    if (!named) throw new ApplicationError('ACCOUNT_REQUIRED');
    return named;
  }
  if (principal.accountId === null || (named !== undefined && named !== principal.accountId)) throw new ApplicationError('ACCOUNT_NOT_FOUND', { accountId: named ?? null, reason: 'account_not_found' });
  return principal.accountId;
}

export interface UploadedSettingsFile {
  id: string;
  url: string;
  kind: SettingsFileKind;
  contentType: SniffedType;
  sizeBytes: number;
  /** An image's size in pixels, read from its bytes (null: an ICO, a PDF). */
  width: number | null;
  height: number | null;
  position: number | null;
}

/** Stores a file of a kind for the caller's account (provider staff: the account named); answers its id and URL. */
export const uploadSettingsFile = defineCommand<DesignPorts, { kind: SettingsFileKind; bytes: Buffer | null; accountId?: string }, UploadedSettingsFile>({
  name: 'UploadSettingsFile',
  permission: 'design.manage',
  async run(deps, context, input) {
    const accountId = designAccountOf(context.principal, input.accountId);
    const fileId = context.idempotency ? idFromIdempotencyKey(context.idempotency.key) : deps.ids.uuid();
    const command = { type: 'UploadSettingsFile' as const, data: { fileId, accountId, kind: input.kind, bytes: new Uint8Array(input.bytes ?? []) } };
    const result = await handleCommand(deps.eventStore, SETTINGS_STREAMS.file.name(fileId), settingsFileDecider, command, {
      metadata: commandMetadata(deps, context, accountId, context.principal.organizationId),
      newEventId: () => deps.ids.uuid(),
    });
    const stored = result.state.uploaded;
    if (!stored) throw new ApplicationError('SETTINGS_FILE_NOT_FOUND', { fileId });
    return { id: fileId, url: settingsFileUrl(fileId), kind: stored.kind, contentType: stored.contentType, sizeBytes: stored.sizeBytes, width: stored.width, height: stored.height, position: result.position };
  },
});

/** A file's bytes and type, or SETTINGS_FILE_NOT_FOUND. */
export async function settingsFile(documents: DocumentStore, fileId: string): Promise<{ contentType: string; bytes: Buffer; sizeBytes: number }> {
  const file = await documents.collection<SettingsFileDocument>(SETTINGS_FILE_COLLECTION).get(fileId);
  if (!file) throw new ApplicationError('SETTINGS_FILE_NOT_FOUND', { fileId });
  return { contentType: file.contentType, bytes: Buffer.from(file.base64, 'base64'), sizeBytes: file.sizeBytes };
}

/** A file the account may name in its design: its own, of that kind (SETTINGS_FILE_NOT_FOUND otherwise, another account's included). */
export async function ownSettingsFile(documents: DocumentStore, accountId: string, fileId: string, kind: SettingsFileKind, field: string): Promise<void> {
  const file = await documents.collection<SettingsFileDocument>(SETTINGS_FILE_COLLECTION).get(fileId);
  if (!file || file.accountId !== accountId) throw new ApplicationError('SETTINGS_FILE_NOT_FOUND', { fileId, field });
  if (file.kind !== kind) throw new ApplicationError('SETTINGS_FILE_KIND_MISMATCH', { fileId, field, kind: file.kind, expected: kind });
}
