import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type ApiResponse, type TestPlatform } from '../support/test-platform.js';
import { bestResponses, creationBody, customer, PARIS, VALID_IBAN } from '../support/buyback-fixtures.js';
import {
  createStoreBuyback,
  createWebBuyback,
  historyOf,
  ISO_UTC,
  moneyValues,
  restartPlatform,
  sameSessionOn,
  startPlatformOn,
  timeValues,
  type CreatedBuyback,
  type RunningPlatform,
} from '../support/api-helpers.js';
import { DEMO_IDS, DEMO_PASSWORD } from '../../infrastructure/seed/demo-data.js';
import { PERMISSION_MATRIX, permissionList } from '../support/assembly.js';
import { MODULES } from '../../infrastructure/modules/index.js';
import { assemble } from '../../infrastructure/modules/assembly.js';
import { identificationNumberFrom } from '../../domain/values/identification-number.js';
import { luhnCheckDigit } from '../../domain/values/imei.js';

const LOCALES = ['fr-FR', 'en-GB', 'nl-BE', 'de-DE'] as const;
const ERRORS = assemble(MODULES).errors;
const LYON = DEMO_IDS.stores.lyon;
const LILLE = DEMO_IDS.stores.lille;
const IPHONE_15 = DEMO_IDS.products.iphone15_128;
const BAD_CHECKSUM_IBAN = `${VALID_IBAN.slice(0, -1)}${(Number(VALID_IBAN.slice(-1)) + 1) % 10}`;

let t: TestPlatform;
let seller: ApiClient;
let buyer: ApiClient;
let retailerRoot: ApiClient;
let otherSeller: ApiClient;
let visitor: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  [seller, buyer, retailerRoot, otherSeller, visitor] = await Promise.all([
    t.login('seller@demo.test'),
    t.login('buyer@demo.test', 'lcm'),
    t.login('retailer@demo.test', 'root'),
    t.login('seller@other.test'),
    t.anonymous(),
  ]);
});
afterAll(async () => {
  await t?.close();
});

let uniqueSequence = 0;
/** A customer last name no other test uses, to count buybacks through the customer-name filter. */
const uniqueLastName = (prefix: string) => `${prefix}${String.fromCharCode(97 + (uniqueSequence++ % 26))}${Date.now().toString(36)}`;

async function countByCustomer(client: ApiClient, lastName: string): Promise<number> {
  const list = await client.get(`/buybacks?customerName=${encodeURIComponent(lastName)}`);
  expect(list.status).toBe(200);
  return list.body.totalItems;
}

const fieldsOf = (response: ApiResponse) => (response.body.details.fields as Array<{ field: string; code: string; message: string }>) ?? [];
const field = (response: ApiResponse, name: string) => fieldsOf(response).find((f) => f.field === name);

function validImei(tac: string, serial = '123456'): string {
  return `${tac}${serial}${luhnCheckDigit(`${tac}${serial}`)}`;
}

// ---------------------------------------------------------------------------
// The error shape and validation
// ---------------------------------------------------------------------------

