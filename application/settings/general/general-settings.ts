/**
 * The general settings (issue 23): a page's settings as the account holds
 * them, its change as a merge-patch decided on the account stream (If-Match:
 * the page's own revision; domain/settings/general/general-settings.ts), and the
 * page's history read from that stream. The brand's PDFs are settings files
 * of kind pdf, the account's own.
 */
import { BRAND_PDF_FIELDS, type AccountEvent, type ClientDetailsChanged, type RootDetailsChanged } from '../../../domain/organizations/account/account-events.js';
import type { AccountOpened, WhiteLabelConfiguration } from '../../../domain/organizations/events.js';
import {
  accountFlags,
  FIELDS_OF,
  generalSettingsDecider,
  generalSettingsOf,
  pageApplies,
  type GeneralSettingsPage,
} from '../../../domain/settings/general/general-settings.js';
import { commandMetadata } from '../../buybacks/commands/buyback-command.js';
import { handleCommand } from '../../commands/command-handler.js';
import { defineCommand, type CommandOutcome } from '../../commands/command-slice.js';
import { ApplicationError } from '../../commands/errors.js';
import { domainTypeOf } from '../../events/codec.js';
import { visibleAccount } from '../../organizations/clients/client-commands.js';
import { clientOf, rootDetailsOfAccount, type ClientAccountDocument } from '../../organizations/clients/client-read-model.js';
import { mergePatch } from '../../organizations/clients/merge-patch.js';
import type { Principal } from '../../organizations/principal.js';
import { ORGANIZATION_STREAMS } from '../../organizations/streams.js';
import { userNames } from '../../organizations/user-names.js';
import type { Clock, IdGenerator } from '../../ports/clock.js';
import type { DocumentStore } from '../../ports/document-store.js';
import type { EventStore, StoredEvent } from '../../ports/event-store.js';
import { SETTINGS_FILE_COLLECTION, settingsFileUrl, type SettingsFileDocument } from '../design/settings-file-read-model.js';
import type { GeneralSettingsHistoryEntryView, GeneralSettingsView } from './general-settings-views.js';

export interface GeneralSettingsPorts {
  eventStore: EventStore;
  documents: DocumentStore;
  clock: Clock;
  ids: IdGenerator;
}

/** A PDF the account may name: its own settings file of kind pdf (SETTINGS_FILE_NOT_FOUND otherwise, another account's included; SETTINGS_FILE_KIND_MISMATCH for a logo…). */
async function ownPdf(documents: DocumentStore, accountId: string, fileId: string, field: string): Promise<void> {
  const file = await documents.collection<SettingsFileDocument>(SETTINGS_FILE_COLLECTION).get(fileId);
  if (!file || file.accountId !== accountId) throw new ApplicationError('SETTINGS_FILE_NOT_FOUND', { fileId, field });
  if (file.kind !== 'pdf') throw new ApplicationError('SETTINGS_FILE_KIND_MISMATCH', { fileId, field, kind: file.kind, expected: 'pdf' });
}

/** The account, its page applying to it (GENERAL_SETTINGS_NOT_APPLICABLE otherwise: a page only retailers, or only buyer and workshop supervisors, have). */
async function accountWithPage(documents: DocumentStore, principal: Principal, accountId: string, page: GeneralSettingsPage): Promise<ClientAccountDocument> {
  const account = await visibleAccount(documents, principal, accountId);
  if (!pageApplies(page, clientOf(account).modules)) throw new ApplicationError('GENERAL_SETTINGS_NOT_APPLICABLE', { page });
  return account;
}

/** A page as its form edits it, with its own revision (generalSettingsPageRevision: its ETag), read from the account's stream. */
export async function getGeneralSettings(documents: DocumentStore, eventStore: EventStore, principal: Principal, accountId: string, page: GeneralSettingsPage): Promise<GeneralSettingsView> {
  const account = await accountWithPage(documents, principal, accountId, page);
  const details = clientOf(account);
  const root = rootDetailsOfAccount(account);
  const url = (id: string | null) => (id ? settingsFileUrl(id) : null);
  return {
    accountId: account._id,
    page,
    ...accountFlags(details.modules),
    whiteLabelActive: details.whiteLabel !== null,
    settings: generalSettingsOf(page, details, root),
    files: { serviceTerms: url(root.serviceTermsFileId), faq: url(root.faqFileId), personalData: url(root.personalDataFileId), cookiesPolicy: url(root.cookiesPolicyFileId) },
    revision: generalSettingsPageRevision(await eventStore.readStream(ORGANIZATION_STREAMS.account.name(account._id)), page),
  };
}

