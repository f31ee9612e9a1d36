import type { PaymentCommand } from '../../domain/payments/commands.js';
import type { PaymentEvent } from '../../domain/payments/events.js';
import { foldPaymentQuickly, paymentStatus, type PaymentSnapshot } from '../../domain/payments/machine.js';
import { DomainError } from '../../domain/shared/domain-error.js';
import {
  evolveTransferFile,
  NO_TRANSFER_FILE,
  type LeftOut,
  type TransferFileBuilt,
  type TransferFileEntry,
  type TransferFileEvent,
  type TransferFileState,
} from '../../domain/payments/transfer-file.js';
import { toDomainEvent, toNewEvent } from '../events/codec.js';
import type { CommandContext } from '../commands/command-slice.js';
import { ApplicationError } from '../commands/errors.js';
import { commandMetadata } from '../buybacks/commands/buyback-command.js';
import { BUYBACKS_COLLECTION, type BuybackDocument } from '../buybacks/read-models.js';
import { isPlatformStaff } from '../organizations/principal.js';
import { isForgotten } from '../ports/personal-data.js';
import { WrongExpectedRevisionError, type EventMetadata, type NewEvent, type StoredEvent, type StreamAppend } from '../ports/event-store.js';
import { paymentDecider } from './payment-decider.js';
import { PAYMENT_STREAMS } from './streams.js';
import { CREDITOR_BATCH, creditorProblem } from './build-transfer-file.js';
import type { TransferFileDeps } from './transfer-files.js';

/**
 * A payment's state from its stream without a machine transition per event
 * (a file folds 10,000 payments): `foldPaymentQuickly`, equal to the
 * decider's fold (domain/payments/fold-quickly.test.ts).
 */
function paymentStateOf(history: readonly StoredEvent[]): PaymentSnapshot {
  return foldPaymentQuickly(history.map((stored) => toDomainEvent<PaymentEvent>(stored)));
}

/** Payment streams read at once. */
const READ_BATCH = 200;
const RETRIES = 3;
const UNKNOWN_KEPT = 100;

export interface OpenedTransferFile {
  built: TransferFileBuilt['data'];
  state: TransferFileState;
  history: StoredEvent[];
}

/** The file's stream, folded; another tenant's file (or none) answers TRANSFER_FILE_NOT_FOUND. */
export async function openTransferFile(deps: Pick<TransferFileDeps, 'eventStore'>, context: Pick<CommandContext, 'principal'>, fileId: string): Promise<OpenedTransferFile> {
  const history = await deps.eventStore.readStream(PAYMENT_STREAMS.transferFile.name(fileId));
  const state = history.map((stored) => toDomainEvent<TransferFileEvent>(stored)).reduce(evolveTransferFile, NO_TRANSFER_FILE);
  const built = state.built;
  if (!built || !(isPlatformStaff(context.principal) || built.accountId === context.principal.accountId)) {
    throw new ApplicationError('TRANSFER_FILE_NOT_FOUND', { fileId });
  }
  return { built, state, history };
}

/** One payment's part of a settlement: its stream, the revision read, and the events decided. */
interface PaymentDecision {
  entry: TransferFileEntry;
  expectedRevision: number;
  events: NewEvent[];
}

/**
 * Decides `commandOf(entry, snapshot)` on each payment's current state, in
 * batches of streams; a payment whose attempt is no longer the file's, or
 * that its machine refuses, is `refused` (with the reason) and left as it is.
 */