describe('errors', () => {
  it('always have the shape {code, message, details}', async () => {
    const answers = await Promise.all([
      t.api.get('/nowhere'),
      t.api.get('/buybacks'),
      seller.post(`/store/${PARIS}/buybacks`, {}),
      seller.get(`/buybacks/${randomUUID()}`),
    ]);
    for (const answer of answers) {
      expect(Object.keys(answer.body).sort()).toEqual(['code', 'details', 'message']);
      expect(typeof answer.body.code).toBe('string');
      expect(typeof answer.body.message).toBe('string');
      expect(typeof answer.body.details).toBe('object');
      expect(answer.status).toBe(ERRORS.statusOf(answer.body.code));
    }
  });

  it('VALIDATION_FAILED lists every invalid customer field by its path, each with its own code', async () => {
    const body = await creationBody(seller, {
      paymentType: 'bank_transfer',
      customer: {
        zipCode: 'ABC',
        iban: BAD_CHECKSUM_IBAN,
        phone: 'not a phone',
        identity: { type: 'identity_card', number: '!!', issuingAuthority: 'Préfecture', deliveryDate: '2020-05-14' },
      },
    });

    const refused = await seller.post(`/store/${PARIS}/buybacks`, body);

    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VALIDATION_FAILED');
    expect(fieldsOf(refused).map((f) => [f.field, f.code])).toEqual(
      expect.arrayContaining([
        ['customer.zipCode', 'ZIP_CODE_INVALID'],
        ['customer.iban', 'IBAN_CHECKSUM_INVALID'],
        ['customer.phone', 'PHONE_INVALID'],
        ['customer.identity.number', 'IDENTITY_NUMBER_INVALID'],
      ]),
    );
    expect(fieldsOf(refused)).toHaveLength(4);
  });

  it('VALIDATION_FAILED from the request schema names the field too', async () => {
    const body = await creationBody(seller);
    const { city: _city, ...withoutCity } = body.customer;

    const refused = await seller.post(`/store/${PARIS}/buybacks`, { ...body, customer: withoutCity, imei: 42 });

    expect(refused.status).toBe(400);
    expect(fieldsOf(refused).map((f) => [f.field, f.code])).toEqual(
      expect.arrayContaining([
        ['customer.city', 'schema.required'],
        ['imei', 'schema.type'],
      ]),
    );
  });

  it('messages follow Accept-Language (French by default): four different messages per field, none of them the code', async () => {
    const body = await creationBody(seller, {
      paymentType: 'bank_transfer',
      customer: { zipCode: 'ABC', iban: BAD_CHECKSUM_IBAN, phone: 'not a phone', identity: { ...customer().identity, number: '!!' } },
    });
    const answers = await Promise.all(LOCALES.map((locale) => seller.post(`/store/${PARIS}/buybacks`, body, { 'Accept-Language': locale })));
    const byDefault = await seller.post(`/store/${PARIS}/buybacks`, body);

    for (const name of ['customer.zipCode', 'customer.iban', 'customer.phone', 'customer.identity.number']) {
      const messages = answers.map((answer) => field(answer, name)!.message);
      expect(new Set(messages).size, name).toBe(LOCALES.length);
      for (const message of messages) expect(message).not.toBe(field(answers[0]!, name)!.code);
      expect(field(byDefault, name)!.message, `${name} by default`).toBe(messages[0]);
    }
    expect(new Set(answers.map((a) => a.body.message)).size).toBe(LOCALES.length);
    expect(field(answers[0]!, 'customer.identity.number')!.message).toMatch(/5.*20/);
  });

  it('an invalid IMEI (bad Luhn check digit) is refused with 400 on the field imei', async () => {
    const product = await seller.get(`/products/${IPHONE_15}`);
    const imei = validImei(product.body.tacCodes[0]);
    const wrong = `${imei.slice(0, -1)}${(Number(imei.slice(-1)) + 1) % 10}`;

    const refused = await seller.post(`/store/${PARIS}/buybacks`, { ...(await creationBody(seller)), imei: wrong }, { 'Accept-Language': 'en-GB' });

    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VALIDATION_FAILED');
    expect(field(refused, 'imei')).toMatchObject({ code: 'IMEI_CHECK_DIGIT_INVALID', message: expect.stringContaining('IMEI') });
  });

  it('an IBAN with a bad checksum is refused on customer.iban with IBAN_CHECKSUM_INVALID', async () => {
    const body = await creationBody(seller, { paymentType: 'bank_transfer', customer: { iban: BAD_CHECKSUM_IBAN } });
    const refused = await seller.post(`/store/${PARIS}/buybacks`, body);
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused)).toEqual([expect.objectContaining({ field: 'customer.iban', code: 'IBAN_CHECKSUM_INVALID' })]);
  });

  it('a malformed JSON body answers 400 REQUEST_BODY_INVALID', async () => {
    const refused = await seller.request('POST', `/store/${PARIS}/buybacks`, '{"productId": ');
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('REQUEST_BODY_INVALID');
  });

  it('an unknown route answers 404 NOT_FOUND', async () => {
    const missing = await seller.get('/no-such-route');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND');
  });
});

// ---------------------------------------------------------------------------
// Authentication, modules and permissions
// ---------------------------------------------------------------------------

