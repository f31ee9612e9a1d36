import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseIban } from '../../domain/values/iban.js';
import { PAYMENT_STREAMS } from '../../application/payments/streams.js';
import { toDomainEvent } from '../../application/events/codec.js';
import type { TransferFileBuilt } from '../../domain/payments/transfer-file.js';
import { expectOk } from '../support/api-helpers.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { append, dueTransfer, paymentNow, schemaErrors, statusReportXml, tagValues, type DueTransfer } from '../support/transfer-file-helpers.js';

/**
 * SEPA credit-transfer files over real HTTP: the debtor account, building
 * the next file of the due bank transfers, its XML valid against the ISO
 * 20022 schema with every IBAN checked, its first download initiating the
 * payments (a payment cancelled in between left out), the bank's status
 * report completing or failing them, an operator completing a whole file,
 * and two builds at once never sharing a payment.
 */

let platform: TestPlatform;
let manager: ApiClient;
let seller: ApiClient;
const DEBTOR = { name: 'Boutique Éléphant & Fils', iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'BNPAFRPP' };

const handles = () => ({ eventStore: platform.platform.eventStore, documents: platform.platform.documents, runner: platform.platform.runner });

async function download(fileId: string): Promise<string> {
  const response = await manager.get(`/payments/transfer-files/${fileId}`);
  expect(response.status, String(response.body).slice(0, 300)).toBe(200);
  expect(response.headers.get('content-type')).toContain('application/xml');
  expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="TF-\d{8}-\d{6}\.xml"$/);
  return response.body as string;
}

async function fileRow(fileId: string) {
  const page = await expectOk(manager.get('/payments/transfer-files?itemsPerPage=100'));
  return (page.items as Array<Record<string, any>>).find((row) => row.id === fileId);
}

async function filePayments(fileId: string): Promise<string[]> {
  const [first] = await platform.platform.eventStore.readStream(PAYMENT_STREAMS.transferFile.name(fileId));
  return toDomainEvent<TransferFileBuilt>(first!).data.payments.map((p) => p.paymentId);
}

/** Builds files until nothing is due: the demo's own due transfers, if any, do not count in these tests. */
async function drain(): Promise<void> {
  for (;;) {
    const built = await manager.post('/payments/transfer-files', {});
    if (built.status === 409) return;
    expect(built.status).toBe(201);
  }
}

beforeAll(async () => {
  platform = await startTestPlatform();
  manager = await platform.login('retailer@demo.test', 'root');
  seller = await platform.login('seller@demo.test');
}, 120_000);

afterAll(async () => {
  await platform?.close();
});

describe('the debtor account', () => {
  it('is refused to whoever may not manage the payment settings', async () => {
    expect((await seller.get('/settings/payments')).status).toBe(403);
    expect((await seller.request('PUT', '/settings/payments', DEBTOR)).status).toBe(403);
  });

  it('without it no file is built', async () => {
    const refused = await manager.post('/payments/transfer-files', {});
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('SEPA_DEBTOR_MISSING');
  });

  it('refuses an IBAN that fails its check and a malformed BIC, with their codes, and saves nothing', async () => {
    const badIban = await manager.request('PUT', '/settings/payments', { ...DEBTOR, iban: 'FR76 3000 6000 0112 3456 7890 180' });
    expect(badIban.status).toBe(400);
    expect(badIban.body.code).toBe('IBAN_CHECKSUM_INVALID');
    const badBic = await manager.request('PUT', '/settings/payments', { ...DEBTOR, bic: 'BNP' });
    expect(badBic.status).toBe(422);
    expect(badBic.body).toMatchObject({ code: 'SEPA_DEBTOR_INVALID', details: { field: 'bic' } });
    expect((await expectOk(manager.get('/settings/payments'))).configured).toBe(false);
  });

  it('is saved in its electronic form and read back', async () => {
    await expectOk(manager.request('PUT', '/settings/payments', DEBTOR));
    const saved = await expectOk(manager.get('/settings/payments'));
    expect(saved).toMatchObject({ configured: true, name: DEBTOR.name, iban: 'FR7630006000011234567890189', bic: 'BNPAFRPP' });
    await drain();
  });
});

