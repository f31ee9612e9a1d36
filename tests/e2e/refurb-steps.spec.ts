import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiMessage, featureText, signInWith, type StaffApi } from './support/dashboard.js';
import { checkedInBuyback, warehouseOperator } from './support/warehouse-parcels.js';
import { PEOPLE } from './support/warehouse-stock.js';

/**
 * An item's refurb steps worked on screen (issue 22, specification 001
 * "Refurbishment steps"), as the demo warehouse's operator works them: a
 * step started, paused, resumed and validated with a comment; another
 * cancelled, which needs a comment; the time spent counting while a step
 * runs; the confirmation disabled, naming the steps left, until none is,
 * then the completed page naming the device; and two technicians on one step: the slower one is told
 * another user changed its status, with a reload, and nothing is written.
 */

const euros = (cents: number) => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const text = (key: string, values: Record<string, string | number> = {}) => featureText('item-refurb-steps', 'fr-FR', key, values);

/** The demo's answers that plan two steps (Nettoyage, Contrôle et grade); any other question (another test's) its first answer. */
const QUIET_ANSWERS = ['Intact', '80 % ou plus', 'Aucun défaut', 'Tout fonctionne', 'Nettoyage et grade'];

interface PlannedStep {
  id: string;
  name: string;
  status: string;
  stock: { name: string | null };
  cost: { amountInCents: number };
  revision: number;
  actions: Array<{ action: string; comment: string | null }>;
}

/**
 * A device checked in and found as declared, diagnosed and finalized through
 * the API (the calls the diagnosis screens make): its refurbishment in
 * progress with its steps planned, none started.
 */
async function itemWithPlannedSteps(request: APIRequestContext, operator: StaffApi) {
  const device = await checkedInBuyback(request, operator);
  const item = await operator.ok('get', `/items/${device.itemId}`);
  const productId = item.product.productId as string;
  const checks = (await operator.ok('get', `/products/${productId}/diagnostic-questions`)).items as Array<{ id: string; answers: Array<{ id: string }> }>;
  const responses = checks.map((q) => ({ questionId: q.id, answerIds: [q.answers[0]!.id] }));
  await operator.ok('post', `/items/${device.itemId}/compliance-checks`, { productId, responses, comment: null, decision: { kind: 'by_rule' } });

  const diagnosis = await operator.ok('post', '/refurb-diagnoses', { code: device.identificationNumber });
  const questions = (await operator.ok('get', `/refurb-diagnoses/${diagnosis.id}`)).questions as Array<{ id: string; answers: Array<{ id: string; label: string }> }>;
  const answers = questions.map((q) => ({ questionId: q.id, answerIds: [(q.answers.find((a) => QUIET_ANSWERS.includes(a.label)) ?? q.answers[0]!).id] }));
  const headers = { Authorization: `Bearer ${operator.token}`, ...(operator.module ? { 'X-Module': operator.module } : {}) };
  const saved = await request.put(`/api/refurb-diagnoses/${diagnosis.id}/answers`, { data: { answers }, headers });
  expect(saved.status(), await saved.text()).toBe(200);
  const stockId = (await operator.ok('get', `/items/${device.itemId}`)).stockId as string;
  await operator.ok('post', `/refurb-diagnoses/${diagnosis.id}/finalize`, { stockId });

  const steps = (await operator.ok('get', `/items/${device.itemId}/refurb-steps`)).steps as PlannedStep[];
  expect(steps.length).toBeGreaterThanOrEqual(2);
  return { itemId: device.itemId, warehouseId: item.warehouseId as string, steps };
}

const stepOf = (operator: StaffApi, id: string): Promise<PlannedStep> => operator.ok('get', `/item-refurb-steps/${id}`);

async function expectStatus(page: Page, status: string) {
  await expect(page.getByTestId('step-status')).toHaveText(text(`status.${status}`));
}

