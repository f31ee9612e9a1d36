import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { createWebBuyback, expectOk } from '../support/api-helpers.js';
import { carrierReport, closedPackage, eventually, packageWithLabel, sendCarrierReport, webhookSecretOf } from '../support/logistics-helpers.js';
import { signatureHeader } from '../../infrastructure/security/webhook-signature.js';
import { CARRIER_WEBHOOK_SECRET_FILE } from '../../infrastructure/security/carrier-webhook-secret.js';

/**
 * The carriers' webhook against a stranger (docs/security.md, "Carriers"):
 * the secret is the installation's own; the signature is checked before the
 * body is read, so an unsigned caller learns nothing of the fields; a report
 * dated in the future is refused; a transport only moves forward by the
 * carrier contract's order (a later report of an earlier status is kept in
 * its history, not applied); tracking numbers cannot be told from the
 * buyback's code.
 */

let t: TestPlatform;
let seller: ApiClient;
let manager: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  [seller, manager] = await Promise.all([t.login('seller@demo.test'), t.login('manager@demo.test')]);
});
afterAll(async () => {
  await t?.close();
});

/** What a report may change: the package's and its buybacks' delivery statuses, the package's status. */
async function deliveryOf(packageId: string, buybackIds: string[]) {
  const pkg = await expectOk(seller.get(`/packages/${packageId}`));
  const buybacks = await Promise.all(buybackIds.map(async (id) => (await expectOk(seller.get(`/buybacks/${id}`))).deliveryStatus as string | null));
  return { packageStatus: pkg.status as string, packageDelivery: pkg.deliveryStatus as string | null, buybacks };
}

async function transportOf(trackingNumber: string) {
  const [row] = (await expectOk(manager.get(`/transports?trackingNumber=${trackingNumber}`))).items;
  return expectOk(manager.get(`/transports/${row.id}`));
}

/** The Luhn check digit, written out here: the old tracking numbers were "TP", a kind digit, the reference's digits and this. */
function luhn(digits: string): number {
  let sum = 0;
  [...digits].reverse().forEach((character, index) => {
    const weighted = index % 2 === 0 ? Number(character) * 2 : Number(character);
    sum += weighted > 9 ? weighted - 9 : weighted;
  });
  return (10 - (sum % 10)) % 10;
}

