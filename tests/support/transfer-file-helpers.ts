/**
 * The SEPA transfer files' tests: due bank transfers made of real buybacks
 * (registered over HTTP, with their customer's IBAN) whose PaymentCreated is
 * appended as the payment process writes it; the XML checked against the
 * shipped ISO 20022 schema; a bank's pain.002 status report written by hand.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { validateXML } from 'xmllint-wasm';
import { toNewEvent } from '../../application/events/codec.js';
import { foldStream } from '../../application/commands/command-handler.js';
import { paymentDecider } from '../../application/payments/payment-decider.js';
import { PAYMENT_STREAMS, paymentIdOf } from '../../application/payments/streams.js';
import type { EventStore } from '../../application/ports/event-store.js';
import type { DocumentStore } from '../../application/ports/document-store.js';
import { BUYBACKS_COLLECTION, type BuybackDocument } from '../../application/buybacks/read-models.js';
import type { PaymentEvent } from '../../domain/payments/events.js';
import { DISABLED_MODIFIER } from '../../domain/payments/modifier.js';
import { paymentStatus } from '../../domain/payments/machine.js';
import { syntheticFrenchIban } from '../../infrastructure/payments/sepa/bench-helper.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { createStoreBuyback } from './api-helpers.js';
import { PARIS } from './buyback-fixtures.js';
import type { ApiClient } from './test-platform.js';

const XSD = readFileSync(new URL('../../infrastructure/payments/sepa/pain.001.001.03.xsd', import.meta.url), 'utf8');

export async function schemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({ xml: [{ fileName: 'file.xml', contents: xml }], schema: [{ fileName: 'pain.001.001.03.xsd', contents: XSD }] });
  return result.errors.map((e) => e.rawMessage);
}

export const tagValues = (xml: string, tag: string): string[] => [...xml.matchAll(new RegExp(`<${tag}[^>]*>([^<]*)</${tag}>`, 'g'))].map((m) => m[1] ?? '');

export interface PlatformHandles {
  eventStore: EventStore;
  documents: DocumentStore;
  runner: { waitFor(position: number, timeoutMs: number): Promise<boolean> };
}

export interface DueTransfer {
  buybackId: string;
  code: string;
  paymentId: string;
  amountInCents: number;
  iban: string;
  lastName: string;
}

let counter = 0;

/** A store buyback whose customer has its own IBAN, and its payment created for the SEPA file provider (as the payment process writes it). */
export async function dueTransfer(platform: PlatformHandles, seller: ApiClient, amountInCents = 12_345 + counter): Promise<DueTransfer> {
  counter += 1;
  const iban = syntheticFrenchIban(700_000 + counter * 13);
  const lastName = `Dupré-${counter}`;
  const created = await createStoreBuyback(seller, PARIS, { paymentType: 'bank_transfer', customer: { iban, lastName } });
  const buyback = (await platform.documents.collection<BuybackDocument>(BUYBACKS_COLLECTION).get(created.id)) as BuybackDocument;
  const paymentId = paymentIdOf(created.id);
  const price = { amountInCents, currency: 'EUR' as const };
  const event: PaymentEvent = {
    type: 'PaymentCreated',
    data: {
      paymentId,
      buybackId: created.id,
      accountId: buyback.accountId,
      buyback: { identificationNumber: created.identificationNumber, storeId: buyback.storeId, warehouseId: buyback.warehouseId, buyerId: buyback.buyerId, organizationId: buyback.organizationId },
      origin: 'buyback_completed',
      paymentModeId: buyback.paymentMode.id,
      paymentType: 'bank_transfer',
      provider: 'bank_transfer_file',
      validatedPrice: price,
      modifier: DISABLED_MODIFIER,
      circuitBonus: { amountInCents: 0, currency: price.currency },
      amount: price,
    },
  };
  await append(platform, paymentId, buyback.accountId, event, 'no_stream');
  return { buybackId: created.id, code: created.identificationNumber, paymentId, amountInCents, iban, lastName };
}

/** Appends one payment event at the revision given and waits for the read models. */
export async function append(platform: PlatformHandles, paymentId: string, accountId: string, event: PaymentEvent, expected: number | 'no_stream') {
  const metadata = { accountId, organizationId: null, userId: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() };
  const result = await platform.eventStore.appendToStream(PAYMENT_STREAMS.payment.name(paymentId), [toNewEvent(event, randomUUID(), metadata)], expected);
  await platform.runner.waitFor(result.lastGlobalPosition, 10_000);
}

