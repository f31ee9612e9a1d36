/**
 * The design's change (issue 23): a merge-patch of the account's colours and
 * files, each colour checked to WCAG AA against the text drawn on it
 * (domain/settings/design/contrast.ts), each file the account's own and of
 * its kind; decided by the account aggregate on its stream (If-Match: its
 * revision), only the changed fields written (AccountDesignChanged).
 */
import type { StoredEvent } from '../../ports/event-store.js';
import type { AccountDesign } from '../../../domain/organizations/account/account-events.js';
import { accountDecider } from '../../../domain/organizations/account/account.js';
import { checkedDesignColor } from '../../../domain/settings/design/contrast.js';
import { commandMetadata } from '../../buybacks/commands/buyback-command.js';
import { handleCommand, revisionOfLast } from '../../commands/command-handler.js';
import { domainTypeOf } from '../../events/codec.js';
import { defineCommand, type CommandOutcome } from '../../commands/command-slice.js';
import { visibleAccount } from '../../organizations/clients/client-commands.js';
import { ORGANIZATION_STREAMS } from '../../organizations/streams.js';
import { ownSettingsFile, type DesignPorts } from './settings-files.js';

/** The merge-patch's members (null empties the secondary colour, the logo or the favicon). */
export interface DesignPatch {
  mainColor?: string;
  secondaryColor?: string | null;
  logoFileId?: string | null;
  faviconFileId?: string | null;
}

/** The changes a design patch asks for, checked: colours (DESIGN_COLOR_INVALID, DESIGN_COLOR_CONTRAST_TOO_LOW), files (SETTINGS_FILE_NOT_FOUND, SETTINGS_FILE_KIND_MISMATCH). */
export async function designChangesOf(deps: Pick<DesignPorts, 'documents'>, accountId: string, patch: DesignPatch): Promise<Partial<AccountDesign>> {
  const changes: Partial<AccountDesign> = {};
  if (patch.mainColor !== undefined) changes.mainColor = checkedDesignColor('mainColor', patch.mainColor);
  if (patch.secondaryColor !== undefined) changes.secondaryColor = patch.secondaryColor === null ? null : checkedDesignColor('secondaryColor', patch.secondaryColor);
  if (patch.logoFileId !== undefined) {
    if (patch.logoFileId !== null) await ownSettingsFile(deps.documents, accountId, patch.logoFileId, 'logo', 'logoFileId');
    changes.logoFileId = patch.logoFileId;
  }
  if (patch.faviconFileId !== undefined) {
    if (patch.faviconFileId !== null) await ownSettingsFile(deps.documents, accountId, patch.faviconFileId, 'favicon', 'faviconFileId');
    changes.faviconFileId = patch.faviconFileId;
  }
  return changes;
}

/**
 * The design's own revision, its form's ETag: the account stream's revision of its last change (AccountDesignChanged),
 * 0 when it never changed. The account's other settings (home page, general settings…) leave it as it is: saving the
 * design after one of them changed is no conflict.
 */
export function designRevision(history: readonly StoredEvent[]): number {
  return revisionOfLast(history, (entry) => domainTypeOf(entry) === 'AccountDesignChanged');
}

/** Changes a retailer's design: its root managers on their own account, provider staff on any. If-Match names the design's revision (designRevision). */
export const changeDesign = defineCommand<DesignPorts, { accountId: string; patch: DesignPatch }, CommandOutcome<null>>({
  name: 'ChangeDesign',
  permission: 'design.manage',
  async run(deps, context, { accountId, patch }) {
    await visibleAccount(deps.documents, context.principal, accountId);
    const changes = await designChangesOf(deps, accountId, patch);
    const result = await handleCommand(deps.eventStore, ORGANIZATION_STREAMS.account.name(accountId), accountDecider, { type: 'ChangeDesign', data: { accountId, changes } }, {
      metadata: commandMetadata(deps, context, accountId, null),
      ...(context.expectedRevision === undefined ? {} : { expectedRevision: context.expectedRevision }),
      conditionOn: designRevision,
      newEventId: () => deps.ids.uuid(),
    });
    return { id: accountId, status: null, revision: result.revision, position: result.position };
  },
});
