import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lease } from '../../application/platform/lease.js';
import type { AppConfig } from '../../infrastructure/config.js';
import { startPlatformOn, type ApiClient, type RunningPlatform } from '../support/test-platform.js';
import { createStoreBuyback, expectOk, listedRow, snapshot } from '../support/api-helpers.js';
import { PARIS } from '../support/buyback-fixtures.js';
import { ALL_PROJECTIONS } from '../support/assembly.js';
import { TOKENS } from '../../application/tokens.js';
import type { FollowedProductSearch } from '../../infrastructure/search/search-follower.js';
import { ORGANIZATION_DEMO_IDS } from '../../infrastructure/modules/organizations/demo-data.js';

const DEMO_ACCOUNT = ORGANIZATION_DEMO_IDS.accounts.demo;

/**
 * Roles (PLATFORM_ROLE) in one test process, on one data folder, as separate
 * processes would share it: an `api` platform answers, `projector` and
 * `processor` platforms work in the background, each while it holds its
 * lease. A short lease (2 s, renewed every 667 ms) keeps the takeover quick.
 */
const LEASE: Partial<AppConfig> = { leaseTtlMs: 2_000 };

let dir: string;
const started: RunningPlatform[] = [];
let api: RunningPlatform;
let projectors: RunningPlatform[];
let processor: RunningPlatform;
let seller: ApiClient;
let admin: ApiClient;

const start = async (overrides: Partial<AppConfig>) => {
  const platform = await startPlatformOn(dir, { ...LEASE, ...overrides });
  started.push(platform);
  return platform;
};
const leaseOf = (running: RunningPlatform): Lease => running.platform.role?.lease as Lease;

