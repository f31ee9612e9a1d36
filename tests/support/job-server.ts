import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { ApiClient } from './test-platform.js';
import { freePort, killHard, loginTo, startServer } from './server-process.js';

/** Jobs beat every second and are interrupted after 5 s without a beat (20 s by default): a crash is seen sooner. */
export const JOB_ENV = { SEED_DEMO_ACTIVITY: 'false', JOB_HEARTBEAT_MS: '1000', JOB_STALE_MS: '5000' };

/** The value at the p-th percentile (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  return [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)] as number;
}

/**
 * The real server in its own process (what `npm start` runs) on a fresh
 * data folder, signed in as the demo retailer, which a test may kill
 * (SIGKILL) and start again on the same folder.
 */
export class JobServer {
  private process: ChildProcess | null = null;
  retailer!: ApiClient;

  private constructor(
    readonly base: string,
    private readonly dataDir: string,
    private readonly env: Record<string, string>,
  ) {}

  /** `env` adds to the server's environment at every start (a fixed SFTP_PORT…). */
  static async start(name: string, env: Record<string, string> = {}): Promise<JobServer> {
    const port = await freePort();
    const server = new JobServer(`http://127.0.0.1:${port}`, mkdtempSync(join(tmpdir(), `tradein-${name}-`)), env);
    await server.boot();
    return server;
  }

  /** Kills the process as a crash would (no shutdown hook runs), starts it again and signs in again. */
  async crashAndRestart(): Promise<void> {
    await killHard(this.process!);
    await this.boot();
  }

  async stop(): Promise<void> {
    if (this.process) await killHard(this.process);
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  private async boot(): Promise<void> {
    this.process = await startServer(Number(new URL(this.base).port), this.dataDir, { ...JOB_ENV, ...this.env });
    this.retailer = await loginTo(this.base, 'retailer@demo.test');
  }
}

/** How long GET /api/health took, quiet first, then while `work` ran. */
export interface HealthTimes {
  quietMs: number[];
  duringMs: number[];
}

async function timeHealth(base: string, into: number[], until: () => boolean): Promise<void> {
  while (!until()) {
    const started = performance.now();
    expect((await fetch(`${base}/api/health`)).status).toBeLessThan(600);
    into.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Times GET /api/health 100 times with nothing running, then all along `work`. */
export async function healthDuring<T>(base: string, work: () => Promise<T>): Promise<{ result: T; times: HealthTimes }> {
  const times: HealthTimes = { quietMs: [], duringMs: [] };
  await timeHealth(base, times.quietMs, () => times.quietMs.length >= 100);
  let working = true;
  const timing = timeHealth(base, times.duringMs, () => !working);
  try {
    return { result: await work(), times };
  } finally {
    working = false;
    await timing;
  }
}

/**
 * The server kept answering: its p95 and maximum under the bounds, or under
 * `loadFactor` times the machine's own quiet p95 and maximum when those are
 * larger (two cores shared with other test runs).
 */
export function expectHealthHeld(times: HealthTimes, label: string, bounds: { p95Ms: number; maxMs: number; loadFactor: number }): void {
  const quiet = { p95: percentile(times.quietMs, 95), max: Math.max(...times.quietMs) };
  const during = { p95: percentile(times.duringMs, 95), max: Math.max(...times.duringMs) };
  console.log(`health alone: p95 ${quiet.p95.toFixed(1)} ms, max ${quiet.max.toFixed(1)} ms`);
  console.log(`health while ${label}: ${times.duringMs.length} calls, p95 ${during.p95.toFixed(1)} ms, max ${during.max.toFixed(1)} ms`);
  expect(times.duringMs.length).toBeGreaterThan(5);
  expect(during.p95).toBeLessThan(Math.max(bounds.p95Ms, bounds.loadFactor * quiet.p95));
  expect(during.max).toBeLessThan(Math.max(bounds.maxMs, bounds.loadFactor * quiet.max));
}

/** Waits until `done()` reaches `atLeast` (polled every 20 ms), e.g. a job's progress before killing it part-way. */
export async function progressReaches(done: () => Promise<number>, atLeast: number, what: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await done()) < atLeast) {
    if (Date.now() > deadline) throw new Error(`${what} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
