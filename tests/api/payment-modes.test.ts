import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { bestResponses } from '../support/buyback-fixtures.js';
import { expectOk, ISO_UTC } from '../support/api-helpers.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';

/**
 * The payment modes through the API (issue 19): the list and one mode of the
 * caller's retailer only, a creation (Idempotency-Key) and changes (If-Match),
 * each refused field named in four languages, the bonus or malus gated by the
 * `payment_bonus` premium feature, and the estimate that pays, per mode, the
 * price with its bonus or malus: a mode disabled leaves the next estimate.
 */

const IPHONE_15 = DEMO_IDS.products.iphone15_128;
const GIFT_CARD = DEMO_IDS.paymentModes.demo.gift_card;
const VOUCHER = DEMO_IDS.paymentModes.demo.voucher;
const OTHER_VOUCHER = DEMO_IDS.paymentModes.other.voucher;

let t: TestPlatform;
/** retailer@demo.test in the root module: a root manager of Demo Retail, which has payment_bonus. */
let retailer: ApiClient;
let seller: ApiClient;
let admin: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  [retailer, seller, admin] = await Promise.all([t.login('retailer@demo.test', 'root'), t.login('seller@demo.test'), t.login('admin@demo.test')]);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const newMode = (overrides: Record<string, unknown> = {}) => ({
  paymentType: 'voucher',
  label: `Bon ${randomUUID().slice(0, 8)}`,
  description: 'Un bon d’achat à utiliser en magasin.',
  provider: 'manual',
  ...overrides,
});

async function estimate(client: ApiClient, channel?: 'store' | 'web') {
  const responses = await bestResponses(client, IPHONE_15);
  return expectOk(client.post('/estimates', { productId: IPHONE_15, responses, ...(channel ? { channel } : {}) }));
}

describe('Given the demo retailer’s payment modes', () => {
  it('When its manager lists them, then its three modes are there (not the other retailer’s), by label, with provider and no bonus', async () => {
    const page = await expectOk(retailer.get('/payment-modes'));
    expect(page.items.map((m: { id: string }) => m.id)).toEqual(expect.arrayContaining(Object.values(DEMO_IDS.paymentModes.demo)));
    expect(page.items.some((m: { id: string }) => m.id === OTHER_VOUCHER)).toBe(false);
    const labels = page.items.map((m: { label: string }) => m.label);
    expect(labels).toEqual([...labels].sort((a: string, b: string) => a.localeCompare(b)));
    const transfer = page.items.find((m: { id: string }) => m.id === DEMO_IDS.paymentModes.demo.bank_transfer);
    expect(transfer).toMatchObject({ paymentType: 'bank_transfer', provider: 'bank_transfer_file', modifier: { kind: 'disabled' }, status: 'enabled', bonusAvailable: true });
    expect(transfer.updatedAt).toMatch(ISO_UTC);
  });

  it('When one is read, then its ETag is its revision; another retailer’s mode is not found', async () => {
    const read = await retailer.get(`/payment-modes/${VOUCHER}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('etag')).toBe(`W/"${read.body.revision}"`);
    const foreign = await retailer.get(`/payment-modes/${OTHER_VOUCHER}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('PAYMENT_MODE_NOT_FOUND');
  });

  it('When a store seller asks, then the list is refused (payment_mode.list)', async () => {
    expect((await seller.get('/payment-modes')).status).toBe(403);
  });
});

describe('Given a new payment mode', () => {
  it('When it is created with an Idempotency-Key, then 201 with its Location, and a retry answers the same mode without a second one', async () => {
    const key = randomUUID();
    const body = newMode({ longDescription: 'Ligne 1\nLigne 2', mailContent: 'Votre bon arrive.' });
    const created = await retailer.post('/payment-modes', body, { 'Idempotency-Key': key });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.headers.get('location')).toBe(`/api/payment-modes/${created.body.id}`);
    const again = await retailer.post('/payment-modes', body, { 'Idempotency-Key': key });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(created.body.id);
    const read = await expectOk(retailer.get(`/payment-modes/${created.body.id}`));
    expect(read).toMatchObject({ ...body, status: 'enabled', modifier: { kind: 'disabled' }, revision: 0 });
    const listed = await expectOk(retailer.get(`/payment-modes?label=${encodeURIComponent(body.label)}`));
    expect(listed.items.map((m: { id: string }) => m.id)).toEqual([created.body.id]);
  });

  it('When its fields break the rules, then 422 names each field with its message, in the caller’s language', async () => {
    const body = newMode({ label: '  ', description: 'x', longDescription: Array(16).fill('l').join('\n'), modifier: { kind: 'percentage', percent: 0 } });
    const refused = await retailer.post('/payment-modes', body, { 'Accept-Language': 'de-DE' });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('PAYMENT_MODE_INVALID');
    expect(refused.body.details.fields.map((f: { field: string; code: string }) => `${f.field}:${f.code}`)).toEqual([
      'label:TEXT_REQUIRED',
      'description:TEXT_LENGTH',
      'longDescription:PAYMENT_MODE_TOO_MANY_LINES',
      'modifier.percent:PAYMENT_MODIFIER_PERCENT_INVALID',
    ]);
    expect(refused.body.details.fields[2].message).toBe('Dieser Text darf höchstens 15 Zeilen haben.');
    const french = await retailer.post('/payment-modes', body, { 'Accept-Language': 'fr-FR' });
    expect(french.body.details.fields[3].message).toBe('Le pourcentage doit être un nombre entier de -100 à 100, différent de 0.');
  });

  it('When provider staff create one without naming the account, then ACCOUNT_REQUIRED; naming it, the mode is that retailer’s', async () => {
    expect((await admin.post('/payment-modes', newMode())).body.code).toBe('ACCOUNT_REQUIRED');
    const created = await admin.post('/payment-modes', newMode(), { 'X-Account-Id': DEMO_IDS.accounts.other });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const read = await expectOk(admin.get(`/payment-modes/${created.body.id}`));
    expect(read.accountId).toBe(DEMO_IDS.accounts.other);
    expect(read.bonusAvailable).toBe(false);
  });
});

