import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { parseIban } from '../../../domain/values/iban.js';
import { DomainError } from '../../../domain/shared/domain-error.js';
import { SEPA_NAME_MAX, SEPA_REMITTANCE_MAX, escapeXml, isSepaIdentifier, toSepaText } from './sepa-text.js';

/**
 * A SEPA credit-transfer file: ISO 20022 `pain.001.001.03`
 * (CustomerCreditTransferInitiationV03), the message French banks take for
 * SEPA credit transfers sent as a file (see README.md in this folder for the
 * choice of version). One payment-information block: the retailer's account
 * is debited once per transaction on the requested execution date, service
 * level SEPA, charges shared (SLEV); one transaction per payment, the payment
 * id as instruction id and the buyback code as end-to-end id (the id the
 * creditor's bank shows the seller, and the one the status report names).
 *
 * Streamed: the transactions are read from an async iterable and written in
 * chunks of about 64 KiB, so 10,000 or 1,000,000 transactions never sit in
 * memory, neither as objects nor as one string.
 *
 * Two passes over the transactions. The group header gives the number of
 * transactions and their control sum BEFORE the transactions, and every IBAN
 * must be checked before a single byte is written (a file the bank refuses
 * halfway helps nobody). So `transactions` is a function that opens the
 * sequence: the first pass checks every transaction and adds the amounts
 * (in integer cents, as a bigint: 1,000,000 transactions of 999,999,999.99 €
 * would pass Number.MAX_SAFE_INTEGER) and keeps nothing else; the second
 * writes. Taking the caller's totals instead would still need a first pass
 * for the IBANs. The caller must give the same sequence twice (a query over
 * a fixed set: payments chosen for this file, ordered by id); the second
 * pass counts and adds again and, if the sequence changed, throws
 * `SEPA_SOURCE_CHANGED`: what was already written must then be thrown away
 * (write to a temporary file and rename it once this resolves).
 */

export interface SepaDebtor {
  /** The retailer's name (transliterated, cut to 70 characters). */
  name: string;
  /** The retailer's account, as typed (spaces and hyphens allowed), checked with `parseIban`. */
  iban: string;
  /** The retailer's bank's BIC; without it the debtor agent is "NOTPROVIDED" (IBAN-only, EPC rule). */
  bic?: string | null;
}

export interface SepaTransaction {
  /** The payment's id: the instruction id (a SEPA identifier of at most 35 characters). */
  paymentId: string;
  /** The buyback code: the end-to-end id (a SEPA identifier of at most 35 characters). */
  buybackCode: string;
  /** The amount in euro cents: an integer from 1 to 99,999,999,999 (999,999,999.99 €). */
  amountCents: number;
  creditorName: string;
  creditorIban: string;
  /** Unstructured remittance text (cut to 140 characters); none when empty. */
  remittance?: string | null;
}

export interface CreditTransferFileInput {
  /** The message id (GrpHdr/MsgId, also the payment-information id): a SEPA identifier, unique per retailer. */
  messageId: string;
  /** When the file was built: UTC ISO-8601 ("2026-11-26T16:49:00Z" or with milliseconds), given in. */
  createdAt: string;
  /** The requested execution date, "YYYY-MM-DD". */
  requestedExecutionDate: string;
  debtor: SepaDebtor;
  /** Opens the transactions; called twice (see above), each call must give the same sequence. */
  transactions: () => AsyncIterable<SepaTransaction> | Iterable<SepaTransaction>;
}

/**
 * A file that cannot be built. Codes:
 * - `SEPA_DEBTOR_INVALID` ({field, code?}): the retailer's name, IBAN (`code`: the IBAN check's code) or BIC;
 * - `SEPA_HEADER_INVALID` ({field}): message id, creation time or execution date;
 * - `SEPA_TRANSACTION_INVALID` ({paymentId, field, code?}): a payment's ids, amount, creditor name or IBAN;
 * - `SEPA_FILE_EMPTY`: no transaction (pain.001 needs at least one);
 * - `SEPA_SOURCE_CHANGED` ({expected, actual}): the second pass did not give what the first gave.
 */
export class SepaFileError extends DomainError {
  constructor(code: string, details: Record<string, unknown> = {}) {
    super(code, details);
    this.name = 'SepaFileError';
  }
}

/** 999,999,999.99 €: the largest amount of a SEPA credit transfer. */
export const SEPA_MAX_AMOUNT_CENTS = 99_999_999_999;
const NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03';
const BIC = /^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/;
const UTC_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,3})?Z$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const CHUNK_CHARS = 64 * 1024;