describe('authentication and access', () => {
  it('a request without a token answers 401 AUTH_REQUIRED', async () => {
    const refused = await t.api.get('/buybacks');
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('AUTH_REQUIRED');
  });

  it('an unknown bearer token answers 401', async () => {
    const refused = await t.api.get('/buybacks', { Authorization: `Bearer ${'z'.repeat(43)}` });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('AUTH_REQUIRED');
  });

  it('a wrong password and an unknown e-mail answer the same 401 AUTH_INVALID_CREDENTIALS', async () => {
    const wrongPassword = await t.api.post('/login', { email: 'seller@demo.test', password: 'not-the-password' });
    const unknownEmail = await t.api.post('/login', { email: 'nobody@demo.test', password: 'not-the-password' });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body.code).toBe('AUTH_INVALID_CREDENTIALS');
    expect(unknownEmail.status).toBe(401);
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });

  it('a module the user has no role in answers 403 MODULE_NOT_ALLOWED', async () => {
    const refused = await seller.withModule('rps').get('/buybacks');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('MODULE_NOT_ALLOWED');
  });

  it('a permission the user lacks answers 403 ACCESS_DENIED: a buyer manager cannot register a store buyback', async () => {
    const refused = await buyer.post(`/store/${PARIS}/buybacks`, await creationBody(seller));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'ACCESS_DENIED', details: { permission: 'buyback.create' } });
  });

  it('GET /api/me gives a two-module user their modules and the permissions of each, whatever the current module', async () => {
    const retailerTim = retailerRoot.withModule('tim');
    const [root, tim] = await Promise.all([retailerRoot.get('/me'), retailerTim.get('/me')]);
    const frontPermissions = {
      root: permissionList('root_management_unit_manager'),
      tim: permissionList('store_manager'),
    };
    for (const me of [root, tim]) {
      expect(me.status).toBe(200);
      expect(me.body.modules).toEqual({ root: 'root_management_unit_manager', tim: 'store_manager' });
      expect(me.body.frontPermissions).toEqual(frontPermissions);
    }
    expect(root.body).toMatchObject({ currentModule: 'root', currentOrganization: { id: DEMO_IDS.organizations.demoRoot } });
    expect(tim.body).toMatchObject({ currentModule: 'tim', currentOrganization: { id: PARIS } });
    expect(tim.body.permissions.sort()).toEqual([...frontPermissions.tim].sort());
  });

  it('the storefront’s anonymous token cannot list buybacks (403)', async () => {
    const refused = await visitor.get('/buybacks');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('ACCESS_DENIED');
  });

  it('the storefront’s anonymous token searches products and registers a web buyback', async () => {
    const search = await visitor.get('/products?search=iphone');
    expect(search.status).toBe(200);
    expect(search.body.items.length).toBeGreaterThan(0);
    const created = await visitor.post('/web/buybacks', await creationBody(visitor, { channel: 'web', paymentType: 'bank_transfer' }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.identificationNumber).toMatch(/^2\d{12}$/);
  });
});

// ---------------------------------------------------------------------------
// The identification number in the path
// ---------------------------------------------------------------------------

describe('GET /buybacks/by-identification-number/{identificationNumber}', () => {
  const valid = identificationNumberFrom('212345678901');
  const badCheckDigit = `${valid.slice(0, -1)}${(Number(valid.slice(-1)) + 1) % 10}`;

  it.each([
    ['blank', '%20', 'BUYBACK_CODE_REQUIRED'],
    ['letters', 'ABCDEFGHIJKLM', 'BUYBACK_CODE_NOT_NUMERIC'],
    ['12 digits', valid.slice(0, 12), 'BUYBACK_CODE_LENGTH'],
  ])('refuses %s with 400 %s, its message translated', async (_label, value, code) => {
    const answers = await Promise.all(
      LOCALES.map((locale) => seller.get(`/buybacks/by-identification-number/${value}`, { 'Accept-Language': locale })),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(code);
      expect(answer.body.message).not.toBe(code);
    }
    expect(new Set(answers.map((a) => a.body.message)).size).toBe(LOCALES.length);
  });

  it('answers a valid number that names no buyback, and one with a wrong check digit, alike: 404 "this code is not recognised"', async () => {
    for (const code of [valid, badCheckDigit]) {
      const missing = await seller.get(`/buybacks/by-identification-number/${code}`, { 'Accept-Language': 'fr-FR' });
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe('BUYBACK_CODE_NOT_FOUND');
      expect(missing.body.message).toBe("Ce code reprise n'est pas reconnu.");
    }
  });

  it('finds a buyback by its number, with its ETag', async () => {
    const buyback = await createStoreBuyback(seller, PARIS);
    const found = await seller.get(`/buybacks/by-identification-number/${buyback.identificationNumber}`);
    expect(found.status).toBe(200);
    expect(found.body.id).toBe(buyback.id);
    expect(found.headers.get('etag')).toBe('W/"0"');
  });
});

