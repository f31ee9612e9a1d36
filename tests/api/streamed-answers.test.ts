import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplicationError } from '../../application/commands/errors.js';
import { createHttpApp } from '../../infrastructure/http/app.js';
import { ErrorPresenter } from '../../infrastructure/http/errors.js';
import type { IdempotencyKeys } from '../../infrastructure/http/idempotency.js';
import { defineRoute } from '../../infrastructure/http/route.js';
import type { AuthService } from '../../application/organizations/auth-service.js';
import type { ProjectionRunner } from '../../application/projections/projection-runner.js';
import { ASSEMBLY } from '../support/assembly.js';
import { PlatformMetrics } from '../../infrastructure/observability/metrics.js';

/**
 * The pipeline streams a body given as an async iterable (an export): chunks
 * leave as they come, a failure before the first one still answers as an
 * error, a failure part-way cuts the answer, a client that leaves stops the
 * source.
 */

/** A promise and the function that settles it. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const gate = { release: deferred(), sourceStopped: deferred(), sourceDone: false };
const logged: Array<{ level: number; msg: string }> = [];

function csvRoute(path: string, source: () => AsyncIterable<string>) {
  return defineRoute({
    method: 'get',
    path,
    operationId: path.slice(1),
    summary: 'test',
    tag: 'test',
    access: { kind: 'public' },
    response: { status: 200, description: 'CSV', contentType: 'text/csv' },
    async handler() {
      return { raw: { contentType: 'text/csv; charset=utf-8', data: source() } };
    },
  });
}

let server: Server;
let base: string;

beforeAll(async () => {
  const logger = pino({ level: 'debug' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
  const app = createHttpApp({
    routes: [
      csvRoute('/waits', async function* () {
        try {
          yield 'first;row\r\n';
          await gate.release.promise;
          yield 'second;row\r\n';
          gate.sourceDone = true;
        } finally {
          gate.sourceStopped.resolve();
        }
      }),
      csvRoute('/refused', async function* () {
        throw new ApplicationError('LIST_TOO_LONG', { limit: 1000 });
        yield '';
      }),
      csvRoute('/breaks', async function* () {
        yield 'first;row\r\n';
        throw new Error('the store went away');
      }),
      csvRoute('/endless', async function* () {
        try {
          for (let i = 0; ; i++) yield `${'x'.repeat(1000)};${i}\r\n`;
        } finally {
          endless.stopped.resolve();
        }
      }),
    ],
    auth: {} as AuthService,
    idempotency: {} as IdempotencyKeys,
    projections: {} as ProjectionRunner,
    errors: new ErrorPresenter(ASSEMBLY.errors, ASSEMBLY.translator),
    errorCodes: ASSEMBLY.errors.codes(),
    logger,
    metrics: new PlatformMetrics({ replica: 'test', role: 'all' }),
    readYourWritesTimeoutMs: 100,
  });
  server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const endless = { stopped: deferred() };

describe('Given a route answering with an async iterable', () => {
  it('When the source has produced its first chunk only, then the client already reads it, and the rest follows', async () => {
    const response = await fetch(`${base}/waits`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('first;row\r\n');
    expect(gate.sourceDone).toBe(false);
    gate.release.resolve();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value);
    expect(rest).toBe('second;row\r\n');
    expect(gate.sourceDone).toBe(true);
  });

  it('When the source fails before its first chunk, then the answer is the error, with its status and translated message', async () => {
    const response = await fetch(`${base}/refused`, { headers: { 'Accept-Language': 'de-DE' } });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe('LIST_TOO_LONG');
    expect(body.message).toContain('1000');
    expect(response.headers.get('content-language')).toBe('de-DE');
  });

  it('When the source fails part-way, then the answer is cut short (the client sees an incomplete download) and the failure is logged', async () => {
    const response = await fetch(`${base}/breaks`);
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
    await expect.poll(() => logged.some((entry) => entry.msg === 'streamed answer failed part-way' && entry.level === 50)).toBe(true);
  });

  it('When the client leaves, then the source is stopped (its reads stop too)', async () => {
    const controller = new AbortController();
    const response = await fetch(`${base}/endless`, { signal: controller.signal });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    controller.abort();
    await expect(endless.stopped.promise).resolves.toBeUndefined();
  });
});
