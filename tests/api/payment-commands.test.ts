import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { expectOk } from '../support/api-helpers.js';
import { completed, failed, givenPayment, initiated } from '../support/payment-helpers.js';
import { PAYMENT_STREAMS } from '../../application/payments/streams.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';

/**
 * Relaunching a failed payment and marking a manual one paid, over HTTP: what
 * each writes, the refusals of a payment in the wrong status (409 with the
 * domain's code, in the caller's language, nothing written), who may, and an
 * Idempotency-Key's retry.
 */

let t: TestPlatform;
let retailer: ApiClient;
let buyer: ApiClient;

const keyed = (key: string) => ({ 'Idempotency-Key': key });

async function streamLength(paymentId: string): Promise<number> {
  return (await t.platform.eventStore.readStream(PAYMENT_STREAMS.payment.name(paymentId))).length;
}

/** Sends the command and checks it is refused with `code` (409 unless said) and writes nothing. */
async function expectRefused(client: ApiClient, path: string, body: unknown, code: string, status = 409, headers: Record<string, string> = {}) {
  const paymentId = path.split('/')[2] as string;
  const before = await streamLength(paymentId);
  const head = await t.platform.eventStore.lastGlobalPosition();
  const answer = await client.post(path, body, headers);
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.code).toBe(code);
  expect(await streamLength(paymentId)).toBe(before);
  expect(await t.platform.eventStore.lastGlobalPosition()).toBe(head);
  return answer;
}

beforeAll(async () => {
  t = await startTestPlatform();
  [retailer, buyer] = await Promise.all([t.login('retailer@demo.test', 'root'), t.login('buyer@demo.test', 'lcm')]);
});
afterAll(async () => {
  await t?.close();
});

describe('Given a failed payment', () => {
  it('when the retailer relaunches it with a reason, then a new attempt starts, back to created, and the search shows it', async () => {
    const paymentId = await givenPayment(t.platform, {}, failed());

    const answer = await retailer.post(`/payments/${paymentId}/relaunch`, { reason: 'IBAN corrigé par le client' });

    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ id: paymentId, status: 'payment_created', revision: 2 });
    expect(answer.headers.get('etag')).toBe('W/"2"');
    const detail = await expectOk(retailer.get(`/payments/${paymentId}`));
    expect(detail).toMatchObject({ status: 'payment_created', failure: null, revision: 2, allowedCommands: [] });
    expect(detail.attempts).toEqual([
      { number: 1, outcome: 'failed', providerReference: null, transferFileId: null, failure: { reasonCode: 'AC04', message: 'Compte clôturé' }, relaunchReason: null },
      { number: 2, outcome: 'pending', providerReference: null, transferFileId: null, failure: null, relaunchReason: 'IBAN corrigé par le client' },
    ]);
    const [row] = (await expectOk(retailer.get(`/payments?paymentId=${paymentId}`))).items;
    expect(row).toMatchObject({ status: 'payment_created', attempts: 2, failure: null });
  });

  it('when the relaunch is sent again with its Idempotency-Key, then the first answer comes back and nothing more is written', async () => {
    const paymentId = await givenPayment(t.platform, {}, failed());
    const key = randomUUID();
    const first = await retailer.post(`/payments/${paymentId}/relaunch`, {}, keyed(key));
    expect(first.status).toBe(200);
    const head = await t.platform.eventStore.lastGlobalPosition();

    const retry = await retailer.post(`/payments/${paymentId}/relaunch`, {}, keyed(key));

    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(await t.platform.eventStore.lastGlobalPosition()).toBe(head);
    expect(await streamLength(paymentId)).toBe(3);
    // Without its key, a second relaunch of what is no longer failed is refused.
    await expectRefused(retailer, `/payments/${paymentId}/relaunch`, {}, 'PAYMENT_RELAUNCH_NOT_ALLOWED');
  });

  it('when the buyer’s manager relaunches it, then it is not theirs to do and nothing is written', async () => {
    const paymentId = await givenPayment(t.platform, {}, failed());
    await expectRefused(buyer, `/payments/${paymentId}/relaunch`, {}, 'ACCESS_DENIED', 403);
  });

  it('when its reason is longer than 255 characters, then it is refused and nothing is written', async () => {
    const paymentId = await givenPayment(t.platform, {}, failed());
    await expectRefused(retailer, `/payments/${paymentId}/relaunch`, { reason: 'r'.repeat(256) }, 'PAYMENT_TEXT_TOO_LONG', 422);
  });
});