describe('Given the bonus and malus, a premium feature', () => {
  it('When a retailer without payment_bonus sets a malus, then PAYMENT_BONUS_NOT_ENABLED and nothing changes', async () => {
    const other = { 'X-Account-Id': DEMO_IDS.accounts.other };
    const refused = await admin.request('PATCH', `/payment-modes/${OTHER_VOUCHER}`, { modifier: { kind: 'amount', amountInCents: -500 } }, other);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PAYMENT_BONUS_NOT_ENABLED');
    expect((await expectOk(admin.get(`/payment-modes/${OTHER_VOUCHER}`))).modifier).toEqual({ kind: 'disabled' });
    const created = await admin.post('/payment-modes', newMode({ modifier: { kind: 'percentage', percent: 5, capInCents: null } }), other);
    expect(created.body.code).toBe('PAYMENT_BONUS_NOT_ENABLED');
  });

  it('When the demo retailer gives the gift card a 10 % malus capped at 20 €, then the estimate pays 20 € less by gift card, the same by voucher', async () => {
    const before = await estimate(seller);
    const giftCard = (e: { payments: Array<{ paymentModeId: string; amount: { amountInCents: number } }> }) =>
      e.payments.find((p) => p.paymentModeId === GIFT_CARD)?.amount.amountInCents;
    expect(giftCard(before)).toBe(before.price.amountInCents);
    const mode = await retailer.get(`/payment-modes/${GIFT_CARD}`);
    const changed = await retailer.request(
      'PATCH',
      `/payment-modes/${GIFT_CARD}`,
      { modifier: { kind: 'percentage', percent: -10, capInCents: -2_000 } },
      { 'If-Match': mode.headers.get('etag') as string },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.headers.get('etag')).toBe(`W/"${mode.body.revision + 1}"`);
    const after = await estimate(seller);
    // 425.00 € for the best answers: 10 % is 42.50 €, held at the 20.00 € cap.
    expect(after.price.amountInCents).toBe(42_500);
    expect(giftCard(after)).toBe(40_500);
    expect(after.payments.find((p: { paymentModeId: string }) => p.paymentModeId === VOUCHER).amount.amountInCents).toBe(42_500);
    // The options offer it with its malus, in the payments part's shape.
    const options = await expectOk(seller.get(`/products/${IPHONE_15}/buyback-options?channel=store`));
    expect(options.paymentModes.find((p: { id: string }) => p.id === GIFT_CARD).modifier).toEqual({ kind: 'percentage', percent: -10, capInCents: -2_000 });
  });

  it('When the change is sent again with the old revision, then 412 and nothing is written', async () => {
    const mode = await expectOk(retailer.get(`/payment-modes/${VOUCHER}`));
    const stale = `W/"${mode.revision + 5}"`;
    const refused = await retailer.request('PATCH', `/payment-modes/${VOUCHER}`, { label: 'Autre' }, { 'If-Match': stale });
    expect(refused.status).toBe(412);
    expect((await expectOk(retailer.get(`/payment-modes/${VOUCHER}`))).label).toBe(mode.label);
  });
});

describe('Given the buyback path', () => {
  it('When a mode is disabled, then the next estimate and options leave it out, and enabling it brings it back', async () => {
    const visitor = await t.anonymous();
    expect((await estimate(visitor)).payments.map((p: { paymentModeId: string }) => p.paymentModeId)).toContain(VOUCHER);
    await expectOk(retailer.request('PATCH', `/payment-modes/${VOUCHER}`, { status: 'disabled' }));
    const without = await estimate(visitor);
    expect(without.payments.map((p: { paymentModeId: string }) => p.paymentModeId)).not.toContain(VOUCHER);
    expect(without.payments.length).toBeGreaterThan(0);
    const options = await expectOk(visitor.get(`/products/${IPHONE_15}/buyback-options`));
    expect(options.paymentModes.map((p: { id: string }) => p.id)).not.toContain(VOUCHER);
    await expectOk(retailer.request('PATCH', `/payment-modes/${VOUCHER}`, { status: 'enabled' }));
    expect((await estimate(visitor)).payments.map((p: { paymentModeId: string }) => p.paymentModeId)).toContain(VOUCHER);
  });
});
