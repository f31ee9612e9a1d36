import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toNewEvent } from '../../application/events/codec.js';
import type { PaymentModeConfigured } from '../../domain/catalog/events.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import type { PaymentModeDocument } from '../../application/catalog/read-models.js';
import { creationBody, PARIS } from '../support/buyback-fixtures.js';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { CATALOG_STREAMS } from '../../application/catalog/streams.js';

/**
 * Reference data (catalogue, payment modes, accounts, stores…) is served from
 * an in-memory cache. A change arrives as an event; once the projections have
 * applied it, the very next request must see it.
 */
let t: TestPlatform;
let seller: ApiClient;
const PRODUCT = DEMO_IDS.products.iphone15_128;

beforeAll(async () => {
  t = await startTestPlatform();
  seller = await t.login('seller@demo.test');
});
afterAll(async () => {
  await t?.close();
});

/** Appends an event to a reference stream, as an administration command would, and waits for the read models. */
async function configurePaymentMode(mode: PaymentModeDocument, change: Partial<PaymentModeConfigured['data']>): Promise<void> {
  const stream = CATALOG_STREAMS.paymentMode.name(mode._id);
  const history = await t.platform.eventStore.readStream(stream);
  const { _id: _ignored, accountId, ...current } = mode;
  const event: PaymentModeConfigured = { type: 'PaymentModeConfigured', data: { ...(current as PaymentModeConfigured['data']), ...change } };
  const { lastGlobalPosition } = await t.platform.eventStore.appendToStream(
    stream,
    [
      toNewEvent(event, randomUUID(), {
        accountId,
        organizationId: null,
        userId: null,
        correlationId: randomUUID(),
        causationId: null,
        occurredAt: new Date().toISOString(),
      }),
    ],
    history.length - 1,
  );
  expect(await t.platform.runner.waitFor(lastGlobalPosition, 5_000)).toBe(true);
}

describe('the reference-data cache', () => {
  it('Given buyback options read (and cached) before a payment mode is disabled, When it is disabled, Then the next options and creations no longer offer it', async () => {
    const body = await creationBody(seller, { productId: PRODUCT, paymentType: 'bank_transfer' });
    const before = await seller.get(`/products/${PRODUCT}/buyback-options?channel=store`);
    expect(before.body.paymentModes.map((p: { id: string }) => p.id)).toContain(body.paymentModeId);
    const created = await seller.post(`/store/${PARIS}/buybacks`, body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const mode = (await t.platform.documents.collection<PaymentModeDocument>('payment_modes').get(body.paymentModeId))!;

    await configurePaymentMode(mode, { status: 'disabled' });

    const after = await seller.get(`/products/${PRODUCT}/buyback-options?channel=store`);
    expect(after.status).toBe(200);
    expect(after.body.paymentModes.map((p: { id: string }) => p.id)).not.toContain(body.paymentModeId);
    const refused = await seller.post(`/store/${PARIS}/buybacks`, body);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('BUYBACK_NO_PAYMENT_MODE_FOR_CIRCUIT');

    await configurePaymentMode(mode, { status: 'enabled', label: 'Virement (renamed)' });

    const again = await seller.get(`/products/${PRODUCT}/buyback-options?channel=store`);
    expect(again.body.paymentModes.find((p: { id: string }) => p.id === body.paymentModeId)?.label).toBe('Virement (renamed)');
    const recreated = await seller.post(`/store/${PARIS}/buybacks`, body);
    expect(recreated.status, JSON.stringify(recreated.body)).toBe(201);
    const detail = await seller.get(`/buybacks/${recreated.body.id}`);
    expect(detail.body.paymentMode.label).toBe('Virement (renamed)');
  });
});
