import {
  CUSTOM_TRANSFER_ORDER_FEATURE,
  DEFAULT_TRANSFER_ORDER_TEXTS,
  decideTransferOrderText,
  evolveTransferOrderSettings,
  NO_TRANSFER_ORDER_SETTINGS,
  TRANSFER_ORDER_TEXT_MAX,
  TRANSFER_ORDER_TEXT_MIN,
  TRANSFER_ORDER_VARIABLES,
  type SaveTransferOrderText,
  type TransferOrderSettings,
  type TransferOrderSettingsEvent,
} from '../../domain/payments/transfer-order.js';
import { commandMetadata } from '../buybacks/commands/buyback-command.js';
import { handleCommand, type Decider } from '../commands/command-handler.js';
import { defineCommand, type CommandOutcome } from '../commands/command-slice.js';
import { ApplicationError } from '../commands/errors.js';
import { isPlatformStaff, type Principal } from '../organizations/principal.js';
import { ORGANIZATION_COLLECTIONS, type AccountDocument } from '../organizations/read-models.js';
import type { Clock, IdGenerator } from '../ports/clock.js';
import type { DocumentStore } from '../ports/document-store.js';
import type { EventStore } from '../ports/event-store.js';
import { PAYMENT_STREAMS } from './streams.js';
import type { TransferOrderSettingsView } from './transfer-order-views.js';
import { TRANSFER_ORDER_COLLECTION, type TransferOrderSettingsDocument } from './transfer-order-read-model.js';

/**
 * The transfer order's text (bon de cession), a setting of the account kept
 * as events of its payment settings stream (`payment_settings-<accountId>`,
 * which also carries the debtor account's own events), read from a small read
 * model of its own (transfer-order-read-model.ts).
 */
export interface TransferOrderDeps {
  eventStore: EventStore;
  documents: DocumentStore;
  clock: Clock;
  ids: IdGenerator;
}

export const transferOrderDecider: Decider<TransferOrderSettings, SaveTransferOrderText, TransferOrderSettingsEvent> = {
  initialState: () => NO_TRANSFER_ORDER_SETTINGS,
  evolve: evolveTransferOrderSettings,
  decide: decideTransferOrderText,
};


/** Whose settings: the caller's tenant; provider staff name the account (ACCOUNT_REQUIRED otherwise). */
export function settingsAccountOf(principal: Principal, accountId: string | undefined): string {
  if (!isPlatformStaff(principal)) return principal.accountId as string;
  if (!accountId) throw new ApplicationError('ACCOUNT_REQUIRED');
  return accountId;
}

/** The account, and whether it has the `custom_transfer_order` premium feature. */
export async function accountWithFeature(documents: DocumentStore, accountId: string): Promise<{ account: AccountDocument; customAllowed: boolean }> {
  const account = await documents.collection<AccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(accountId);
  if (!account) throw new ApplicationError('ACCOUNT_NOT_FOUND', { accountId });
  return { account, customAllowed: account.settings.enabledPremiumFeatures.includes(CUSTOM_TRANSFER_ORDER_FEATURE) };
}

export function transferOrderDocument(documents: DocumentStore, accountId: string): Promise<TransferOrderSettingsDocument | null> {
  return documents.collection<TransferOrderSettingsDocument>(TRANSFER_ORDER_COLLECTION).get(accountId);
}

export async function transferOrderSettings(documents: DocumentStore, principal: Principal, accountIdAsked: string | undefined): Promise<TransferOrderSettingsView> {
  const accountId = settingsAccountOf(principal, accountIdAsked);
  const { customAllowed } = await accountWithFeature(documents, accountId);
  const document = await transferOrderDocument(documents, accountId);
  return {
    accountId,
    customAllowed,
    customText: document?.customText ?? null,
    defaultTexts: { ...DEFAULT_TRANSFER_ORDER_TEXTS },
    variables: [...TRANSFER_ORDER_VARIABLES],
    minLength: TRANSFER_ORDER_TEXT_MIN,
    maxLength: TRANSFER_ORDER_TEXT_MAX,
    updatedAt: document?.updatedAt ?? null,
    revision: document?.revision ?? -1,
  };
}

export const saveTransferOrderText = defineCommand<TransferOrderDeps, { accountId?: string; text: string | null }, CommandOutcome<null>>({
  name: 'SaveTransferOrderText',
  permission: 'payment_settings.manage',
  async run(deps, context, input) {
    const accountId = settingsAccountOf(context.principal, input.accountId);
    const { customAllowed } = await accountWithFeature(deps.documents, accountId);
    const result = await handleCommand(
      deps.eventStore,
      PAYMENT_STREAMS.settings.name(accountId),
      transferOrderDecider,
      { type: 'SaveTransferOrderText', data: { accountId, text: input.text, customAllowed } },
      {
        metadata: commandMetadata(deps, context, accountId, context.principal.organizationId),
        newEventId: () => deps.ids.uuid(),
        ...(context.expectedRevision === undefined ? {} : { expectedRevision: context.expectedRevision }),
      },
    );
    return { id: accountId, status: null, revision: result.revision, position: result.position };
  },
});
