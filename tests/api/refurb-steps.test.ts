import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { expectOk } from '../support/api-helpers.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { nativeStockId } from '../../domain/warehouse/stocks/native-stocks.js';
import { givenItemInRefurb, type ItemInRefurb } from '../support/refurb-steps-fixtures.js';
import { TO_REFURBISH, WAREHOUSE } from '../support/refurb-diagnosis-fixtures.js';

/**
 * An item's refurb steps over HTTP (issue 22): each action with who and
 * when, the bad transitions with their stable codes, two technicians on one
 * step at once (one wins, the other REFURB_STEP_STATUS_CHANGED, nothing
 * written), the confirmation refused then accepted, and its race with a
 * step start (never a completed item with a step in progress).
 */
const PRODUCT = DEMO_IDS.products.galaxyS23_128;

let t: TestPlatform;
let operator: ApiClient;
let manager: ApiClient;
let seller: ApiClient;
let otherWarehouse: ApiClient;
let bench: string;

beforeAll(async () => {
  t = await startTestPlatform();
  [operator, manager, seller, otherWarehouse] = await Promise.all([
    t.login('warehouse@demo.test', 'rps'),
    t.login('warehouse-manager@demo.test', 'rps'),
    t.login('seller@demo.test'),
    t.login('warehouse@other.test', 'rps'),
  ]);
  bench = (await expectOk(manager.post('/stocks', { name: `Établi ${randomUUID().slice(0, 6)}` }), 201)).id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const item = (steps: Array<[string, string, number]> = [['Écran', bench, 4500], ['Nettoyage', TO_REFURBISH, 300]]) => givenItemInRefurb(t, seller, operator, PRODUCT, steps);
const act = (stepId: string, action: string, revision: number | null, comment?: string | null, client = operator) =>
  client.post(`/item-refurb-steps/${stepId}/${action}`, comment === undefined ? {} : { comment }, revision === null ? {} : { 'If-Match': `W/"${revision}"` });
const stepOf = async (stepId: string) => expectOk(operator.get(`/item-refurb-steps/${stepId}`));

describe('working a step', () => {
  let given: ItemInRefurb;
  beforeAll(async () => {
    given = await item();
  }, 60_000);

  it('lists the item’s steps in order, to do, with their stock, cost and the actions allowed', async () => {
    const view = await expectOk(operator.get(`/items/${given.itemId}/refurb-steps`));
    expect(view.item).toMatchObject({ id: given.itemId, status: 'item_refurb_in_progress' });
    expect(view.steps.map((s: { name: string }) => s.name)).toEqual(['Écran', 'Nettoyage']);
    expect(view.steps[0]).toMatchObject({ status: 'to_do', stock: { id: bench }, cost: { amountInCents: 4500 }, allowedActions: ['start', 'cancel'], revision: 0, timeSpentMs: 0 });
    expect(view.stepsLeft.map((s: { name: string }) => s.name)).toEqual(['Écran', 'Nettoyage']);
    expect(view.confirmable).toBe(false);
  });

  it('start, pause, resume, validate: each recorded with who and when; the item goes to the step’s stock at the start; the time excludes the pause', async () => {
    const [screen] = given.steps;
    let answer = await expectOk(act(screen!.id, 'start', 0));
    expect(answer).toMatchObject({ status: 'in_progress', revision: 1 });
    expect((await expectOk(operator.get(`/items/${given.itemId}`))).stockId).toBe(bench);
    answer = await expectOk(act(screen!.id, 'pause', 1));
    expect(answer.status).toBe('paused');
    answer = await expectOk(act(screen!.id, 'resume', 2));
    expect(answer.status).toBe('in_progress');
    answer = await expectOk(act(screen!.id, 'validate', 3, 'Écran d’origine'));
    expect(answer).toMatchObject({ status: 'completed', revision: 4 });
    const step = await stepOf(screen!.id);
    expect(step.actions.map((a: { action: string }) => a.action)).toEqual(['start', 'pause', 'resume', 'validate']);
    expect(step.actions[0].by).toMatchObject({ userId: DEMO_IDS.users.warehouse });
    expect(step.actions[0].by.name).toBeTruthy();
    expect(step).toMatchObject({ validationComment: 'Écran d’origine', allowedActions: [], runningSince: null });
    expect(step.timeSpentMs).toBeGreaterThanOrEqual(0);
    const paused = Date.parse(step.actions[2].at) - Date.parse(step.actions[1].at);
    const whole = Date.parse(step.actions[3].at) - Date.parse(step.actions[0].at);
    expect(step.timeSpentMs).toBe(whole - paused);
    const history = await expectOk(operator.get(`/items/${given.itemId}/history`));
    const types = (history.items ?? history.entries ?? history).map((e: { type: string }) => e.type);
    expect(types).toEqual(expect.arrayContaining(['ItemRefurbStepStarted', 'ItemRefurbStepPaused', 'ItemRefurbStepResumed', 'ItemRefurbStepValidated']));
  });

  it('bad transitions and comments are refused with stable codes, and nothing is written', async () => {
    const [screen, clean] = given.steps;
    let refused = await act(screen!.id, 'start', null);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'REFURB_STEP_ACTION_NOT_ALLOWED', details: { status: 'completed', action: 'start' } });
    refused = await act(clean!.id, 'pause', null);
    expect(refused.body).toMatchObject({ code: 'REFURB_STEP_ACTION_NOT_ALLOWED', details: { status: 'to_do', action: 'pause' } });
    refused = await act(clean!.id, 'validate', null);
    expect(refused.body.code).toBe('REFURB_STEP_ACTION_NOT_ALLOWED');
    refused = await act(clean!.id, 'cancel', 0, '  ');
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('REFURB_COMMENT_REQUIRED');
    refused = await act(clean!.id, 'cancel', 0, 'x'.repeat(256));
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('REFURB_COMMENT_TOO_LONG');
    refused = await act(clean!.id, 'start', 7);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'REFURB_STEP_STATUS_CHANGED', details: { status: 'to_do', currentRevision: 0 } });
    expect((await stepOf(clean!.id)).revision).toBe(0);
    expect((await operator.post(`/item-refurb-steps/${randomUUID()}/start`, {})).status).toBe(404);
  });

  it('the confirmation is refused while a step is left, naming it, then accepted: the item goes to the refurb completed stock', async () => {
    const [, clean] = given.steps;
    const refused = await operator.post(`/items/${given.itemId}/refurb-completion`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('REFURB_STEPS_NOT_FINISHED');
    expect(refused.body.details.steps.map((s: { name: string }) => s.name)).toEqual(['Nettoyage']);
    expect(refused.body.message).toContain('Nettoyage');
    await expectOk(act(clean!.id, 'cancel', 0, 'Déjà propre'));
    const view = await expectOk(operator.get(`/items/${given.itemId}/refurb-steps`));
    expect(view).toMatchObject({ confirmable: true, stepsLeft: [] });
    const done = await expectOk(operator.post(`/items/${given.itemId}/refurb-completion`, {}));
    expect(done.status).toBe('item_refurb_completed');
    const after = await expectOk(operator.get(`/items/${given.itemId}`));
    expect(after).toMatchObject({ status: 'item_refurb_completed', stockId: nativeStockId(WAREHOUSE, 'refurb_completed') });
  });
});

