import type { Projection } from '../../application/ports/projection.js';
import type { StoredEvent } from '../../application/ports/event-store.js';
import { toDomainEvent } from '../../application/events/codec.js';
import { PAYMENT_STREAMS } from '../../application/payments/streams.js';
import {
  TRANSFER_FILE_COLLECTIONS,
  type BankTransferDocument,
  type DebtorAccountDocument,
  type TransferFileDocument,
} from '../../application/payments/transfer-file-read-models.js';
import type { PaymentEvent } from '../../domain/payments/events.js';
import { paymentStatusAfter } from '../../domain/payments/machine.js';
import {
  TRANSFER_FILE_EVENT_TYPES,
  type PaymentDebtorAccountSet,
  type TransferFileBuilt,
  type TransferFileEvent,
} from '../../domain/payments/transfer-file.js';

const PAYMENT_EVENT_TYPES_READ = [
  'PaymentCreated',
  'PaymentInitiated',
  'PaymentCompleted',
  'PaymentMarkedAsPaid',
  'PaymentFailed',
  'PaymentRelaunched',
  'PaymentCancelled',
  'PaymentMarkedNotNeeded',
] as const;

/**
 * The payments a SEPA file pays, with their status and attempt: the file
 * builder reads those created (a relaunch makes a payment created again),
 * less those a file not downloaded yet already carries (named by its
 * `TransferFileBuilt`, read from its stream).
 */
export const bankTransfersProjection: Projection<BankTransferDocument> = {
  name: 'payment-bank-transfers',
  collection: TRANSFER_FILE_COLLECTIONS.bankTransfers,
  indexes: [{ name: 'due', fields: [['accountId', 1], ['status', 1], ['_id', 1]] }],
  eventTypes: PAYMENT_EVENT_TYPES_READ,
  targets: (event) => [PAYMENT_STREAMS.payment.idOf(event.streamName)],
  evolve(document, stored, id) {
    const event = toDomainEvent<PaymentEvent>(stored);
    if (event.type === 'PaymentCreated') {
      if (event.data.provider !== 'bank_transfer_file') return document;
      return {
        _id: id,
        accountId: event.data.accountId,
        buybackId: event.data.buybackId,
        identificationNumber: event.data.buyback.identificationNumber,
        status: 'payment_created',
        attempt: 1,
        amountInCents: event.data.amount.amountInCents,
        currency: event.data.amount.currency,
        fileId: null,
        createdAt: stored.metadata.occurredAt,
      };
    }
    if (!document) return null;
    const status = paymentStatusAfter(document.status, event);
    if (event.type === 'PaymentRelaunched') return { ...document, status, attempt: event.data.attempt, fileId: null };
    if (event.type === 'PaymentInitiated') return { ...document, status, fileId: event.data.transferFileId ?? document.fileId };
    return { ...document, status };
  },
};

/** One document per file: its numbers, downloads and how far the bank's answer has settled it. */
export const transferFilesProjection: Projection<TransferFileDocument> = {
  name: 'payment-transfer-files',
  collection: TRANSFER_FILE_COLLECTIONS.transferFiles,
  indexes: [{ name: 'account_number', fields: [['accountId', 1], ['number', -1]] }],
  eventTypes: TRANSFER_FILE_EVENT_TYPES,
  targets: (event) => [PAYMENT_STREAMS.transferFile.idOf(event.streamName)],
  evolve(document, stored, id) {
    const event = toDomainEvent<TransferFileEvent>(stored);
    const at = stored.metadata.occurredAt;
    if (event.type === 'TransferFileBuilt') return builtDocument(id, event.data, stored);
    if (!document) return null;
    const base = { ...document, updatedAt: at, revision: stored.streamRevision };
    switch (event.type) {
      case 'TransferFileDownloaded': {
        const downloaded = { ...base, downloads: document.downloads + 1, downloadedAt: document.downloadedAt ?? at, downloadedBy: document.downloadedBy ?? stored.metadata.userId };
        if (!event.data.first) return downloaded;
        return { ...downloaded, initiatedCount: event.data.count, initiatedTotalInCents: event.data.totalInCents, status: event.data.count === 0 ? 'settled' : 'downloaded' };
      }
      case 'TransferFileStatusReportImported':
      case 'TransferFileMarkedCompleted': {
        const completedCount = document.completedCount + event.data.completed.length;
        const failedCount = document.failedCount + (event.type === 'TransferFileStatusReportImported' ? event.data.failed.length : 0);
        const settled = document.initiatedCount !== null && completedCount + failedCount >= document.initiatedCount;
        return { ...base, completedCount, failedCount, status: settled ? 'settled' : document.status };
      }
      default: {
        const never: never = event;
        return never;
      }
    }
  },
};

function builtDocument(id: string, data: TransferFileBuilt['data'], stored: StoredEvent): TransferFileDocument {
  return {
    _id: id,
    accountId: data.accountId,
    number: data.number,
    messageId: data.messageId,
    status: 'ready',
    requestedExecutionDate: data.requestedExecutionDate,
    count: data.count,
    totalInCents: data.totalInCents,
    leftOutCount: data.leftOut.length,
    createdAt: stored.metadata.occurredAt,
    createdBy: stored.metadata.userId,
    downloads: 0,
    downloadedAt: null,
    downloadedBy: null,
    initiatedCount: null,
    initiatedTotalInCents: null,
    completedCount: 0,
    failedCount: 0,
    updatedAt: stored.metadata.occurredAt,
    revision: stored.streamRevision,
  };
}

/** The tenant's debtor account (its settings stream's other events are other read models'). */
export const debtorAccountsProjection: Projection<DebtorAccountDocument> = {
  name: 'payment-debtor-accounts',
  collection: TRANSFER_FILE_COLLECTIONS.debtorAccounts,
  indexes: [],
  eventTypes: ['PaymentDebtorAccountSet'],
  targets: (event) => [PAYMENT_STREAMS.settings.idOf(event.streamName)],
  evolve(_document, stored, id) {
    const event = toDomainEvent<PaymentDebtorAccountSet>(stored);
    return { _id: id, accountId: id, debtor: event.data, updatedAt: stored.metadata.occurredAt, updatedBy: stored.metadata.userId, revision: stored.streamRevision };
  },
};
