import { randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/test-platform.js';
import { PARIS } from '../support/buyback-fixtures.js';
import { createStoreBuyback, expectOk } from '../support/api-helpers.js';
import { freePort, killHard, loginTo, startServer } from '../support/server-process.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { identificationNumberFrom } from '../../domain/values/identification-number.js';


/** Beats every second, interrupted after 5 s without one (20 s by default): the crash is seen sooner. */
const JOB_ENV = { SEED_DEMO_ACTIVITY: 'false', JOB_HEARTBEAT_MS: '1000', JOB_STALE_MS: '5000' };
/**
 * Large lists of codes are verified as jobs, off the request path, and the
 * server keeps answering while they run. Against the real server in its own
 * process (what `npm start` runs), over HTTP: twenty lists of 10,000 codes
 * sent at once, and GET /api/health timed all along.
 *
 * The thresholds: on main before this work, one such list held the event
 * loop 3.6 s and twenty held GET /api/health 3.7 s. The target is 50 ms; the
 * machine has two cores shared with other test runs, so the test asserts the
 * p95 under 50 ms and the maximum under 300 ms (measured here: p95 of a few
 * ms, maximum some tens of ms).
 */

const LISTS = 20;
const CODES = 10_000;
const HEALTH_P95_MS = 50;
const HEALTH_MAX_MS = 300;

let dataDir: string;
let server: ChildProcess | null = null;
let base: string;
let operator: ApiClient;
let transit: string[];
let inTransitBefore: number;

/** A valid 13-digit code no item has: `29`, the list's number, a counter. */
const unknownCode = (list: number, index: number) => identificationNumberFrom(`29${String(list).padStart(2, '0')}${String(index).padStart(8, '0')}`);

function list(number: number): { codes: string[]; known: string } {
  const known = transit[number % transit.length] as string;
  const codes: string[] = Array.from({ length: CODES - 1 }, (_, index) => unknownCode(number, index));
  codes.splice(number * 97, 0, known);
  return { codes, known };
}

const body = (codes: string[], fileName: string) => ({ scope: 'in_transit', fileName, content: ['code', ...codes].join('\n') });

async function finished(client: ApiClient, id: string, timeoutMs = 60_000): Promise<Record<string, any>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await expectOk(client.get(`/verifications/jobs/${id}`));
    if (job.status === 'done' || job.status === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${job.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)] as number;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tradein-verification-jobs-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = await startServer(port, dataDir, JOB_ENV);
  const seller = await loginTo(base, 'seller@demo.test');
  operator = await loginTo(base, 'warehouse@demo.test', 'rps');
  transit = [];
  for (let i = 0; i < 3; i++) {
    const buyback = await createStoreBuyback(seller, PARIS);
    await expectOk(seller.post(`/buybacks/${buyback.id}/ship`, {}));
    transit.push(buyback.identificationNumber);
  }
  inTransitBefore = (await expectOk(operator.get('/items?status[]=item_in_transit&itemsPerPage=1'))).totalItems as number;
}, 120_000);