describe('a file', () => {
  let due: DueTransfer[];
  let fileId: string;
  let messageId: string;

  beforeAll(async () => {
    due = [];
    for (let i = 0; i < 4; i++) due.push(await dueTransfer(handles(), seller));
  }, 120_000);

  it('gathers every due transfer once, and a second build finds nothing due', async () => {
    expect((await expectOk(manager.get('/payments/transfer-files/due'))).count).toBe(due.length);
    const built = await expectOk(manager.post('/payments/transfer-files', {}), 201);
    fileId = built.id;
    messageId = built.messageId;
    expect(built.count).toBe(due.length);
    expect(built.total).toEqual({ amountInCents: due.reduce((sum, d) => sum + d.amountInCents, 0), currency: 'EUR' });
    expect((await filePayments(fileId)).sort()).toEqual(due.map((d) => d.paymentId).sort());
    expect(await fileRow(fileId)).toMatchObject({ status: 'ready', count: due.length, downloads: 0 });
    const again = await manager.post('/payments/transfer-files', {});
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('SEPA_FILE_EMPTY');
  });

  it('downloads as pain.001.001.03 valid against the ISO 20022 schema, every IBAN the customer’s and valid', async () => {
    const xml = await download(fileId);
    expect(await schemaErrors(xml)).toEqual([]);
    expect(tagValues(xml, 'MsgId')).toEqual([messageId]);
    const ibans = tagValues(xml, 'IBAN');
    expect(ibans[0]).toBe('FR7630006000011234567890189');
    const creditors = ibans.slice(1);
    for (const iban of creditors) expect(parseIban(iban).value).toBe(iban);
    expect(creditors.sort()).toEqual(due.map((d) => d.iban).sort());
    expect(tagValues(xml, 'EndToEndId').sort()).toEqual(due.map((d) => d.code).sort());
    expect(tagValues(xml, 'NbOfTxs')).toEqual([String(due.length), String(due.length)]);
    for (const d of due) expect(xml).toContain(`<EndToEndId>${d.code}</EndToEndId></PmtId><Amt><InstdAmt Ccy="EUR">${(d.amountInCents / 100).toFixed(2)}</InstdAmt>`);
  });

  it('initiates its payments at the first download, with the buyback code and the file', async () => {
    for (const d of due) {
      const now = await paymentNow(handles(), d.paymentId);
      expect(now.status).toBe('payment_initiated');
      expect(now.attempt).toMatchObject({ providerReference: d.code, transferFileId: fileId });
    }
    expect(await fileRow(fileId)).toMatchObject({ status: 'downloaded', initiatedCount: due.length, downloads: 1 });
  });

  it('a second download gives the same transfers and initiates nothing again', async () => {
    const revisions = await Promise.all(due.map(async (d) => (await paymentNow(handles(), d.paymentId)).revision));
    const xml = await download(fileId);
    expect(tagValues(xml, 'EndToEndId').sort()).toEqual(due.map((d) => d.code).sort());
    // The first download wrote the creditors it checked; this one reads them from the buybacks: the same.
    expect(tagValues(xml, 'IBAN').slice(1).sort()).toEqual(due.map((d) => d.iban).sort());
    expect(await Promise.all(due.map(async (d) => (await paymentNow(handles(), d.paymentId)).revision))).toEqual(revisions);
    expect((await fileRow(fileId))?.downloads).toBe(2);
  });

  it('refuses a status report that is not one, or that answers another file', async () => {
    const garbage = await manager.post(`/payments/transfer-files/${fileId}/status-report`, { content: '<html>no</html>' });
    expect(garbage.status).toBe(422);
    expect(garbage.body.code).toBe('SEPA_REPORT_INVALID');
    const other = await manager.post(`/payments/transfer-files/${fileId}/status-report`, { content: statusReportXml('TF-20260101-000999', [{ code: due[0]!.code, status: 'ACSC' }]) });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('SEPA_REPORT_MISMATCH');
    expect((await paymentNow(handles(), due[0]!.paymentId)).status).toBe('payment_initiated');
  });

  it('completes the accepted transfers and fails the rejected ones with the bank’s reason', async () => {
    const report = statusReportXml(messageId, [
      { code: due[0]!.code, status: 'ACSC' },
      { code: due[1]!.code, status: 'RJCT', reason: 'AC04' },
      { code: due[2]!.code, status: 'PDNG' },
      { code: '0000000000000', status: 'ACSC' },
    ]);
    const result = await expectOk(manager.post(`/payments/transfer-files/${fileId}/status-report`, { fileName: 'report.xml', content: report }));
    expect(result).toMatchObject({ completed: 1, failed: 1, unchanged: 1, unknown: ['0000000000000'], groupStatus: 'PART' });
    expect((await paymentNow(handles(), due[0]!.paymentId)).status).toBe('payment_completed');
    const failed = await paymentNow(handles(), due[1]!.paymentId);
    expect(failed.status).toBe('payment_failed');
    expect(failed.attempt?.failure).toEqual({ reasonCode: 'AC04', message: 'Account closed' });
    expect((await paymentNow(handles(), due[2]!.paymentId)).status).toBe('payment_initiated');
    expect(await fileRow(fileId)).toMatchObject({ status: 'downloaded', completedCount: 1, failedCount: 1 });
  });

  it('marked completed by an operator, completes what is still initiated and is settled', async () => {
    const result = await expectOk(manager.post(`/payments/transfer-files/${fileId}/mark-completed`, {}));
    expect(result.completed).toBe(2);
    expect((await paymentNow(handles(), due[1]!.paymentId)).status).toBe('payment_failed');
    for (const d of [due[2]!, due[3]!]) expect((await paymentNow(handles(), d.paymentId)).status).toBe('payment_completed');
    expect(await fileRow(fileId)).toMatchObject({ status: 'settled', completedCount: 3, failedCount: 1 });
  });
});

