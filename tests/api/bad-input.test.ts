/**
 * Bad input gets a 4xx, never a 500, and never costs the server: each case
 * the issue measured (an oversized body, a gzip bomb, an unknown
 * Content-Encoding, absurd paging values, a body of thousands of wrong
 * fields, a wrong method, an unknown path) answers its own 4xx with a
 * stable code and a message in the caller's language, says so in
 * Content-Language and Vary, and writes nothing to the event store.
 */
import { randomBytes } from 'node:crypto';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { creationBody, PARIS } from '../support/buyback-fixtures.js';
import { createStoreBuyback } from '../support/api-helpers.js';
import { MODULES } from '../../infrastructure/modules/index.js';
import { assemble } from '../../infrastructure/modules/assembly.js';
import { MAX_BODY_BYTES } from '../../infrastructure/http/app.js';
import { MAX_REPORTED_PROBLEMS } from '../../infrastructure/http/validation.js';

const ERRORS = assemble(MODULES).errors;
/** What a validation error may weigh at most, however large and wrong the request. */
const MAX_ERROR_BYTES = 16 * 1024;
/** What a refusal of a bad body may take, measured from the request's start (2 shared cores, a loaded CI). */
const FAST_MS = 1_500;

let t: TestPlatform;
let seller: ApiClient;
let createPath: string;
let buybackId: string;
let visitorToken: string;
let headBefore: number;

beforeAll(async () => {
  t = await startTestPlatform();
  seller = await t.login('seller@demo.test');
  createPath = `/store/${PARIS}/buybacks`;
  buybackId = (await createStoreBuyback(seller, PARIS, { paymentType: 'bank_transfer' })).id;
  visitorToken = (await t.anonymous()).token as string;
  headBefore = await t.platform.eventStore.lastGlobalPosition();
});
afterAll(async () => {
  await t?.close();
});

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  body: any;
  ms: number;
}

/** One raw request (any body bytes, any headers), timed. */
async function send(method: string, path: string, options: { body?: string | Buffer; headers?: Record<string, string>; token?: string | null } = {}): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${t.baseUrl}/api${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(options.token === null ? {} : { Authorization: `Bearer ${options.token ?? seller.token}` }),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: typeof options.body === 'string' ? options.body : new Uint8Array(options.body) }),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, headers: response.headers, text, body, ms };
}

/**
 * Sends the same bad request in French (the default) and in English and
 * checks both answers: the status, the stable code (whose catalogued status
 * it is), a message in each language (not the code, not the same twice),
 * Content-Language and Vary: Accept-Language. Returns the English answer.
 */
