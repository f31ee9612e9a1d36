import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/test-platform.js';
import { createStoreBuyback } from '../support/api-helpers.js';
import { freePort, killHard, loginTo, startServer } from '../support/server-process.js';
import { upload } from '../support/user-import-helpers.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { DEMO_PASSWORD } from '../../infrastructure/seed/seed-streams.js';

/**
 * An account deletion interrupted by a crash (issue 20), against the real
 * server in its own process: with the inline limit at 1 buyback, Other
 * Retail's deletion is recorded and its forgetting queued as a job behind a
 * long one (the check of a large users file: a process runs one job at a
 * time); the process is killed (SIGKILL) before the forgetting starts.
 * Started again, the job shows interrupted, the customers are still known,
 * and asking for the deletion again finishes it.
 */

/** The job beats every second and reads interrupted after 5 s without a beat (20 s by default). */
const ENV = { SEED_DEMO_ACTIVITY: 'false', ACCOUNT_DELETION_INLINE_MAX_BUYBACKS: '1', JOB_HEARTBEAT_MS: '1000', JOB_STALE_MS: '5000' };
const NAMES = ['Alpha', 'Bravo', 'Charlie'];

let dataDir: string;
let server: ChildProcess | null = null;
let base: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tradein-account-deletion-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = await startServer(port, dataDir, ENV);
}, 120_000);

afterAll(async () => {
  if (server) await killHard(server);
  rmSync(dataDir, { recursive: true, force: true });
});

/** A users file whose check keeps the process's job queue busy for a while. */
function largeUsersFile(rows: number): string {
  const lines = ['email;firstname;lastname;module;role;entity;status;locale'];
  for (let i = 0; i < rows; i++) lines.push(`user${i}@deletion-crash.example.com;Prénom${i};Nom${i};tim;store_seller;DR-PAR-001;;`);
  return lines.join('\r\n');
}

async function job(admin: ApiClient, id: string) {
  const answer = await admin.get(`/account-deletions/${id}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { status: string; progress: { done: number; total: number }; result: Record<string, unknown> | null; error: { code: string } | null };
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('Given an account deletion whose process dies before its customers are forgotten', () => {
  it('When the server is started again and the deletion asked again, then the job shows interrupted and the second one forgets every customer and closes the account', async () => {
    let admin = await loginTo(base, 'admin@demo.test');
    const otherSeller = await loginTo(base, 'seller@other.test');
    const buybacks = [];
    for (const name of NAMES) {
      buybacks.push(
        await createStoreBuyback(otherSeller, DEMO_IDS.stores.lille, {
          productId: DEMO_IDS.products.otherIphone13_128,
          paymentType: 'bank_transfer',
          customer: { lastName: name, email: `${name.toLowerCase()}@example.com` },
        }),
      );
    }
    expect((await admin.patch(`/clients/${DEMO_IDS.accounts.other}`, { status: 'inactive' })).status).toBe(200);

    // The queue is busy with a long check; the deletion's job waits behind it when the process dies.
    const retailer = await loginTo(base, 'retailer@demo.test');
    const check = await upload(retailer, largeUsersFile(5_000));
    expect(check.status).toBe(202);
    const deleted = await admin.delete(`/accounts/${DEMO_IDS.accounts.other}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(202);
    const firstJob = deleted.body.id as string;
    expect((await job(admin, firstJob)).status).toBe('queued');
    await killHard(server!);
    server = await startServer(Number(new URL(base).port), dataDir, ENV);
    admin = await loginTo(base, 'admin@demo.test');

    // The deletion was recorded, the forgetting not done: the customers are still known.
    expect((await admin.get(`/clients/${DEMO_IDS.accounts.other}`)).status).toBe(404);
    for (const [i, buyback] of buybacks.entries()) expect((await admin.get(`/buybacks/${buyback.id}`)).body.customer.lastName).toBe(NAMES[i]);
    // Its heartbeat stopped with the process: a sweep (every beat) fails it once 5 s have passed without one.
    const interrupted = await until(() => job(admin, firstJob), (view) => view.status === 'failed', 60_000);
    expect(interrupted.error?.code).toBe('JOB_INTERRUPTED');
    expect(interrupted.result).toBeNull();

    const again = await admin.delete(`/accounts/${DEMO_IDS.accounts.other}`);
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    expect(again.body.id).not.toBe(firstJob);
    const done = await until(() => job(admin, again.body.id as string), (view) => view.status === 'done' || view.status === 'failed', 30_000);
    expect(done.status).toBe('done');
    expect(done.progress).toEqual({ done: 100, total: 100 });
    expect(done.result).toEqual({ accountId: DEMO_IDS.accounts.other, customersForgotten: 3, usersDeactivated: 2 });
    for (const buyback of buybacks) {
      const detail = await admin.get(`/buybacks/${buyback.id}`);
      expect(detail.body.customer).toEqual({ forgotten: true });
      for (const name of NAMES) expect(JSON.stringify(detail.body)).not.toContain(name);
    }
    expect((await new ApiClient(base).post('/login', { email: 'seller@other.test', password: DEMO_PASSWORD })).status).toBe(403);
    const closed = await admin.delete(`/accounts/${DEMO_IDS.accounts.other}`);
    expect(closed.status).toBe(404);
    expect(closed.body).toMatchObject({ code: 'ACCOUNT_NOT_FOUND', details: { reason: 'account_not_found' } });
  }, 300_000);
});