// ---------------------------------------------------------------------------
// Optimistic concurrency: ETag and If-Match
// ---------------------------------------------------------------------------

describe('ETag and If-Match', () => {
  let buyback: CreatedBuyback;
  beforeAll(async () => {
    buyback = await createStoreBuyback(seller, PARIS, { paymentType: 'bank_transfer' });
  });

  it('a stale If-Match answers 412 PRECONDITION_FAILED and writes nothing', async () => {
    const etag = (await seller.get(`/buybacks/${buyback.id}`)).headers.get('etag');
    expect(etag).toBe('W/"0"');

    const stale = await seller.post(`/buybacks/${buyback.id}/ship`, {}, { 'If-Match': 'W/"5"' });

    expect(stale.status).toBe(412);
    expect(stale.body).toMatchObject({ code: 'PRECONDITION_FAILED', details: { expectedRevision: 5, currentRevision: 0 } });
    const after = await seller.get(`/buybacks/${buyback.id}`);
    expect(after.headers.get('etag')).toBe('W/"0"');
    expect(after.body.status).toBe('bb_awaiting_inventory');
    expect(await historyOf(seller, buyback.id)).toHaveLength(1);
  });

  it('a malformed If-Match never matches: 412', async () => {
    const malformed = await seller.post(`/buybacks/${buyback.id}/ship`, {}, { 'If-Match': 'yesterday' });
    expect(malformed.status).toBe(412);
    expect(malformed.body.code).toBe('PRECONDITION_FAILED');
  });

  it('the current If-Match is accepted: 200 with the new ETag, which GET then shows', async () => {
    const shipped = await seller.post(`/buybacks/${buyback.id}/ship`, {}, { 'If-Match': 'W/"0"' });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    expect(shipped.headers.get('etag')).toBe('W/"1"');
    expect((await seller.get(`/buybacks/${buyback.id}`)).headers.get('etag')).toBe('W/"1"');
  });
});

describe('two commands racing on the same buyback', () => {
  it('two cancellations at once: exactly one succeeds, the other is refused, and the history shows one cancellation', async () => {
    const buyback = await createStoreBuyback(seller, PARIS, { paymentType: 'bank_transfer' });

    const answers = await Promise.all([
      seller.post(`/buybacks/${buyback.id}/cancel`, { reason: 'other', comment: 'first' }, { 'If-Match': 'W/"0"' }),
      seller.post(`/buybacks/${buyback.id}/cancel`, { reason: 'other', comment: 'second' }, { 'If-Match': 'W/"0"' }),
    ]);

    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409 || s === 412)).toHaveLength(1);
    const history = await historyOf(seller, buyback.id);
    expect(history.filter((e) => e.type === 'BuybackCancelled')).toHaveLength(1);
    expect(history).toHaveLength(2);
  });

  it('a shipment and a cancellation with the same If-Match: exactly one is recorded', async () => {
    const buyback = await createStoreBuyback(seller, PARIS, { paymentType: 'bank_transfer' });

    const [ship, cancel] = await Promise.all([
      seller.post(`/buybacks/${buyback.id}/ship`, {}, { 'If-Match': 'W/"0"' }),
      seller.post(`/buybacks/${buyback.id}/cancel`, { reason: 'other', comment: 'race' }, { 'If-Match': 'W/"0"' }),
    ]);

    const statuses = [ship.status, cancel.status];
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409 || s === 412)).toHaveLength(1);
    const history = await historyOf(seller, buyback.id);
    expect(history).toHaveLength(2);
    const winner = ship.status === 200 ? 'BuybackShipped' : 'BuybackCancelled';
    expect(history[1]!.type).toBe(winner);
  });
});

// ---------------------------------------------------------------------------
// Idempotency-Key
// ---------------------------------------------------------------------------

