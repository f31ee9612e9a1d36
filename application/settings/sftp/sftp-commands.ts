/**
 * The SFTP settings' commands, on the account's `settings_sftp` stream:
 * enabling the access (a new random password, answered once and kept only
 * as its argon2id hash; enabling again replaces it), disabling it (the
 * server refuses the next sign-in and closes open sessions at their next
 * request), and the import's configuration (merge-patch, If-Match). Each
 * needs the account's `sftp_access` premium feature.
 */
import { randomBytes } from 'node:crypto';
import { sftpDecider, type SftpCommand } from '../../../domain/settings/sftp/decide.js';
import { sftpUsernameOf, type SftpImportConfiguration } from '../../../domain/settings/sftp/sftp.js';
import { DomainError } from '../../../domain/shared/domain-error.js';
import { handleCommand } from '../../commands/command-handler.js';
import { defineCommand, type CommandContext, type CommandOutcome } from '../../commands/command-slice.js';
import { commandMetadata } from '../../buybacks/commands/buyback-command.js';
import { CATALOG_COLLECTIONS, type CategoryDocument } from '../../catalog/read-models.js';
import type { ClientAccountDocument } from '../../organizations/clients/client-read-model.js';
import { visibleOrganization } from '../../organizations/entities/entity-lookup.js';
import { ORGANIZATION_COLLECTIONS } from '../../organizations/read-models.js';
import type { DocumentStore } from '../../ports/document-store.js';
import { SETTINGS_STREAMS } from '../streams.js';
import type { SftpPorts } from './sftp-ports.js';

export const SFTP_FEATURE = 'sftp_access';
export const SFTP_PERMISSION = 'settings.sftp';

/** The account with the SFTP premium feature, or 403 PREMIUM_FEATURE_NOT_ENABLED (details.feature sftp_access). */
export async function sftpAccount(documents: DocumentStore, accountId: string): Promise<ClientAccountDocument> {
  const account = await documents.collection<ClientAccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(accountId);
  if (!account || !(account.settings.enabledPremiumFeatures ?? []).includes(SFTP_FEATURE)) throw new DomainError('PREMIUM_FEATURE_NOT_ENABLED', { feature: SFTP_FEATURE });
  return account;
}

/** The account an organization of the caller's tenant belongs to (another tenant's: 404 ENTITY_NOT_FOUND). */
export async function sftpAccountOf(documents: DocumentStore, context: Pick<CommandContext, 'principal'>, organizationId: string): Promise<ClientAccountDocument> {
  const organization = await visibleOrganization(documents, context.principal, organizationId);
  return sftpAccount(documents, organization.accountId);
}

async function decide(deps: SftpPorts, context: CommandContext, accountId: string, command: SftpCommand): Promise<CommandOutcome<'enabled' | 'disabled'>> {
  const result = await handleCommand(deps.eventStore, SETTINGS_STREAMS.sftp.name(accountId), sftpDecider, command, {
    metadata: commandMetadata(deps, context, accountId, null),
    ...(context.expectedRevision === undefined ? {} : { expectedRevision: context.expectedRevision }),
    newEventId: () => deps.ids.uuid(),
  });
  return { id: accountId, status: result.state.enabled ? 'enabled' : 'disabled', revision: result.revision, position: result.position };
}

/** A password of 24 characters from 18 random bytes (144 bits), URL-safe base64. */
const newPassword = () => randomBytes(18).toString('base64url');

export type SftpEnableOutcome = CommandOutcome<'enabled' | 'disabled'> & { username: string; password: string };

export const enableSftpAccess = defineCommand<SftpPorts, { organizationId: string }, SftpEnableOutcome>({
  name: 'EnableSftpAccess',
  permission: SFTP_PERMISSION,
  async run(deps, context, { organizationId }) {
    const account = await sftpAccountOf(deps.documents, context, organizationId);
    const username = sftpUsernameOf(account.name, account._id);
    const password = newPassword();
    const passwordHash = await deps.hasher.hash(password);
    const outcome = await decide(deps, context, account._id, { type: 'EnableSftpAccess', data: { accountId: account._id, username, passwordHash } });
    return { ...outcome, username, password };
  },
});

export const disableSftpAccess = defineCommand<SftpPorts, { organizationId: string }, CommandOutcome<'enabled' | 'disabled'>>({
  name: 'DisableSftpAccess',
  permission: SFTP_PERMISSION,
  async run(deps, context, { organizationId }) {
    const account = await sftpAccountOf(deps.documents, context, organizationId);
    return decide(deps, context, account._id, { type: 'DisableSftpAccess', data: { accountId: account._id } });
  },
});

export const configureSftpImport = defineCommand<SftpPorts, { organizationId: string; patch: Partial<SftpImportConfiguration> }, CommandOutcome<'enabled' | 'disabled'>>({
  name: 'ConfigureSftpImport',
  permission: SFTP_PERMISSION,
  async run(deps, context, { organizationId, patch }) {
    const account = await sftpAccountOf(deps.documents, context, organizationId);
    const named = patch.parentCategoryIds ?? [];
    const found = named.length === 0 ? [] : await deps.documents.collection<CategoryDocument>(CATALOG_COLLECTIONS.categories).getMany([...new Set(named)].slice(0, 100));
    const knownCategoryIds = found.filter((category) => category.accountId === account._id).map((category) => category._id);
    return decide(deps, context, account._id, { type: 'ConfigureSftpImport', data: { accountId: account._id, changes: { ...patch }, knownCategoryIds } });
  },
});
