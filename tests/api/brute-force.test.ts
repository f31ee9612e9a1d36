import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PasswordHasher } from '../../application/ports/security.js';
import { SESSIONS_COLLECTION } from '../../application/organizations/auth-service.js';
import { loadConfig } from '../../infrastructure/config.js';
import { createPlatform, type Platform } from '../../infrastructure/container.js';
import { createLogger } from '../../infrastructure/logger.js';
import { MemoryMailer } from '../../infrastructure/mail/mailers.js';
import { Argon2PasswordHasher } from '../../infrastructure/security/argon2-password-hasher.js';
import { DEMO_PASSWORD } from '../../infrastructure/seed/demo-data.js';
import { ApiClient } from '../support/test-platform.js';

/**
 * Guessing passwords: failed logins are limited per account and per client
 * address, the lock answers 429 with Retry-After and a translated message,
 * an unknown e-mail is treated exactly like a wrong password, and each lock
 * is logged. Storefront visitor tokens are throttled per address and expire
 * within the hour unless used.
 */
class CountingHasher implements PasswordHasher {
  verifications = 0;
  private readonly real = new Argon2PasswordHasher();
  hash(password: string) {
    return this.real.hash(password);
  }
  verify(hash: string, password: string) {
    this.verifications += 1;
    return this.real.verify(hash, password);
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'brute-'));
const logs: Array<Record<string, unknown>> = [];
const hasher = new CountingHasher();
let platform: Platform;
let server: Server;
let api: ApiClient;

beforeAll(async () => {
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, SQLITE_SYNCHRONOUS: 'NORMAL', LOG_LEVEL: 'warn' }),
    loginMaxFailuresPerAccount: 4,
    loginMaxFailuresPerAddress: 9,
    anonymousTokensPerAddress: 3,
    // Behind one proxy: X-Forwarded-For names the client, so each test can be its own address.
    trustProxy: 1 as const,
  };
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  platform = await createPlatform(config, { mailer: new MemoryMailer(), logger: createLogger('warn', stream), passwordHasher: hasher });
  server = await new Promise((resolve) => {
    const s = platform.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  api = new ApiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await platform.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let address = '203.0.113.1';
const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  api.post('/login', { email, password }, { 'X-Forwarded-For': address, ...headers });

describe('failed logins', () => {
  it('given an account guessed 4 times, when the right password comes next, then it is locked: 429, Retry-After, translated, and the lock is logged', async () => {
    for (let i = 0; i < 4; i++) expect((await login('seller@demo.test', `wrong-${i}`)).status).toBe(401);

    const locked = await login('seller@demo.test', DEMO_PASSWORD, { 'Accept-Language': 'en-GB' });

    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('AUTH_LOGIN_LOCKED');
    expect(locked.body.message).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ minute/);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(locked.headers.get('content-language')).toBe('en-GB');
    const lock = logs.find((line) => line.audit === 'login_locked');
    expect(lock).toMatchObject({ byAccount: true });
    expect(JSON.stringify(lock)).not.toContain('seller@demo.test');
  });

  it('given an e-mail nobody has, then it answers and costs exactly like a wrong password, and locks alike', async () => {
    const before = hasher.verifications;
    const unknown = await login('nobody@demo.test', 'whatever');
    const wrong = await login('manager@demo.test', 'whatever');
    expect(hasher.verifications - before).toBe(2); // a password is verified in both cases (against a decoy for the unknown one)
    expect([unknown.status, unknown.body.code]).toEqual([wrong.status, wrong.body.code]);
    expect(unknown.body.message).toBe(wrong.body.message);
    for (let i = 0; i < 3; i++) await login('nobody@demo.test', 'whatever');
    expect((await login('nobody@demo.test', 'whatever')).body.code).toBe('AUTH_LOGIN_LOCKED');
  });

  it('given a successful login, then the account’s failures are forgotten', async () => {
    address = '203.0.113.2';
    for (let i = 0; i < 3; i++) await login('buyer@demo.test', 'wrong');
    expect((await login('buyer@demo.test', DEMO_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await login('buyer@demo.test', 'wrong')).status).toBe(401);
    expect((await login('buyer@demo.test', DEMO_PASSWORD)).status).toBe(200);
  });

  it('given one address guessing many accounts, then the address is locked too, whatever account it tries', async () => {
    address = '203.0.113.1'; // 4 + 1 + 4 failures from this address so far: its limit of 9.
    const locked = await login('warehouse@demo.test', DEMO_PASSWORD);
    expect(locked.status).toBe(429);
    expect(logs.some((line) => line.audit === 'login_locked' && line.byAddress === true)).toBe(true);
  });
});

describe('storefront visitor tokens', () => {
  let token = '';
  it('are minted at most 3 times per address in 10 minutes; the next answers 429 with Retry-After', async () => {
    const minted = [];
    for (let i = 0; i < 3; i++) minted.push(await api.post('/anonymous-token', {}));
    expect(minted.map((m) => m.status)).toEqual([201, 201, 201]);
    token = minted[0]?.body.token as string;
    const refused = await api.post('/anonymous-token', {});
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('expire within the hour unless used; the first use gives one its full lifetime', async () => {
    const sessions = await platform.documents.collection(SESSIONS_COLLECTION).find({ kind: 'anonymous' });
    expect(sessions.length).toBeGreaterThan(0);
    for (const session of sessions) {
      const ttl = Date.parse(session.expiresAt as string) - Date.parse(session.createdAt as string);
      expect(ttl).toBeLessThanOrEqual(60 * 60_000);
    }
    const visitor = new ApiClient(api.baseUrl, token);
    expect((await visitor.get('/products?itemsPerPage=1')).status).toBe(200);
    const used = await platform.documents.collection(SESSIONS_COLLECTION).find({ kind: 'anonymous', usedAt: { $ne: null } });
    expect(used).toHaveLength(1);
    const lifetime = Date.parse(used[0]?.expiresAt as string) - Date.parse(used[0]?.usedAt as string);
    expect(lifetime).toBe(platform.config.anonymousSessionTtlMinutes * 60_000);
  });
});