async function decideOnPayments(
  deps: TransferFileDeps,
  metadata: EventMetadata,
  entries: readonly TransferFileEntry[],
  commandOf: (entry: TransferFileEntry, snapshot: PaymentSnapshot) => PaymentCommand | null,
  pause: () => Promise<void>,
): Promise<{ decided: PaymentDecision[]; refused: TransferFileEntry[]; unchanged: TransferFileEntry[] }> {
  const decided: PaymentDecision[] = [];
  const refused: TransferFileEntry[] = [];
  const unchanged: TransferFileEntry[] = [];
  for (let start = 0; start < entries.length; start += READ_BATCH) {
    const batch = entries.slice(start, start + READ_BATCH);
    const histories = await Promise.all(batch.map((entry) => deps.eventStore.readStream(PAYMENT_STREAMS.payment.name(entry.paymentId))));
    batch.forEach((entry, index) => {
      const history = histories[index] as StoredEvent[];
      const snapshot = paymentStateOf(history);
      const command = snapshot.context.attempts.at(-1)?.number === entry.attempt ? commandOf(entry, snapshot) : null;
      if (command === null) {
        refused.push(entry);
        return;
      }
      let events;
      try {
        events = paymentDecider.decide(command, snapshot);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        refused.push(entry);
        return;
      }
      if (events.length === 0) unchanged.push(entry);
      else decided.push({ entry, expectedRevision: history.length - 1, events: events.map((event) => toNewEvent(event, deps.ids.uuid(), { ...metadata, idempotency: null })) });
    });
    await pause();
  }
  return { decided, refused, unchanged };
}

/** The file's event and its payments' events, in one append, each stream at the revision read. */
async function appendSettlement(deps: TransferFileDeps, opened: OpenedTransferFile, fileEvent: TransferFileEvent, metadata: EventMetadata, decided: readonly PaymentDecision[]) {
  const appends: StreamAppend[] = [
    ...decided.map((d) => ({ streamName: PAYMENT_STREAMS.payment.name(d.entry.paymentId), events: d.events, expectedRevision: d.expectedRevision })),
    { streamName: PAYMENT_STREAMS.transferFile.name(opened.built.fileId), events: [toNewEvent(fileEvent, deps.ids.uuid(), metadata)], expectedRevision: opened.history.length - 1 },
  ];
  const results = await deps.eventStore.appendToStreams(appends);
  const last = results.at(-1);
  return { position: last?.lastGlobalPosition ?? null, revision: last?.nextExpectedRevision ?? opened.history.length - 1 };
}

/** Runs `attempt` again on fresh state when a payment or the file changed in between (a cancellation racing the download). */
async function withRetries<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (tries >= RETRIES) throw new ApplicationError('CONCURRENT_MODIFICATION', { stream: error.streamName });
    }
  }
}

const noPause = () => Promise.resolve();
/** Between batches, what else waits on the event loop runs (requests, read models): a file's first download folds 10,000 payments. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A payment's creditor as the file writes it: the customer's name and IBAN. */
export interface Creditor {
  name: string;
  iban: string;
}

export interface DownloadedTransferFile {
  built: TransferFileBuilt['data'];
  /** The payments the file pays (those its first download initiated), in the file's order. */
  payments: TransferFileEntry[];
  /**
   * The first download's creditors, by payment id, as it checked them (two
   * strings a payment, at most 10,000): its XML writes them without reading
   * the buybacks again while the read models apply the initiations. Null on
   * later downloads, which read them.
   */
  creditors: ReadonlyMap<string, Creditor> | null;
  position: number | null;
}

/**
 * A download. The first initiates the file's payments still due
 * (`InitiatePayment`, the buyback code as provider reference, the file's id),
 * each at the revision read, with the file's record of which it initiated
 * and which it left out (cancelled in between, relaunched, or their
 * customer's IBAN no longer valid), in one atomic append: a cancellation
 * racing it either comes first (the payment is left out) or is refused (the
 * payment is initiated). Every later download pays the same payments and is
 * recorded too. A file left with no payment answers SEPA_FILE_EMPTY.
 */
