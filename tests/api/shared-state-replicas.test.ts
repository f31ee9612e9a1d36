import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../infrastructure/seed/demo-data.js';
import { ApiClient, startPlatformOn, type RunningPlatform } from '../support/test-platform.js';

/**
 * Two server processes on one DATA_DIR, as behind a load balancer: `all`
 * (projects, runs the process managers) and an `api` replica. What one
 * counts or writes, the other sees: the login throttle counts across them,
 * and a change acknowledged by one is answered by the other at once, not
 * from its reference cache.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'replicas-'));
const LIMITS = { loginMaxFailuresPerAccount: 4, loginMaxFailuresPerAddress: 50 };
let all: RunningPlatform;
let replica: RunningPlatform;
/** Another `api` replica: a command it answers has waited for the shared, committed checkpoints (the `all` process's own wait ends when its batch is submitted, before the commit: `all` is never run beside replicas). */
let writerReplica: RunningPlatform;

beforeAll(async () => {
  all = await startPlatformOn(dataDir, LIMITS);
  // Its background reads look for the other's writes only every minute: what it answers fresh, its requests' own look made fresh.
  replica = await startPlatformOn(dataDir, { ...LIMITS, role: 'api', seedDemoData: false, referenceCacheCheckMs: 60_000 });
  writerReplica = await startPlatformOn(dataDir, { ...LIMITS, role: 'api', seedDemoData: false, referenceCacheCheckMs: 60_000 });
});
afterAll(async () => {
  await writerReplica?.stop();
  await replica?.stop();
  await all?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the login throttle across replicas', () => {
  it('Given 2 wrong passwords on each replica (limit 4), When the right one comes to either, Then both refuse it: 429 AUTH_LOGIN_LOCKED', async () => {
    const attempt = (on: RunningPlatform, password: string) => on.api.post('/login', { email: 'seller@demo.test', password });
    for (const on of [all, replica, all, replica]) expect((await attempt(on, 'wrong')).status).toBe(401);

    const onAll = await attempt(all, DEMO_PASSWORD);
    const onReplica = await attempt(replica, DEMO_PASSWORD);

    expect([onAll.status, onReplica.status]).toEqual([429, 429]);
    expect(onAll.body.code).toBe('AUTH_LOGIN_LOCKED');
    expect(Number(onReplica.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('the reference cache across replicas', () => {
  it('Given a product the replica has read (cached), When another replica changes it, Then the replica answers the change at once', async () => {
    const [writer, reader] = await Promise.all([writerReplica.login('retailer@demo.test', 'root'), replica.login('retailer@demo.test', 'root')]);
    const listed = await reader.get('/products?itemsPerPage=1');
    expect(listed.status).toBe(200);
    const id = listed.body.items[0].id as string;
    const before = await reader.get(`/products/${id}/details`);
    expect(before.status).toBe(200);
    expect((await reader.get(`/products/${id}/details`)).headers.get('etag')).toBe(before.headers.get('etag'));

    const comment = `changed on the other replica ${Date.now()}`;
    const changed = await writer.request('PATCH', `/products/${id}`, { comment }, {
      'Content-Type': 'application/merge-patch+json',
      'If-Match': before.headers.get('etag') ?? '',
    });
    expect(changed.status).toBe(200);
    const after = await reader.get(`/products/${id}/details`);

    expect(after.body.comment).toBe(comment);
    expect(after.headers.get('etag')).toBe(changed.headers.get('etag'));
  });

  it('Given a session opened on one replica, When it is used on the other and then closed there, Then the first refuses it: sessions live in the shared store', async () => {
    const onAll = await all.login('manager@demo.test');
    const onReplica = new ApiClient(replica.baseUrl, onAll.token);
    expect((await onReplica.get('/me')).status).toBe(200);

    expect((await onReplica.post('/logout')).status).toBeLessThan(300);

    expect((await onAll.get('/me')).status).toBe(401);
  });
});
