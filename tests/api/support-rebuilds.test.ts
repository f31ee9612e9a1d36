import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_MANAGER_CONFLICTS } from '../../application/process-managers/process-manager-runner.js';
import { ALL_PROJECTIONS } from '../support/assembly.js';
import { startPlatformOn, startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { createStoreBuyback, expectOk, ISO_UTC, snapshot } from '../support/api-helpers.js';
import { PARIS } from '../support/buyback-fixtures.js';

/**
 * The support page's API: the overview (lags, backlogs, conflicts, actions)
 * and rebuilds started from it, one per projection at a time, that keep
 * serving the old read model until the new one has caught up.
 */

let t: TestPlatform;
let admin: ApiClient;
let seller: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  admin = await t.login('admin@demo.test');
  seller = await t.login('seller@demo.test');
  for (let i = 0; i < 12; i++) await createStoreBuyback(seller, PARIS);
});
afterAll(async () => {
  await t?.close();
});

interface Job {
  id: string;
  projection: string;
  status: string;
  events: number;
  total: number;
}

async function overview(): Promise<any> {
  const response = await admin.get('/platform/support');
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

async function jobOf(id: string): Promise<Job> {
  const job = (await overview()).rebuilds.find((candidate: Job) => candidate.id === id);
  expect(job).toBeDefined();
  return job as Job;
}

describe('the support overview', () => {
  it('Given staff of a tenant, a seller or nobody, when they ask for it or for a rebuild, then they are refused', async () => {
    const others = [await t.login('retailer@demo.test', 'root'), seller, await t.login('seller@other.test'), await t.login('warehouse@other.test')];
    for (const client of others) {
      const read = await client.get('/platform/support');
      expect(read.status).toBe(403);
      expect(read.body.code).toBe('ACCESS_DENIED');
      const rebuild = await client.post('/platform/rebuilds', { projections: ['buybacks'] });
      expect(rebuild.status).toBe(403);
    }
    expect((await t.api.get('/platform/support')).status).toBe(401);
    expect((await t.api.post('/platform/rebuilds', { projections: ['buybacks'] })).status).toBe(401);
  });

  it('Given the running platform, when support opens it, then every projection and process manager shows its checkpoint and lag, and the queues their backlog', async () => {
    const body = await overview();
    const head = await t.platform.eventStore.lastGlobalPosition();
    expect(body.eventStore.lastPosition).toBeGreaterThanOrEqual(head);
    expect(body.projections.map((p: { name: string }) => p.name).sort()).toEqual(ALL_PROJECTIONS.map((p) => p.name).sort());
    for (const projection of body.projections) {
      expect(projection.lag, projection.name).toBe(Math.max(0, body.eventStore.lastPosition - projection.position));
      expect(projection.rebuild).toBeNull();
    }
    expect(body.processManagers.length).toBeGreaterThan(0);
    for (const manager of body.processManagers) expect(manager).toMatchObject({ lag: expect.any(Number), conflicts: expect.any(Number) });
    expect(body.workers.map((w: { name: string }) => w.name)).toContain('labels');
    expect(body.canRebuild).toBe(true);
    expect(body.checkedAt).toMatch(ISO_UTC);
  });

  it('Given a conflict a process manager counted, when support opens it, then it shows which buyback and item, when and why', async () => {
    const buybackId = '0f6c1f0e-7d1b-4c55-9a39-5d4c4f0f7a11';
    const itemId = 'a1b2c3d4-0000-4000-8000-000000000001';
    await t.platform.documents.collection(PROCESS_MANAGER_CONFLICTS).upsert({
      _id: 'conflict-event-1',
      manager: 'buyback-item',
      accountId: 'acc',
      sourceStream: `item-${itemId}`,
      sourceType: 'ItemLost.v1',
      targetStream: `buyback-${buybackId}`,
      code: 'COMMAND_NOT_ALLOWED',
      details: { command: 'DeclareBuybackLost' },
      itemStatus: 'item_lost',
      buybackState: 'cancelled',
      at: '2026-11-20T10:00:00.000Z',
    });
    const body = await overview();
    expect(body.conflicts.total).toBeGreaterThanOrEqual(1);
    expect(body.conflicts.items).toContainEqual(
      expect.objectContaining({ id: 'conflict-event-1', buybackId, itemId, code: 'COMMAND_NOT_ALLOWED', details: { command: 'DeclareBuybackLost' }, at: '2026-11-20T10:00:00.000Z' }),
    );
    expect(body.processManagers.find((m: { name: string }) => m.name === 'buyback-item')?.conflicts).toBeGreaterThanOrEqual(1);
  });
});

describe('a rebuild started by support', () => {
  it('When the buyback list is rebuilt, then a second request is refused with 409, the progress reaches the log, a seller listing meanwhile always gets the same total, and the actions say who and when', async () => {
    const before = await snapshot(t.platform.documents);
    const first = await seller.get('/buybacks?itemsPerPage=10');
    expect(first.status).toBe(200);
    const total = first.body.totalItems as number;
    expect(total).toBeGreaterThan(0);

    // The demo log replays in a blink: each page the rebuild reads (1,000 events) takes a while here, so that the
    // seller lists many times while the new read model is being built beside the old one.
    const log = t.platform.eventStore;
    const readAll = log.readAll.bind(log);
    log.readAll = async (options) => {
      if (options.maxCount === 1_000) await new Promise((resolve) => setTimeout(resolve, 400));
      return readAll(options);
    };
    const head = await t.platform.eventStore.lastGlobalPosition();
    const started = await admin.post('/platform/rebuilds', { projections: ['buybacks'] });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const [job] = started.body.rebuilds as Job[];
    expect(job).toMatchObject({ projection: 'buybacks', requestedBy: { userId: expect.any(String), name: expect.any(String) } });
    expect(['queued', 'running']).toContain(job!.status);

    const again = await admin.post('/platform/rebuilds', { projections: ['buybacks'] }, { 'Accept-Language': 'en-GB' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('REBUILD_ALREADY_RUNNING');
    expect(again.body.message).toMatch(/already queued or running/);
    expect((await admin.post(`/admin/projections/buybacks/rebuild`)).status).toBe(409);

    // Listed all through the rebuild: never an empty page, always the same total.
    const seen: number[] = [];
    const progress: Job[] = [];
    let current = await jobOf(job!.id);
    while (current.status === 'queued' || current.status === 'running') {
      const page = await seller.get('/buybacks?itemsPerPage=10');
      expect(page.status).toBe(200);
      seen.push(page.body.totalItems, page.body.items.length);
      expect(page.body.totalItems).toBe(total);
      expect(page.body.items.length).toBe(Math.min(10, total));
      current = await jobOf(job!.id);
      progress.push(current);
    }
    log.readAll = readAll;
    expect(seen.length).toBeGreaterThan(2);
    expect(progress.some((step) => step.status === 'running' && step.total === head)).toBe(true);
    expect(current.status).toBe('finished');
    expect(current).toMatchObject({ events: head, total: head });
    for (const step of progress) expect(step.events).toBeLessThanOrEqual(step.total);
    expect(await snapshot(t.platform.documents)).toEqual(before);
    expect((await seller.get('/buybacks?itemsPerPage=10')).body.totalItems).toBe(total);

    const actions = (await overview()).actions.filter((action: { rebuildId: string }) => action.rebuildId === job!.id);
    expect(actions.map((action: { action: string }) => action.action)).toEqual(['rebuild_finished', 'rebuild_started']);
    for (const action of actions) {
      expect(action.by).toEqual((job as unknown as { requestedBy: unknown }).requestedBy);
      expect(action.at).toMatch(ISO_UTC);
    }
    expect(actions[0].events).toBe(head);
  });

  it('When every read model is rebuilt at once, then they run one after the other and give the very same documents', async () => {
    const before = await snapshot(t.platform.documents);
    const names = ALL_PROJECTIONS.map((p) => p.name);
    const started = await admin.post('/platform/rebuilds', { projections: names });
    expect(started.status).toBe(202);
    expect(started.body.rebuilds.map((job: Job) => job.projection)).toEqual(names);
    const ids = new Set(started.body.rebuilds.map((job: Job) => job.id));
    for (;;) {
      const jobs = (await overview()).rebuilds.filter((job: Job) => ids.has(job.id));
      expect(jobs.filter((job: Job) => job.status === 'running').length).toBeLessThanOrEqual(1);
      if (jobs.every((job: Job) => job.status === 'finished')) break;
      expect(jobs.some((job: Job) => job.status === 'failed')).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await snapshot(t.platform.documents)).toEqual(before);
  });

  it('When the request names no projection, an unknown one or one twice, then it is refused as invalid', async () => {
    for (const body of [{ projections: [] }, { projections: ['nope'] }, { projections: ['buybacks', 'buybacks'] }, {}]) {
      const response = await admin.post('/platform/rebuilds', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('a rebuild under way when the platform stops', () => {
  it('When the platform stops mid-rebuild, then the stop waits for it to end, nothing is written after, and the next start serves the old read model whole', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tradein-rebuild-stop-'));
    try {
      let running = await startPlatformOn(dataDir);
      const staff = await running.login('admin@demo.test');
      const before = (await expectOk(staff.get('/buybacks?itemsPerPage=1'))).totalItems as number;
      const asked = await staff.post('/platform/rebuilds', { projections: ALL_PROJECTIONS.map((p) => p.name) });
      expect(asked.status, JSON.stringify(asked.body)).toBe(202);
      await running.stop();
      // Mutation check: without the coordinator's stop and the store's refusal once closed, the rebuild's last writes reopened read-models.db here (its -wal file came back).
      const files = () => readdirSync(dataDir).sort().join(',');
      const afterStop = files();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(files()).toBe(afterStop);
      running = await startPlatformOn(dataDir);
      const again = await running.login('admin@demo.test');
      expect((await expectOk(again.get('/buybacks?itemsPerPage=1'))).totalItems).toBe(before);
      await running.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
