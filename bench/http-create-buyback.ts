/**
 * POST /api/store/{storeId}/buybacks on the real platform under autocannon,
 * against an Express 5 hello-world POST in the same process with the same
 * autocannon settings, run just before.
 *
 * Throughput is capacity: each server's peak over the same sweep of
 * concurrency levels (10, 50, 100 connections), the ratio comparing the two
 * peaks. One fixed level would compare a saturated hello-world with a create
 * path that, at 10 connections, still waits on its commits a fifth of the
 * time (the group commit holds the clients in lockstep), and so measure its
 * latency rather than its capacity. Every level's rate, p50 and p99 are
 * reported, the 10-connection ratio included.
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
import { BUYBACKS_COLLECTION } from '../application/buybacks/read-models.js';
import { ApiClient } from '../tests/support/test-platform.js';
import { creationBody, PARIS } from '../tests/support/buyback-fixtures.js';
import { log, maxRssMb, round, RssSampler, tempDir, type BenchResult } from './support.js';

const CONNECTION_LEVELS = [10, 50, 100] as const;
const DURATION_S = 8;
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

function load(url: string, headers: Record<string, string>, body: string, duration: number, connections: number): Promise<autocannon.Result> {
  return autocannon({ url, method: 'POST', headers, body, connections, duration });
}

interface Level {
  connections: number;
  result: autocannon.Result;
}

/** A warm-up, then every concurrency level in turn; returns each level's result. */
async function sweep(url: string, headers: Record<string, string>, body: string, rss: RssSampler): Promise<{ warmup: autocannon.Result; levels: Level[] }> {
  const warmup = await load(url, headers, body, WARMUP_S, CONNECTION_LEVELS[0]);
  const levels: Level[] = [];
  for (const connections of CONNECTION_LEVELS) {
    levels.push({ connections, result: await load(url, headers, body, DURATION_S, connections) });
    rss.sample();
  }
  return { warmup, levels };
}

function peak(levels: readonly Level[]): Level {
  return levels.reduce((best, level) => (level.result.requests.average > best.result.requests.average ? level : best));
}

function levelSummary(level: Level): string {
  const { result } = level;
  return `${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`;
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
    log(`hello world: ${WARMUP_S} s warm-up, then ${DURATION_S} s at each of ${CONNECTION_LEVELS.join(', ')} connections`);
    const hellos = (await sweep(`${helloUrl}/x`, headers, body, rss)).levels;
    await close(helloServer);

    log(`create buyback: ${WARMUP_S} s warm-up, then ${DURATION_S} s at each of ${CONNECTION_LEVELS.join(', ')} connections`);
    const commitsBefore = groupCommitStats(platform.eventStore);
    const { warmup, levels: creates } = await sweep(createUrl, headers, body, rss);
    const commitsAfter = groupCommitStats(platform.eventStore);
    const appends = commitsAfter && commitsBefore ? commitsAfter.appends - commitsBefore.appends : null;
    const commits = commitsAfter && commitsBefore ? commitsAfter.commits - commitsBefore.commits : null;

    const buybacks = await platform.documents.collection(BUYBACKS_COLLECTION).count({});
    const expected = 1 + warmup['2xx'] + creates.reduce((sum, level) => sum + level.result['2xx'], 0);
    await close(platformServer);
    await platform.close();

    const best = peak(creates);
    const bestHello = peak(hellos);
    const result = best.result;
    const value = result.requests.average;
    const base = bestHello.result.requests.average;
    const ratio = value / base;
    const clean = warmup.non2xx === 0 && creates.every(({ result: r }) => r.non2xx === 0 && r.errors === 0 && r.timeouts === 0);
    const atTen = (creates[0] as Level).result.requests.average / (hellos[0] as Level).result.requests.average;
    log(`peak creates ${round(value, 0)}/s (${best.connections} connections) vs peak hello ${round(base, 0)}/s (${bestHello.connections}); at 10 connections ${round(atTen, 3)}; ${buybacks} buybacks in the read model (expected ${expected})`);
    return {
      name: 'http-create-buyback',
      metric: 'peak requests/s, POST /api/store/{id}/buybacks (sweep of 10/50/100 connections)',
      value: round(value, 1),
      baseline: round(base, 1),
      ratio: round(ratio, 3),
      target: `peak ≥ ${TARGET_RATIO * 100}% of hello-world peak req/s, 0 non-2xx`,
      pass: ratio >= TARGET_RATIO && clean,
      details: {
        peakConnections: best.connections,
        helloPeakConnections: bestHello.connections,
        ratioAt10Connections: round(atTen, 3),
        ...Object.fromEntries(creates.map((level) => [`create${level.connections}`, levelSummary(level)])),
        ...Object.fromEntries(hellos.map((level) => [`hello${level.connections}`, levelSummary(level)])),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        meanMs: round(result.latency.average, 2),
        maxMs: result.latency.max,
        requests2xx: creates.reduce((sum, level) => sum + level.result['2xx'], 0),
        non2xx: creates.reduce((sum, level) => sum + level.result.non2xx, 0),
        errors: creates.reduce((sum, level) => sum + level.result.errors, 0),
        timeouts: creates.reduce((sum, level) => sum + level.result.timeouts, 0),
        warmupNon2xx: warmup.non2xx,
        helloP50Ms: bestHello.result.latency.p50,
        helloP99Ms: bestHello.result.latency.p99,
        helloRequests: bestHello.result.requests.total,
        buybacksInReadModel: buybacks,
        buybacksAnswered2xx: expected,
        inFlightWhenAutocannonStopped: buybacks - expected,
        sqliteSynchronous: config.eventStore.kind === 'sqlite' ? config.eventStore.synchronous : 'n/a',
        eventStoreAppends: appends,
        eventStoreCommits: commits,
        appendsPerCommit: appends !== null && commits ? round(appends / commits, 2) : null,
        largestCommitGroup: commitsAfter?.largestGroup ?? null,
        settings: `autocannon at ${CONNECTION_LEVELS.join(', ')} connections, ${DURATION_S} s each (after ${WARMUP_S} s warm-up), same process as the servers, no Idempotency-Key, body ${Buffer.byteLength(body)} bytes; value and baseline are each server's peak over the levels`,
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
