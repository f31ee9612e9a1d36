/**
 * The health check while large imports run (issue 18: "npm run bench adds
 * the health check's p99 while twenty 10,000-code verifications run (target
 * under 50 ms)"). The real server in its own process (what `npm start`
 * runs, so the client's work never shares its event loop), seeded, three
 * parcels shipped to the demo warehouse. One list is verified first (a
 * server that has served requests). Then GET /api/health is timed for a few
 * seconds with nothing running (the baseline: the machine's own noise),
 * and again from the moment twenty lists of 10,000 codes are sent at once
 * (POST /verifications: each answers 202, its job) until every job is done;
 * every report is checked (its one parcel matched, 9,999 codes unexpected).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { identificationNumberFrom } from '../domain/values/identification-number.js';
import { createStoreBuyback } from '../tests/support/api-helpers.js';
import { PARIS } from '../tests/support/buyback-fixtures.js';
import { freePort, killHard, loginTo, startServer } from '../tests/support/server-process.js';
import type { ApiClient } from '../tests/support/test-platform.js';
import { log, percentile, round, type BenchResult } from './support.js';

const LISTS = 20;
const CODES = 10_000;
const QUIET_MS = 5_000;
const TARGET_P99_MS = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** List `n`: 9,999 valid codes no item has, and one parcel in transit. */
function list(n: number, known: string): string {
  const codes: string[] = Array.from({ length: CODES - 1 }, (_, i) => identificationNumberFrom(`29${String(n).padStart(2, '0')}${String(i).padStart(8, '0')}`));
  codes.splice(n * 97, 0, known);
  return ['code', ...codes].join('\n');
}

async function timeHealth(base: string, into: number[], stop: () => boolean): Promise<void> {
  while (!stop()) {
    const started = performance.now();
    await (await fetch(`${base}/api/health`)).text();
    into.push(performance.now() - started);
    await sleep(5);
  }
}

async function finished(client: ApiClient, id: string): Promise<Record<string, any>> {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const job = await client.get(`/verifications/jobs/${id}`);
    if (job.status !== 200) throw new Error(`job ${id}: ${job.status} ${JSON.stringify(job.body)}`);
    if (job.body.status === 'done' || job.body.status === 'failed') return job.body;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${job.body.status}`);
    await sleep(200);
  }
}

const stats = (values: number[]) => ({ p50: round(percentile(values, 50), 1), p95: round(percentile(values, 95), 1), p99: round(percentile(values, 99), 1), max: round(Math.max(...values), 1) });

export async function verificationJobs(): Promise<BenchResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tradein-bench-verification-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(port, dataDir, { SEED_DEMO_ACTIVITY: 'false' });
  try {
    const seller = await loginTo(base, 'seller@demo.test');
    const operator = await loginTo(base, 'warehouse@demo.test', 'rps');
    const transit: string[] = [];
    for (let i = 0; i < 3; i++) {
      const buyback = await createStoreBuyback(seller, PARIS);
      await seller.post(`/buybacks/${buyback.id}/ship`, {});
      transit.push(buyback.identificationNumber);
    }
    const send = (n: number, known: string) => operator.post('/verifications', { scope: 'in_transit', fileName: `liste-${n}.csv`, content: list(n, known) });
    const warmUp = await send(LISTS, transit[0] as string);
    if (warmUp.status !== 202) throw new Error(`warm-up: ${warmUp.status} ${JSON.stringify(warmUp.body).slice(0, 300)}`);
    await finished(operator, warmUp.body.id);

    const quiet: number[] = [];
    const quietUntil = Date.now() + QUIET_MS;
    await timeHealth(base, quiet, () => Date.now() > quietUntil);

    const loaded: number[] = [];
    let running = true;
    const health = timeHealth(base, loaded, () => !running);
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: LISTS }, (_, n) => send(n, transit[n % transit.length] as string)));
    const postedMs = performance.now() - started;
    for (const answer of answers) if (answer.status !== 202) throw new Error(`POST /verifications: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
    const jobs = [];
    for (const answer of answers) jobs.push(await finished(operator, answer.body.id));
    const allDoneMs = performance.now() - started;
    running = false;
    await health;

    jobs.forEach((job, n) => {
      const report = job.result;
      const right = job.status === 'done' && report?.codesRead === CODES && report.matched.count === 1 && report.matched.codes[0] === transit[n % transit.length] && report.unexpected.count === CODES - 1;
      if (!right) throw new Error(`list ${n}: wrong report ${JSON.stringify(job).slice(0, 400)}`);
    });
    const during = stats(loaded);
    const before = stats(quiet);
    log(`health while ${LISTS} × ${CODES} codes ran (${(allDoneMs / 1000).toFixed(1)} s): p50 ${during.p50}, p95 ${during.p95}, p99 ${during.p99}, max ${during.max} ms; quiet p99 ${before.p99} ms`);
    return {
      name: 'verification-jobs',
      metric: `p99 ms, GET /api/health while ${LISTS} verifications of ${CODES.toLocaleString('en-US')} codes run (POST /verifications, each a job)`,
      value: during.p99,
      baseline: before.p99,
      ratio: round(during.p99 / before.p99, 2),
      target: `under ${TARGET_P99_MS} ms (absolute); baseline = the same calls with nothing running, context only`,
      pass: during.p99 < TARGET_P99_MS,
      details: {
        healthCalls: loaded.length,
        healthP50Ms: during.p50,
        healthP95Ms: during.p95,
        healthP99Ms: during.p99,
        healthMaxMs: during.max,
        quietCalls: quiet.length,
        quietP95Ms: before.p95,
        quietP99Ms: before.p99,
        quietMaxMs: before.max,
        postsAnsweredMs: round(postedMs, 0),
        allReportsMs: round(allDoneMs, 0),
        reportsChecked: jobs.length,
        what: 'the server in its own process; every POST answered 202 with its job, every job done with the right report',
      },
    };
  } finally {
    await killHard(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
