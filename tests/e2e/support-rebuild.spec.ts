import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { itemIdOf } from '../../domain/warehouse/buyback-item-sync.js';
import { apiText, createStoreBuyback, dashboardText, DEMO_PASSWORD, expectAccessible, signInWith, StaffApi } from './support/dashboard.js';

const text = (key: string, values: Record<string, string | number> = {}) => dashboardText('features/support', 'fr-FR', key, values);

/**
 * A conflict as the buyback-item process manager counts it, written straight
 * into the server's read-model file (the server reads it on the next refresh):
 * a real race is the API tests' business, the page's is to show it.
 */
function recordConflict(buybackId: string): void {
  const db = new Database(join(process.env.E2E_DATA_DIR as string, 'read-models.db'));
  try {
    db.pragma('busy_timeout = 5000');
    db.exec('CREATE TABLE IF NOT EXISTS "process_manager_conflicts" (id TEXT PRIMARY KEY, doc TEXT NOT NULL)');
    const conflict = {
      _id: `e2e-conflict-${buybackId}`,
      manager: 'buyback-item',
      accountId: null,
      sourceStream: `item-${itemIdOf(buybackId)}`,
      sourceType: 'ItemLost.v1',
      targetStream: `buyback-${buybackId}`,
      code: 'E2E_REFUSED_FOLLOW_UP',
      details: { command: 'DeclareBuybackLost' },
      itemStatus: 'item_lost',
      buybackState: 'cancelled',
      at: new Date().toISOString(),
    };
    db.prepare('INSERT OR REPLACE INTO "process_manager_conflicts" (id, doc) VALUES (?, ?)').run(conflict._id, JSON.stringify(conflict));
  } finally {
    db.close();
  }
}