describe('Idempotency-Key', () => {
  it('the same key with the same body replays the first answer, marked Idempotent-Replayed, and registers one buyback', async () => {
    const lastName = uniqueLastName('Replay');
    const body = await creationBody(seller, { customer: { lastName } });
    const key = randomUUID();

    const first = await seller.post(`/store/${PARIS}/buybacks`, body, { 'Idempotency-Key': key });
    const second = await seller.post(`/store/${PARIS}/buybacks`, body, { 'Idempotency-Key': key });

    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(await countByCustomer(seller, lastName)).toBe(1);
  });

  it('the same key with another body answers 422 IDEMPOTENCY_KEY_REUSED and registers nothing more', async () => {
    const lastName = uniqueLastName('Reuse');
    const body = await creationBody(seller, { customer: { lastName } });
    const key = randomUUID();
    expect((await seller.post(`/store/${PARIS}/buybacks`, body, { 'Idempotency-Key': key })).status).toBe(201);

    const reused = await seller.post(`/store/${PARIS}/buybacks`, { ...body, customer: { ...body.customer, firstName: 'Autre' } }, { 'Idempotency-Key': key });

    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await countByCustomer(seller, lastName)).toBe(1);
  });

  it('two identical requests with the same key at once register one buyback', async () => {
    const lastName = uniqueLastName('Twice');
    const body = await creationBody(seller, { customer: { lastName } });
    const key = randomUUID();

    const answers = await Promise.all([
      seller.post(`/store/${PARIS}/buybacks`, body, { 'Idempotency-Key': key }),
      seller.post(`/store/${PARIS}/buybacks`, body, { 'Idempotency-Key': key }),
    ]);

    // Both answer the one buyback: the second attempt finds the first one's events, which carry the key.
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect(answers[0]?.body).toEqual(answers[1]?.body);
    expect(await countByCustomer(seller, lastName)).toBe(1);
  });

  it('keys belong to a tenant: another tenant using the same key registers its own buyback', async () => {
    const key = randomUUID();
    const demo = await seller.post(`/store/${PARIS}/buybacks`, await creationBody(seller), { 'Idempotency-Key': key });
    const otherBody = await creationBody(otherSeller, { productId: DEMO_IDS.products.otherIphone13_128 });

    const other = await otherSeller.post(`/store/${LILLE}/buybacks`, otherBody, { 'Idempotency-Key': key });

    expect(demo.status).toBe(201);
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expect(other.body.id).not.toBe(demo.body.id);
  });

  it('keys survive a restart: the replay after a restart answers the first answer and registers nothing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tradein-restart-'));
    let running: RunningPlatform | null = null;
    try {
      running = await startPlatformOn(dataDir);
      const before = await running.login('seller@demo.test');
      const lastName = uniqueLastName('Restart');
      const body = await creationBody(before, { customer: { lastName } });
      const key = randomUUID();
      const first = await before.post(`/store/${PARIS}/buybacks`, body, { 'Idempotency-Key': key });
      expect(first.status).toBe(201);

      // When the process restarts on the same data folder
      running = await restartPlatform(running);
      const after = sameSessionOn(running.baseUrl, before);
      const replay = await after.post(`/store/${PARIS}/buybacks`, body, { 'Idempotency-Key': key });

      // Then the first answer is replayed, and there is still one buyback
      expect(replay.status).toBe(201);
      expect(replay.body).toEqual(first.body);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(await countByCustomer(after, lastName)).toBe(1);
    } finally {
      await running?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

// ---------------------------------------------------------------------------
// Business values checked at registration
// ---------------------------------------------------------------------------

describe('values checked when a buyback is registered', () => {
  it('an IMEI with a valid check digit but a TAC unknown for the product answers 422 IMEI_TAC_MISMATCH, offering to continue', async () => {
    const refused = await seller.post(`/store/${PARIS}/buybacks`, { ...(await creationBody(seller)), imei: validImei('01234567') });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'IMEI_TAC_MISMATCH', details: { canContinue: true } });
  });

  it('the same IMEI is accepted with acceptUnknownImei: true, and kept on the buyback', async () => {
    const imei = validImei('01234567');
    const created = await seller.post(`/store/${PARIS}/buybacks`, { ...(await creationBody(seller)), imei, acceptUnknownImei: true });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await seller.get(`/buybacks/${created.body.id}`)).body.imei).toBe(imei);
  });

  it('an IMEI whose TAC is the product’s is accepted without confirmation', async () => {
    const product = await seller.get(`/products/${IPHONE_15}`);
    const created = await seller.post(`/store/${PARIS}/buybacks`, { ...(await creationBody(seller)), imei: validImei(product.body.tacCodes[0]) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  });

  it('a Belgian customer with a 4-digit Belgian postal code is accepted', async () => {
    const body = await creationBody(seller, { customer: { country: 'BE', zipCode: '1000', city: 'Bruxelles', phone: '+32470123456' } });
    const created = await seller.post(`/store/${PARIS}/buybacks`, body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  });

  it('a French customer with a 4-digit postal code is refused on customer.zipCode', async () => {
    const body = await creationBody(seller, { customer: { country: 'FR', zipCode: '7500' } });
    const refused = await seller.post(`/store/${PARIS}/buybacks`, body);
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused)).toEqual([expect.objectContaining({ field: 'customer.zipCode', code: 'ZIP_CODE_INVALID' })]);
  });

  it('an answer that blocks the estimate answers 422 ESTIMATE_NOT_POSSIBLE, for the estimate and the registration', async () => {
    const questions = await seller.get(`/products/${IPHONE_15}/diagnostic-questions`);
    const power = (questions.body.items as Array<{ id: string; answers: Array<{ id: string }> }>).find((q) => q.id === DEMO_IDS.questions.powerOn)!;
    const responses = (await bestResponses(seller, IPHONE_15)).map((r) =>
      r.questionId === power.id ? { questionId: power.id, answerIds: [power.answers[1]!.id] } : r,
    );

    const estimate = await seller.post('/estimates', { productId: IPHONE_15, responses });
    const registration = await seller.post(`/store/${PARIS}/buybacks`, { ...(await creationBody(seller)), responses });

    expect(estimate.status).toBe(422);
    expect(estimate.body.code).toBe('ESTIMATE_NOT_POSSIBLE');
    expect(registration.status).toBe(422);
    expect(registration.body.code).toBe('ESTIMATE_NOT_POSSIBLE');
  });

  it('a draft product answers 422 PRODUCT_UNPUBLISHED, for the estimate and the registration', async () => {
    const draft = DEMO_IDS.products.iphone16ProMax;
    const estimate = await seller.post('/estimates', { productId: draft, responses: await bestResponses(seller, IPHONE_15) });
    const registration = await seller.post(`/store/${PARIS}/buybacks`, { ...(await creationBody(seller)), productId: draft });
    expect(estimate.status).toBe(422);
    expect(estimate.body.code).toBe('PRODUCT_UNPUBLISHED');
    expect(registration.status).toBe(422);
    expect(registration.body.code).toBe('PRODUCT_UNPUBLISHED');
  });
});

