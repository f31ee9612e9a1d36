import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_COLLECTION } from '../../infrastructure/http/idempotency.js';
import { BUYBACK_STREAMS } from '../../application/buybacks/streams.js';
import { creationBody, PARIS } from '../support/buyback-fixtures.js';
import { MovableClock } from '../support/movable-clock.js';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';

/**
 * An Idempotency-Key makes a retry safe because the command's events carry
 * it: the answer kept in the document store only saves running the command
 * again. These tests take that kept answer away (what a crash between the
 * events and the answer leaves) and retry.
 */
let t: TestPlatform;
let seller: ApiClient;
const clock = new MovableClock();

beforeAll(async () => {
  t = await startTestPlatform({}, { clock });
  seller = await t.login('seller@demo.test');
});
afterAll(async () => {
  await t?.close();
});

/** What a crash right after the command's append leaves: the events, and no kept answer. */
async function forgetKeptAnswers(): Promise<void> {
  await t.platform.documents.collection(IDEMPOTENCY_COLLECTION).clear();
}

const keyed = (key: string) => ({ 'Idempotency-Key': key });

describe('Given a keyed creation whose events were stored', () => {
  it('when it is retried after its kept answer was lost, then the first answer comes back and nothing more is written', async () => {
    const body = await creationBody(seller, { paymentType: 'bank_transfer' });
    const key = randomUUID();
    const first = await seller.post(`/store/${PARIS}/buybacks`, body, keyed(key));
    expect(first.status).toBe(201);
    await forgetKeptAnswers();
    const head = await t.platform.eventStore.lastGlobalPosition();
    // The retry comes later: its answer (the documents token too) is still the first one's.
    clock.advanceMs(90_000);

    const retry = await seller.post(`/store/${PARIS}/buybacks`, body, keyed(key));

    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(await t.platform.eventStore.lastGlobalPosition()).toBe(head);
    expect(t.mailer.sent.filter((m) => m.subject.includes(first.body.identificationNumber))).toHaveLength(1);
  });

  it('when the same key comes with another body, then it is refused as reused, even without the kept answer', async () => {
    const key = randomUUID();
    expect((await seller.post(`/store/${PARIS}/buybacks`, await creationBody(seller, { paymentType: 'bank_transfer' }), keyed(key))).status).toBe(201);
    await forgetKeptAnswers();

    const other = await seller.post(`/store/${PARIS}/buybacks`, await creationBody(seller, { paymentType: 'voucher' }), keyed(key));

    expect(other.status).toBe(422);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('when two attempts run at once, then one buyback exists and both get its answer', async () => {
    const body = await creationBody(seller, { paymentType: 'bank_transfer' });
    const key = randomUUID();

    const [a, b] = await Promise.all([
      seller.post(`/store/${PARIS}/buybacks`, body, keyed(key)),
      seller.post(`/store/${PARIS}/buybacks`, body, keyed(key)),
    ]);

    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.id).toBe(b.body.id);
    expect(a.body.identificationNumber).toBe(b.body.identificationNumber);
    expect(await t.platform.eventStore.readStream(BUYBACK_STREAMS.buyback.name(a.body.id))).toHaveLength(1);
  });

  it('when another user sends the same key, then it is their own request: another buyback', async () => {
    const manager = await t.login('manager@demo.test');
    const key = randomUUID();
    const mine = await seller.post(`/store/${PARIS}/buybacks`, await creationBody(seller, { paymentType: 'bank_transfer' }), keyed(key));
    const theirs = await manager.post(`/store/${PARIS}/buybacks`, await creationBody(manager, { paymentType: 'bank_transfer' }), keyed(key));
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(mine.body.id).not.toBe(theirs.body.id);
  });
});

describe('Given a keyed command on an existing buyback whose events were stored', () => {
  it('when it is retried after its kept answer was lost, then the first answer comes back, not a refusal of the second cancellation', async () => {
    const created = await seller.post(`/store/${PARIS}/buybacks`, await creationBody(seller, { paymentType: 'bank_transfer' }));
    const key = randomUUID();
    const cancel = { reason: 'other', comment: 'Retried' };
    const first = await seller.post(`/buybacks/${created.body.id}/cancel`, cancel, keyed(key));
    expect(first.status).toBe(200);
    await forgetKeptAnswers();

    const retry = await seller.post(`/buybacks/${created.body.id}/cancel`, cancel, keyed(key));

    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(await t.platform.eventStore.readStream(BUYBACK_STREAMS.buyback.name(created.body.id))).toHaveLength(2);
  });

  it('when the retry comes after later changes, then it still answers with the outcome it had then', async () => {
    const created = await seller.post(`/store/${PARIS}/buybacks`, await creationBody(seller, { paymentType: 'bank_transfer' }));
    const key = randomUUID();
    const ship = { trackingNumber: 'TRK-1' };
    const shipped = await seller.post(`/buybacks/${created.body.id}/ship`, ship, keyed(key));
    expect(shipped.body).toMatchObject({ status: 'bb_in_transit', revision: 1 });
    expect((await seller.post(`/buybacks/${created.body.id}/cancel`, { reason: 'other', comment: 'Later' })).status).toBe(200);
    await forgetKeptAnswers();

    const retry = await seller.post(`/buybacks/${created.body.id}/ship`, ship, keyed(key));

    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ id: created.body.id, status: 'bb_in_transit', revision: 1 });
  });

  it('when two attempts of one cancellation run at once, then one event is written and both answer alike', async () => {
    const created = await seller.post(`/store/${PARIS}/buybacks`, await creationBody(seller, { paymentType: 'bank_transfer' }));
    const key = randomUUID();
    const cancel = { reason: 'other', comment: 'Twice' };

    const answers = await Promise.all([1, 2, 3].map(() => seller.post(`/buybacks/${created.body.id}/cancel`, cancel, keyed(key))));

    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(await t.platform.eventStore.readStream(BUYBACK_STREAMS.buyback.name(created.body.id))).toHaveLength(2);
  });
});

describe('the Idempotency-Key and X-Correlation-Id headers', () => {
  it('are refused past 255 characters or with characters that are not printable ASCII, before anything runs', async () => {
    const head = await t.platform.eventStore.lastGlobalPosition();
    const body = await creationBody(seller, { paymentType: 'bank_transfer' });
    const invalid: Array<Record<string, string>> = [{ 'Idempotency-Key': 'k'.repeat(256) }, { 'Idempotency-Key': 'a b' }, { 'X-Correlation-Id': 'x'.repeat(300) }];
    for (const headers of invalid) {
      const refused = await seller.post(`/store/${PARIS}/buybacks`, body, headers);
      expect(refused.status, JSON.stringify(headers).slice(0, 60)).toBe(400);
      expect(refused.body.code).toBe('HEADER_INVALID');
    }
    expect(await t.platform.eventStore.lastGlobalPosition()).toBe(head);
    expect((await seller.post(`/store/${PARIS}/buybacks`, body, { 'Idempotency-Key': 'k'.repeat(255) })).status).toBe(201);
  });

  it('a valid correlation id is kept on the events and answered back', async () => {
    const created = await seller.post(`/store/${PARIS}/buybacks`, await creationBody(seller, { paymentType: 'bank_transfer' }), { 'X-Correlation-Id': 'req-42_abc' });
    expect(created.headers.get('x-correlation-id')).toBe('req-42_abc');
    const [event] = await t.platform.eventStore.readStream(BUYBACK_STREAMS.buyback.name(created.body.id));
    expect(event?.metadata.correlationId).toBe('req-42_abc');
  });
});
