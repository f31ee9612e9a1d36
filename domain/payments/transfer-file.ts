import { DomainError } from '../shared/domain-error.js';
import { parseIban } from '../values/iban.js';

/**
 * A SEPA credit-transfer file of a tenant (the embedded bank-transfer
 * provider): the due transfers gathered once, downloaded (which initiates
 * its payments), then settled by the bank's status report or by an operator.
 * Its stream holds what it carries; the payments' own streams hold what
 * happened to each. No customer data here: the creditor's name and IBAN are
 * read from the buyback when the file is written.
 *
 * The tenant's payment settings stream carries the debtor account and one
 * `TransferFileNumbered` per file: numbering the files on one stream is what
 * makes building a file exclusive per tenant (two builds at once append at
 * the same revision; one is written).
 */

/** At most this many payments in one file; the rest wait for the next one. */
export const TRANSFER_FILE_MAX_PAYMENTS = 10_000;
/** SEPA names: at most 70 characters. */
export const DEBTOR_NAME_MAX = 70;
const BIC = /^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/;

export interface DebtorAccount {
  name: string;
  /** Electronic form (no spaces). */
  iban: string;
  bic: string | null;
}

export interface TransferFileEntry {
  paymentId: string;
  buybackId: string;
  /** The buyback's code: the end-to-end id. */
  buybackCode: string;
  /** The payment's attempt the file carries. */
  attempt: number;
  amountInCents: number;
}

export const LEFT_OUT_REASONS = ['creditor_missing', 'creditor_invalid', 'currency', 'not_due'] as const;
export type LeftOutReason = (typeof LEFT_OUT_REASONS)[number];
export interface LeftOut {
  paymentId: string;
  reason: LeftOutReason;
}

export const TRANSFER_FILE_STATUSES = ['ready', 'downloaded', 'settled'] as const;
export type TransferFileStatus = (typeof TRANSFER_FILE_STATUSES)[number];

export interface PaymentDebtorAccountSet {
  type: 'PaymentDebtorAccountSet';
  data: DebtorAccount;
}

export interface TransferFileNumbered {
  type: 'TransferFileNumbered';
  data: { fileId: string; number: number };
}

export interface TransferFileBuilt {
  type: 'TransferFileBuilt';
  data: {
    fileId: string;
    accountId: string;
    number: number;
    messageId: string;
    requestedExecutionDate: string;
    debtor: DebtorAccount;
    payments: TransferFileEntry[];
    count: number;
    totalInCents: number;
    leftOut: LeftOut[];
  };
}

/** The first download initiates the payments still due (`initiated`), the others are left out; later ones only record who downloaded. */
export interface TransferFileDownloaded {
  type: 'TransferFileDownloaded';
  data: { fileId: string; first: boolean; initiated: string[]; leftOut: LeftOut[]; count: number; totalInCents: number };
}

export interface TransferFileStatusReportImported {
  type: 'TransferFileStatusReportImported';
  data: {
    fileId: string;
    reportMessageId: string | null;
    groupStatus: string | null;
    completed: string[];
    failed: { paymentId: string; reasonCode: string }[];
    /** End-to-end ids the report names that this file does not carry (at most 100 kept). */
    unknown: string[];
  };
}

export interface TransferFileMarkedCompleted {
  type: 'TransferFileMarkedCompleted';
  data: { fileId: string; completed: string[] };
}

export type TransferFileEvent = TransferFileBuilt | TransferFileDownloaded | TransferFileStatusReportImported | TransferFileMarkedCompleted;
export const TRANSFER_FILE_EVENT_TYPES = [
  'TransferFileBuilt',
  'TransferFileDownloaded',
  'TransferFileStatusReportImported',
  'TransferFileMarkedCompleted',
] as const satisfies ReadonlyArray<TransferFileEvent['type']>;

export interface TransferFileState {
  built: TransferFileBuilt['data'] | null;
  status: TransferFileStatus | null;
  /** Set by the first download: the payments it initiated. */
  initiated: string[] | null;
  /** Payments completed or failed since. */
  settled: Set<string>;
  downloads: number;
}

export const NO_TRANSFER_FILE: TransferFileState = { built: null, status: null, initiated: null, settled: new Set(), downloads: 0 };

export function evolveTransferFile(state: TransferFileState, event: TransferFileEvent): TransferFileState {
  switch (event.type) {
    case 'TransferFileBuilt':
      return { ...state, built: event.data, status: 'ready' };
    case 'TransferFileDownloaded': {
      const initiated = event.data.first ? event.data.initiated : state.initiated;
      return { ...state, initiated, downloads: state.downloads + 1, status: settledStatus(initiated, state.settled) };
    }
    case 'TransferFileStatusReportImported':
    case 'TransferFileMarkedCompleted': {
      const settled = new Set(state.settled);
      for (const id of event.data.completed) settled.add(id);
      if (event.type === 'TransferFileStatusReportImported') for (const failure of event.data.failed) settled.add(failure.paymentId);
      return { ...state, settled, status: settledStatus(state.initiated, settled) };
    }
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** Downloaded until every payment it initiated is completed or failed. */
function settledStatus(initiated: string[] | null, settled: ReadonlySet<string>): TransferFileStatus {
  if (initiated === null) return 'ready';
  return initiated.every((id) => settled.has(id)) ? 'settled' : 'downloaded';
}

/** The tenant's debtor account as its settings stream says, and the last file number given. */
export interface PaymentSettingsState {
  debtor: DebtorAccount | null;
  lastFileNumber: number;
}

/** Folds the settings stream; the other settings' events (the transfer order's text) are not this fold's. */
export function evolvePaymentSettings(state: PaymentSettingsState, event: { type: string; data: object }): PaymentSettingsState {
  if (event.type === 'PaymentDebtorAccountSet') return { ...state, debtor: (event as PaymentDebtorAccountSet).data };
  if (event.type === 'TransferFileNumbered') return { ...state, lastFileNumber: Math.max(state.lastFileNumber, (event as TransferFileNumbered).data.number) };
  return state;
}

export const NO_PAYMENT_SETTINGS: PaymentSettingsState = { debtor: null, lastFileNumber: 0 };

/**
 * The debtor account as typed, checked: a name of 1 to 70 characters, an
 * IBAN that passes `parseIban` (its own codes: IBAN_CHECKSUM_INVALID…), an
 * optional BIC of 8 or 11 characters. Refusals: SEPA_DEBTOR_INVALID {field}.
 */
export function checkDebtorAccount(input: { name: string; iban: string; bic?: string | null }): DebtorAccount {
  const name = input.name.trim().replace(/\s+/g, ' ');
  if (name.length === 0 || name.length > DEBTOR_NAME_MAX) throw new DomainError('SEPA_DEBTOR_INVALID', { field: 'name', max: DEBTOR_NAME_MAX });
  const iban = parseIban(input.iban).value;
  const bic = input.bic ? input.bic.replace(/\s+/g, '').toUpperCase() : null;
  if (bic !== null && !BIC.test(bic)) throw new DomainError('SEPA_DEBTOR_INVALID', { field: 'bic' });
  return { name, iban, bic: bic === '' ? null : bic };
}
