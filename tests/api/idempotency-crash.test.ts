import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { creationBody, PARIS } from '../support/buyback-fixtures.js';
import { ApiClient } from '../support/test-platform.js';
import { DEMO_PASSWORD } from '../../infrastructure/seed/demo-data.js';

/**
 * The crash the issue measured: keyed creations in flight, `kill -9` of the
 * server, a restart, and every key retried as any HTTP client retries.
 * Exactly one buyback per key, whatever the crash interrupted: before the
 * append, between the append and the answer, or after.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const KEYS = 240;
const IN_FLIGHT = 24;
const dataDir = mkdtempSync(join(tmpdir(), 'crash-'));
let server: ChildProcess | null = null;

afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the real server process on the data folder and waits until it answers. */
async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'infrastructure/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent', UI_DIR: join(dataDir, 'no-ui') },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

async function login(base: string): Promise<ApiClient> {
  const answer = await new ApiClient(base).post('/login', { email: 'seller@demo.test', password: DEMO_PASSWORD });
  return new ApiClient(base, answer.body.token);
}

/** Runs `work` on every item with at most `limit` at once; stops starting new ones when `stop()` says so. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>, stop = () => false): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length && !stop()) await work(items[next++] as T);
    }),
  );
}

describe('Idempotency-Key across a kill -9', () => {
  it(`given ${KEYS} keyed creations in flight when the server is killed, when every key is retried after a restart, then each key has exactly one buyback`, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = await startServer(port);
    const seller = await login(base);
    const body = await creationBody(seller, { paymentType: 'bank_transfer' });
    const keys = Array.from({ length: KEYS }, () => randomUUID());

    // Creations in flight, and the kill while about half have been answered.
    const first = new Map<string, string>();
    let killed = false;
    await pool(
      keys,
      IN_FLIGHT,
      async (key) => {
        try {
          const answer = await seller.post(`/store/${PARIS}/buybacks`, body, { 'Idempotency-Key': key });
          if (answer.status === 201) first.set(key, answer.body.id);
        } catch {
          // the connection died with the server
        }
        if (!killed && first.size >= KEYS / 2) {
          killed = true;
          server?.kill('SIGKILL');
        }
      },
      () => killed,
    );
    expect(killed).toBe(true);
    expect(first.size).toBeGreaterThan(0);
    expect(first.size).toBeLessThan(KEYS);

    // Restart on the same data, retry every key (the answered ones too, as a client that lost the answer would).
    server = await startServer(port);
    const again = await login(base);
    const retried = new Map<string, string>();
    const statuses: number[] = [];
    await pool(keys, IN_FLIGHT, async (key) => {
      const answer = await again.post(`/store/${PARIS}/buybacks`, body, { 'Idempotency-Key': key });
      statuses.push(answer.status);
      if (answer.status === 201) retried.set(key, answer.body.id);
    });

    expect(statuses.filter((s) => s !== 201)).toEqual([]);
    // A key answered before the crash answers the same buyback after it.
    for (const [key, id] of first) expect(retried.get(key), key).toBe(id);
    // One buyback per key, and no other: the store's list holds exactly as many as there are keys.
    expect(new Set(retried.values()).size).toBe(KEYS);
    const list = await again.get('/buybacks?itemsPerPage=1');
    expect(list.body.totalItems).toBe(KEYS);
    server.kill('SIGKILL');
    server = null;
  }, 120_000);
});
