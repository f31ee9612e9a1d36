import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformOn, startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { createStoreBuyback, createWebBuyback, expectOk, proposalTokenFromMail } from '../support/api-helpers.js';
import { creationBody } from '../support/buyback-fixtures.js';
import { startFakeCarrier, type FakeCarrier } from '../support/fake-carrier.js';
import { closedPackage, eventually, labelReadiness, LYON, openPackage, packageWithLabel, PARIS, scan } from '../support/logistics-helpers.js';
import { LOGISTICS_STREAMS } from '../../application/logistics/streams.js';
import { toDomainEvent } from '../../application/events/codec.js';
import type { TransportEvent } from '../../domain/logistics/transports/events.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';

/**
 * Labels through the API: HEAD says ready (200), being made (425) or none
 * expected (404); the customer's own label with their documents' secret;
 * the label queue against a real HTTP carrier that fails, takes its time or
 * does not answer (retried with backoff, visible in /api/health), and that
 * survives a restart; the PDF read back; the return label of a device sent
 * back to its customer; the circuit's instructions.
 */

const shippingLabel = (buybackId: string) => `/buybacks/${buybackId}/shipping-label`;

/** The PDF's text, as pdf.js reads it back from the bytes. */
async function pdfText(pdf: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0, isOffscreenCanvasSupported: false }).promise;
  const page = await document.getPage(1);
  const content = await page.getTextContent();
  return content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
}