/** Waits until `condition` holds (the lease's timers run in real time), looking again after `step`, failing after `ms`. */
async function until(condition: () => boolean, ms = 10_000, step: () => Promise<void> = () => new Promise((resolve) => setTimeout(resolve, 25))): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('never happened');
    await step();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'roles-'));
  // A multi-process installation is seeded by the embedded default, started once.
  const seeding = await startPlatformOn(dir);
  await seeding.stop();
  projectors = [await start({ role: 'projector', replica: 'projector-1' }), await start({ role: 'projector', replica: 'projector-2' })];
  processor = await start({ role: 'processor', replica: 'processor-1' });
  api = await start({ role: 'api', replica: 'api-1' });
  [seller, admin] = await Promise.all([api.login('seller@demo.test'), api.login('admin@demo.test')]);
}, 60_000);
afterAll(async () => {
  for (const platform of started.reverse()) await platform.stop().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

describe('Given an api, two projectors and a processor on one data folder', () => {
  it('Then exactly one projector projects, and the api runs neither projections nor process managers', () => {
    expect(projectors.map((p) => leaseOf(p).holding).sort()).toEqual([false, true]);
    expect(projectors.map((p) => p.platform.runner.running).sort()).toEqual([false, true]);
    expect(leaseOf(processor).holding).toBe(true);
    expect(processor.platform.processManagers.running).toBe(true);
    expect([api.platform.runner.running, api.platform.processManagers.running, api.platform.role?.lease]).toEqual([false, false, null]);
  });

  it('When the api answers a command, Then a read right after it shows the change (the wait is on the shared checkpoints)', async () => {
    for (let round = 0; round < 3; round++) {
      const buyback = await createStoreBuyback(seller, PARIS);
      expect((await expectOk(seller.get(`/buybacks/${buyback.id}`))).id).toBe(buyback.id);
      expect((await listedRow(seller, buyback.identificationNumber))?.id).toBe(buyback.id);
    }
  });

  it("When a monitor reads the api's health, Then it reports the projector's and processor's positions from the shared checkpoints, and who holds each lease", async () => {
    await createStoreBuyback(seller, PARIS);
    const health = await expectOk(admin.get('/health'));
    const holder = projectors.find((p) => leaseOf(p).holding) as RunningPlatform;
    expect(health).toMatchObject({ replica: 'api-1', role: 'api' });
    expect(health.leases).toEqual([
      expect.objectContaining({ role: 'processor', holder: 'processor-1', live: true }),
      expect.objectContaining({ role: 'projector', holder: holder.platform.config.replica, live: true }),
    ]);
    const stored = await api.platform.documents.collection<{ _id: string; position: number }>('projection_checkpoints').find({});
    const positions = Object.fromEntries(stored.map((checkpoint) => [checkpoint._id, checkpoint.position]));
    for (const projection of health.projections) expect(projection.position, projection.name).toBe(positions[projection.name] ?? 0);
    expect(health.projections.map((p: { name: string }) => p.name).sort()).toEqual(ALL_PROJECTIONS.map((p) => p.name).sort());
  });
});

describe('Given support asks an api replica for a rebuild', () => {
  it('Then the projector runs it, and its progress and end are read on the api replica', async () => {
    const holder = projectors.find((p) => leaseOf(p).holding) as RunningPlatform;
    const started = await admin.post('/platform/rebuilds', { projections: ['buybacks'] });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const [job] = started.body.rebuilds as Array<{ id: string; status: string }>;
    expect(api.platform.runner.running).toBe(false);
    let current = job as { id: string; status: string; events: number; position: number | null };
    await until(() => current.status === 'finished' || current.status === 'failed', 20_000, async () => {
      const page = await expectOk(admin.get('/platform/support'));
      current = page.rebuilds.find((rebuild: { id: string }) => rebuild.id === job?.id) ?? current;
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    expect(current).toMatchObject({ status: 'finished', position: await holder.platform.eventStore.lastGlobalPosition() });
    const [action] = await api.platform.documents.collection('support_actions').find({ rebuildId: job?.id, action: 'rebuild_finished' });
    expect(action).toMatchObject({ projection: 'buybacks' });
  });
});

describe("Given the api replica's search index lost its products (its engine lives in the replica's memory)", () => {
  it('When support rebuilds the search projection through the api, then the projector rebuilds it and the replica reloads its index from it', async () => {
    const index = api.platform.container.resolve<FollowedProductSearch>(TOKENS.ProductSearchIndex);
    const visible = async () => (await index.engine.search({ accountId: DEMO_ACCOUNT, text: 'iphone', limit: 5 })).length;
    await index.catchUp();
    expect(await visible()).toBeGreaterThan(0);
    await index.engine.clear();
    expect(await visible()).toBe(0);
    const started = await admin.post('/platform/rebuilds', { projections: ['catalog-search'] });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    let found = 0;
    // The replica reads the rebuild's end from the shared requests (every half second), then reloads.
    await until(() => found > 0, 30_000, async () => {
      await index.catchUp();
      found = await visible();
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    expect(api.platform.runner.running).toBe(false);
  }, 60_000);
});

describe('Given support asks two api replicas for the same rebuild at the same moment', () => {
  it('Then exactly one queues it and the other refuses 409 REBUILD_ALREADY_RUNNING; once it ended, it may be asked again', async () => {
    const second = await start({ role: 'api', replica: 'api-2' });
    const admin2 = await second.login('admin@demo.test');
    const answers = await Promise.all([admin, admin2].map((client) => client.post('/platform/rebuilds', { projections: ['items', 'buybacks'] })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    expect(refused?.body).toMatchObject({ code: 'REBUILD_ALREADY_RUNNING' });
    // All or none: the refused request queued neither of its two rebuilds.
    const queued = await api.platform.documents.collection('rebuild_requests').find({ projection: { $in: ['items', 'buybacks'] }, status: { $in: ['queued', 'running'] } });
    expect(queued.map((job) => job.projection).sort()).toEqual(['buybacks', 'items']);
    const requests = api.platform.documents.collection('rebuild_requests');
    let open = Number.POSITIVE_INFINITY;
    await until(() => open === 0, 30_000, async () => {
      open = await requests.count({ status: { $in: ['queued', 'running'] } });
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    expect((await admin2.post('/platform/rebuilds', { projections: ['items'] })).status).toBe(202);
  }, 60_000);
});

describe('Given the projecting holder freezes (it stops renewing, as a process stalled or killed would)', () => {
  it('Then the other projector takes over within the lease, the frozen one is fenced off, and the documents equal a replay of the log', async () => {
    const [frozen, standby] = leaseOf(projectors[0] as RunningPlatform).holding ? projectors : [...projectors].reverse();
    const frozenLease = leaseOf(frozen as RunningPlatform);
    frozenLease.freeze();
    await until(() => leaseOf(standby as RunningPlatform).holding);
    expect(leaseOf(standby as RunningPlatform).token).toBeGreaterThan(frozenLease.token as number);

    // The frozen runner still gets the new events; its first batch is refused, and it stops.
    for (let round = 0; round < 3; round++) {
      const buyback = await createStoreBuyback(seller, PARIS);
      expect((await expectOk(seller.get(`/buybacks/${buyback.id}`))).id).toBe(buyback.id);
    }
    await until(() => !(frozen as RunningPlatform).platform.runner.running);
    expect(frozenLease.holding).toBe(false);

    const live = await snapshot(api.platform.documents);
    const runner = (standby as RunningPlatform).platform.runner;
    for (const { name } of ALL_PROJECTIONS) await runner.rebuild(name);
    expect(await snapshot(api.platform.documents)).toEqual(live);
  });
});
