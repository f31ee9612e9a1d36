import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { creationBody, PARIS } from '../support/buyback-fixtures.js';
import { freePort, loginTo, pool, startServer as startServerOn } from '../support/server-process.js';

/**
 * The crash the issue measured: keyed creations in flight, `kill -9` of the
 * server, a restart, and every key retried as any HTTP client retries.
 * Exactly one buyback per key, whatever the crash interrupted: before the
 * append, between the append and the answer, or after.
 */
const KEYS = 240;
const IN_FLIGHT = 24;
const dataDir = mkdtempSync(join(tmpdir(), 'crash-'));
let server: ChildProcess | null = null;

afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

// The demo's activity would add its own Paris buybacks to the store's list this test counts.
const startServer = (port: number) => startServerOn(port, dataDir, { SEED_DEMO_ACTIVITY: 'false' });
const login = (base: string) => loginTo(base, 'seller@demo.test');

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
