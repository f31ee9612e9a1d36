import { DomainError } from '../../domain/shared/domain-error.js';
import { parseIban } from '../../domain/values/iban.js';
import {
  TRANSFER_FILE_MAX_PAYMENTS,
  evolvePaymentSettings,
  NO_PAYMENT_SETTINGS,
  type LeftOut,
  type TransferFileBuilt,
  type TransferFileEntry,
  type TransferFileNumbered,
} from '../../domain/payments/transfer-file.js';
import { isForgotten } from '../ports/personal-data.js';
import { toDomainEvent, toNewEvent } from '../events/codec.js';
import { defineCommand, type CommandContext } from '../commands/command-slice.js';
import { ApplicationError } from '../commands/errors.js';
import { idFromIdempotencyKey } from '../commands/idempotency.js';
import { commandMetadata } from '../buybacks/commands/buyback-command.js';
import { BUYBACKS_COLLECTION, type BuybackDocument } from '../buybacks/read-models.js';
import { WrongExpectedRevisionError, type StoredEvent } from '../ports/event-store.js';
import { PAYMENT_STREAMS } from './streams.js';
import { TRANSFER_FILE_COLLECTIONS, type BankTransferDocument, type TransferFileDocument } from './transfer-file-read-models.js';
import { paymentAccountOf, type TransferFileDeps } from './transfer-files.js';

/** Buybacks read per query while the creditors are checked. */
export const CREDITOR_BATCH = 500;
/** Builds that meet another at once (another process) and decide again. */
const BUILD_RETRIES = 3;
/** Left-out payments named in the answer. */
const LEFT_OUT_SHOWN = 100;

export interface BuildTransferFileInput {
  accountId?: string;
  /** "YYYY-MM-DD", today or later; the next working day when not given. */
  requestedExecutionDate?: string;
}

export interface BuildTransferFileOutcome {
  id: string;
  number: number;
  messageId: string;
  count: number;
  totalInCents: number;
  leftOut: LeftOut[];
  revision: number;
  position: number | null;
}

/** One build at a time per tenant in this process; across processes the settings stream's revision decides. */
const building = new Map<string, Promise<unknown>>();

function exclusive<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = building.get(key) ?? Promise.resolve();
  const next = previous.then(work, work);
  const tail = next.catch(() => undefined);
  building.set(key, tail);
  void tail.then(() => {
    if (building.get(key) === tail) building.delete(key);
  });
  return next;
}

/**
 * Gathers the tenant's due transfers (payments of the `bank_transfer_file`
 * provider, created, no file for their current attempt) into the next file:
 * at most TRANSFER_FILE_MAX_PAYMENTS, by payment id. Payments whose
 * customer has no valid IBAN (forgotten, missing) or whose currency is not
 * the euro are left out and named. The file is recorded with the next
 * number of the tenant's settings stream, in one append at the revision read:
 * two builds at once never share a payment (the second, in this process,
 * waits for the first and its read model; in another, its append fails and
 * it decides again once the read models have caught up).
 */
export const buildTransferFile = defineCommand<TransferFileDeps, BuildTransferFileInput, BuildTransferFileOutcome>({
  name: 'BuildTransferFile',
  permission: 'payment.transfer_file',
  async run(deps, context, input) {
    const accountId = paymentAccountOf(context.principal, input.accountId);
    const requestedExecutionDate = executionDateOf(deps.clock.now(), input.requestedExecutionDate);
    return exclusive(accountId, async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await buildOnce(deps, context, accountId, requestedExecutionDate);
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError) || attempt >= BUILD_RETRIES) {
            if (error instanceof WrongExpectedRevisionError) throw new ApplicationError('CONCURRENT_MODIFICATION', { stream: error.streamName });
            throw error;
          }
        }
      }
    });
  },
});