describe('races', () => {
  it('two technicians start one step at once: exactly one wins, the other is told another user changed the status', async () => {
    const given = await item([['Batterie', bench, 2000]]);
    const [step] = given.steps;
    const answers = await Promise.all([act(step!.id, 'start', 0), act(step!.id, 'cancel', 0, 'Pas de pièce', manager)]);
    const won = answers.filter((a) => a.status === 200);
    const lost = answers.filter((a) => a.status !== 200);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]!.status).toBe(409);
    expect(lost[0]!.body.code).toBe('REFURB_STEP_STATUS_CHANGED');
    expect(lost[0]!.body.details.status).toBe(won[0]!.body.status);
    const stored = await t.platform.eventStore.readStream(`item_refurb_step-${step!.id}`);
    expect(stored).toHaveLength(2);
  });

  it('the confirmation and a step start at once: never a completed item with a step in progress', async () => {
    for (let round = 0; round < 3; round++) {
      const given = await item([['Écran', bench, 4500], ['Coque', TO_REFURBISH, 900]]);
      const [first, second] = given.steps;
      await expectOk(act(first!.id, 'start', 0));
      await expectOk(act(first!.id, 'validate', 1));
      // The second step left to do, started while the item is confirmed.
      const [completion, start] = await Promise.all([operator.post(`/items/${given.itemId}/refurb-completion`, {}), act(second!.id, 'start', 0, undefined, manager)]);
      const itemAfter = await expectOk(operator.get(`/items/${given.itemId}`));
      const stepAfter = await stepOf(second!.id);
      expect(completion.status === 200 && stepAfter.status === 'in_progress').toBe(false);
      if (start.status === 200) expect(itemAfter.status).toBe('item_refurb_in_progress');
      expect(completion.status).not.toBe(500);
    }
  }, 120_000);

  it('the confirmation against the validation of its last step: refused on the step in progress, or accepted after it, never half-written', async () => {
    const given = await item([['Écran', bench, 4500]]);
    const [step] = given.steps;
    await expectOk(act(step!.id, 'start', 0));
    const [completion, validation] = await Promise.all([operator.post(`/items/${given.itemId}/refurb-completion`, {}), act(step!.id, 'validate', 1, null, manager)]);
    expect(validation.status).toBe(200);
    const itemAfter = await expectOk(operator.get(`/items/${given.itemId}`));
    // Refused on the step as read (in progress), or decided after the validation: completed, never with the step in progress.
    if (completion.status === 200) expect(itemAfter.status).toBe('item_refurb_completed');
    else expect([completion.body.code, itemAfter.status]).toEqual(['REFURB_STEPS_NOT_FINISHED', 'item_refurb_in_progress']);
    expect((await stepOf(step!.id)).status).toBe('completed');
  });
});

describe('access', () => {
  it('a retailer without the refurbishment premium is refused; another retailer’s ids are not found; a seller may not act', async () => {
    const given = await item([['Écran', bench, 4500]]);
    const [step] = given.steps;
    const refused = await otherWarehouse.get(`/items/${given.itemId}/refurb-steps`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'PREMIUM_FEATURE_NOT_ENABLED', details: { feature: 'refurb_steps' } });
    expect((await otherWarehouse.post(`/item-refurb-steps/${step!.id}/start`, {})).body.code).toBe('PREMIUM_FEATURE_NOT_ENABLED');
    expect((await seller.post(`/item-refurb-steps/${step!.id}/start`, {})).status).toBe(403);
    expect((await seller.get(`/items/${given.itemId}/refurb-steps`)).status).toBe(403);
    const found = await expectOk(operator.get(`/item-refurb-steps/search?code=${given.identificationNumber}`));
    expect(found.id).toBe(given.itemId);
    const menu = await expectOk(otherWarehouse.get('/me'));
    const entries = menu.menu.sections.flatMap((s: { entries: Array<{ key: string; premium?: string }> }) => s.entries);
    expect(entries.find((e: { key: string }) => e.key === 'itemRefurbStepStart')).toMatchObject({ premium: 'refurb_steps' });
  });
});