/** The super admin (provider staff: no organization, so not StaffApi.login's). */
async function superAdmin(request: APIRequestContext): Promise<StaffApi> {
  const response = await request.post('/api/login', { data: { email: 'admin@demo.test', password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  const answer = (await response.json()) as { token: string };
  return new StaffApi(request, answer.token, null, '');
}

/** The number a list's total says ("99 reprises" → 99). */
function countIn(total: string): number {
  return Number(total.replace(/\D/g, ''));
}

/**
 * The seller's buyback list, read again: never empty, and never fewer than
 * before the rebuild (the journeys running beside this one may add the
 * store's buybacks; a rebuild serving a half-built list would show fewer).
 */
async function expectSameList(page: Page, total: string): Promise<void> {
  await page.reload();
  await expect(page.getByTestId('buyback-row').first()).toBeVisible({ timeout: 30_000 });
  const shown = (await page.getByTestId('buybacks-total').innerText()).trim();
  expect(countIn(shown), `the list said ${shown}, before the rebuild ${total}`).toBeGreaterThanOrEqual(countIn(total));
}

test.describe('Given support staff on the support page and a seller listing buybacks', () => {
  // The seller's browser, opened by the test, closed after it whatever happened.
  let sellerContext: BrowserContext | null = null;
  test.afterEach(async () => {
    await sellerContext?.close();
    sellerContext = null;
  });

  test('When support rebuilds the buyback list, then every read model, the page shows lags, conflicts and the actions, and the seller never sees an empty list', async ({ page, browser, request }) => {
    // Each of the seller's reads reloads the whole dashboard: slow on a busy two-core machine.
    test.setTimeout(480_000);
    const sellerApi = await StaffApi.login(request, 'seller@demo.test');
    const disputed = await createStoreBuyback(sellerApi);
    recordConflict(disputed.id);
    const admin = await superAdmin(request);

    // The seller, in a browser of their own.
    sellerContext = await browser.newContext();
    const sellerPage = await sellerContext.newPage();
    await signInWith(sellerPage, sellerApi);
    await sellerPage.goto('/dashboard/buybacks');
    await expect(sellerPage.getByTestId('buyback-row').first()).toBeVisible({ timeout: 30_000 });
    const total = (await sellerPage.getByTestId('buybacks-total').innerText()).trim();
    expect(countIn(total)).toBeGreaterThan(0);

    // Support, from the menu.
    await signInWith(page, admin);
    await page.goto('/dashboard/home');
    await page.getByRole('navigation', { name: dashboardText('app', 'fr-FR', 'menu.label') }).getByRole('link', { name: apiText('fr-FR', 'menu.support') }).click();
    await expect(page).toHaveURL(/\/dashboard\/support$/);
    await expect(page.getByRole('heading', { name: text('projections.title') })).toBeVisible();
    await expect(page.getByTestId('projection-buybacks').getByTestId('lag')).toBeVisible();
    await expect(page.getByTestId('process-manager-buyback-item').getByTestId('conflicts')).not.toHaveText('0');
    // This buyback's conflict (a retry's first attempt left its own).
    const conflict = page.getByTestId('conflict-row').filter({ has: page.locator(`a[href="/dashboard/buyback/${disputed.id}"]`) });
    await expect(conflict).toContainText('E2E_REFUSED_FOLLOW_UP');
    await expect(conflict).toBeVisible();
    await expect(conflict.getByRole('link', { name: text('conflicts.buyback') })).toHaveAttribute('href', `/dashboard/buyback/${disputed.id}`);
    await expect(conflict.getByRole('link', { name: text('conflicts.item') })).toHaveAttribute('href', `/dashboard/items-stock/${itemIdOf(disputed.id)}/edit`);
    await expect(conflict.getByRole('link', { name: text('conflicts.replay') })).toHaveAttribute('href', `/dashboard/replay/${disputed.id}`);
    await expectAccessible(page);

    // The demo log is short: a rebuild takes a blink here (the API tests slow one down to list all through it, and check
    // its progress). The seller lists right after each click, as many times as the rebuilds take.
    const rebuildWhileListing = async (button: string, projections: number) => {
      const before = (await admin.ok('get', '/platform/support')).actions.length as number;
      await page.getByRole('button', { name: button }).click();
      await expect(page.getByText(text('notifications.started', { name: projections === 1 ? 'buybacks' : text('all') }))).toBeVisible();
      // A few reads at once (each reloads the whole page), then the rebuilds' end.
      for (let reads = 0; reads < 3; reads++) await expectSameList(sellerPage, total);
      // Every rebuild replays the whole log (longer at the end of a full run, on a loaded machine); a failed one is named with its error.
      type Job = { projection: string; status: string; error: string | null };
      await expect
        .poll(async () => ((await admin.ok('get', '/platform/support')).rebuilds as Job[]).filter((job) => job.status === 'queued' || job.status === 'running').length, { timeout: 150_000 })
        .toBe(0);
      const rebuilds = (await admin.ok('get', '/platform/support')).rebuilds as Job[];
      expect(rebuilds.filter((job) => job.status !== 'finished').map((job) => `${job.projection}: ${job.error}`)).toEqual([]);
      // Started and finished, each kept with who and when (the list shows the latest 50).
      const actions = (await admin.ok('get', '/platform/support')).actions as Array<{ action: string; by: { name: string | null } }>;
      expect(actions.length - before).toBe(Math.min(2 * projections, 50 - before));
      expect(actions[0]).toMatchObject({ action: 'rebuild_finished', by: { name: expect.any(String) } });
    };

    await rebuildWhileListing(text('actions.rebuildOne', { name: 'buybacks' }), 1);
    const finished = page.getByTestId('action-row').filter({ hasText: text('actions.kinds.rebuild_finished') }).filter({ hasText: 'buybacks' });
    await expect(finished.first()).toBeVisible();
    await expect(page.getByTestId('projection-buybacks').getByRole('button', { name: text('actions.rebuildOne', { name: 'buybacks' }) })).toBeEnabled();

    await rebuildWhileListing(text('actions.rebuildAll'), (await admin.ok('get', '/platform/support')).projections.length);
    await expect(page.locator('[data-testid^="rebuild-progress-"]')).toHaveCount(0);
    await expectSameList(sellerPage, total);
  });
});