/** Changes a page's settings by a merge-patch: root managers on their own account, provider staff on any. If-Match names the page's revision (generalSettingsPageRevision). */
export const changeGeneralSettings = defineCommand<GeneralSettingsPorts, { accountId: string; page: GeneralSettingsPage; patch: Record<string, unknown>; reason: string | null }, CommandOutcome<null>>({
  name: 'ChangeGeneralSettings',
  permission: 'settings.manage',
  async run(deps, context, { accountId, page, patch, reason }) {
    const account = await accountWithPage(deps.documents, context.principal, accountId, page);
    for (const field of BRAND_PDF_FIELDS) {
      const fileId = patch[field];
      if (typeof fileId === 'string') await ownPdf(deps.documents, accountId, fileId, field);
    }
    const current = generalSettingsOf(page, clientOf(account), rootDetailsOfAccount(account));
    const settings = mergePatch(current, patch) as Record<string, unknown>;
    const command = { type: 'ChangeGeneralSettings' as const, data: { accountId, page, settings, named: Object.keys(patch), reason } };
    const result = await handleCommand(deps.eventStore, ORGANIZATION_STREAMS.account.name(accountId), generalSettingsDecider, command, {
      metadata: commandMetadata(deps, context, accountId, null),
      ...(context.expectedRevision === undefined ? {} : { expectedRevision: context.expectedRevision }),
      conditionOn: (history) => generalSettingsPageRevision(history, page),
      newEventId: () => deps.ids.uuid(),
    });
    return { id: accountId, status: null, revision: result.revision, position: result.position };
  },
});

/** Each event of the account stream that changed one of a page's settings, oldest first, with the page's values it set. */
function pageChanges(history: readonly StoredEvent[], page: GeneralSettingsPage): Array<{ stored: StoredEvent; changes: Record<string, unknown> }> {
  const fields = FIELDS_OF[page];
  const found: Array<{ stored: StoredEvent; changes: Record<string, unknown> }> = [];
  let whiteLabel: WhiteLabelConfiguration | null = null;
  for (const stored of history) {
    const type = domainTypeOf(stored) as (AccountEvent | AccountOpened)['type'];
    const changes: Record<string, unknown> = {};
    if (type === 'AccountOpened') whiteLabel = (stored.data as AccountOpened['data']).whiteLabel;
    if (type === 'RootDetailsChanged') Object.assign(changes, (stored.data as RootDetailsChanged['data']).changes);
    if (type === 'ClientDetailsChanged') {
      const client = (stored.data as ClientDetailsChanged['data']).changes;
      if (client.currency !== undefined) changes.currency = client.currency;
      if (client.language !== undefined) changes.language = client.language;
      if (client.whiteLabel !== undefined) {
        const next = client.whiteLabel;
        if (JSON.stringify(next?.externalWebsiteLink ?? null) !== JSON.stringify(whiteLabel?.externalWebsiteLink ?? null)) changes.externalWebsiteLink = next?.externalWebsiteLink ?? null;
        if ((next?.dropOffLocationsMapEnabled ?? false) !== (whiteLabel?.dropOffLocationsMapEnabled ?? false)) changes.storeLocatorMapEnabled = next?.dropOffLocationsMapEnabled ?? false;
        for (const field of ['cookiesPolicy', 'accessibilityStatement'] as const) if ((next?.[field] ?? null) !== (whiteLabel?.[field] ?? null)) changes[field] = next?.[field] ?? null;
        whiteLabel = next;
      }
    }
    const own = Object.fromEntries(Object.entries(changes).filter(([field]) => fields.includes(field)));
    if (Object.keys(own).length > 0) found.push({ stored, changes: own });
  }
  return found;
}

/**
 * A page's own revision, its form's ETag: the account stream's revision of the last change of one of its settings,
 * 0 when none changed. The account's other settings (the other page, the design, the home page…) leave it as it is.
 */
export function generalSettingsPageRevision(history: readonly StoredEvent[], page: GeneralSettingsPage): number {
  return pageChanges(history, page).at(-1)?.stored.streamRevision ?? 0;
}

/** The page's history: each change of one of its settings on the account stream, oldest first, with who, the new values and why. */
export async function generalSettingsHistory(deps: Pick<GeneralSettingsPorts, 'eventStore' | 'documents'>, principal: Principal, accountId: string, page: GeneralSettingsPage): Promise<GeneralSettingsHistoryEntryView[]> {
  await accountWithPage(deps.documents, principal, accountId, page);
  const entries: Array<Omit<GeneralSettingsHistoryEntryView, 'userName'>> = pageChanges(await deps.eventStore.readStream(ORGANIZATION_STREAMS.account.name(accountId)), page).map(({ stored, changes }) => {
    const reason = (stored.data as { reason?: unknown }).reason;
    return { eventId: stored.id, at: stored.metadata.occurredAt, userId: stored.metadata.userId, changes, reason: typeof reason === 'string' ? reason : null };
  });
  const names = await userNames(deps.documents, entries.map((entry) => entry.userId));
  return entries.map((entry) => ({ ...entry, userName: entry.userId ? (names.get(entry.userId) ?? null) : null }));
}