async function expectRefusal(status: number, code: string, request: () => Promise<[string, string, Parameters<typeof send>[2]]>): Promise<Answer> {
  const answers: Answer[] = [];
  for (const locale of [undefined, 'en-GB'] as const) {
    const [method, path, options = {}] = await request();
    const answer = await send(method, path, { ...options, headers: { ...options.headers, ...(locale ? { 'Accept-Language': locale } : {}) } });
    expect(answer.status, answer.text.slice(0, 500)).toBe(status);
    expect(answer.body.code).toBe(code);
    expect(ERRORS.statusOf(code)).toBe(status);
    expect(Object.keys(answer.body).sort()).toEqual(['code', 'details', 'message']);
    expect(typeof answer.body.message).toBe('string');
    expect(answer.body.message).not.toBe(code);
    expect(answer.body.message).not.toMatch(/\{\{/);
    expect(answer.headers.get('content-language')).toBe(locale ?? 'fr-FR');
    expect(answer.headers.get('vary') ?? '').toMatch(/accept-language/i);
    answers.push(answer);
  }
  const [french, english] = answers as [Answer, Answer];
  expect(english.body.message).not.toBe(french.body.message);
  return english;
}

const fieldsOf = (answer: Answer) => (answer.body.details.fields ?? []) as Array<{ field: string; code: string; message: string }>;

describe('bodies the server must not read whole', () => {
  it('a 2 MB body answers 413 REQUEST_TOO_LARGE, naming the limit', async () => {
    const huge = JSON.stringify({ productId: 'x', padding: 'a'.repeat(2 * 1024 * 1024) });
    const answer = await expectRefusal(413, 'REQUEST_TOO_LARGE', async () => ['POST', createPath, { body: huge }]);
    expect(answer.body.details.limit).toBe(MAX_BODY_BYTES);
    expect(answer.body.message).toContain(String(MAX_BODY_BYTES));
  });

  it('a gzip bomb (a few KB that inflate to 20 MB) answers 413 quickly, without inflating it all', async () => {
    const bomb = gzipSync(Buffer.from(`{"padding":"${' '.repeat(20 * 1024 * 1024)}"}`), { level: 9 });
    expect(bomb.length).toBeLessThan(32 * 1024);
    const answer = await expectRefusal(413, 'REQUEST_TOO_LARGE', async () => [
      'POST',
      createPath,
      { body: bomb, headers: { 'Content-Encoding': 'gzip' } },
    ]);
    expect(answer.ms).toBeLessThan(FAST_MS);
  });

  it('a small gzip or deflate body is read (the refusal is the schema’s, not the encoding’s)', async () => {
    const answer = await send('POST', createPath, { body: gzipSync(Buffer.from('{"unknown":1}')), headers: { 'Content-Encoding': 'gzip' } });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('VALIDATION_FAILED');
    expect(fieldsOf(answer).map((f) => f.field)).toContain('unknown');
  });

  it.each([
    ['br', () => brotliCompressSync(Buffer.from('{}'))],
    ['x-unknown', () => Buffer.from('{}')],
    ['zstd', () => Buffer.from('{}')],
    ['gzip, br', () => Buffer.from('{}')],
  ])('Content-Encoding: %s answers 415 UNSUPPORTED_CONTENT_ENCODING', async (encoding, body) => {
    await expectRefusal(415, 'UNSUPPORTED_CONTENT_ENCODING', async () => ['POST', createPath, { body: body(), headers: { 'Content-Encoding': encoding } }]);
  });

  it('a body that claims gzip but is not gzip answers 400 REQUEST_BODY_INVALID', async () => {
    await expectRefusal(400, 'REQUEST_BODY_INVALID', async () => ['POST', createPath, { body: '{"a":1}', headers: { 'Content-Encoding': 'gzip' } }]);
    const gzipped = gzipSync(Buffer.from(JSON.stringify({ a: randomBytes(5_000).toString('hex') })));
    expect(gzipped.length).toBeGreaterThan(1_000);
    const truncated = gzipped.subarray(0, 500);
    await expectRefusal(400, 'REQUEST_BODY_INVALID', async () => ['POST', createPath, { body: truncated, headers: { 'Content-Encoding': 'gzip' } }]);
  });

  it.each([
    ['text/plain', '{"trackingNumber":"X"}'],
    ['application/x-www-form-urlencoded', 'trackingNumber=X'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--'],
    ['application/merge-patch+json', '{}'],
  ])('a body of type %s answers 415 UNSUPPORTED_MEDIA_TYPE, and the command does not run on an empty body instead', async (type, body) => {
    await expectRefusal(415, 'UNSUPPORTED_MEDIA_TYPE', async () => ['POST', `/buybacks/${buybackId}/ship`, { body, headers: { 'Content-Type': type } }]);
  });

  it('a POST with no body and no Content-Type (how the dashboard logs out) has no body to refuse', async () => {
    const answer = await send('POST', '/logout', { token: visitorToken });
    expect(answer.status, answer.text).toBe(204);
  });

  it('a body that is not JSON answers 400 REQUEST_BODY_INVALID', async () => {
    await expectRefusal(400, 'REQUEST_BODY_INVALID', async () => ['POST', createPath, { body: '{"productId": ' }]);
    await expectRefusal(400, 'REQUEST_BODY_INVALID', async () => ['POST', createPath, { body: '"just a string"' }]);
  });
});

describe('paging values out of range', () => {
  it.each([
    ['/buybacks', 'page=1e20', 'page'],
    ['/buybacks', 'page=-1', 'page'],
    ['/buybacks', 'page=1.5', 'page'],
    ['/buybacks', 'page=0', 'page'],
    ['/buybacks', 'page=abc', 'page'],
    ['/buybacks', 'page[a]=1', 'page'],
    ['/buybacks', 'itemsPerPage=1000', 'itemsPerPage'],
    ['/buybacks', 'itemsPerPage=1e400', 'itemsPerPage'],
    ['/products', 'page=1e20', 'page'],
    ['/products', 'page=-1', 'page'],
    ['/products', 'page=1.5', 'page'],
    ['/products', 'itemsPerPage=1000', 'itemsPerPage'],
    ['/products', 'price[gte]=1e20', 'price.gte'],
    ['/products', 'order[label]=sideways', 'order.label'],
  ])('GET %s?%s answers 400 VALIDATION_FAILED naming %s', async (path, query, name) => {
    const answer = await expectRefusal(400, 'VALIDATION_FAILED', async () => ['GET', `${path}?${query}`, {}]);
    const fields = fieldsOf(answer);
    expect(fields.map((f) => f.field)).toContain(name);
    for (const field of fields) {
      expect(field.message).not.toBe(field.code);
      expect(field.message).not.toMatch(/\{\{/);
    }
  });
});

describe('a body of thousands of wrong fields', () => {
  /** ~150 KB: every creation field of the wrong type, thousands of unknown fields, and a responses array far past its bound, each item wrong. */
  function wrongBody(): string {
    const body: Record<string, unknown> = {
      productId: 42,
      customer: 'nobody',
      responses: Array.from({ length: 2_000 }, (_, i) => ({ questionId: i, answerIds: 'x', extra: true })),
    };
    for (let i = 0; i < 6_000; i++) body[`field${i}`] = i;
    return JSON.stringify(body);
  }

  it('answers 400 with at most 20 problems, says there were more, stays under 16 KB, and answers fast', async () => {
    const text = wrongBody();
    expect(text.length).toBeGreaterThan(140 * 1024);
    expect(text.length).toBeLessThan(MAX_BODY_BYTES);
    const answer = await expectRefusal(400, 'VALIDATION_FAILED', async () => ['POST', createPath, { body: text }]);
    expect(fieldsOf(answer).length).toBeGreaterThan(0);
    expect(fieldsOf(answer).length).toBeLessThanOrEqual(MAX_REPORTED_PROBLEMS);
    expect(answer.body.details.moreProblems).toBe(true);
    expect(Buffer.byteLength(answer.text)).toBeLessThan(MAX_ERROR_BYTES);
    expect(answer.ms).toBeLessThan(FAST_MS);
  });

  it('long field names and values do not make a long answer: what an error echoes is cut short', async () => {
    // Twenty unknown fields, each named with 20 KB, and a wrong value of 500 KB: a naive echo answers over 800 KB.
    const body: Record<string, unknown> = { productId: 'é'.repeat(250_000) };
    for (let i = 0; i < 20; i++) body[`${String(i).padStart(2, '0')}${'n'.repeat(20_000)}`] = 1;
    const answer = await expectRefusal(400, 'VALIDATION_FAILED', async () => ['POST', createPath, { body: JSON.stringify(body) }]);
    expect(fieldsOf(answer).length).toBeGreaterThan(0);
    expect(Buffer.byteLength(answer.text)).toBeLessThan(MAX_ERROR_BYTES);
  });

  it('a long unknown query parameter is cut short as well', async () => {
    const answer = await expectRefusal(400, 'VALIDATION_FAILED', async () => ['GET', `/buybacks?${'q'.repeat(6_000)}=1&${'r'.repeat(6_000)}=2`, {}]);
    expect(Buffer.byteLength(answer.text)).toBeLessThan(MAX_ERROR_BYTES);
  });

  it('twenty problems whose messages list every allowed value stay under the bound', async () => {
    const statuses = Array.from({ length: 15 }, (_, i) => `status[]=wrong${i}`).join('&');
    const orders = Array.from({ length: 3 }, (_, i) => `order[wrong${i}]=sideways`).join('&');
    const answer = await expectRefusal(400, 'VALIDATION_FAILED', async () => ['GET', `/buybacks?${statuses}&${orders}&channel=nowhere`, {}]);
    expect(Buffer.byteLength(answer.text)).toBeLessThan(MAX_ERROR_BYTES);
    expect(fieldsOf(answer).length).toBeGreaterThan(1);
  });

  it('a body nested thousands of levels deep answers 400, not a stack overflow', async () => {
    const deep = `{"customer":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`;
    const array = `{"responses":${'['.repeat(5_000)}${']'.repeat(5_000)}}`;
    for (const text of [deep, array]) {
      const answer = await send('POST', createPath, { body: text });
      expect(answer.status, answer.text.slice(0, 300)).toBe(400);
      expect(Buffer.byteLength(answer.text)).toBeLessThan(MAX_ERROR_BYTES);
    }
  });
});

describe('methods and paths', () => {
  it.each([
    ['DELETE', '/buybacks', ['GET', 'HEAD']],
    ['PUT', `/store/${PARIS}/buybacks`, ['POST']],
    ['GET', '/logout', ['POST']],
    ['PUT', '/products/00000000-0000-4000-8000-000000000000', ['GET', 'HEAD', 'PATCH']],
    ['POST', '/openapi.json', ['GET', 'HEAD']],
  ])('%s %s answers 405 METHOD_NOT_ALLOWED with Allow: %j', async (method, path, allowed) => {
    const answer = await expectRefusal(405, 'METHOD_NOT_ALLOWED', async () => [method, path, {}]);
    expect(
      answer.headers
        .get('allow')
        ?.split(',')
        .map((m) => m.trim())
        .sort(),
    ).toEqual([...allowed].sort());
    expect(answer.body.message).toContain(method);
  });

  it.each([
    ['GET', '/nowhere', '/nowhere'],
    ['POST', '/buybacks/{id}/fly', '/buybacks/00000000-0000-4000-8000-000000000000/fly'],
    ['GET', 'a path of 5,000 characters', `/${'x'.repeat(5_000)}`],
  ])('%s %s answers 404 NOT_FOUND', async (method, _label, path) => {
    const answer = await expectRefusal(404, 'NOT_FOUND', async () => [method, path, {}]);
    expect(Buffer.byteLength(answer.text)).toBeLessThan(MAX_ERROR_BYTES);
  });
});

describe('what the refusals cost', () => {
  it('nothing any refusal above answered was written to the event store', async () => {
    expect(await t.platform.eventStore.lastGlobalPosition()).toBe(headBefore);
  });

  it('a valid creation still works after all of the above (nothing was left half-read)', async () => {
    const created = await seller.post(createPath, await creationBody(seller));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  });
});
