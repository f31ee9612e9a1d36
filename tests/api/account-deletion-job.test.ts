import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { createStoreBuyback } from '../support/api-helpers.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { DEMO_PASSWORD } from '../../infrastructure/seed/seed-streams.js';

/**
 * An account deletion too large to be done within the request (issue 20):
 * with the inline limit at 1 buyback (ACCOUNT_DELETION_INLINE_MAX_BUYBACKS),
 * Other Retail's three buybacks send its customers' forgetting to a job,
 * followed at GET /account-deletions/{id} until done; then every customer
 * is forgotten, the account is gone and its users cannot sign in.
 */

let t: TestPlatform;
let admin: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform({ accountDeletionInlineMaxBuybacks: 1 });
  admin = await t.login('admin@demo.test');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

interface JobView {
  id: string;
  kind: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: { done: number; total: number };
  result: { accountId: string; customersForgotten: number; usersDeactivated: number } | null;
  error: unknown;
}

describe('Given an inactive account with more buybacks than the inline limit', () => {
  it('When it is deleted, then 202 with a job whose progress is reported until done; its customers are forgotten, the account is gone, its users cannot sign in', async () => {
    const otherSeller = await t.login('seller@other.test');
    const names = ['Premier', 'Deuxieme', 'Troisieme'];
    const buybacks = [];
    for (const name of names) {
      buybacks.push(
        await createStoreBuyback(otherSeller, DEMO_IDS.stores.lille, {
          productId: DEMO_IDS.products.otherIphone13_128,
          paymentType: 'bank_transfer',
          customer: { lastName: name, email: `${name.toLowerCase()}@example.com` },
        }),
      );
    }
    for (const [i, buyback] of buybacks.entries()) expect((await admin.get(`/buybacks/${buyback.id}`)).body.customer.lastName).toBe(names[i]);
    expect((await admin.patch(`/clients/${DEMO_IDS.accounts.other}`, { status: 'inactive' })).status).toBe(200);

    const deleted = await admin.delete(`/accounts/${DEMO_IDS.accounts.other}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(202);
    const jobId = (deleted.body as JobView).id;
    expect(deleted.headers.get('location')).toBe(`/api/account-deletions/${jobId}`);
    expect(deleted.body).toMatchObject({ kind: 'account_deletion', status: expect.stringMatching(/^(queued|running|done)$/), progress: { total: 100 } });

    const seen: JobView[] = [deleted.body as JobView];
    const deadline = Date.now() + 30_000;
    let job = deleted.body as JobView;
    while (job.status !== 'done') {
      expect(job.status, JSON.stringify(job)).not.toBe('failed');
      if (Date.now() > deadline) throw new Error(`the deletion did not end: ${JSON.stringify(job)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const polled = await admin.get(`/account-deletions/${jobId}`);
      expect(polled.status, JSON.stringify(polled.body)).toBe(200);
      job = polled.body as JobView;
      seen.push(job);
    }
    // The progress is reported in percent, never going back, and complete once done.
    const done = seen.map((view) => view.progress.done);
    expect(seen.every((view) => view.progress.total === 100)).toBe(true);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(job.progress).toEqual({ done: 100, total: 100 });
    expect(job.result).toEqual({ accountId: DEMO_IDS.accounts.other, customersForgotten: 3, usersDeactivated: 2 });
    expect(job.error).toBeNull();

    for (const buyback of buybacks) {
      const detail = await admin.get(`/buybacks/${buyback.id}`);
      expect(detail.body.customer).toEqual({ forgotten: true });
      for (const name of names) expect(JSON.stringify(detail.body)).not.toContain(name);
    }
    expect((await admin.get(`/clients/${DEMO_IDS.accounts.other}`)).status).toBe(404);
    const login = await t.api.post('/login', { email: 'seller@other.test', password: DEMO_PASSWORD });
    expect(login.status).toBe(403);
    expect((await otherSeller.get('/me')).status).toBe(401);
    const again = await admin.delete(`/accounts/${DEMO_IDS.accounts.other}`);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'ACCOUNT_NOT_FOUND', details: { reason: 'account_not_found' } });
    const history = (await admin.get(`/clients/${DEMO_IDS.accounts.other}/history`)).body.items.map((e: { type: string }) => e.type);
    expect(history.slice(-2)).toEqual(['AccountDeleted', 'AccountCustomersForgotten']);
  }, 60_000);

  it('When an unknown deletion job is asked for, then 404', async () => {
    expect((await admin.get('/account-deletions/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