// ---------------------------------------------------------------------------
// Wire format
// ---------------------------------------------------------------------------

describe('the wire format', () => {
  let samples: Array<[string, ApiResponse]>;
  beforeAll(async () => {
    const login = await t.api.post('/login', { email: 'manager@demo.test', password: DEMO_PASSWORD });
    const anonymous = await t.api.post('/anonymous-token', {});
    const buyback = await createStoreBuyback(seller, PARIS, { paymentType: 'voucher' });
    await seller.post(`/buybacks/${buyback.id}/cancel`, { reason: 'other', comment: 'format', force: true });
    samples = [
      ['login', login],
      ['anonymous token', anonymous],
      ['products', await seller.get('/products?itemsPerPage=100')],
      ['product', await seller.get(`/products/${IPHONE_15}`)],
      ['estimate', await seller.post('/estimates', { productId: IPHONE_15, responses: await bestResponses(seller, IPHONE_15) })],
      ['buyback', await seller.get(`/buybacks/${buyback.id}`)],
      ['buybacks', await seller.get('/buybacks?itemsPerPage=100')],
      ['history', await seller.get(`/buybacks/${buyback.id}/history`)],
      ['me', await seller.get('/me')],
    ];
    for (const [name, response] of samples) expect(response.status, name).toBeLessThan(300);
  });

  it('money is integer cents in every response', () => {
    const values = samples.flatMap(([name, response]) => moneyValues(response.body, name));
    expect(values.length).toBeGreaterThan(50);
    expect(values.filter((v) => !(v.value === null || Number.isInteger(v.value)))).toEqual([]);
  });

  it('times are ISO-8601 in UTC, ending in Z', () => {
    const values = samples.flatMap(([name, response]) => timeValues(response.body, name)).filter((v) => v.value !== null);
    expect(values.length).toBeGreaterThan(10);
    expect(values.filter((v) => !ISO_UTC.test(String(v.value)))).toEqual([]);
  });

  it('GET /api/openapi.json lists every operation of the route table, each signed-in one with its x-permission', async () => {
    const openapi = await t.api.get('/openapi.json');
    expect(openapi.status).toBe(200);
    const operations = Object.entries(openapi.body.paths as Record<string, Record<string, any>>).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ method, path, operation })),
    );
    const routes = t.platform.routes;
    expect(operations.map((o) => o.operation.operationId).sort()).toEqual(routes.map((r) => r.operationId).sort());
    for (const route of routes) {
      const { operation } = operations.find((o) => o.operation.operationId === route.operationId)!;
      if (route.access.kind === 'authenticated') {
        expect(operation, route.operationId).toHaveProperty('x-permission');
        expect(operation['x-permission'], route.operationId).toBe(route.access.permission);
        if (operation['x-permission'] !== null) expect(PERMISSION_MATRIX.all()).toContain(operation['x-permission']);
      } else {
        expect(operation.security, route.operationId).toEqual([]);
      }
    }
  });
});

