/**
 * POST /api/store/{storeId}/buybacks on the real platform under autocannon,
 * against an Express 5 hello-world POST in the same process with the same
 * autocannon settings, run just before.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import express from 'express';
import { loadConfig } from '../infrastructure/config.js';
import { createPlatform } from '../infrastructure/container.js';
import { createLogger } from '../infrastructure/logger.js';
import { MemoryMailer } from '../infrastructure/mail/mailers.js';
import { DEMO_PASSWORD } from '../infrastructure/seed/demo-data.js';
import { SqliteEventStore } from '../infrastructure/event-store/sqlite-event-store.js';
import { BUYBACKS_COLLECTION } from '../projections/buybacks/projection.js';
import { ApiClient } from '../tests/support/test-platform.js';
import { creationBody, PARIS } from '../tests/support/buyback-fixtures.js';
import { log, maxRssMb, round, RssSampler, tempDir, type BenchResult } from './support.js';

const CONNECTIONS = 10;
const DURATION_S = 10;
const WARMUP_S = 2;
const TARGET_RATIO = 0.25;

function listen(app: express.Express): Promise<{ server: Server; url: string }> {
  return new Promise((resolve, reject) => {
    const server = app.listen(0, '127.0.0.1', (error?: Error) => {
      if (error) reject(error);
      else resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    });
  });
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

function load(url: string, headers: Record<string, string>, body: string, duration: number): Promise<autocannon.Result> {
  return autocannon({ url, method: 'POST', headers, body, connections: CONNECTIONS, duration });
}

function groupCommitStats(eventStore: unknown) {
  return eventStore instanceof SqliteEventStore ? eventStore.groupCommitStats : null;
}

export async function httpCreateBuyback(): Promise<BenchResult> {
  const rss = new RssSampler();
  const dir = tempDir('http');
  try {
    // The real platform, configured as in production by default (SQLite, synchronous=FULL).
    // BENCH_SQLITE_SYNCHRONOUS (diagnostics only) overrides the platform default, as SQLITE_SYNCHRONOUS would.
    const synchronous = process.env.BENCH_SQLITE_SYNCHRONOUS;
    const config = loadConfig({ DATA_DIR: dir.path, LOG_LEVEL: 'silent', ...(synchronous ? { SQLITE_SYNCHRONOUS: synchronous } : {}) });
    const platform = await createPlatform(config, { logger: createLogger('silent'), mailer: new MemoryMailer() });
    const { server: platformServer, url: platformUrl } = await listen(platform.app);
    log(`platform seeded and listening on ${platformUrl} (SQLite synchronous=${config.eventStore.kind === 'sqlite' ? config.eventStore.synchronous : '?'})`);

    const anonymous = new ApiClient(platformUrl);
    const login = await anonymous.post('/login', { email: 'seller@demo.test', password: DEMO_PASSWORD });
    if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
    const seller = new ApiClient(platformUrl, login.body.token as string);
    const body = JSON.stringify(await creationBody(seller, { paymentType: 'bank_transfer' }));
    const probe = await seller.post(`/store/${PARIS}/buybacks`, body);
    if (probe.status !== 201) throw new Error(`probe create: ${probe.status} ${JSON.stringify(probe.body)}`);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${seller.token}` };
    const createUrl = `${platformUrl}/api/store/${PARIS}/buybacks`;

    // Baseline: the hello world, same process, same settings, same body, right before.
    const hello = express();
    hello.post('/x', express.json(), (_req, res) => {
      res.status(201).json({ ok: true });
    });
    const { server: helloServer, url: helloUrl } = await listen(hello);
    log(`hello world: ${WARMUP_S} s warm-up, then ${DURATION_S} s × ${CONNECTIONS} connections`);
    await load(`${helloUrl}/x`, headers, body, WARMUP_S);
    rss.sample();
    const baseline = await load(`${helloUrl}/x`, headers, body, DURATION_S);
    rss.sample();
    await close(helloServer);

    log(`create buyback: ${WARMUP_S} s warm-up, then ${DURATION_S} s × ${CONNECTIONS} connections`);
    const warmup = await load(createUrl, headers, body, WARMUP_S);
    rss.sample();
    const commitsBefore = groupCommitStats(platform.eventStore);
    const result = await load(createUrl, headers, body, DURATION_S);
    rss.sample();
    const commitsAfter = groupCommitStats(platform.eventStore);
    const appends = commitsAfter && commitsBefore ? commitsAfter.appends - commitsBefore.appends : null;
    const commits = commitsAfter && commitsBefore ? commitsAfter.commits - commitsBefore.commits : null;

    const buybacks = await platform.documents.collection(BUYBACKS_COLLECTION).count({});
    const expected = 1 + warmup['2xx'] + result['2xx'];
    await close(platformServer);
    await platform.close();

    const value = result.requests.average;
    const base = baseline.requests.average;
    const ratio = value / base;
    const clean = result.non2xx === 0 && result.errors === 0 && result.timeouts === 0 && warmup.non2xx === 0;
    log(`creates ${round(value, 0)}/s vs hello ${round(base, 0)}/s; non-2xx ${result.non2xx}; ${buybacks} buybacks in the read model (expected ${expected})`);
    return {
      name: 'http-create-buyback',
      metric: 'requests/s, POST /api/store/{id}/buybacks',
      value: round(value, 1),
      baseline: round(base, 1),
      ratio: round(ratio, 3),
      target: `≥ ${TARGET_RATIO * 100}% of hello-world req/s, 0 non-2xx`,
      pass: ratio >= TARGET_RATIO && clean,
      details: {
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        meanMs: round(result.latency.average, 2),
        maxMs: result.latency.max,
        requests2xx: result['2xx'],
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
        warmupNon2xx: warmup.non2xx,
        helloP50Ms: baseline.latency.p50,
        helloP99Ms: baseline.latency.p99,
        helloRequests: baseline.requests.total,
        buybacksInReadModel: buybacks,
        buybacksAnswered2xx: expected,
        inFlightWhenAutocannonStopped: buybacks - expected,
        sqliteSynchronous: config.eventStore.kind === 'sqlite' ? config.eventStore.synchronous : 'n/a',
        eventStoreAppends: appends,
        eventStoreCommits: commits,
        appendsPerCommit: appends !== null && commits ? round(appends / commits, 2) : null,
        largestCommitGroup: commitsAfter?.largestGroup ?? null,
        settings: `autocannon ${CONNECTIONS} connections, ${DURATION_S} s (after ${WARMUP_S} s warm-up), same process as the servers, no Idempotency-Key, body ${Buffer.byteLength(body)} bytes`,
        path:
          'each create: session lookup, catalogue estimate and options (reference data from the in-memory reference cache), customer validation, AES-GCM seal, then one atomic append of the identification-number reservation and BuybackRegistered, group-committed with the other requests of the same event-loop turn (one commit, one fsync under synchronous=FULL, per group), then a read-model wait (read-your-own-writes) until the projection runner has applied the event; argon2 is not on this path (login happens once)',
        peakRssMb: rss.stop(),
        maxRssMb: maxRssMb(),
      },
    };
  } finally {
    rss.stop();
    dir.remove();
  }
}