async function buildOnce(deps: TransferFileDeps, context: CommandContext, accountId: string, requestedExecutionDate: string): Promise<BuildTransferFileOutcome> {
  const settingsStream = PAYMENT_STREAMS.settings.name(accountId);
  const history = await deps.eventStore.readStream(settingsStream);
  const fileId = context.idempotency ? idFromIdempotencyKey(context.idempotency.key) : deps.ids.uuid();
  const earlier = context.idempotency ? await replayed(deps, fileId) : null;
  if (earlier) return earlier;
  const settings = history.map((stored) => toDomainEvent(stored)).reduce(evolvePaymentSettings, NO_PAYMENT_SETTINGS);
  if (!settings.debtor) throw new ApplicationError('SEPA_DEBTOR_MISSING', { accountId });
  // Every file built so far, and every payment change, is in the read model before the due payments are read.
  await deps.caughtUp(await deps.eventStore.lastGlobalPosition());
  const reserved = await reservedPayments(deps, accountId);
  const due = (
    await deps.documents
      .collection<BankTransferDocument>(TRANSFER_FILE_COLLECTIONS.bankTransfers)
      .find({ accountId, status: 'payment_created' }, { sort: [['_id', 1]], limit: TRANSFER_FILE_MAX_PAYMENTS + reserved.size })
  )
    .filter((p) => !reserved.has(`${p._id}:${p.attempt}`))
    .slice(0, TRANSFER_FILE_MAX_PAYMENTS);
  if (due.length === 0) throw new ApplicationError('SEPA_FILE_EMPTY', { accountId });
  const leftOut = await creditorProblems(deps, due);
  const out = new Set(leftOut.map((l) => l.paymentId));
  const payments: TransferFileEntry[] = due
    .filter((p) => !out.has(p._id))
    .map((p) => ({ paymentId: p._id, buybackId: p.buybackId, buybackCode: p.identificationNumber, attempt: p.attempt, amountInCents: p.amountInCents }));
  if (payments.length === 0) throw new ApplicationError('SEPA_FILE_EMPTY', { accountId, leftOut: leftOut.length });
  const number = settings.lastFileNumber + 1;
  const messageId = `TF-${requestedExecutionDate.replaceAll('-', '')}-${String(number).padStart(6, '0')}`;
  const totalInCents = payments.reduce((sum, p) => sum + p.amountInCents, 0);
  const built: TransferFileBuilt = {
    type: 'TransferFileBuilt',
    data: { fileId, accountId, number, messageId, requestedExecutionDate, debtor: settings.debtor, payments, count: payments.length, totalInCents, leftOut },
  };
  const numbered: TransferFileNumbered = { type: 'TransferFileNumbered', data: { fileId, number } };
  const metadata = commandMetadata(deps, context, accountId, null);
  const [, file] = await deps.eventStore.appendToStreams([
    { streamName: settingsStream, events: [toNewEvent(numbered, deps.ids.uuid(), { ...metadata, idempotency: null })], expectedRevision: revisionOf(history) },
    { streamName: PAYMENT_STREAMS.transferFile.name(fileId), events: [toNewEvent(built, deps.ids.uuid(), metadata)], expectedRevision: 'no_stream' },
  ]);
  // The next build of this tenant reads the due payments once this file is in the read model.
  await deps.caughtUp(file?.lastGlobalPosition ?? 0);
  return { id: fileId, number, messageId, count: payments.length, totalInCents, leftOut: leftOut.slice(0, LEFT_OUT_SHOWN), revision: 0, position: file?.lastGlobalPosition ?? null };
}

/** Files of a tenant not downloaded yet: at most this many are looked at (one is usual). */
const READY_FILES_READ = 100;

/**
 * The payments (`id:attempt`) that files built and not downloaded yet carry:
 * they are no longer due, though still created until the download initiates
 * them. Read from the files' own streams.
 */