describe('Given an installation started without CARRIER_WEBHOOK_SECRET', () => {
  it('then it made its own secret in its data folder, readable by its owner only, and a report signed with the secret once published is refused', async () => {
    const file = join(t.dataDir, CARRIER_WEBHOOK_SECRET_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(webhookSecretOf(t)).toMatch(/^[0-9a-f]{64}$/);
    const other = await startTestPlatform();
    try {
      expect(webhookSecretOf(other)).not.toBe(webhookSecretOf(t));
    } finally {
      await other.close();
    }

    const { pkg } = await closedPackage(seller, 1);
    const { label } = await packageWithLabel(seller, pkg.id);
    const forged = await sendCarrierReport(t, carrierReport(label.trackingNumber, 'DELIVERED_OK'), { secret: 'demo-carrier-webhook-secret' });
    expect({ status: forged.status, code: forged.body.code }).toEqual({ status: 401, code: 'CARRIER_SIGNATURE_INVALID' });
    expect((await expectOk(seller.get(`/packages/${pkg.id}`))).deliveryStatus).toBeNull();
  });
});

describe('Given a caller without the secret', () => {
  it('when it posts any body, unsigned or badly signed, then it gets the same 401 whatever the body, naming no field', async () => {
    const now = Math.floor(Date.now() / 1000);
    const bodies: Array<[string, string, string]> = [
      ['a well-formed report', JSON.stringify(carrierReport('TP100000000000000', 'DELIVERED_OK')), 'application/json'],
      ['an empty object', '{}', 'application/json'],
      ['a report missing its fields', JSON.stringify({ type: 'DELIVERED_OK' }), 'application/json'],
      ['a report with wrong types', JSON.stringify({ eventId: 1, type: [], trackingNumber: {}, occurredAt: 'yesterday' }), 'application/json'],
      ['broken JSON', '{"eventId": ', 'application/json'],
      ['plain text', 'DELIVERED_OK TP100000000000000', 'text/plain'],
    ];
    const answers = [];
    for (const [what, raw, contentType] of bodies) {
      for (const signature of ['none', signatureHeader('a-guessed-secret', raw, now)]) {
        const answer = await sendCarrierReport(t, raw, { signature, contentType });
        answers.push({ what, status: answer.status, body: answer.body });
      }
    }
    const unsigned = answers.filter((_, index) => index % 2 === 0);
    const forged = answers.filter((_, index) => index % 2 === 1);
    for (const answer of answers) expect({ what: answer.what, status: answer.status, code: answer.body?.code }).toEqual({ what: answer.what, status: 401, code: 'CARRIER_SIGNATURE_INVALID' });
    // One answer per kind of signature, whatever the body.
    expect(new Set(unsigned.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(new Set(forged.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(unsigned[0]!.body.details).toEqual({ reason: 'missing' });
    expect(forged[0]!.body.details).toEqual({ reason: 'mismatch' });
    for (const answer of answers) {
      for (const field of ['eventId', 'trackingNumber', 'occurredAt', '"type"', 'fields', 'required']) expect(JSON.stringify(answer.body)).not.toContain(field);
    }
  });

  it('when the same bodies are signed with the secret, then only then are they read: the schema (400), the media type (415)', async () => {
    const missing = await sendCarrierReport(t, JSON.stringify({ type: 'DELIVERED_OK' }));
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(missing.body.details)).toContain('trackingNumber');
    expect((await sendCarrierReport(t, '{"eventId": ')).body.code).toBe('REQUEST_BODY_INVALID');
    expect((await sendCarrierReport(t, 'DELIVERED_OK TP100000000000000', { contentType: 'text/plain' })).status).toBe(415);
  });
});

describe('Given a parcel on its way', () => {
  it('when a report dated in 2999 comes, then it is refused (422 CARRIER_EVENT_IN_FUTURE, in four languages), and the genuine report after it still applies', async () => {
    const { pkg, buybacks } = await closedPackage(seller, 1);
    const ids = buybacks.map((b) => b.id);
    const { label } = await packageWithLabel(seller, pkg.id);
    await expectOk(sendCarrierReport(t, carrierReport(label.trackingNumber, 'IN_PROGRESS')));

    const future = carrierReport(label.trackingNumber, 'DELIVERED_OK', { occurredAt: '2999-01-01T00:00:00.000Z' });
    const raw = JSON.stringify(future);
    const header = { 'X-Carrier-Signature': signatureHeader(webhookSecretOf(t), raw, Math.floor(Date.now() / 1000)) };
    const messages = new Set<string>();
    for (const locale of ['fr-FR', 'en-GB', 'nl-BE', 'de-DE']) {
      const refused = await t.api.request('POST', '/transport/events', raw, { ...header, 'Accept-Language': locale });
      expect({ status: refused.status, code: refused.body.code, language: refused.headers.get('content-language') }).toEqual({ status: 422, code: 'CARRIER_EVENT_IN_FUTURE', language: locale });
      expect(refused.body.message).toContain('2999-01-01');
      messages.add(refused.body.message);
    }
    expect(messages.size).toBe(4);
    // Ten minutes ahead is refused too; a minute ahead (a carrier's clock a little fast) is not.
    const tenMinutes = await sendCarrierReport(t, carrierReport(label.trackingNumber, 'DELIVERED_OK', { occurredAt: new Date(Date.now() + 600_000).toISOString() }));
    expect(tenMinutes.status).toBe(422);
    expect(await deliveryOf(pkg.id, ids)).toEqual({ packageStatus: 'handed_to_carrier', packageDelivery: 'IN_PROGRESS', buybacks: ['IN_PROGRESS'] });
    expect((await transportOf(label.trackingNumber)).deliveryReports.map((r: { status: string }) => r.status)).toEqual(['IN_PROGRESS']);

    const genuine = await sendCarrierReport(t, carrierReport(label.trackingNumber, 'DELIVERED_OK', { occurredAt: new Date(Date.now() + 60_000).toISOString() }));
    expect(genuine.body).toEqual({ applied: true });
    expect(await deliveryOf(pkg.id, ids)).toEqual({ packageStatus: 'delivered', packageDelivery: 'DELIVERED_OK', buybacks: ['DELIVERED_OK'] });
  });

  it('when a later report says an earlier status (in progress after delivered), then it is recorded in the transport’s history, not applied to it, its package or its buybacks', async () => {
    const { pkg, buybacks } = await closedPackage(seller, 2);
    const ids = buybacks.map((b) => b.id);
    const { label } = await packageWithLabel(seller, pkg.id);
    await expectOk(sendCarrierReport(t, carrierReport(label.trackingNumber, 'IN_PROGRESS', { occurredAt: '2026-06-01T08:00:00.000Z' })));
    await expectOk(sendCarrierReport(t, carrierReport(label.trackingNumber, 'DELIVERED_OK', { occurredAt: '2026-06-01T15:00:00.000Z' })));
    const delivered = await deliveryOf(pkg.id, ids);
    expect(delivered).toEqual({ packageStatus: 'delivered', packageDelivery: 'DELIVERED_OK', buybacks: ['DELIVERED_OK', 'DELIVERED_OK'] });
    const historyBefore = (await expectOk(seller.get(`/buybacks/${ids[0]}/history`))).items.length;

    const backwards = await sendCarrierReport(t, carrierReport(label.trackingNumber, 'IN_PROGRESS', { occurredAt: '2026-06-01T16:00:00.000Z' }));
    expect(backwards.status).toBe(200);
    expect(backwards.body).toEqual({ applied: false, reason: 'not_forward' });
    const otherEnd = await sendCarrierReport(t, carrierReport(label.trackingNumber, 'RETURNED_TO_SENDER', { occurredAt: '2026-06-02T09:00:00.000Z' }));
    expect(otherEnd.body).toEqual({ applied: false, reason: 'not_forward' });

    expect(await deliveryOf(pkg.id, ids)).toEqual(delivered);
    expect((await expectOk(seller.get(`/buybacks/${ids[0]}/history`))).items).toHaveLength(historyBefore);
    const transport = await transportOf(label.trackingNumber);
    expect(transport).toMatchObject({ deliveryStatus: 'DELIVERED_OK', deliveryAt: '2026-06-01T15:00:00.000Z' });
    expect(transport.deliveryReports).toEqual([
      { status: 'IN_PROGRESS', occurredAt: '2026-06-01T08:00:00.000Z', receivedAt: expect.any(String), applied: true, reason: null },
      { status: 'DELIVERED_OK', occurredAt: '2026-06-01T15:00:00.000Z', receivedAt: expect.any(String), applied: true, reason: null },
      { status: 'IN_PROGRESS', occurredAt: '2026-06-01T16:00:00.000Z', receivedAt: expect.any(String), applied: false, reason: 'not_forward' },
      { status: 'RETURNED_TO_SENDER', occurredAt: '2026-06-02T09:00:00.000Z', receivedAt: expect.any(String), applied: false, reason: 'not_forward' },
    ]);
    // The list stays light: the history is the detail's.
    const [row] = (await expectOk(manager.get(`/transports?trackingNumber=${label.trackingNumber}`))).items;
    expect(row.deliveryReports).toBeUndefined();
  });
});

describe('Given parcels of the embedded carrier', () => {
  it('then a tracking number cannot be told from the buyback’s code or the package’s number, and a report forged from them reaches no parcel', async () => {
    const { pkg, buybacks } = await closedPackage(seller, 1);
    const { label } = await packageWithLabel(seller, pkg.id);
    const code = buybacks[0]!.identificationNumber;
    const digits = pkg.number.slice(1);
    expect(label.trackingNumber).toMatch(/^TP\d{15}$/);
    expect(label.trackingNumber).not.toContain(digits);
    const operator = await t.login('warehouse@demo.test', 'rps');
    const posted = await createWebBuyback(await t.anonymous(), operator, { circuitType: 'web_post', customer: { zipCode: '45000', city: 'Orléans' } });
    const tracked = await eventually(async () => expectOk(operator.get(`/buybacks/${posted.id}`)), (b) => Boolean(b.tracking?.number), { timeoutMs: 10_000 });
    expect(tracked.tracking.number).not.toContain(posted.identificationNumber.slice(1));

    // What the numbers used to be, from public codes alone: no parcel answers to them now, even signed.
    const guesses = [`1${digits.padStart(13, '0')}`, `2${code}`, `2${posted.identificationNumber}`].map((serial) => `TP${serial}${luhn(serial)}`);
    for (const guess of guesses) {
      const answer = await sendCarrierReport(t, carrierReport(guess, 'DELIVERED_OK'));
      expect(answer.body).toEqual({ applied: false, reason: 'unknown_tracking_number' });
    }
    expect((await expectOk(seller.get(`/packages/${pkg.id}`))).deliveryStatus).toBeNull();
  });
});
