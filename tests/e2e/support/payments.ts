import { expect, type APIRequestContext } from '@playwright/test';
import { checkInCode, createStoreBuyback, featureText, StaffApi, uniqueName, type CreatedBuyback } from './dashboard.js';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Payments for the payment screens' journeys, prepared through the API as
 * the people would: a seller registers and ships a store buyback, the
 * warehouse checks it in and finds it as declared (the buyback completes, the
 * payment process creates its payment); the retailer's administrator builds
 * and downloads the SEPA transfer file and imports the bank's status report
 * that rejects some of its transfers.
 */

export const paymentsText = (key: string, values?: Record<string, string | number>) => featureText('payments', 'fr-FR', key, values);

export interface People {
  seller: StaffApi;
  operator: StaffApi;
  /** retailer@demo.test in the root module: payment.list, export, relaunch, mark as paid, transfer files, payment modes. */
  retailer: StaffApi;
}

export async function people(request: APIRequestContext): Promise<People> {
  return {
    seller: await StaffApi.login(request, 'seller@demo.test'),
    operator: await StaffApi.login(request, 'warehouse@demo.test', 'rps'),
    retailer: await StaffApi.login(request, 'retailer@demo.test', 'root'),
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A PUT or PATCH with the session's token (StaffApi sends GET and POST). */
async function send(request: APIRequestContext, session: StaffApi, method: 'PUT' | 'PATCH', path: string, data: unknown, headers: Record<string, string> = {}) {
  const response = await request.fetch(`/api${path}`, {
    method,
    data,
    headers: { Authorization: `Bearer ${session.token}`, ...(session.module ? { 'X-Module': session.module } : {}), ...headers },
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
}

/** The payment of a buyback as the search shows it, once the payment process has created it. */
export async function paymentOf(session: StaffApi, buyback: CreatedBuyback) {
  for (let tries = 0; tries < 50; tries++) {
    const page = await session.ok('get', `/payments?identificationNumber=${buyback.identificationNumber}`);
    const found = (page.items as Array<{ id: string; buybackId: string; status: string }>).find((p) => p.buybackId === buyback.id);
    if (found) return found;
    await pause(200);
  }
  throw new Error(`no payment for buyback ${buyback.identificationNumber}`);
}

/** Waits until the payment is in this status (its projection follows its events). */
export async function paymentInStatus(session: StaffApi, buyback: CreatedBuyback, status: string) {
  for (let tries = 0; tries < 50; tries++) {
    const found = await paymentOf(session, buyback);
    if (found.status === status) return found;
    await pause(200);
  }
  throw new Error(`the payment of ${buyback.identificationNumber} never reached ${status}`);
}

/** Registered by bank transfer, shipped, checked in and found as declared: the buyback completes and its payment is created. */
export async function completedBuyback(who: People, lastName: string): Promise<CreatedBuyback> {
  const buyback = await createStoreBuyback(who.seller, { email: `${uniqueName('pay')}@example.com`, lastName, paymentType: 'bank_transfer' });
  await who.seller.ok('post', `/buybacks/${buyback.id}/ship`, { trackingNumber: null, trackingLink: null });
  const itemId = (await checkInCode(who.operator, buyback.identificationNumber)).id as string;
  const item = await who.operator.ok('get', `/items/${itemId}`);
  const productId = item.product.productId as string;
  const questions = (await who.operator.ok('get', `/products/${productId}/diagnostic-questions`)).items as Array<{ id: string; answers: Array<{ id: string }> }>;
  const responses = questions.map((q) => ({ questionId: q.id, answerIds: [q.answers[0]!.id] }));
  await who.operator.ok('post', `/items/${itemId}/compliance-checks`, { productId, responses, comment: null, decision: { kind: 'by_rule' } });
  return buyback;
}

/** A pain.002 status report rejecting these transfers (by their end-to-end id, the buyback code) with the bank's reason. */
function rejection(messageId: string, codes: string[], reasonCode: string, information: string): string {
  const transactions = codes
    .map(
      (code) =>
        `<TxInfAndSts><OrgnlEndToEndId>${code}</OrgnlEndToEndId><TxSts>RJCT</TxSts><StsRsnInf><Rsn><Cd>${reasonCode}</Cd></Rsn><AddtlInf>${information}</AddtlInf></StsRsnInf></TxInfAndSts>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03"><CstmrPmtStsRpt><GrpHdr><MsgId>E2E-${Date.now()}</MsgId><CreDtTm>${new Date().toISOString().slice(0, 19)}</CreDtTm></GrpHdr><OrgnlGrpInfAndSts><OrgnlMsgId>${messageId}</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.03</OrgnlMsgNmId><GrpSts>PART</GrpSts></OrgnlGrpInfAndSts><OrgnlPmtInfAndSts><OrgnlPmtInfId>E2E</OrgnlPmtInfId>${transactions}</OrgnlPmtInfAndSts></CstmrPmtStsRpt></Document>`;
}

/**
 * The retailer's administrator sets the debtor account, builds the transfer
 * file of every due bank transfer and downloads it (they are initiated), then
 * imports the bank's report rejecting these buybacks' transfers: their
 * payments fail with the bank's reason.
 */
export async function failedPayments(request: APIRequestContext, who: People, buybacks: CreatedBuyback[], reason: { code: string; information: string }) {
  for (const buyback of buybacks) await paymentInStatus(who.retailer, buyback, 'payment_created');
  await send(request, who.retailer, 'PUT', '/settings/payments', { name: 'Demo Retail', iban: 'FR1420041010050500013M02606', bic: 'PSSTFRPPLIL' });
  const built = await who.retailer.ok('post', '/payments/transfer-files', {});
  await who.retailer.ok('get', `/payments/transfer-files/${built.id}`);
  await who.retailer.ok('post', `/payments/transfer-files/${built.id}/status-report`, {
    content: rejection(built.messageId, buybacks.map((b) => b.identificationNumber), reason.code, reason.information),
  });
  for (const buyback of buybacks) await paymentInStatus(who.retailer, buyback, 'payment_failed');
}

/**
 * A bank transfer paid by hand: the retailer's bank-transfer mode turned
 * manual while the buyback completes (its payment keeps the provider it was
 * created with), then turned back to the SEPA file.
 */
export async function manualPayment(request: APIRequestContext, who: People, lastName: string): Promise<CreatedBuyback> {
  const modes = await who.retailer.ok('get', '/payment-modes?paymentType=bank_transfer&status=enabled');
  const mode = (modes.items as Array<{ id: string; provider: string }>).find((m) => m.provider === 'bank_transfer_file');
  if (!mode) throw new Error('no bank-transfer mode paid by SEPA file');
  const etag = async () => (await who.retailer.get(`/payment-modes/${mode.id}`)).headers.etag as string;
  await send(request, who.retailer, 'PATCH', `/payment-modes/${mode.id}`, { provider: 'manual' }, { 'If-Match': await etag() });
  try {
    const buyback = await completedBuyback(who, lastName);
    await paymentInStatus(who.retailer, buyback, 'payment_created');
    return buyback;
  } finally {
    await send(request, who.retailer, 'PATCH', `/payment-modes/${mode.id}`, { provider: 'bank_transfer_file' }, { 'If-Match': await etag() });
  }
}

/**
 * A SEPA file takes every due transfer of the retailer: the two journeys
 * that build one (payments.spec.ts, payment-transfer-files.spec.ts) take
 * turns, from their first buyback to their report, or one's file would carry
 * the other's transfer. A lock across the workers (a folder in the run's data
 * folder); one left by a worker that died is broken after three minutes.
 * Answers the function that ends the turn.
 */
export async function sepaTurn(): Promise<() => void> {
  const lock = join(process.env.E2E_DATA_DIR as string, 'sepa-turn.lock');
  for (;;) {
    try {
      mkdirSync(lock);
      return () => rmSync(lock, { recursive: true, force: true });
    } catch {
      try {
        if (Date.now() - statSync(lock).mtimeMs > 180_000) rmSync(lock, { recursive: true, force: true });
      } catch {
        // Ended meanwhile: try again.
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

