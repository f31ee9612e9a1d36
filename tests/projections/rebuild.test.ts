import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentStore } from '../../application/ports/document-store.js';
import { createPlatform } from '../../infrastructure/container.js';
import { createLogger } from '../../infrastructure/logger.js';
import { MemoryMailer } from '../../infrastructure/mail/mailers.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { ALL_PROJECTIONS } from '../support/assembly.js';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { expectOk, historyActors, snapshot } from '../support/api-helpers.js';
import { creationBody, PARIS } from '../support/buyback-fixtures.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

let t: TestPlatform;
let admin: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  await buildHistory(t);
  admin = await t.login('admin@demo.test');
});
afterAll(async () => {
  await t?.close();
});

describe('rebuilding projections', () => {
  it('through the API (super admin) gives the very documents the live projections built', async () => {
    const before = await snapshot(t.platform.documents);
    const head = await t.platform.eventStore.lastGlobalPosition();
    expect(before.buybacks?.length).toBeGreaterThanOrEqual(4);
    await tamper(t.platform.documents);

    for (const { name } of ALL_PROJECTIONS) {
      const response = await admin.post(`/admin/projections/${name}/rebuild`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body).toEqual({ name, position: head, events: head });
    }
    expect(await snapshot(t.platform.documents)).toEqual(before);
  });

  it('through ProjectionRunner.rebuild gives the same documents, and the live loop carries on after it', async () => {
    const before = await snapshot(t.platform.documents);
    await tamper(t.platform.documents);
    for (const { name } of ALL_PROJECTIONS) await t.platform.runner.rebuild(name);
    expect(await snapshot(t.platform.documents)).toEqual(before);

    const seller = await t.login('seller@demo.test');
    const created = await seller.post(`/store/${PARIS}/buybacks`, await creationBody(seller));
    expect(created.status).toBe(201);
    expect((await seller.get(`/buybacks/${created.body.id}`)).status).toBe(200);
  });

  it('/api/health reports every projection with lag 0 right after a command', async () => {
    const seller = await t.login('seller@demo.test');
    const created = await seller.post(`/store/${PARIS}/buybacks`, await creationBody(seller, { paymentType: 'bank_transfer' }));
    expect(created.status).toBe(201);
    const cancelled = await seller.post(`/buybacks/${created.body.id}/cancel`, { reason: 'other', comment: 'Test' });
    expect(cancelled.status).toBe(200);

    // Anyone learns that the service is up; the positions and lags are for monitoring users.
    const anonymous = await t.api.get('/health');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toEqual({ status: 'ok' });
    expect((await seller.get('/health')).body).toEqual({ status: 'ok' });
    const health = await (await t.login('admin@demo.test')).get('/health');
    expect(health.status).toBe(200);
    const head = await t.platform.eventStore.lastGlobalPosition();
    expect(health.body.eventStore.lastPosition).toBe(head);
    expect(health.body.projections.map((p: { name: string }) => p.name).sort()).toEqual(ALL_PROJECTIONS.map((p) => p.name).sort());
    for (const projection of health.body.projections) expect(projection, projection.name).toMatchObject({ lag: 0, position: head });
    expect(health.body.maxLag).toBe(0);
  });

  it('is refused to anyone but a super admin', async () => {
    const others = [
      await t.login('retailer@demo.test', 'root'),
      await t.login('manager@demo.test'),
      await t.login('seller@demo.test'),
      await t.login('warehouse@demo.test'),
      await t.login('seller@other.test'),
    ];
    for (const client of others) {
      const response = await client.post('/admin/projections/buybacks/rebuild');
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('ACCESS_DENIED');
    }
    expect((await t.api.post('/admin/projections/buybacks/rebuild')).status).toBe(401);
    expect((await admin.post('/admin/projections/no-such-projection/rebuild')).status).toBe(400);
  });

  // Last: it closes the platform the other tests use.
  it("through `npm run rebuild-projections` on the closed platform's DATA_DIR gives the same documents", async () => {
    const before = await snapshot(t.platform.documents);
    const head = await t.platform.eventStore.lastGlobalPosition();
    await tamper(t.platform.documents, ['buybacks']);
    await t.platform.close();
    const env = { ...process.env, DATA_DIR: t.dataDir, LOG_LEVEL: 'warn' };

    const rebuilt = await run('npx', ['tsx', 'infrastructure/cli/rebuild-projections.ts', 'buybacks'], { cwd: ROOT, env });
    expect(rebuilt.stdout).toMatch(new RegExp(`^buybacks: ${head} events replayed, position ${head}, \\d+ ms$`, 'm'));

    const unknown = await run('npx', ['tsx', 'infrastructure/cli/rebuild-projections.ts', 'buybacks', 'nope'], { cwd: ROOT, env }).then(
      () => null,
      (error: { code: number; stderr: string; stdout: string }) => error,
    );
    expect(unknown?.code).toBe(1);
    expect(unknown?.stderr).toContain('nope');
    for (const { name } of ALL_PROJECTIONS) expect(unknown?.stderr).toContain(name);
    expect(unknown?.stdout).not.toContain('events replayed');

    const reopened = await createPlatform(t.platform.config, { mailer: new MemoryMailer(), logger: createLogger('silent') });
    try {
      expect(await snapshot(reopened.documents)).toEqual(before);
    } finally {
      await reopened.close();
    }
    // Two tsx processes start cold and the platform reopens: more than the default on a loaded machine.
  }, 120_000);
});

/** Damages the read models (a stray document, an altered one) so that only a real rebuild restores them. */
async function tamper(documents: DocumentStore, names = ALL_PROJECTIONS.map((p) => p.name)): Promise<void> {
  for (const projection of ALL_PROJECTIONS.filter((p) => names.includes(p.name))) {
    const collection = documents.collection(projection.collection);
    const [first] = await collection.find({}, { sort: [['_id', 1]], limit: 1 });
    if (first) await collection.upsert({ ...first, tampered: true });
    await collection.upsert({ _id: 'stray-document', identificationNumber: 'stray', email: 'stray@example.com', tampered: true });
  }
}

async function buildHistory(platform: TestPlatform): Promise<void> {
  const { seller, warehouse, retailer, create } = await historyActors(platform);

  const cancelled = await create();
  await expectOk(seller.post(`/buybacks/${cancelled}/cancel`, { reason: 'customer_retractation', comment: 'Changed their mind' }));

  const negotiated = await create({ email: 'negocie@example.com' });
  await expectOk(seller.post(`/buybacks/${negotiated}/ship`, { trackingNumber: 'TRK-1' }));
  await expectOk(warehouse.post(`/buybacks/${negotiated}/check-in`));
  await expectOk(warehouse.post(`/buybacks/${negotiated}/propose-new-price`, { proposedPriceInCents: 30000, reason: 'Écran rayé' }));
  const token = /token=([A-Za-z0-9_-]+)/.exec(platform.mailer.sent.at(-1)?.text ?? '')?.[1];
  await expectOk(platform.api.post(`/public/buybacks/${negotiated}/price-proposal/accept`, { token }));

  const controlled = await create();
  await expectOk(seller.post(`/buybacks/${controlled}/ship`, {}));
  await expectOk(warehouse.post(`/buybacks/${controlled}/check-in`));
  await expectOk(warehouse.post(`/buybacks/${controlled}/complete-by-price`, {}));

  const forgotten = await create({ lastName: 'Oubli', email: 'oubli@example.com' });
  await expectOk(retailer.post('/admin/customers/forget', { email: 'oubli@example.com', accountId: DEMO_IDS.accounts.demo }));
  await expectOk(seller.post(`/buybacks/${forgotten}/ship`, {}));
}