describe('between build and download', () => {
  it('a payment cancelled in between is left out of the file and stays cancelled', async () => {
    const due = [await dueTransfer(handles(), seller), await dueTransfer(handles(), seller), await dueTransfer(handles(), seller)];
    const built = await expectOk(manager.post('/payments/transfer-files', {}), 201);
    expect(built.count).toBe(3);
    const notDownloaded = await manager.post(`/payments/transfer-files/${built.id}/mark-completed`, {});
    expect(notDownloaded.status).toBe(409);
    expect(notDownloaded.body.code).toBe('TRANSFER_FILE_NOT_DOWNLOADED');
    const cancelled = due[1]!;
    const before = await paymentNow(handles(), cancelled.paymentId);
    await append(handles(), cancelled.paymentId, before.context.accountId as string, {
      type: 'PaymentCancelled',
      data: { paymentId: cancelled.paymentId, reason: 'buyback_cancelled', comment: null, previousStatus: 'payment_created' },
    }, before.revision);
    const xml = await download(built.id);
    expect(await schemaErrors(xml)).toEqual([]);
    expect(tagValues(xml, 'EndToEndId').sort()).toEqual([due[0]!.code, due[2]!.code].sort());
    expect((await paymentNow(handles(), cancelled.paymentId)).status).toBe('payment_cancelled');
    expect(await fileRow(built.id)).toMatchObject({ initiatedCount: 2, initiatedTotal: { amountInCents: due[0]!.amountInCents + due[2]!.amountInCents } });
  });

  it('a file of which every payment was cancelled answers SEPA_FILE_EMPTY at download', async () => {
    const only = await dueTransfer(handles(), seller);
    const built = await expectOk(manager.post('/payments/transfer-files', {}), 201);
    const before = await paymentNow(handles(), only.paymentId);
    await append(handles(), only.paymentId, before.context.accountId as string, {
      type: 'PaymentCancelled',
      data: { paymentId: only.paymentId, reason: 'other', comment: null, previousStatus: 'payment_created' },
    }, before.revision);
    const answer = await manager.get(`/payments/transfer-files/${built.id}`);
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('SEPA_FILE_EMPTY');
  });
});

