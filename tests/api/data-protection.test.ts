import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../infrastructure/config.js';
import { creationBody, PARIS } from '../support/buyback-fixtures.js';
import { startPlatformOn, startTestPlatform, type TestPlatform } from '../support/test-platform.js';
import { DEMO_PASSWORD } from '../../infrastructure/seed/demo-data.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

/** The permission bits of a path: 0o600, 0o700… */
const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('the data folder', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform();
    const seller = await t.login('seller@demo.test');
    expect((await seller.post(`/store/${PARIS}/buybacks`, await creationBody(seller, { paymentType: 'bank_transfer' }))).status).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is readable by its owner only, and so is every file in it: events, read models, keys, their journals, the pepper, the outbox', () => {
    expect(modeOf(t.dataDir)).toBe(0o700);
    const files = readdirSync(t.dataDir).filter((name) => statSync(join(t.dataDir, name)).isFile());
    expect(files).toEqual(expect.arrayContaining(['events.db', 'read-models.db', 'keys.db', 'pepper.key', 'events.db-wal', 'keys.db-wal']));
    expect(files.filter((name) => modeOf(join(t.dataDir, name)) !== 0o600)).toEqual([]);
  });
});

describe('answers that carry personal data or a session', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('say Cache-Control: no-store (buyback detail, list, export, login, me); the catalogue may be cached', async () => {
    const seller = await t.login('seller@demo.test');
    const created = await seller.post(`/store/${PARIS}/buybacks`, await creationBody(seller, { paymentType: 'bank_transfer' }));
    for (const path of [`/buybacks/${created.body.id}`, '/buybacks', '/buybacks/export', '/me']) {
      expect((await seller.get(path)).headers.get('cache-control'), path).toBe('no-store');
    }
    expect((await t.api.post('/login', { email: 'seller@demo.test', password: DEMO_PASSWORD })).headers.get('cache-control')).toBe('no-store');
    expect((await seller.get('/products?itemsPerPage=1')).headers.get('cache-control')).not.toBe('no-store');
  });
});

describe('production mode (NODE_ENV=production)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'production-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const production = (extra: Record<string, string> = {}) =>
    loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SQLITE_SYNCHRONOUS: 'NORMAL', ...extra });

  it('seeds no demo data, so the README’s demo password opens nothing; SEED_DEMO_DATA=true asks for it', () => {
    expect(production().seedDemoData).toBe(false);
    expect(production({ SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
    expect(loadConfig({}).seedDemoData).toBe(true);
  });

  it('starts empty; `npm run create-admin` makes the first administrator and prints a one-time password that opens a session', async () => {
    const empty = await startPlatformOn(dataDir, production());
    expect(await empty.platform.eventStore.lastGlobalPosition()).toBe(0);
    expect((await empty.api.post('/login', { email: 'admin@demo.test', password: DEMO_PASSWORD })).status).toBe(401);
    await empty.stop();

    const env = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    const created = await run(process.execPath, ['--import', 'tsx', 'infrastructure/cli/create-admin.ts', 'ops@retailer.example', 'Ops', 'Team'], { cwd: ROOT, env });
    const secret = /One-time password \(shown once, never stored\): (\S+)/.exec(created.stdout)?.[1];
    expect(secret).toMatch(/^[A-Za-z0-9_-]{24}$/);
    await expect(run(process.execPath, ['--import', 'tsx', 'infrastructure/cli/create-admin.ts', 'ops@retailer.example'], { cwd: ROOT, env })).rejects.toMatchObject({
      stderr: expect.stringContaining('already exists'),
    });

    const started = await startPlatformOn(dataDir, production());
    try {
      const login = await started.api.post('/login', { email: 'ops@retailer.example', password: secret });
      expect(login.status).toBe(200);
      expect(login.body.user.types).toEqual(['super_admin']);
    } finally {
      await started.stop();
    }
  }, 60_000);
});