export async function downloadTransferFile(deps: TransferFileDeps, context: CommandContext, fileId: string): Promise<DownloadedTransferFile> {
  return withRetries(async () => {
    const opened = await openTransferFile(deps, context, fileId);
    const { built, state } = opened;
    const metadata = commandMetadata(deps, context, built.accountId, null);
    let initiated: ReadonlySet<string>;
    let position: number | null;
    let creditors: ReadonlyMap<string, Creditor> | null = null;
    if (state.initiated !== null) {
      initiated = new Set(state.initiated);
      const paid = built.payments.filter((p) => initiated.has(p.paymentId));
      const again: TransferFileEvent = { type: 'TransferFileDownloaded', data: { fileId, first: false, initiated: [], leftOut: [], count: paid.length, totalInCents: sum(paid) } };
      position = (await appendSettlement(deps, opened, again, metadata, [])).position;
    } else {
      const checked = await creditorProblemsOf(deps, built.payments);
      const problems = checked.problems;
      creditors = checked.creditors;
      const { decided, refused, unchanged } = await decideOnPayments(deps, metadata, built.payments, (entry) =>
        problems.has(entry.paymentId) ? null : { type: 'InitiatePayment', data: { providerReference: entry.buybackCode, transferFileId: fileId } },
        yieldToEventLoop,
      );
      initiated = new Set([...decided, ...unchanged.map((entry) => ({ entry }))].map((d) => d.entry.paymentId));
      const leftOut: LeftOut[] = refused.map((entry) => ({ paymentId: entry.paymentId, reason: problems.get(entry.paymentId) ?? 'not_due' }));
      const paid = built.payments.filter((p) => initiated.has(p.paymentId));
      const first: TransferFileEvent = {
        type: 'TransferFileDownloaded',
        data: { fileId, first: true, initiated: paid.map((p) => p.paymentId), leftOut, count: paid.length, totalInCents: sum(paid) },
      };
      position = (await appendSettlement(deps, opened, first, metadata, decided)).position;
    }
    const payments = built.payments.filter((p) => initiated.has(p.paymentId));
    if (payments.length === 0) throw new ApplicationError('SEPA_FILE_EMPTY', { fileId });
    return { built, payments, creditors, position };
  });
}

function sum(entries: readonly TransferFileEntry[]): number {
  return entries.reduce((total, entry) => total + entry.amountInCents, 0);
}

async function creditorProblemsOf(deps: TransferFileDeps, entries: readonly TransferFileEntry[]) {
  const problems = new Map<string, LeftOut['reason']>();
  const creditors = new Map<string, Creditor>();
  const buybacks = deps.documents.collection<BuybackDocument>(BUYBACKS_COLLECTION);
  for (let start = 0; start < entries.length; start += CREDITOR_BATCH) {
    const batch = entries.slice(start, start + CREDITOR_BATCH);
    const found = new Map((await buybacks.getMany(batch.map((p) => p.buybackId))).map((b) => [b._id, b]));
    for (const entry of batch) {
      const buyback = found.get(entry.buybackId);
      const problem = creditorProblem(buyback);
      if (problem) problems.set(entry.paymentId, problem);
      else if (buyback && !isForgotten(buyback.customer)) {
        const { firstName, lastName, iban } = buyback.customer;
        creditors.set(entry.paymentId, { name: `${firstName} ${lastName}`, iban: iban ?? '' });
      }
    }
  }
  return { problems, creditors };
}

/** One line of a bank's status report (pain.002), as the SEPA adapter reads it. */
export interface StatusReportLine {
  endToEndId: string;
  /** ISO 20022 transaction status: ACSC, ACCP, ACSP, ACTC, ACWC, ACCC (accepted), RJCT (rejected), PDNG… */
  status: string;
  reasonCode: string | null;
  information: string | null;
}

export interface StatusReport {
  messageId: string | null;
  originalMessageId: string | null;
  groupStatus: string | null;
  groupReasonCode: string | null;
  lines: StatusReportLine[];
}

export interface StatusReportResult {
  fileId: string;
  reportMessageId: string | null;
  groupStatus: string | null;
  completed: number;
  failed: number;
  unchanged: number;
  unknown: string[];
}

const ACCEPTED = new Set(['ACSC', 'ACCP', 'ACSP', 'ACTC', 'ACWC', 'ACCC']);

/**
 * The bank's status report for a downloaded file: each accepted transaction
 * completes its payment, each rejected one fails it with the bank's reason
 * code; a report that accepts or rejects the whole group without lines does
 * so for every payment the file initiated. A payment already settled, or
 * pending at the bank, is left unchanged; an end-to-end id the file does not
 * carry is named. A report of another file (its original message id) is
 * refused, SEPA_REPORT_MISMATCH.
 */