describe('at once', () => {
  it('two builds never put one payment in two files', async () => {
    const due = await Promise.all([0, 1, 2, 3, 4].map(() => dueTransfer(handles(), seller)));
    const answers = await Promise.all([manager.post('/payments/transfer-files', {}), manager.post('/payments/transfer-files', {})]);
    const built = answers.filter((a) => a.status === 201);
    expect(built.length).toBeGreaterThanOrEqual(1);
    for (const refused of answers.filter((a) => a.status !== 201)) expect(refused.body.code).toBe('SEPA_FILE_EMPTY');
    const inFiles = (await Promise.all(built.map((a) => filePayments(a.body.id)))).flat();
    expect(new Set(inFiles).size).toBe(inFiles.length);
    expect(inFiles.sort()).toEqual(due.map((d) => d.paymentId).sort());
    expect(new Set(built.map((a) => a.body.number)).size).toBe(built.length);
  });

  it('a download and a cancellation racing: the payment is either in the file and initiated, or left out and cancelled', async () => {
    const due = [await dueTransfer(handles(), seller), await dueTransfer(handles(), seller)];
    const built = await expectOk(manager.post('/payments/transfer-files', {}), 201);
    const target = due[0]!;
    const before = await paymentNow(handles(), target.paymentId);
    const cancel = append(handles(), target.paymentId, before.context.accountId as string, {
      type: 'PaymentCancelled',
      data: { paymentId: target.paymentId, reason: 'other', comment: null, previousStatus: 'payment_created' },
    }, before.revision).then(() => 'cancelled', () => 'refused');
    const [answer, cancellation] = await Promise.all([manager.get(`/payments/transfer-files/${built.id}`), cancel]);
    expect(answer.status).toBe(200);
    const inFile = tagValues(answer.body as string, 'EndToEndId').includes(target.code);
    const status = (await paymentNow(handles(), target.paymentId)).status;
    if (inFile) expect([status, cancellation]).toEqual(['payment_initiated', 'refused']);
    else expect([status, cancellation]).toEqual(['payment_cancelled', 'cancelled']);
  });
});

describe('a long status report', () => {
  it('is imported as a job, which completes what it accepts', async () => {
    const due = [await dueTransfer(handles(), seller), await dueTransfer(handles(), seller)];
    const built = await expectOk(manager.post('/payments/transfer-files', {}), 201);
    await download(built.id);
    const lines = [
      ...due.map((d) => ({ code: d.code, status: 'ACCP' })),
      ...Array.from({ length: 600 }, (_, i) => ({ code: `UNKNOWN${String(i).padStart(6, '0')}`, status: 'ACSC' })),
    ];
    const started = await manager.post(`/payments/transfer-files/${built.id}/status-report`, { content: statusReportXml(built.messageId, lines) });
    expect(started.status).toBe(202);
    const location = started.headers.get('location') as string;
    let job: Record<string, any> = started.body;
    for (let i = 0; i < 300 && job.status !== 'done' && job.status !== 'failed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      job = await expectOk(manager.get(location.replace(/^\/api/, '')));
    }
    expect(job.status).toBe('done');
    expect(job.result).toMatchObject({ completed: 2, failed: 0 });
    expect(job.result.unknown).toHaveLength(100);
    for (const d of due) expect((await paymentNow(handles(), d.paymentId)).status).toBe('payment_completed');
    expect(await fileRow(built.id)).toMatchObject({ status: 'settled' });
  });
});

describe('a failed transfer relaunched', () => {
  it('is due again, in the next file, its new attempt initiated by that file', async () => {
    const due = await dueTransfer(handles(), seller);
    const first = await expectOk(manager.post('/payments/transfer-files', {}), 201);
    await download(first.id);
    await expectOk(manager.post(`/payments/transfer-files/${first.id}/status-report`, { content: statusReportXml(first.messageId, [{ code: due.code, status: 'RJCT', reason: 'AC01' }]) }));
    const failed = await paymentNow(handles(), due.paymentId);
    expect(failed.status).toBe('payment_failed');
    await append(handles(), due.paymentId, failed.context.accountId as string, { type: 'PaymentRelaunched', data: { paymentId: due.paymentId, attempt: 2, reason: 'New IBAN' } }, failed.revision);
    expect((await expectOk(manager.get('/payments/transfer-files/due'))).count).toBe(1);
    const next = await expectOk(manager.post('/payments/transfer-files', {}), 201);
    expect(next.number).toBe(first.number + 1);
    expect(await filePayments(next.id)).toEqual([due.paymentId]);
    expect((await expectOk(manager.get('/payments/transfer-files/due'))).count).toBe(0);
    expect(tagValues(await download(next.id), 'EndToEndId')).toEqual([due.code]);
    const now = await paymentNow(handles(), due.paymentId);
    expect(now.status).toBe('payment_initiated');
    expect(now.attempt).toMatchObject({ number: 2, transferFileId: next.id });
  });
});

describe('platform staff', () => {
  it('name the tenant whose files they mean', async () => {
    const admin = await platform.login('admin@demo.test');
    const unnamed = await admin.get('/payments/transfer-files');
    expect(unnamed.status).toBe(403);
    expect(unnamed.body.code).toBe('ACCOUNT_REQUIRED');
    const named = await expectOk(admin.get(`/payments/transfer-files?accountId=${DEMO_IDS.accounts.demo}`));
    expect(named.items.length).toBeGreaterThan(0);
  });
});
