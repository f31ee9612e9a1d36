import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../infrastructure/logger.js';
import { serveMetrics } from '../../infrastructure/observability/metrics-server.js';
import { DEMO_PASSWORD } from '../../infrastructure/seed/demo-data.js';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';

/** Every line the platform logs, as written. */
const lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});
const requestLines = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === 'request' || entry.msg === 'request failed');

/** The value of one series in a Prometheus exposition, or null when absent. */
function series(text: string, name: string, labels: Record<string, string>): number | null {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const labelPart = line.slice(name.length + 1, line.lastIndexOf('}'));
    if (wanted.every((pair) => labelPart.split(',').includes(pair))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return null;
}

let t: TestPlatform;
let seller: ApiClient;
let admin: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform({ replica: 'replica-a', loginMaxFailuresPerAccount: 2 }, { logger: createLogger('info', sink) });
  seller = await t.login('seller@demo.test');
  admin = await t.login('admin@demo.test');
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe('Given the access log', () => {
  it('When a user lists buybacks searching for a customer, then one line says who, which route, how it ended and how long it took, and nothing of the search', async () => {
    const me = await seller.get('/me');
    const answer = await seller.get('/buybacks?customerName=Jeanne%20Dupond-Lemaire', { 'X-Correlation-Id': 'trace-4242' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-correlation-id')).toBe('trace-4242');

    const line = requestLines().find((entry) => entry.correlationId === 'trace-4242');
    expect(line).toMatchObject({
      level: 30,
      method: 'GET',
      route: '/buybacks',
      operation: 'listBuybacks',
      status: 200,
      userId: me.body.id,
      accountId: me.body.account.id,
      replica: 'replica-a',
      role: 'all',
    });
    expect(typeof line?.ms).toBe('number');
    expect(lines.join('\n')).not.toContain('Dupond');
  });

  it('When a request has no correlation id, then the one it is given is in its answer and in its line', async () => {
    const answer = await seller.get('/buybacks?itemsPerPage=5');
    const id = answer.headers.get('x-correlation-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestLines().filter((entry) => entry.correlationId === id)).toHaveLength(1);
  });

  it('When someone logs in, or calls a path that names a person, then neither the e-mail, the password nor the path reach the log', async () => {
    await t.api.post('/login', { email: 'manager@demo.test', password: DEMO_PASSWORD });
    const unknown = await seller.get('/nowhere/jeanne.dupond%40example.com');
    expect(unknown.status).toBe(404);

    expect(requestLines().some((entry) => entry.route === '/login' && entry.status === 200 && entry.method === 'POST')).toBe(true);
    expect(requestLines().find((entry) => entry.correlationId === unknown.headers.get('x-correlation-id'))).toMatchObject({ route: 'unmatched', status: 404 });
    const all = lines.join('\n');
    for (const secret of ['manager@demo.test', DEMO_PASSWORD, 'jeanne', 'nowhere', '127.0.0.1']) expect(all).not.toContain(secret);
  });
});

describe('Given the metrics', () => {
  it('When a monitoring user reads them, then requests per route template, command outcomes, throttle refusals and the background lag are there', async () => {
    await seller.get('/buybacks');
    const refused = await seller.post('/store/not-a-uuid/buybacks', {});
    expect(refused.status).toBeGreaterThanOrEqual(400);
    for (let attempt = 0; attempt < 4; attempt += 1) await t.api.post('/login', { email: 'warehouse@demo.test', password: 'wrong password' });

    const answer = await admin.get('/metrics');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain');
    const text = String(answer.body);
    expect(series(text, 'http_requests_total', { method: 'GET', route: '/buybacks', status: '200', replica: 'replica-a', role: 'all' })).toBeGreaterThanOrEqual(3);
    expect(series(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/buybacks', replica: 'replica-a', role: 'all' })).toBeGreaterThanOrEqual(3);
    expect(series(text, 'http_request_duration_seconds_bucket', { method: 'GET', route: '/buybacks', le: '+Inf' })).toBeGreaterThanOrEqual(3);
    expect(series(text, 'command_outcomes_total', { operation: 'login', outcome: 'accepted' })).toBeGreaterThanOrEqual(3);
    expect(series(text, 'command_outcomes_total', { operation: 'login', outcome: 'refused' })).toBeGreaterThanOrEqual(3);
    expect(series(text, 'throttle_refusals_total', { route: '/login' })).toBeGreaterThanOrEqual(1);
    expect(series(text, 'projection_lag_events', { projection: 'buybacks' })).toBe(0);
    expect(text).toMatch(/^process_manager_lag_events\{manager="[^"]+"/m);
    expect(text).toMatch(/^worker_backlog\{worker="[^"]+"/m);
    expect(text).toMatch(/^event_store_last_position\{[^}]*\} [1-9]/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total/m);
    // A path never becomes a series: only templates.
    expect(text).not.toContain('not-a-uuid');
  });

  it('When someone without platform.monitor asks, then they are refused', async () => {
    expect((await seller.get('/metrics')).status).toBe(403);
    expect((await t.api.get('/metrics')).status).toBe(401);
  });

  it('When they are served on a port of their own, then GET /metrics answers the same text there and nothing else does', async () => {
    const server = serveMetrics(t.platform.metrics, 0, t.platform.logger);
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const metrics = await fetch(`${base}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toMatch(/^http_request_duration_seconds_count\{/m);
      expect((await fetch(`${base}/`)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});
