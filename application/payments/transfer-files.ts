/**
 * The SEPA credit-transfer files' application side: who works on which
 * tenant, the debtor account (a setting), and the queries. Building a file
 * is `build-transfer-file.ts`; downloading it, the bank's status report and
 * marking it completed are `settle-transfer-file.ts`. The XML itself is
 * written and read by the SEPA adapter (infrastructure/payments/sepa/).
 */
import type { Decider } from '../../domain/shared/decider.js';
import {
  checkDebtorAccount,
  evolvePaymentSettings,
  NO_PAYMENT_SETTINGS,
  type DebtorAccount,
  type PaymentDebtorAccountSet,
  type PaymentSettingsState,
} from '../../domain/payments/transfer-file.js';
import { handleCommand } from '../commands/command-handler.js';
import { defineCommand, type CommandOutcome } from '../commands/command-slice.js';
import { ApplicationError } from '../commands/errors.js';
import { commandMetadata } from '../buybacks/commands/buyback-command.js';
import { findPage, type PageRequest } from '../lists/paged-query.js';
import { isPlatformStaff, type Principal } from '../organizations/principal.js';
import type { Clock, IdGenerator } from '../ports/clock.js';
import type { DocumentStore } from '../ports/document-store.js';
import type { EventStore } from '../ports/event-store.js';
import type { ListPage } from '../views/schema.js';
import { PAYMENT_STREAMS } from './streams.js';
import { TRANSFER_FILE_COLLECTIONS, type BankTransferDocument, type DebtorAccountDocument, type TransferFileDocument } from './transfer-file-read-models.js';
import { reservedPayments } from './build-transfer-file.js';
import type { DebtorAccountView, TransferFileView } from './transfer-file-views.js';

export interface TransferFileDeps {
  eventStore: EventStore;
  documents: DocumentStore;
  clock: Clock;
  ids: IdGenerator;
  /** Waits (bounded) until the read models have applied every event up to `position`. */
  caughtUp(position: number): Promise<void>;
}

/** Whose files: the caller's tenant; provider staff name the account (ACCOUNT_REQUIRED otherwise). */
export function paymentAccountOf(principal: Principal, accountId: string | undefined): string {
  if (!isPlatformStaff(principal)) return principal.accountId as string;
  if (!accountId) throw new ApplicationError('ACCOUNT_REQUIRED');
  return accountId;
}

type SettingsCommand = { type: 'SetDebtorAccount'; data: DebtorAccount };

/** The settings stream as the debtor account's decisions see it; its other events (the transfer order's text) fold to nothing here. */
export const debtorAccountDecider: Decider<PaymentSettingsState, SettingsCommand, { type: string; data: object }> = {
  initialState: () => NO_PAYMENT_SETTINGS,
  evolve: evolvePaymentSettings,
  decide(command, state) {
    const same = state.debtor && JSON.stringify(state.debtor) === JSON.stringify(command.data);
    const event: PaymentDebtorAccountSet = { type: 'PaymentDebtorAccountSet', data: command.data };
    return same ? [] : [event];
  },
};

export interface DebtorAccountInput {
  accountId?: string;
  name: string;
  iban: string;
  bic?: string | null;
}

/** Sets the debtor account of the tenant's files: its name, IBAN (checked) and BIC. The same account again writes nothing. */
export const setDebtorAccount = defineCommand<TransferFileDeps, DebtorAccountInput, CommandOutcome<null>>({
  name: 'SetDebtorAccount',
  permission: 'payment_settings.manage',
  async run(deps, context, input) {
    const accountId = paymentAccountOf(context.principal, input.accountId);
    const debtor = checkDebtorAccount(input);
    const result = await handleCommand(deps.eventStore, PAYMENT_STREAMS.settings.name(accountId), debtorAccountDecider, { type: 'SetDebtorAccount', data: debtor }, {
      metadata: commandMetadata(deps, context, accountId, null),
      newEventId: () => deps.ids.uuid(),
    });
    return { id: accountId, status: null, revision: result.revision, position: result.position };
  },
});