export async function reservedPayments(deps: Pick<TransferFileDeps, 'eventStore' | 'documents'>, accountId: string): Promise<Set<string>> {
  const ready = await deps.documents
    .collection<TransferFileDocument>(TRANSFER_FILE_COLLECTIONS.transferFiles)
    .find({ accountId, status: 'ready' }, { sort: [['number', -1]], limit: READY_FILES_READ });
  const reserved = new Set<string>();
  for (const file of ready) {
    const first = (await deps.eventStore.readStream(PAYMENT_STREAMS.transferFile.name(file._id)))[0];
    if (!first) continue;
    for (const entry of toDomainEvent<TransferFileBuilt>(first).data.payments) reserved.add(`${entry.paymentId}:${entry.attempt}`);
  }
  return reserved;
}

/** A retried request (same Idempotency-Key): the file it built. */
async function replayed(deps: TransferFileDeps, fileId: string): Promise<BuildTransferFileOutcome | null> {
  const first = (await deps.eventStore.readStream(PAYMENT_STREAMS.transferFile.name(fileId)))[0];
  if (!first) return null;
  const data = toDomainEvent<TransferFileBuilt>(first).data;
  return { id: fileId, number: data.number, messageId: data.messageId, count: data.count, totalInCents: data.totalInCents, leftOut: data.leftOut.slice(0, LEFT_OUT_SHOWN), revision: 0, position: first.globalPosition };
}

function revisionOf(history: readonly StoredEvent[]): number | 'no_stream' {
  return history.length === 0 ? 'no_stream' : history.length - 1;
}

/** Due payments a file cannot pay: their customer's IBAN or name missing or invalid, or not in euros. Nothing of the customer is kept. */
async function creditorProblems(deps: TransferFileDeps, due: readonly BankTransferDocument[]): Promise<LeftOut[]> {
  const leftOut: LeftOut[] = [];
  const buybacks = deps.documents.collection<BuybackDocument>(BUYBACKS_COLLECTION);
  for (let start = 0; start < due.length; start += CREDITOR_BATCH) {
    const batch = due.slice(start, start + CREDITOR_BATCH);
    const found = new Map((await buybacks.getMany(batch.map((p) => p.buybackId))).map((b) => [b._id, b]));
    for (const payment of batch) {
      if (payment.currency !== 'EUR') leftOut.push({ paymentId: payment._id, reason: 'currency' });
      else {
        const problem = creditorProblem(found.get(payment.buybackId));
        if (problem) leftOut.push({ paymentId: payment._id, reason: problem });
      }
    }
  }
  return leftOut;
}

/** What stops a buyback's customer from being paid by transfer, or null. */
export function creditorProblem(buyback: BuybackDocument | undefined): 'creditor_missing' | 'creditor_invalid' | null {
  if (!buyback || isForgotten(buyback.customer) || !buyback.customer.iban) return 'creditor_missing';
  if (`${buyback.customer.firstName}${buyback.customer.lastName}`.trim() === '') return 'creditor_invalid';
  try {
    parseIban(buyback.customer.iban);
    return null;
  } catch (error) {
    if (error instanceof DomainError) return 'creditor_invalid';
    throw error;
  }
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The execution date asked for (today or within a year), or the next working day (Monday to Friday) after today. */
export function executionDateOf(now: string, asked: string | undefined): string {
  const today = now.slice(0, 10);
  if (asked === undefined) {
    const date = new Date(`${today}T00:00:00Z`);
    do date.setUTCDate(date.getUTCDate() + 1);
    while (date.getUTCDay() === 0 || date.getUTCDay() === 6);
    return date.toISOString().slice(0, 10);
  }
  const parsed = new Date(`${asked}T00:00:00Z`);
  const inAYear = new Date(`${today}T00:00:00Z`);
  inAYear.setUTCFullYear(inAYear.getUTCFullYear() + 1);
  if (!DATE.test(asked) || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== asked || asked < today || parsed > inAYear) {
    throw new ApplicationError('SEPA_HEADER_INVALID', { field: 'requestedExecutionDate' });
  }
  return asked;
}