/** Cents as a decimal with two digits: 12345 → "123.45", 5 → "0.05". */
export function centsToDecimal(cents: number | bigint): string {
  const digits = BigInt(cents).toString().padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

function isCalendarDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

interface CheckedHeader {
  messageId: string;
  createdAt: string;
  requestedExecutionDate: string;
  debtorName: string;
  debtorIban: string;
  debtorBic: string | null;
}

function checkHeader(input: CreditTransferFileInput): CheckedHeader {
  if (!isSepaIdentifier(input.messageId)) throw new SepaFileError('SEPA_HEADER_INVALID', { field: 'messageId' });
  const time = UTC_DATE_TIME.exec(String(input.createdAt));
  if (!time?.[1] || !isCalendarDate(time[1])) throw new SepaFileError('SEPA_HEADER_INVALID', { field: 'createdAt' });
  if (!isCalendarDate(String(input.requestedExecutionDate))) {
    throw new SepaFileError('SEPA_HEADER_INVALID', { field: 'requestedExecutionDate' });
  }
  const debtorName = toSepaText(input.debtor.name, SEPA_NAME_MAX);
  if (debtorName === '') throw new SepaFileError('SEPA_DEBTOR_INVALID', { field: 'name' });
  let debtorIban: string;
  try {
    debtorIban = parseIban(input.debtor.iban).value;
  } catch (error) {
    if (error instanceof DomainError) throw new SepaFileError('SEPA_DEBTOR_INVALID', { field: 'iban', code: error.code });
    throw error;
  }
  const bic = input.debtor.bic ? input.debtor.bic.replace(/\s+/g, '').toUpperCase() : null;
  if (bic !== null && !BIC.test(bic)) throw new SepaFileError('SEPA_DEBTOR_INVALID', { field: 'bic' });
  return { messageId: input.messageId, createdAt: input.createdAt, requestedExecutionDate: input.requestedExecutionDate, debtorName, debtorIban, debtorBic: bic };
}

interface CheckedTransaction {
  paymentId: string;
  buybackCode: string;
  amountCents: number;
  creditorName: string;
  creditorIban: string;
  remittance: string;
}

/** One transaction checked and put in the file's form; throws `SEPA_TRANSACTION_INVALID` naming the payment. */
function checkTransaction(tx: SepaTransaction): CheckedTransaction {
  const paymentId = tx.paymentId;
  const refuse = (field: string, details: Record<string, unknown> = {}) =>
    new SepaFileError('SEPA_TRANSACTION_INVALID', { paymentId: String(paymentId), field, ...details });
  if (!isSepaIdentifier(paymentId)) throw refuse('paymentId');
  if (!isSepaIdentifier(tx.buybackCode)) throw refuse('buybackCode');
  if (!Number.isSafeInteger(tx.amountCents) || tx.amountCents < 1 || tx.amountCents > SEPA_MAX_AMOUNT_CENTS) throw refuse('amountCents');
  const creditorName = toSepaText(tx.creditorName, SEPA_NAME_MAX);
  if (creditorName === '') throw refuse('creditorName');
  let creditorIban: string;
  try {
    creditorIban = parseIban(tx.creditorIban).value;
  } catch (error) {
    if (error instanceof DomainError) throw refuse('creditorIban', { code: error.code });
    throw error;
  }
  const remittance = toSepaText(tx.remittance ?? '', SEPA_REMITTANCE_MAX);
  return { paymentId, buybackCode: tx.buybackCode, amountCents: tx.amountCents, creditorName, creditorIban, remittance };
}

interface Totals {
  count: number;
  sumCents: bigint;
}

/** The first pass: every transaction checked, counted and added; nothing kept. */
async function firstPass(input: CreditTransferFileInput): Promise<Totals> {
  let count = 0;
  let sumCents = 0n;
  for await (const tx of input.transactions()) {
    const checked = checkTransaction(tx);
    count += 1;
    sumCents += BigInt(checked.amountCents);
  }
  if (count === 0) throw new SepaFileError('SEPA_FILE_EMPTY');
  return { count, sumCents };
}

function transactionXml(tx: CheckedTransaction): string {
  return (
    '<CdtTrfTxInf>' +
    `<PmtId><InstrId>${escapeXml(tx.paymentId)}</InstrId><EndToEndId>${escapeXml(tx.buybackCode)}</EndToEndId></PmtId>` +
    `<Amt><InstdAmt Ccy="EUR">${centsToDecimal(tx.amountCents)}</InstdAmt></Amt>` +
    `<Cdtr><Nm>${escapeXml(tx.creditorName)}</Nm></Cdtr>` +
    `<CdtrAcct><Id><IBAN>${tx.creditorIban}</IBAN></Id></CdtrAcct>` +
    (tx.remittance === '' ? '' : `<RmtInf><Ustrd>${escapeXml(tx.remittance)}</Ustrd></RmtInf>`) +
    '</CdtTrfTxInf>\n'
  );
}

function headerXml(h: CheckedHeader, totals: Totals): string {
  const count = String(totals.count);
  const sum = centsToDecimal(totals.sumCents);
  const agent = h.debtorBic ? `<BIC>${h.debtorBic}</BIC>` : '<Othr><Id>NOTPROVIDED</Id></Othr>';
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Document xmlns="${NAMESPACE}">\n<CstmrCdtTrfInitn>\n` +
    `<GrpHdr><MsgId>${escapeXml(h.messageId)}</MsgId><CreDtTm>${h.createdAt}</CreDtTm>` +
    `<NbOfTxs>${count}</NbOfTxs><CtrlSum>${sum}</CtrlSum><InitgPty><Nm>${escapeXml(h.debtorName)}</Nm></InitgPty></GrpHdr>\n` +
    `<PmtInf><PmtInfId>${escapeXml(h.messageId)}</PmtInfId><PmtMtd>TRF</PmtMtd>` +
    `<NbOfTxs>${count}</NbOfTxs><CtrlSum>${sum}</CtrlSum>` +
    '<PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf>' +
    `<ReqdExctnDt>${h.requestedExecutionDate}</ReqdExctnDt>` +
    `<Dbtr><Nm>${escapeXml(h.debtorName)}</Nm></Dbtr>` +
    `<DbtrAcct><Id><IBAN>${h.debtorIban}</IBAN></Id></DbtrAcct>` +
    `<DbtrAgt><FinInstnId>${agent}</FinInstnId></DbtrAgt>` +
    '<ChrgBr>SLEV</ChrgBr>\n'
  );
}

const FOOTER = '</PmtInf>\n</CstmrCdtTrfInitn>\n</Document>\n';

/**
 * The file as string chunks of about 64 KiB. Every check (header, debtor,
 * each transaction) runs before the first chunk is yielded; the second pass
 * throws `SEPA_SOURCE_CHANGED` if the sequence changed between the passes.
 */
export function creditTransferFileChunks(input: CreditTransferFileInput): AsyncGenerator<string, void, undefined> {
  return fileChunks(input, {});
}

async function* fileChunks(input: CreditTransferFileInput, written: { totals?: Totals }): AsyncGenerator<string, void, undefined> {
  const header = checkHeader(input);
  const totals = await firstPass(input);
  let buffer = headerXml(header, totals);
  let count = 0;
  let sumCents = 0n;
  for await (const tx of input.transactions()) {
    let checked: CheckedTransaction;
    try {
      checked = checkTransaction(tx);
    } catch (error) {
      throw new SepaFileError('SEPA_SOURCE_CHANGED', { cause: error instanceof DomainError ? error.details : String(error) });
    }
    count += 1;
    sumCents += BigInt(checked.amountCents);
    buffer += transactionXml(checked);
    if (buffer.length >= CHUNK_CHARS) {
      yield buffer;
      buffer = '';
    }
  }
  if (count !== totals.count || sumCents !== totals.sumCents) {
    throw new SepaFileError('SEPA_SOURCE_CHANGED', {
      expected: { count: totals.count, controlSum: centsToDecimal(totals.sumCents) },
      actual: { count, controlSum: centsToDecimal(sumCents) },
    });
  }
  written.totals = totals;
  yield buffer + FOOTER;
}

/** What a written file holds: its message id, number of transactions, control sum (in cents) and size. */
export interface CreditTransferFileSummary {
  messageId: string;
  count: number;
  controlSumCents: bigint;
  bytes: number;
}

/**
 * Streams the file into `sink`, waiting for 'drain' when the sink asks to
 * (the sink is not ended: the caller closes it). Resolves with what was
 * written; rejects with a `SepaFileError` before writing anything when an
 * input is invalid.
 */
export async function writeCreditTransferFile(input: CreditTransferFileInput, sink: Writable): Promise<CreditTransferFileSummary> {
  const written: { totals?: Totals } = {};
  let bytes = 0;
  for await (const chunk of fileChunks(input, written)) {
    const data = Buffer.from(chunk, 'utf8');
    bytes += data.length;
    if (!sink.write(data)) await once(sink, 'drain');
  }
  const totals = written.totals ?? { count: 0, sumCents: 0n };
  return { messageId: input.messageId, count: totals.count, controlSumCents: totals.sumCents, bytes };
}