async function openStep(page: Page, name: string) {
  await page.getByTestId('item-step').filter({ has: page.getByRole('cell', { name, exact: true }) }).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('a step started, paused, resumed and validated, another cancelled with its comment; the refurbishment confirmed once no step is left', async ({ page, request }) => {
  test.slow();
  const operator = await warehouseOperator(request);
  const { itemId, warehouseId, steps } = await itemWithPlannedSteps(request, operator);
  const [first, second] = [steps[0]!, steps[1]!];
  // Any step the demo's answers planned beyond the two this journey works: cancelled through the API.
  for (const other of steps.slice(2)) await operator.ok('post', `/item-refurb-steps/${other.id}/cancel`, { comment: 'Hors du parcours' });
  await signInWith(page, operator);

  await page.goto(`/dashboard/items/${itemId}/item-refurb-steps`);
  await expect(page.getByRole('heading', { level: 1, name: text('item.title') })).toBeVisible();
  await expect(page.getByTestId('item-step')).toHaveCount(steps.length);
  await openStep(page, first.name);
  await expectStatus(page, 'to_do');
  // Its stock and cost, in the reader's own punctuation.
  const [stock, cost] = text('step.facts', { stock: first.stock.name ?? '—', cost: euros(first.cost.amountInCents) }).split(' · ');
  await expect(page.getByTestId('step-facts')).toContainText(`${stock} · ${cost}`);

  // Start, pause, resume: each shown at once, the actions its status allows.
  await page.getByRole('button', { name: text('actions.start') }).click();
  await expectStatus(page, 'in_progress');
  // The time spent counts on screen while it runs, in seconds (m:ss).
  const facts = page.getByTestId('step-facts');
  await expect(facts).toHaveAttribute('data-running', 'true');
  await expect(facts).toContainText(/0:0[1-9]/, { timeout: 5_000 });
  await page.getByRole('button', { name: text('actions.pause') }).click();
  await expectStatus(page, 'paused');
  await expect(page.getByRole('button', { name: text('actions.validate') })).toHaveCount(0);
  await page.getByRole('button', { name: text('actions.resume') }).click();
  await expectStatus(page, 'in_progress');

  // Validated with a comment: kept in the step's actions, with who.
  await page.getByLabel(text('step.comment')).fill('Coque dégraissée, grilles soufflées');
  await page.getByRole('button', { name: text('actions.validate') }).click();
  await expectStatus(page, 'completed');
  const done = page.getByTestId('step-actions-done');
  await expect(done.getByText(text('done.validate'), { exact: false })).toContainText('Coque dégraissée, grilles soufflées');
  await expect(done).toContainText(PEOPLE.operator);
  const validated = await stepOf(operator, first.id);
  expect(validated.status).toBe('completed');
  expect(validated.actions.map((a) => a.action)).toEqual(['start', 'pause', 'resume', 'validate']);

  // The confirmation not offered while the second step is left: disabled, the step left named beside it (the API refuses it too: tests/api/refurb-steps).
  await page.getByRole('link', { name: text('step.back') }).click();
  await expect(page.getByRole('button', { name: text('item.confirm') })).toBeDisabled();
  await expect(page.getByTestId('confirm-blocked')).toContainText(`2. ${second.name} (${text('status.to_do')})`);
  // The validated step's time is shown in seconds, not rounded to minutes.
  await expect(page.getByTestId('item-step-time').first()).toHaveText(/^0:[0-5]\d$/);

  // Cancelling needs a comment: refused without one, nothing written; done with one.
  await openStep(page, second.name);
  await page.getByRole('button', { name: text('actions.cancel') }).click();
  await expect(page.getByText(apiMessage('fr-FR', 'REFURB_COMMENT_REQUIRED'))).toBeVisible();
  await expectStatus(page, 'to_do');
  expect((await stepOf(operator, second.id)).status).toBe('to_do');
  await page.getByLabel(text('step.comment')).fill('Appareil déjà gradé en contrôle');
  await page.getByRole('button', { name: text('actions.cancel') }).click();
  await expectStatus(page, 'cancelled');
  expect((await stepOf(operator, second.id)).actions).toEqual([expect.objectContaining({ action: 'cancel', comment: 'Appareil déjà gradé en contrôle' })]);

  // Every step completed or cancelled: confirmed, the device in its warehouse's "refurb completed" stock.
  await page.getByRole('link', { name: text('step.back') }).click();
  await expect(page.getByTestId('confirm-blocked')).toHaveCount(0);
  await page.getByRole('button', { name: text('item.confirm') }).click();
  await expect(page.getByRole('heading', { level: 1, name: text('completed.title') })).toBeVisible();
  await expect(page.getByTestId('refurbishment-completed')).toContainText(text('completed.done'));
  // The device named: its product and the 8-character code the lists show.
  const summary = (await operator.ok('get', `/items/${itemId}/refurb-steps`)).item as { productLabel: string; shortCode: string };
  await expect(page.getByTestId('completed-device')).toHaveText(text('completed.device', { product: summary.productLabel, code: summary.shortCode }));
  const item = await operator.ok('get', `/items/${itemId}`);
  expect(item.status).toBe('item_refurb_completed');
  const stocks = (await operator.ok('get', `/stocks?pagination=false&warehouseId=${warehouseId}`)).items as Array<{ id: string; kind: string | null }>;
  expect(stocks.find((stock) => stock.id === item.stockId)?.kind).toBe('refurb_completed');
});

test('two technicians on one step: the second is told another user changed its status, with a reload, and nothing is written', async ({ page, browser, request }, testInfo) => {
  test.slow();
  const operator = await warehouseOperator(request);
  const { steps } = await itemWithPlannedSteps(request, operator);
  const step = steps[0]!;
  const colleague = await warehouseOperator(request);
  const { baseURL, locale, timezoneId, reducedMotion } = testInfo.project.use;
  const other = await browser.newContext({ baseURL, locale, timezoneId, reducedMotion });
  const second = await other.newPage();
  await Promise.all([signInWith(page, operator), signInWith(second, colleague)]);
  for (const screen of [page, second]) {
    await screen.goto(`/dashboard/item-refurb-steps/${step.id}`);
    await expectStatus(screen, 'to_do');
  }

  // The first technician starts it.
  await page.getByRole('button', { name: text('actions.start') }).click();
  await expectStatus(page, 'in_progress');
  const started = await stepOf(operator, step.id);

  // The second, on the page read before, starts it too: refused in the specification's words, with a reload.
  await second.getByRole('button', { name: text('actions.start') }).click();
  const changed = second.getByTestId('step-status-changed');
  await expect(changed).toContainText(apiMessage('fr-FR', 'REFURB_STEP_STATUS_CHANGED'));
  await expect(changed).toContainText(text('step.changedTo', { status: text('status.in_progress') }));
  const after = await stepOf(operator, step.id);
  expect(after.revision).toBe(started.revision);
  expect(after.actions.map((a) => a.action)).toEqual(['start']);

  // Reloaded: the step as it is now, the actions an in-progress step allows.
  await changed.getByRole('button', { name: text('step.reload') }).click();
  await expect(changed).toHaveCount(0);
  await expectStatus(second, 'in_progress');
  await expect(second.getByRole('button', { name: text('actions.pause') })).toBeVisible();
  await other.close();
});