/** A PDF answer's bytes (the API client reads text; a PDF wants its bytes). */
async function pdfBytes(client: ApiClient, path: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const response = await fetch(`${client.baseUrl}/api${path}`, {
    headers: { ...(client.token ? { Authorization: `Bearer ${client.token}` } : {}), ...(client.module ? { 'X-Module': client.module } : {}) },
  });
  return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('Given the embedded carrier', () => {
  let t: TestPlatform;
  let seller: ApiClient;
  let operator: ApiClient;
  let visitor: ApiClient;
  let anonymous: ApiClient;

  beforeAll(async () => {
    t = await startTestPlatform();
    [seller, operator, visitor, anonymous] = await Promise.all([t.login('seller@demo.test'), t.login('warehouse@demo.test', 'rps'), t.anonymous(), t.anonymous()]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('when a store device is waiting, packed, then its package closed, then HEAD answers 425 until the label is made, then 200; the PDF names the package and the tracking number', async () => {
    const buyback = await createStoreBuyback(seller, PARIS);
    expect((await anonymous.request('HEAD', shippingLabel(buyback.id))).status).toBe(425);
    const waiting = await anonymous.request('HEAD', shippingLabel(buyback.id));
    expect(waiting.headers.get('retry-after')).toBe('3');
    const pkg = await openPackage(seller);
    await expectOk(scan(seller, pkg.id, buyback.identificationNumber));
    expect((await anonymous.request('HEAD', shippingLabel(buyback.id))).status).toBe(425);
    expect((await seller.request('GET', `/packages/${pkg.id}/label`)).status).toBe(425);
    await expectOk(seller.post(`/packages/${pkg.id}/close`, {}));

    expect(await labelReadiness(anonymous, shippingLabel(buyback.id))).toBe(200);
    const { label } = await packageWithLabel(seller, pkg.id);
    for (const path of [`/packages/${pkg.id}/label`, shippingLabel(buyback.id)]) {
      const answer = await pdfBytes(seller, path);
      expect(answer.status, path).toBe(200);
      expect(answer.type).toContain('application/pdf');
      const text = await pdfText(answer.bytes);
      expect(text, path).toContain(pkg.number);
      expect(text.replace(/\s+/g, ''), path).toContain(label.trackingNumber);
    }
    // A stranger without the documents' secret gets nothing (as if the buyback did not exist).
    expect((await pdfBytes(anonymous, shippingLabel(buyback.id))).status).toBe(404);
    expect((await pdfBytes(anonymous, `${shippingLabel(buyback.id)}?token=not-the-secret`)).status).toBe(404);
  });

  it('when no label is expected (a console collected by the retailer, a web customer who drops the device in a shop), then HEAD answers 404; an unknown buyback 404', async () => {
    const console = await createStoreBuyback(seller, PARIS, { productId: DEMO_IDS.products.ps5 });
    expect((await anonymous.request('HEAD', shippingLabel(console.id))).status).toBe(404);
    const collected = await openPackage(seller, { warehouseId: LYON, labelMode: 'without_label' });
    await expectOk(scan(seller, collected.id, console.identificationNumber));
    await expectOk(seller.post(`/packages/${collected.id}/close`, {}));
    expect((await anonymous.request('HEAD', shippingLabel(console.id))).status).toBe(404);
    const getIt = await seller.get(shippingLabel(console.id));
    expect(getIt.status).toBe(404);
    expect(getIt.body.code).toBe('SHIPPING_LABEL_NOT_EXPECTED');

    const dropped = await createWebBuyback(visitor, operator, { circuitType: 'web_drop' });
    expect((await anonymous.request('HEAD', shippingLabel(dropped.id))).status).toBe(404);
    expect((await anonymous.request('HEAD', shippingLabel('00000000-0000-4000-8000-000000000000'))).status).toBe(404);
  });

  it('when a web customer posts their device, then their label is made and they download it with the documents token of their registration; a wrong token is refused', async () => {
    const body = await creationBody(visitor, { channel: 'web', circuitType: 'web_post', customer: { lastName: 'Postel' } });
    const created = await expectOk(visitor.post('/web/buybacks', body), 201);
    expect(typeof created.documentsToken).toBe('string');
    expect(await labelReadiness(anonymous, shippingLabel(created.id))).toBe(200);

    const withToken = await pdfBytes(anonymous, `${shippingLabel(created.id)}?token=${encodeURIComponent(created.documentsToken)}`);
    expect(withToken.status).toBe(200);
    const text = await pdfText(withToken.bytes);
    expect(text).toContain(created.identificationNumber);
    expect(text).toContain('Postel');
    for (const wrong of ['', 'x', created.documentsToken.slice(0, -1) + (created.documentsToken.endsWith('A') ? 'B' : 'A')]) {
      expect((await pdfBytes(anonymous, `${shippingLabel(created.id)}?token=${encodeURIComponent(wrong)}`)).status, `token ${wrong}`).toBe(404);
    }
    // Another buyback's token opens only its own.
    const other = await expectOk(visitor.post('/web/buybacks', body), 201);
    expect((await pdfBytes(anonymous, `${shippingLabel(created.id)}?token=${encodeURIComponent(other.documentsToken)}`)).status).toBe(404);
    // Staff who may open the buyback need no token.
    expect((await pdfBytes(operator, shippingLabel(created.id))).status).toBe(200);
  });

  it('when the customer rejects the new price, then the device’s return label is made for the warehouse; other buybacks have none and a store seller may not ask', async () => {
    const email = 'refus.retour@example.com';
    const buyback = await createStoreBuyback(seller, PARIS, { customer: { email, lastName: 'Retourné' } });
    await expectOk(seller.post(`/buybacks/${buyback.id}/ship`, {}));
    await expectOk(operator.post('/warehouse/check-ins', { code: buyback.identificationNumber }), 201);
    const returnLabel = `/buybacks/${buyback.id}/return-label`;
    const none = await operator.get(returnLabel);
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('RETURN_LABEL_NOT_EXPECTED');

    await expectOk(operator.post(`/buybacks/${buyback.id}/propose-new-price`, { proposedPriceInCents: buyback.declaredPriceInCents - 10_000, reason: 'Écran rayé', comment: null }));
    await expectOk(t.api.post(`/public/buybacks/${buyback.id}/price-proposal/reject`, { token: proposalTokenFromMail(t.mailer, email).token }));

    const made = await eventually(() => pdfBytes(operator, returnLabel), (a) => a.status !== 425, { timeoutMs: 10_000, everyMs: 200 });
    expect(made.status, made.bytes.toString('utf8').slice(0, 200)).toBe(200);
    expect(made.type).toContain('application/pdf');
    const text = await pdfText(made.bytes);
    expect(text).toContain(`R${buyback.identificationNumber}`);
    expect(text).toContain('Retourné');
    expect((await seller.get(returnLabel)).status).toBe(403);
    const retailer = await t.login('retailer@demo.test', 'root');
    expect((await pdfBytes(retailer, returnLabel)).status).toBe(200);
  });

  it('when the instructions of a buyback are asked, then they are its circuit’s, in order, with whether a label is expected', async () => {
    const store = await createStoreBuyback(seller, PARIS);
    const console = await createStoreBuyback(seller, PARIS, { productId: DEMO_IDS.products.ps5 });
    const posted = await createWebBuyback(visitor, operator, { circuitType: 'web_post' });
    const dropped = await createWebBuyback(visitor, operator, { circuitType: 'web_drop' });
    const cases: Array<[string, string, string[], boolean]> = [
      [store.id, 'store_drop', ['protect', 'close', 'print', 'join'], true],
      [console.id, 'store_collect', ['protect', 'close', 'join'], false],
      [posted.id, 'web_post', ['protect', 'insert', 'close', 'print', 'post'], true],
      [dropped.id, 'web_drop', ['protect', 'deliver'], false],
    ];
    for (const [id, circuitType, types, labelExpected] of cases) {
      const instructions = await expectOk(anonymous.get(`/buybacks/${id}/instructions`));
      expect({ circuitType, ...instructions, items: instructions.items.map((i: { type: string }) => i.type) }).toMatchObject({
        circuitType,
        buybackId: id,
        circuit: { id: DEMO_IDS.circuits.demo[circuitType as keyof typeof DEMO_IDS.circuits.demo] },
        labelExpected,
        items: types,
      });
      expect(instructions.items.map((i: { sequence: number }) => i.sequence)).toEqual(types.map((_, index) => index + 1));
    }
    expect((await anonymous.get('/buybacks/00000000-0000-4000-8000-000000000000/instructions')).status).toBe(404);
  });
});

describe('Given an HTTP carrier that fails, takes its time, or does not answer', () => {
  let carrier: FakeCarrier;
  let t: TestPlatform;
  let seller: ApiClient;
  let manager: ApiClient;
  let admin: ApiClient;

  beforeAll(async () => {
    carrier = await startFakeCarrier();
    t = await startTestPlatform({
      carrier: { url: carrier.url, apiKey: carrier.apiKey, timeoutMs: 500, webhookSecret: 'the-carrier-s-shared-webhook-secret' },
      labelWorkerIntervalMs: 100,
    });
    [seller, manager, admin] = await Promise.all([t.login('seller@demo.test'), t.login('manager@demo.test'), t.login('admin@demo.test')]);
  });
  afterAll(async () => {
    await t?.close();
    await carrier?.close();
  });

  const labelsWorker = async () => {
    const health = await expectOk(admin.get('/health'));
    return (health.workers as Array<{ name: string; backlog: number; retrying: number; failed: number; oldestSeconds: number }>).find((w) => w.name === 'labels')!;
  };
  const transportOf = async (packageId: string) =>
    (await expectOk(manager.get('/transports?itemsPerPage=100'))).items.find((row: { packageId: string }) => row.packageId === packageId) as Record<string, any>;
  /** The transport's label attempts as its stream holds them: each failure with when it is tried again. */
  const attemptsOf = async (transportId: string) =>
    (await t.platform.eventStore.readStream(LOGISTICS_STREAMS.transport.name(transportId)))
      .map((stored) => ({ event: toDomainEvent<TransportEvent>(stored), at: stored.metadata.occurredAt }))
      .flatMap(({ event, at }) => (event.type === 'TransportLabelAttemptFailed' ? [{ ...event.data, at }] : []));

  it('when the carrier answers 500 once, then the attempt is retried after a backoff, shown in health meanwhile, and the label ends ready', async () => {
    carrier.failNext(1);
    const { pkg, buybacks } = await closedPackage(seller, 1);
    const retrying = await eventually(() => transportOf(pkg.id), (row) => row?.attempts === 1, { timeoutMs: 5_000 });
    expect(retrying).toMatchObject({ labelStatus: 'pending', attempts: 1, lastError: expect.stringContaining('CARRIER_DOWN') });
    expect(await labelsWorker()).toMatchObject({ name: 'labels', backlog: 1, retrying: 1, failed: 0 });
    expect((await seller.request('HEAD', shippingLabel(buybacks[0]!.id))).status).toBe(425);

    const ready = await eventually(() => transportOf(pkg.id), (row) => row?.labelStatus === 'ready', { timeoutMs: 15_000 });
    expect(ready).toMatchObject({ labelStatus: 'ready', attempts: 0, lastError: null, trackingNumber: expect.stringMatching(/^FC\d{11}$/), carrier: 'Fake Carrier' });
    const [failure] = await attemptsOf(ready.id);
    expect(failure).toMatchObject({ attempt: 1 });
    expect(Date.parse(failure!.retryAt) - Date.parse(failure!.at)).toBeGreaterThanOrEqual(5_000);
    expect(await labelsWorker()).toMatchObject({ backlog: 0, retrying: 0, failed: 0 });
    expect(await labelReadiness(seller, shippingLabel(buybacks[0]!.id))).toBe(200);
    const pdf = await pdfBytes(seller, `/packages/${pkg.id}/label`);
    expect(pdf.status).toBe(200);
    expect(pdf.bytes.toString('latin1')).toContain(ready.trackingNumber);
    // The carrier got our package's number as its reference, and the warehouse's address.
    const shipment = [...carrier.shipments.values()].find((s) => s.trackingNumber === ready.trackingNumber)!;
    expect(shipment.reference).toBe(pkg.number);
    expect(shipment.request).toMatchObject({ kind: 'package', weightGrams: 380 });
  }, 30_000);

  it('when the carrier is down while a ready label is downloaded, then the answer is 425 with Retry-After (ask again), not a server error; then the PDF comes', async () => {
    const { pkg, buybacks } = await closedPackage(seller, 1);
    await packageWithLabel(seller, pkg.id);
    carrier.failNext(1, { status: 503, code: 'MAINTENANCE' });
    const down = await seller.get(`/packages/${pkg.id}/label`);
    expect({ status: down.status, code: down.body?.code, retryAfter: down.headers.get('retry-after') }).toEqual({ status: 425, code: 'SHIPPING_LABEL_NOT_READY', retryAfter: '3' });
    carrier.hangNext(1);
    const silent = await seller.get(shippingLabel(buybacks[0]!.id));
    expect(silent.status).toBe(425);
    const back = await pdfBytes(seller, `/packages/${pkg.id}/label`);
    expect(back.status).toBe(200);
    expect(back.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('when the carrier makes the label only after a while, then it is asked again soon (not counted as a failure) and ends ready', async () => {
    carrier.labelsReadyAfter({ milliseconds: 1_500 });
    try {
      const { pkg } = await closedPackage(seller, 1);
      const pending = await eventually(() => transportOf(pkg.id), (row) => row?.trackingNumber !== null && row?.trackingNumber !== undefined, { timeoutMs: 5_000 });
      expect(pending).toMatchObject({ labelStatus: 'pending', attempts: 0 });
      const ready = await eventually(() => transportOf(pkg.id), (row) => row?.labelStatus === 'ready', { timeoutMs: 15_000 });
      expect(ready).toMatchObject({ labelStatus: 'ready', attempts: 0, lastError: null });
      const waits = await attemptsOf(ready.id);
      expect(waits.length).toBeGreaterThan(0);
      expect(waits.every((w) => w.error === 'LABEL_NOT_READY' && w.attempt === 0)).toBe(true);
      const labelRequests = carrier.requests.filter((r) => r.path === `/shipments/${[...carrier.shipments.values()].find((s) => s.trackingNumber === ready.trackingNumber)!.shipmentId}/label`);
      expect(labelRequests.length).toBeGreaterThanOrEqual(2);
    } finally {
      carrier.labelsReadyAfter({});
    }
  }, 30_000);

  it('when the carrier does not answer in time, then the attempt fails as a timeout, is retried, and the label ends ready', async () => {
    carrier.hangNext(1);
    const { pkg } = await closedPackage(seller, 1);
    const failed = await eventually(() => transportOf(pkg.id), (row) => row?.attempts === 1, { timeoutMs: 5_000 });
    expect(failed.lastError).toMatch(/500 ms|timeout/i);
    expect((await labelsWorker()).retrying).toBeGreaterThanOrEqual(1);
    const ready = await eventually(() => transportOf(pkg.id), (row) => row?.labelStatus === 'ready', { timeoutMs: 15_000 });
    expect(ready.labelStatus).toBe('ready');
    // One shipment for the reference, however often it was asked.
    expect([...carrier.shipments.values()].filter((s) => s.reference === pkg.number)).toHaveLength(1);
  }, 30_000);
});

describe('Given a platform stopped before its label worker ran', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'labels-restart-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('when it starts again on the same data, then the queued label is made', async () => {
    // A worker that would run again only in an hour: the label stays queued until the stop.
    const first = await startPlatformOn(dataDir, { labelWorkerIntervalMs: 3_600_000 });
    let pkgId: string;
    let buybackId: string;
    try {
      const seller = await first.login('seller@demo.test');
      const { pkg, buybacks } = await closedPackage(seller, 1);
      pkgId = pkg.id;
      buybackId = buybacks[0]!.id;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await expectOk(seller.get(`/packages/${pkg.id}`))).toMatchObject({ status: 'closed', labelStatus: 'pending' });
      expect((await seller.request('HEAD', shippingLabel(buybackId))).status).toBe(425);
    } finally {
      await first.stop();
    }

    const second = await startPlatformOn(dataDir, { labelWorkerIntervalMs: 100 });
    try {
      const seller = await second.login('seller@demo.test');
      expect(await labelReadiness(seller, shippingLabel(buybackId))).toBe(200);
      expect(await expectOk(seller.get(`/packages/${pkgId}`))).toMatchObject({ status: 'label_ready', labelStatus: 'ready' });
      expect((await expectOk(seller.get(`/buybacks/${buybackId}`))).tracking.number).toMatch(/^TP\d{15}$/);
    } finally {
      await second.stop();
    }
  }, 60_000);
});