describe('Given payments that are not failed', () => {
  it.each([
    ['created', [] as const],
    ['initiated', [initiated()] as const],
    ['completed', [initiated(), completed()] as const],
  ])('when a %s payment is relaunched, then 409 says the relaunch failed (in the caller’s language) and nothing is written', async (_label, followUps) => {
    const paymentId = await givenPayment(t.platform, {}, ...followUps);
    const english = await expectRefused(retailer, `/payments/${paymentId}/relaunch`, { reason: null }, 'PAYMENT_RELAUNCH_NOT_ALLOWED', 409, { 'Accept-Language': 'en-GB' });
    expect(english.body.message).toBe('The payment could not be relaunched: only a failed payment can be relaunched.');
    const french = await expectRefused(retailer, `/payments/${paymentId}/relaunch`, {}, 'PAYMENT_RELAUNCH_NOT_ALLOWED', 409, { 'Accept-Language': 'fr-FR' });
    expect(french.body.message).toBe('Échec de la relance du paiement : seul un paiement en échec peut être relancé.');
  });
});

describe('Given a manual payment', () => {
  it('when the buyer’s manager marks it paid with what was done, then it is completed with that information and the date', async () => {
    const paymentId = await givenPayment(t.platform, { type: 'no_iban_transfer', provider: 'manual' });

    const answer = await buyer.post(`/payments/${paymentId}/mark-as-paid`, { information: 'Chèque n° 1234 remis le 3 mars' });

    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ id: paymentId, status: 'payment_completed', revision: 1 });
    const detail = await expectOk(retailer.get(`/payments/${paymentId}`));
    expect(detail).toMatchObject({ status: 'payment_completed', paidInformation: 'Chèque n° 1234 remis le 3 mars', allowedCommands: [] });
    expect(detail.paidAt).toBe(detail.statusSince);
    expect(detail.attempts[0].outcome).toBe('completed');
  });

  it('when a failed manual payment is marked paid without information, then it is completed', async () => {
    const paymentId = await givenPayment(t.platform, { provider: 'manual' }, failed());
    expect((await expectOk(retailer.post(`/payments/${paymentId}/mark-as-paid`, {}))).status).toBe('payment_completed');
    expect((await expectOk(retailer.get(`/payments/${paymentId}`))).paidInformation).toBeNull();
  });

  it('when it is marked paid again, then 409 says the action is not possible at its status, and nothing is written', async () => {
    const paymentId = await givenPayment(t.platform, { provider: 'manual' });
    await expectOk(retailer.post(`/payments/${paymentId}/mark-as-paid`, { information: null }));
    await expectRefused(retailer, `/payments/${paymentId}/mark-as-paid`, {}, 'PAYMENT_TRANSITION_NOT_ALLOWED');
  });

  it('when its information is longer than 255 characters, then it is refused with the limit named, and nothing is written', async () => {
    const paymentId = await givenPayment(t.platform, { provider: 'manual' });
    const answer = await expectRefused(retailer, `/payments/${paymentId}/mark-as-paid`, { information: 'i'.repeat(256) }, 'PAYMENT_INFORMATION_TOO_LONG', 422);
    expect(answer.body.message).toContain('255');
    expect((await retailer.post(`/payments/${paymentId}/mark-as-paid`, { information: 'i'.repeat(255) })).status).toBe(200);
  });

  it('when the body is far too long or carries another field, then it is refused before anything is read', async () => {
    const paymentId = await givenPayment(t.platform, { provider: 'manual' });
    await expectRefused(retailer, `/payments/${paymentId}/mark-as-paid`, { information: 'i'.repeat(1_001) }, 'VALIDATION_FAILED', 400);
    await expectRefused(retailer, `/payments/${paymentId}/mark-as-paid`, { amount: 1 }, 'VALIDATION_FAILED', 400);
  });
});

describe('Given a payment with a provider', () => {
  it('when it is marked paid by hand, then 409 says only a manual payment can be, and nothing is written', async () => {
    const paymentId = await givenPayment(t.platform, { provider: 'bank_transfer_file' });
    const answer = await expectRefused(retailer, `/payments/${paymentId}/mark-as-paid`, {}, 'PAYMENT_NOT_MANUAL', 409, { 'Accept-Language': 'en-GB' });
    expect(answer.body.message).toBe('Only a manual payment can be marked as paid.');
  });
});

describe('Given another tenant’s payment', () => {
  it('when the retailer relaunches it or marks it paid, then it does not exist for them, and nothing is written', async () => {
    const paymentId = await givenPayment(t.platform, { accountId: DEMO_IDS.accounts.other, provider: 'manual' }, failed());
    await expectRefused(retailer, `/payments/${paymentId}/relaunch`, {}, 'PAYMENT_NOT_FOUND', 404);
    await expectRefused(retailer, `/payments/${paymentId}/mark-as-paid`, {}, 'PAYMENT_NOT_FOUND', 404);
  });
});
