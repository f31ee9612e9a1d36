/**
 * The read models of the SEPA credit-transfer files (the embedded
 * bank-transfer provider): types and collection names only. The payments
 * search has its own (`read-models.ts`); these serve the files alone.
 */
import type { DebtorAccount, TransferFileStatus } from '../../domain/payments/transfer-file.js';
import type { PaymentStatus } from '../../domain/payments/state.js';

export const TRANSFER_FILE_COLLECTIONS = {
  /** One document per payment paid by SEPA file: its status and attempt, and the file that initiated it. */
  bankTransfers: 'payment_bank_transfers',
  /** One document per file. */
  transferFiles: 'payment_transfer_files',
  /** One document per tenant: the debtor account of its files. */
  debtorAccounts: 'payment_debtor_accounts',
} as const;

/** A payment of the `bank_transfer_file` provider. Due: `payment_created`, and no file still to download carries its attempt. */
export interface BankTransferDocument {
  _id: string;
  accountId: string;
  buybackId: string;
  identificationNumber: string;
  status: PaymentStatus;
  attempt: number;
  amountInCents: number;
  currency: string;
  /** The file whose download initiated its current attempt; null before (and again after a relaunch). */
  fileId: string | null;
  createdAt: string;
  [key: string]: unknown;
}

export interface TransferFileDocument {
  _id: string;
  accountId: string;
  number: number;
  messageId: string;
  status: TransferFileStatus;
  requestedExecutionDate: string;
  count: number;
  totalInCents: number;
  leftOutCount: number;
  createdAt: string;
  createdBy: string | null;
  downloads: number;
  downloadedAt: string | null;
  downloadedBy: string | null;
  /** Set at the first download: the payments it initiated (the others were no longer due). */
  initiatedCount: number | null;
  initiatedTotalInCents: number | null;
  completedCount: number;
  failedCount: number;
  updatedAt: string;
  revision: number;
  [key: string]: unknown;
}

export interface DebtorAccountDocument {
  _id: string;
  accountId: string;
  debtor: DebtorAccount;
  updatedAt: string;
  updatedBy: string | null;
  /** Revision of the settings stream when it was set. */
  revision: number;
  [key: string]: unknown;
}