// ---------------------------------------------------------------------------
// Lists: filters, sorting, paging and the CSV export
// ---------------------------------------------------------------------------

describe('the buyback list', () => {
  const marker = uniqueLastName('Zanzibar');
  let alma: CreatedBuyback & { createdAt: string };
  let bruno: CreatedBuyback & { createdAt: string };
  let chloe: CreatedBuyback & { createdAt: string };
  let dora: CreatedBuyback & { createdAt: string };

  async function withCreatedAt(buyback: CreatedBuyback) {
    const detail = await retailerRoot.get(`/buybacks/${buyback.id}`);
    return { ...buyback, createdAt: detail.body.createdAt as string };
  }

  beforeAll(async () => {
    // Four buybacks, in this order: Paris (iPhone 15), Paris (Galaxy S23, then cancelled), Lyon (Pixel 7), web (iPhone 15)
    alma = await withCreatedAt(await createStoreBuyback(seller, PARIS, { customer: { firstName: 'Alma', lastName: marker } }));
    bruno = await withCreatedAt(
      await createStoreBuyback(seller, PARIS, {
        productId: DEMO_IDS.products.galaxyS23_128,
        paymentType: 'bank_transfer',
        customer: { firstName: 'Bruno', lastName: 'Quenelle' },
      }),
    );
    expect((await seller.post(`/buybacks/${bruno.id}/cancel`, { reason: 'other', comment: 'filter' })).status).toBe(200);
    chloe = await withCreatedAt(
      await createStoreBuyback(retailerRoot, LYON, { productId: DEMO_IDS.products.pixel7_128, customer: { firstName: 'Chloe', lastName: marker } }),
    );
    dora = await withCreatedAt(
      await createWebBuyback(visitor, retailerRoot, { circuitType: 'web_post', paymentType: 'bank_transfer', customer: { firstName: 'Dora', lastName: 'Webster' } }),
    );
    expect(alma.createdAt < bruno.createdAt && bruno.createdAt < chloe.createdAt && chloe.createdAt < dora.createdAt).toBe(true);
  });

  async function list(query: string) {
    const answer = await retailerRoot.get(`/buybacks?itemsPerPage=100&${query}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.items as Array<Record<string, any>>;
  }
  const ids = (rows: Array<Record<string, any>>) => rows.map((r) => r.id);

  it('answers {items, totalItems, totalItemsIsLowerBound, hasNextPage, page, itemsPerPage} and pages', async () => {
    const page = await retailerRoot.get('/buybacks?itemsPerPage=1&page=2');
    expect(Object.keys(page.body).sort()).toEqual(['hasNextPage', 'items', 'itemsPerPage', 'page', 'totalItems', 'totalItemsIsLowerBound']);
    expect(page.body).toMatchObject({ page: 2, itemsPerPage: 1, totalItemsIsLowerBound: false, hasNextPage: true });
    expect(page.body.items).toHaveLength(1);
    expect(page.body.totalItems).toBeGreaterThanOrEqual(4);
    const total = page.body.totalItems as number;
    const last = await retailerRoot.get(`/buybacks?itemsPerPage=1&page=${total}`);
    expect(last.body).toMatchObject({ totalItems: total, hasNextPage: false });
    expect(last.body.items).toHaveLength(1);
  });

  it('partial=true skips the count and still says whether a next page exists', async () => {
    const page = await retailerRoot.get('/buybacks?itemsPerPage=2&partial=true');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ totalItems: null, totalItemsIsLowerBound: false, hasNextPage: true });
    expect(page.body.items).toHaveLength(2);
  });

  it('status[] keeps only the given statuses', async () => {
    const rows = await list('status[]=bb_cancelled');
    expect(ids(rows)).toContain(bruno.id);
    expect(ids(rows)).not.toContain(alma.id);
    expect(rows.every((r) => r.status === 'bb_cancelled')).toBe(true);
    const two = await list('status[]=bb_cancelled&status[]=bb_awaiting_inventory');
    expect(ids(two)).toEqual(expect.arrayContaining([alma.id, bruno.id]));
  });

  it('channel keeps only that channel', async () => {
    const rows = await list('channel=web');
    expect(ids(rows)).toContain(dora.id);
    expect(rows.every((r) => r.channel === 'web')).toBe(true);
  });

  it('customerName matches part of the name, whatever the case', async () => {
    const rows = await list(`customerName=${marker.slice(1, -2).toUpperCase()}`);
    expect(ids(rows).sort()).toEqual([alma.id, chloe.id].sort());
    expect(ids(await list('customerName=lma%20zan'))).toContain(alma.id);
  });

  it('identificationNumber matches the beginning of the number', async () => {
    const prefix = alma.identificationNumber.slice(0, 8);
    const rows = await list(`identificationNumber=${prefix}`);
    expect(ids(rows)).toContain(alma.id);
    expect(rows.every((r) => String(r.identificationNumber).startsWith(prefix))).toBe(true);
    expect(ids(await list(`identificationNumber=${alma.identificationNumber.slice(1)}`))).not.toContain(alma.id);
  });

  it('storeId[] keeps only those stores', async () => {
    const rows = await list(`storeId[]=${LYON}`);
    expect(ids(rows)).toContain(chloe.id);
    expect(rows.every((r) => r.storeId === LYON)).toBe(true);
    expect(ids(await list(`storeId[]=${LYON}&storeId[]=${PARIS}`))).toEqual(expect.arrayContaining([alma.id, chloe.id]));
  });

  it('productId keeps only that product', async () => {
    const rows = await list(`productId=${DEMO_IDS.products.galaxyS23_128}`);
    expect(ids(rows)).toContain(bruno.id);
    expect(rows.every((r) => r.product.productId === DEMO_IDS.products.galaxyS23_128)).toBe(true);
  });

  it('createdFrom and createdTo bound the creation time, both inclusive', async () => {
    const from = await list(`createdFrom=${encodeURIComponent(bruno.createdAt)}&customerName=${marker}`);
    expect(ids(from)).toEqual([chloe.id]);
    const window = await list(`createdFrom=${encodeURIComponent(bruno.createdAt)}&createdTo=${encodeURIComponent(chloe.createdAt)}`);
    expect(ids(window).sort()).toEqual([bruno.id, chloe.id].sort());
  });

  it('order[createdAt]=asc sorts oldest first (the default is newest first)', async () => {
    const window = `createdFrom=${encodeURIComponent(alma.createdAt)}&createdTo=${encodeURIComponent(dora.createdAt)}`;
    expect(ids(await list(`${window}&order[createdAt]=asc`))).toEqual([alma.id, bruno.id, chloe.id, dora.id]);
    expect(ids(await list(window))).toEqual([dora.id, chloe.id, bruno.id, alma.id]);
  });

  it('refuses an unknown filter value with 400 on that query field', async () => {
    const refused = await retailerRoot.get('/buybacks?status[]=bb_lost');
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused)[0]!.field).toMatch(/^status/);
  });

  it('exports the filtered list as CSV: a header line, then only the matching rows', async () => {
    const csv = await retailerRoot.get(`/buybacks/export?customerName=${marker}`, { 'Accept-Language': 'en-GB' });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = String(csv.body).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Code;Created on;Status;Channel;Customer;Product;Brand;Category;Store;Circuit;Payment mode;Payment status;Delivery status;Declared price;Validated price',
    );
    expect(lines).toHaveLength(3);
    // The code as the screen groups it (1-6-6), which a spreadsheet keeps as text.
    const grouped = (code: string) => `${code.slice(0, 1)} ${code.slice(1, 7)} ${code.slice(7)}`;
    expect(lines.slice(1).map((line) => line.split(';')[0]).sort()).toEqual([grouped(alma.identificationNumber), grouped(chloe.identificationNumber)].sort());
    expect(lines.slice(1).every((line) => line.includes(marker))).toBe(true);
  });
});
