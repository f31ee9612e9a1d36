/**
 * The SFTP settings' decisions: enabling the access (again: a new
 * password), disabling it (refused when it is not enabled), and changing the
 * import's configuration (only the fields whose value changed; the parent
 * categories must be the account's, the suffix an identifier's characters).
 */
import type { Decider } from '../../shared/decider.js';
import { DomainError } from '../../shared/domain-error.js';
import {
  SFTP_PARENT_CATEGORIES_MAX,
  SFTP_SUFFIX_MAX,
  SFTP_SUFFIX_PATTERN,
  evolveSftp,
  initialSftpState,
  type SftpEvent,
  type SftpImportConfiguration,
  type SftpState,
} from './sftp.js';

export interface EnableSftpAccess {
  type: 'EnableSftpAccess';
  data: { accountId: string; username: string; passwordHash: string };
}

export interface DisableSftpAccess {
  type: 'DisableSftpAccess';
  data: { accountId: string };
}

export interface ConfigureSftpImport {
  type: 'ConfigureSftpImport';
  /** `knownCategoryIds`: which of the named categories are the account's (as the application found them). */
  data: { accountId: string; changes: Partial<SftpImportConfiguration>; knownCategoryIds: readonly string[] };
}

export type SftpCommand = EnableSftpAccess | DisableSftpAccess | ConfigureSftpImport;

/** A suffix as stored: trimmed, null when empty; SFTP_IMPORT_SUFFIX_INVALID when too long or of other characters. */
export function normalizedSuffix(suffix: string | null): string | null {
  const trimmed = (suffix ?? '').trim();
  if (trimmed === '') return null;
  if (trimmed.length > SFTP_SUFFIX_MAX || !SFTP_SUFFIX_PATTERN.test(trimmed)) throw new DomainError('SFTP_IMPORT_SUFFIX_INVALID', { maxLength: SFTP_SUFFIX_MAX });
  return trimmed;
}

function parentsOf(ids: readonly string[], known: readonly string[]): string[] {
  const unique = [...new Set(ids)];
  if (unique.length > SFTP_PARENT_CATEGORIES_MAX) throw new DomainError('SFTP_IMPORT_TOO_MANY_CATEGORIES', { max: SFTP_PARENT_CATEGORIES_MAX });
  const unknown = unique.filter((id) => !known.includes(id));
  if (unknown.length > 0) throw new DomainError('SFTP_IMPORT_CATEGORY_UNKNOWN', { categoryIds: unknown });
  return unique;
}

export function decideSftp(command: SftpCommand, state: SftpState): SftpEvent[] {
  switch (command.type) {
    case 'EnableSftpAccess':
      return [{ type: 'SftpAccessEnabled', data: { ...command.data } }];
    case 'DisableSftpAccess':
      if (!state.enabled) throw new DomainError('SFTP_ACCESS_NOT_ENABLED');
      return [{ type: 'SftpAccessDisabled', data: { accountId: command.data.accountId } }];
    case 'ConfigureSftpImport': {
      const { accountId, changes, knownCategoryIds } = command.data;
      const next: Partial<SftpImportConfiguration> = {};
      const current = state.configuration;
      if (changes.parentCategoryIds !== undefined) {
        const parents = parentsOf(changes.parentCategoryIds, knownCategoryIds);
        if (JSON.stringify(parents) !== JSON.stringify(current.parentCategoryIds)) next.parentCategoryIds = parents;
      }
      if (changes.suffix !== undefined) {
        const suffix = normalizedSuffix(changes.suffix);
        if (suffix !== current.suffix) next.suffix = suffix;
      }
      if (changes.status !== undefined && changes.status !== current.status) next.status = changes.status;
      if (Object.keys(next).length === 0) return [];
      return [{ type: 'SftpImportConfigurationChanged', data: { accountId, ...next } }];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const sftpDecider: Decider<SftpState, SftpCommand, SftpEvent> = { initialState: initialSftpState, evolve: evolveSftp, decide: decideSftp };