export async function importStatusReport(
  deps: TransferFileDeps,
  context: CommandContext,
  fileId: string,
  report: StatusReport,
  pause: () => Promise<void> = noPause,
): Promise<StatusReportResult & { position: number | null }> {
  return withRetries(async () => {
    const opened = await openTransferFile(deps, context, fileId);
    const { built, state } = opened;
    if (state.initiated === null) throw new ApplicationError('TRANSFER_FILE_NOT_DOWNLOADED', { fileId });
    if (report.originalMessageId !== null && report.originalMessageId !== built.messageId) {
      throw new ApplicationError('SEPA_REPORT_MISMATCH', { expected: built.messageId, actual: report.originalMessageId });
    }
    const initiated = new Set(state.initiated);
    const byCode = new Map(built.payments.filter((p) => initiated.has(p.paymentId)).map((p) => [p.buybackCode, p]));
    const verdicts = new Map<string, StatusReportLine>();
    const unknown: string[] = [];
    const lines = report.lines.length > 0 ? report.lines : groupLines(report, [...byCode.keys()]);
    for (const line of lines) {
      if (byCode.has(line.endToEndId)) verdicts.set(line.endToEndId, line);
      else if (unknown.length < UNKNOWN_KEPT) unknown.push(line.endToEndId);
    }
    const metadata = commandMetadata(deps, context, built.accountId, null);
    const entries = [...verdicts.keys()].map((code) => byCode.get(code) as TransferFileEntry);
    const { decided, refused, unchanged } = await decideOnPayments(deps, metadata, entries, (entry, snapshot) => {
      const line = verdicts.get(entry.buybackCode) as StatusReportLine;
      if (paymentStatus(snapshot) !== 'payment_initiated') return null;
      if (ACCEPTED.has(line.status)) return { type: 'CompletePayment', data: { providerReference: entry.buybackCode } };
      if (line.status === 'RJCT') return { type: 'FailPayment', data: { reasonCode: line.reasonCode ?? 'RJCT', message: line.information } };
      return null;
    }, pause);
    const completed = decided.filter((d) => d.events.some((e) => e.type.startsWith('PaymentCompleted.'))).map((d) => d.entry.paymentId);
    const failed = decided
      .filter((d) => d.events.some((e) => e.type.startsWith('PaymentFailed.')))
      .map((d) => ({ paymentId: d.entry.paymentId, reasonCode: verdicts.get(d.entry.buybackCode)?.reasonCode ?? 'RJCT' }));
    const event: TransferFileEvent = {
      type: 'TransferFileStatusReportImported',
      data: { fileId, reportMessageId: report.messageId, groupStatus: report.groupStatus, completed, failed, unknown },
    };
    const { position } = await appendSettlement(deps, opened, event, metadata, decided);
    return {
      fileId,
      reportMessageId: report.messageId,
      groupStatus: report.groupStatus,
      completed: completed.length,
      failed: failed.length,
      unchanged: refused.length + unchanged.length,
      unknown,
      position,
    };
  });
}

/** A report that answers for the whole group only: the same verdict for every payment the file initiated. */
function groupLines(report: StatusReport, codes: readonly string[]): StatusReportLine[] {
  if (report.groupStatus === null || !(ACCEPTED.has(report.groupStatus) || report.groupStatus === 'RJCT')) return [];
  return codes.map((endToEndId) => ({ endToEndId, status: report.groupStatus as string, reasonCode: report.groupReasonCode, information: null }));
}

/** An operator says the bank paid the whole file: every payment it initiated that is still initiated is completed. */
export async function markTransferFileCompleted(deps: TransferFileDeps, context: CommandContext, fileId: string) {
  return withRetries(async () => {
    const opened = await openTransferFile(deps, context, fileId);
    const { built, state } = opened;
    if (state.initiated === null) throw new ApplicationError('TRANSFER_FILE_NOT_DOWNLOADED', { fileId });
    const initiated = new Set(state.initiated);
    const metadata = commandMetadata(deps, context, built.accountId, null);
    const entries = built.payments.filter((p) => initiated.has(p.paymentId));
    const { decided } = await decideOnPayments(deps, metadata, entries, (entry, snapshot) =>
      paymentStatus(snapshot) === 'payment_initiated' ? { type: 'CompletePayment', data: { providerReference: entry.buybackCode } } : null,
      noPause,
    );
    const completed = decided.map((d) => d.entry.paymentId);
    const { position, revision } = await appendSettlement(deps, opened, { type: 'TransferFileMarkedCompleted', data: { fileId, completed } }, metadata, decided);
    return { fileId, completed: completed.length, revision, position };
  });
}