afterAll(async () => {
  if (server) await killHard(server);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('Given twenty lists of 10,000 codes sent at once', () => {
  const jobs: Array<{ id: string; known: string; fileName: string }> = [];
  const healthMs: number[] = [];
  const quietMs: number[] = [];
  const progressSeen: number[] = [];

  beforeAll(async () => {
    const lists = Array.from({ length: LISTS }, (_, n) => ({ ...list(n), fileName: `liste-${n}.csv` }));
    // A server that has served requests: one list verified first, so code compiled on first use is not what is timed.
    const warmUp = await operator.post('/verifications', body(list(LISTS).codes, 'rodage.csv'));
    expect((await finished(operator, warmUp.body.id)).status).toBe('done');
    let running = true;
    const timeHealth = async (into: number[], until: () => boolean) => {
      while (!until()) {
        const started = performance.now();
        const answer = await fetch(`${base}/api/health`);
        await answer.text();
        into.push(performance.now() - started);
        // Where a slow answer fell (while the POSTs were being answered, or the jobs ran): for whoever reads a failure.
        if (into === healthMs && into.at(-1)! > 150) console.log(`slow health: ${into.at(-1)!.toFixed(0)} ms, ${(started - t0).toFixed(0)} ms after the lists were sent (${Number.isNaN(posted) ? 'before' : 'after'} their 202s)`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    // The machine's own noise, for the report: the same calls with nothing running.
    const quietUntil = Date.now() + 3_000;
    await timeHealth(quietMs, () => Date.now() > quietUntil);
    const t0 = performance.now();
    let posted = Number.NaN;
    const health = timeHealth(healthMs, () => !running);
    const started = await Promise.all(lists.map((l) => operator.post('/verifications', body(l.codes, l.fileName))));
    posted = performance.now() - t0;
    for (const [n, answer] of started.entries()) {
      expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(202);
      jobs.push({ id: answer.body.id, known: lists[n]!.known, fileName: lists[n]!.fileName });
    }
    for (const job of jobs) {
      for (;;) {
        const seen = await expectOk(operator.get(`/verifications/jobs/${job.id}`));
        if (seen.status === 'running' && seen.progress.done > 0 && seen.progress.done < seen.progress.total) progressSeen.push(seen.progress.done);
        if (seen.status === 'done' || seen.status === 'failed') break;
        // Often: on a quiet machine a job runs in a few hundred milliseconds, and its progress is to be seen part-way.
        await new Promise((resolve) => setTimeout(resolve, seen.status === 'running' ? 10 : 50));
      }
    }
    running = false;
    await health;
  }, 240_000);

  it(`Then GET /api/health answered all along: p95 under ${HEALTH_P95_MS} ms, maximum under ${HEALTH_MAX_MS} ms (beyond the machine's own noise)`, () => {
    const p95 = percentile(healthMs, 95);
    const max = Math.max(...healthMs);
    // On a machine other runs load (two cores), the same calls with nothing running can already miss the budget:
    // the budget then stands above that noise, never below the target.
    const quietP95 = percentile(quietMs, 95);
    const quietMax = Math.max(...quietMs);
    console.log(`health with nothing running: ${quietMs.length} calls, p50 ${percentile(quietMs, 50).toFixed(1)} ms, p95 ${percentile(quietMs, 95).toFixed(1)} ms, max ${Math.max(...quietMs).toFixed(1)} ms`);
    console.log(`health while ${LISTS} × ${CODES} codes ran: ${healthMs.length} calls, p50 ${percentile(healthMs, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${percentile(healthMs, 99).toFixed(1)} ms, max ${max.toFixed(1)} ms`);
    expect(healthMs.length).toBeGreaterThan(100);
    expect(p95).toBeLessThan(Math.max(HEALTH_P95_MS, quietP95 + 20));
    expect(max).toBeLessThan(Math.max(HEALTH_MAX_MS, quietMax + 200));
  });

  it('Then a job was seen running part-way, its progress counted in rows of the file', () => {
    expect(progressSeen.length).toBeGreaterThan(0);
  });

  it('Then every report is right: its one parcel in transit matched, the others missing, 9,999 codes unexpected', async () => {
    for (const job of jobs) {
      const done = await expectOk(operator.get(`/verifications/jobs/${job.id}`));
      expect(done).toMatchObject({ id: job.id, kind: 'verification', status: 'done', progress: { done: CODES, total: CODES }, error: null });
      expect(done.result).toMatchObject({
        id: job.id,
        fileName: job.fileName,
        warehouseId: DEMO_IDS.warehouses.demo,
        codesRead: CODES,
        matched: { count: 1, codes: [job.known] },
        missing: { count: inTransitBefore - 1 },
        unexpected: { count: CODES - 1 },
      });
      expect(done.result.missing.codes).not.toContain(job.known);
      expect(done.result.unexpected.codes).toHaveLength(1_000);
      // The report the job gave is the one recorded.
      expect(await expectOk(operator.get(`/verifications/${job.id}`))).toEqual(done.result);
    }
  });

  it('Then another tenant’s warehouse operator cannot see any of the jobs: 404 JOB_NOT_FOUND, as for an id that exists nowhere; platform staff can', async () => {
    const stranger = await loginTo(base, 'warehouse@other.test', 'rps');
    for (const job of jobs) {
      const answer = await stranger.get(`/verifications/jobs/${job.id}`);
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe('JOB_NOT_FOUND');
    }
    const nowhere = await stranger.get(`/verifications/jobs/${randomUUID()}`);
    expect(nowhere.status).toBe(404);
    expect(nowhere.body.code).toBe('JOB_NOT_FOUND');
    const admin = await loginTo(base, 'admin@demo.test');
    expect((await expectOk(admin.get(`/verifications/jobs/${jobs[0]!.id}`))).status).toBe('done');
  });
});

describe('Given a large list sent with an Idempotency-Key', () => {
  it('When it is sent again with the same key, then the first answer (202, the same job) comes back and one report is recorded', async () => {
    const key = randomUUID();
    const { codes } = list(30);
    const first = await operator.post('/verifications', body(codes, 'relance.csv'), { 'Idempotency-Key': key });
    expect(first.status).toBe(202);
    const again = await operator.post('/verifications', body(codes, 'relance.csv'), { 'Idempotency-Key': key });
    expect(again.status).toBe(202);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get('location')).toBe(`/api/verifications/jobs/${first.body.id}`);
    expect((await finished(operator, first.body.id)).status).toBe('done');
    const listed = await expectOk(operator.get('/verifications?itemsPerPage=100'));
    expect(listed.items.filter((v: { fileName: string }) => v.fileName === 'relance.csv')).toHaveLength(1);
  }, 60_000);
});

describe('Given a large list with a malformed code on its 700th line', () => {
  it('When it is verified, then its job fails with VERIFICATION_CODE_INVALID, the line and the value, in the caller’s language, and nothing is recorded', async () => {
    const codes = list(31).codes;
    codes[698] = 'ABC-12';
    const started = await operator.post('/verifications', body(codes, 'abimee.csv'), { 'Accept-Language': 'en-GB' });
    expect(started.status).toBe(202);
    const res = await operator.request('GET', `/verifications/jobs/${started.body.id}`, undefined, { 'Accept-Language': 'de-DE' });
    expect(res.status).toBe(200);
    const job = await finished(operator, started.body.id);
    expect(job).toMatchObject({ status: 'failed', result: null, error: { code: 'VERIFICATION_CODE_INVALID', details: { line: 700, value: 'ABC-12' } } });
    expect(job.error.message.length).toBeGreaterThan(0);
    const german = await operator.request('GET', `/verifications/jobs/${started.body.id}`, undefined, { 'Accept-Language': 'de-DE' });
    expect(german.body.error.message).not.toBe(job.error.message);
    expect((await operator.get(`/verifications/${started.body.id}`)).status).toBe(404);
  }, 60_000);

  it('When it has 10,001 rows, then it is refused at once (422 VERIFICATION_FILE_TOO_LARGE) and no job starts', async () => {
    const answer = await operator.post('/verifications', body([...list(32).codes, unknownCode(32, 99_999)], 'trop.csv'));
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('VERIFICATION_FILE_TOO_LARGE');
  });
});

describe('Given a warehouse user naming a warehouse other than their own', () => {
  it.each([
    ['another warehouse of their tenant', DEMO_IDS.warehouses.demoLyon],
    ['another tenant’s warehouse', DEMO_IDS.warehouses.other],
  ])('When it is %s, then it answers 403 WAREHOUSE_NOT_ALLOWED and nothing is recorded', async (_, warehouseId) => {
    const before = (await expectOk(operator.get('/verifications?itemsPerPage=1'))).totalItems;
    const answer = await operator.post('/verifications', { ...body([transit[0]!], 'ailleurs.csv'), warehouseId }, { 'Accept-Language': 'fr-FR' });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: 'WAREHOUSE_NOT_ALLOWED', details: { warehouseId } });
    expect(answer.headers.get('content-language')).toBe('fr-FR');
    expect((await expectOk(operator.get('/verifications?itemsPerPage=1'))).totalItems).toBe(before);
  });

  it('When it names their own, then the verification is made', async () => {
    const answer = await operator.post('/verifications', { ...body([transit[0]!], 'chez-moi.csv'), warehouseId: DEMO_IDS.warehouses.demo });
    expect(answer.status).toBe(201);
  });
});

describe('Given a server killed while large verifications run', () => {
  it('When it is started again, then a job left queued or running is failed JOB_INTERRUPTED (send the file again), and nothing half-done is recorded', async () => {
    const started = await Promise.all([34, 35, 36].map((n) => operator.post('/verifications', body(list(n).codes, `coupure-${n}.csv`))));
    for (const answer of started) expect(answer.status).toBe(202);
    await killHard(server!);
    server = await startServer(Number(new URL(base).port), dataDir, JOB_ENV);
    operator = await loginTo(base, 'warehouse@demo.test', 'rps');
    // Their heartbeat stopped with the process: a sweep (every beat, 1 s here) fails them once 5 s have passed without one.
    const outcomes = await Promise.all(started.map((answer) => finished(operator, answer.body.id, 60_000)));
    const interrupted = outcomes.filter((job) => job.status === 'failed');
    expect(interrupted.length).toBeGreaterThan(0);
    for (const job of interrupted) {
      expect(job).toMatchObject({ result: null, error: { code: 'JOB_INTERRUPTED' } });
      expect((await operator.get(`/verifications/${job.id}`)).status).toBe(404);
    }
  }, 120_000);
});