/** The payment as its stream says: status, latest attempt. */
export async function paymentNow(platform: PlatformHandles, paymentId: string) {
  const history = await platform.eventStore.readStream(PAYMENT_STREAMS.payment.name(paymentId));
  const snapshot = foldStream(paymentDecider, history);
  return { status: paymentStatus(snapshot), revision: history.length - 1, attempt: snapshot.context.attempts.at(-1) ?? null, context: snapshot.context };
}

/** A bank's pain.002 status report answering the file `messageId`. */
export function statusReportXml(messageId: string, lines: Array<{ code: string; status: string; reason?: string }>, groupStatus = 'PART'): string {
  const transactions = lines
    .map(
      (line, index) =>
        `<TxInfAndSts><StsId>S${index}</StsId><OrgnlEndToEndId>${line.code}</OrgnlEndToEndId><TxSts>${line.status}</TxSts>` +
        (line.reason ? `<StsRsnInf><Rsn><Cd>${line.reason}</Cd></Rsn><AddtlInf>Account closed</AddtlInf></StsRsnInf>` : '') +
        '</TxInfAndSts>',
    )
    .join('\n');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03"><CstmrPmtStsRpt>' +
    '<GrpHdr><MsgId>BANK-REPORT-1</MsgId><CreDtTm>2026-11-27T08:00:00</CreDtTm></GrpHdr>' +
    `<OrgnlGrpInfAndSts><OrgnlMsgId>${messageId}</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.03</OrgnlMsgNmId><GrpSts>${groupStatus}</GrpSts></OrgnlGrpInfAndSts>` +
    `<OrgnlPmtInfAndSts><OrgnlPmtInfId>${messageId}</OrgnlPmtInfId>\n${transactions}\n</OrgnlPmtInfAndSts></CstmrPmtStsRpt></Document>\n`
  );
}

/**
 * A transfer file through every event of its stream and of the payment
 * settings, for the read models' tests (idempotent delivery, rebuilds): the
 * debtor account set, the due transfers built into a file, downloaded, the
 * bank's report completing one, the operator completing the rest; and the
 * transfer order's own text saved then back to the default, written as its
 * command writes them (saving a text needs a premium feature the demo lacks).
 * `manager` and `seller` are Demo Retail's.
 */
export async function transferFileJourneys(platform: PlatformHandles, manager: ApiClient, seller: ApiClient): Promise<void> {
  const ok = async (what: string, response: Promise<{ status: number; body: any }>, status = 200) => {
    const answered = await response;
    if (answered.status !== status) throw new Error(`${what}: ${answered.status} ${JSON.stringify(answered.body)}`);
    return answered.body;
  };
  await ok('debtor account', manager.request('PUT', '/settings/payments', { name: 'Demo Retail', iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'BNPAFRPP' }));
  const [first] = [await dueTransfer(platform, seller), await dueTransfer(platform, seller)];
  const built = await ok('build', manager.post('/payments/transfer-files', {}), 201);
  await ok('download', manager.get(`/payments/transfer-files/${built.id}`));
  await ok('status report', manager.post(`/payments/transfer-files/${built.id}/status-report`, { content: statusReportXml(built.messageId, [{ code: first!.code, status: 'ACSC' }]) }));
  await ok('mark completed', manager.post(`/payments/transfer-files/${built.id}/mark-completed`, {}));

  const accountId = DEMO_IDS.accounts.demo;
  const metadata = { accountId, organizationId: null, userId: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() };
  const saved = await platform.eventStore.appendToStream(
    PAYMENT_STREAMS.settings.name(accountId),
    [
      toNewEvent({ type: 'TransferOrderTextSaved', data: { accountId, text: 'Payé {{total_price}}' } }, randomUUID(), metadata),
      toNewEvent({ type: 'TransferOrderTextReset', data: { accountId } }, randomUUID(), metadata),
    ],
    'any',
  );
  if (!(await platform.runner.waitFor(saved.lastGlobalPosition, 10_000))) throw new Error('the read models did not reach the transfer order text');
}