/** Counted up to this many. */
const DUE_COUNT_LIMIT = 100_000;

export class TransferFileQueries {
  constructor(
    private readonly documents: DocumentStore,
    private readonly eventStore: EventStore,
  ) {}

  async debtorAccount(principal: Principal, accountId?: string): Promise<DebtorAccountView> {
    const tenant = paymentAccountOf(principal, accountId);
    const document = await this.documents.collection<DebtorAccountDocument>(TRANSFER_FILE_COLLECTIONS.debtorAccounts).get(tenant);
    return {
      accountId: tenant,
      configured: document !== null,
      name: document?.debtor.name ?? null,
      iban: document?.debtor.iban ?? null,
      bic: document?.debtor.bic ?? null,
      updatedAt: document?.updatedAt ?? null,
    };
  }

  async list(principal: Principal, query: PageRequest & { accountId?: string; status?: string }): Promise<ListPage<TransferFileView>> {
    const tenant = paymentAccountOf(principal, query.accountId);
    const filter = { accountId: tenant, ...(query.status ? { status: query.status } : {}) };
    const page = await findPage(this.documents.collection<TransferFileDocument>(TRANSFER_FILE_COLLECTIONS.transferFiles), filter, query, [['number', -1]]);
    return { ...page, items: page.items.map(presentTransferFile) };
  }

  async file(principal: Principal, fileId: string): Promise<TransferFileView> {
    return presentTransferFile(await visibleTransferFile(this.documents, principal, fileId));
  }

  /** How many payments wait for the next file (the build button says it): those created, less those a file still to download carries. */
  async dueCount(principal: Principal, accountId?: string): Promise<number> {
    const tenant = paymentAccountOf(principal, accountId);
    const transfers = this.documents.collection<BankTransferDocument>(TRANSFER_FILE_COLLECTIONS.bankTransfers);
    const created = await transfers.count({ accountId: tenant, status: 'payment_created' }, { limit: DUE_COUNT_LIMIT });
    const reserved = await reservedPayments({ eventStore: this.eventStore, documents: this.documents }, tenant);
    if (reserved.size === 0) return created;
    const ids = [...new Set([...reserved].map((key) => key.slice(0, key.lastIndexOf(':'))))];
    const stillCreated = (await transfers.getMany(ids)).filter((p) => p.status === 'payment_created' && reserved.has(`${p._id}:${p.attempt}`)).length;
    return Math.max(0, created - stillCreated);
  }
}

/** A file of the caller's tenant (platform staff: any); another tenant's answers TRANSFER_FILE_NOT_FOUND. */
export async function visibleTransferFile(documents: DocumentStore, principal: Principal, fileId: string): Promise<TransferFileDocument> {
  const file = await documents.collection<TransferFileDocument>(TRANSFER_FILE_COLLECTIONS.transferFiles).get(fileId);
  if (!file || !(isPlatformStaff(principal) || file.accountId === principal.accountId)) throw new ApplicationError('TRANSFER_FILE_NOT_FOUND', { fileId });
  return file;
}

export function presentTransferFile(document: TransferFileDocument): TransferFileView {
  return {
    id: document._id,
    accountId: document.accountId,
    number: document.number,
    messageId: document.messageId,
    fileName: transferFileName(document),
    status: document.status,
    requestedExecutionDate: document.requestedExecutionDate,
    count: document.count,
    total: { amountInCents: document.totalInCents, currency: 'EUR' as const },
    leftOutCount: document.leftOutCount,
    createdAt: document.createdAt,
    createdBy: document.createdBy,
    downloads: document.downloads,
    downloadedAt: document.downloadedAt,
    downloadedBy: document.downloadedBy,
    initiatedCount: document.initiatedCount,
    initiatedTotal: document.initiatedTotalInCents === null ? null : { amountInCents: document.initiatedTotalInCents, currency: 'EUR' as const },
    completedCount: document.completedCount,
    failedCount: document.failedCount,
    updatedAt: document.updatedAt,
    revision: document.revision,
  };
}

export function transferFileName(file: { messageId: string }): string {
  return `${file.messageId}.xml`;
}
