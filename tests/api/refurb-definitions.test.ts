import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { expectOk } from '../support/api-helpers.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { REFURB_DEMO_IDS } from '../../infrastructure/modules/refurbishment/demo-definitions.js';
import { nativeStockId } from '../../domain/warehouse/stocks/native-stocks.js';
import { toNewEvent } from '../../application/events/codec.js';
import { REFURBISHMENT_STREAMS } from '../../application/refurbishment/streams.js';
import { usedByItem } from '../../domain/refurbishment/step-definition/usage-guard.js';
import { randomUUID } from 'node:crypto';

/**
 * The workshop's definitions through the API (issue 22): refurb step
 * definitions (create, list and search, change with If-Match, delete refused
 * while an item plans one, each bad field with its stable code and text, a
 * name raced by two creations) and diagnosis questions (create, the ones
 * that apply to a product in order, change, delete), all behind the
 * refurbishment premium feature and within the caller's retailer.
 */

const PARIS = DEMO_IDS.warehouses.demo;
const LYON = DEMO_IDS.warehouses.demoLyon;
const TO_REFURBISH = nativeStockId(PARIS, 'to_refurbish');
let t: TestPlatform;
let manager: ApiClient;
let operator: ApiClient;
let otherWarehouse: ApiClient;
let seller: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  [manager, operator, otherWarehouse, seller] = await Promise.all([
    t.login('warehouse-manager@demo.test', 'rps'),
    t.login('warehouse@demo.test', 'rps'),
    t.login('warehouse@other.test', 'rps'),
    t.login('seller@demo.test'),
  ]);
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const step = (name: string, costs: Array<[string, number]> = [[PARIS, 4500], [LYON, 4900]]) => ({
  name,
  description: 'Remplacement complet',
  stockId: TO_REFURBISH,
  costs: costs.map(([warehouseId, costInCents]) => ({ warehouseId, costInCents })),
  translations: { 'en-GB': { name: `${name} (en)` } },
});

describe('Given the demo workshop’s step definitions', () => {
  it('When its manager lists them, then the dozen demo steps are there by name with their costs in both warehouses; a search by name narrows them', async () => {
    const page = await expectOk(manager.get('/refurb-steps?itemsPerPage=50'));
    expect(page.totalItems).toBeGreaterThanOrEqual(12);
    const screen = page.items.find((s: { id: string }) => s.id === REFURB_DEMO_IDS.stepDefinitions.screen);
    expect(screen).toMatchObject({ stockId: REFURB_DEMO_IDS.stockId, stock: { kind: 'to_refurbish', warehouseId: PARIS } });
    expect(screen.costs.map((c: { warehouseId: string; costInCents: number }) => [c.warehouseId, c.costInCents])).toEqual([[PARIS, 6500], [LYON, 5900]]);
    const names = page.items.map((s: { french: { name: string } }) => s.french.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const found = await expectOk(manager.get('/refurb-steps?name=BATTERIE'));
    expect(found.items.map((s: { id: string }) => s.id)).toEqual([REFURB_DEMO_IDS.stepDefinitions.battery]);
    const english = await expectOk(manager.get(`/refurb-steps/${REFURB_DEMO_IDS.stepDefinitions.battery}`, { 'Accept-Language': 'en-GB' }));
    expect(english.name).toBe('Battery replacement');
    const choices = await expectOk(manager.get('/refurb-step-choices'));
    expect(choices.warehouses.map((w: { id: string }) => w.id)).toEqual(expect.arrayContaining([PARIS, LYON]));
    expect(choices.warehouses.map((w: { id: string }) => w.id)).not.toContain(DEMO_IDS.warehouses.other);
    expect(choices.stocks).toContainEqual({ id: TO_REFURBISH, name: null, kind: 'to_refurbish', warehouseId: PARIS });
  });

  it('When a step is created, changed with If-Match and read back, then its history shows both, and a stale If-Match is refused', async () => {
    const created = await expectOk(manager.post('/refurb-steps', step('Remplacement du lecteur SIM')), 201);
    const read = await expectOk(manager.get(`/refurb-steps/${created.id}`));
    expect(read).toMatchObject({ name: 'Remplacement du lecteur SIM', usages: 0, revision: 0 });
    const changed = await manager.patch(`/refurb-steps/${created.id}`, { costs: [{ warehouseId: PARIS, costInCents: 1990 }] }, { 'If-Match': 'W/"0"', 'Content-Type': 'application/merge-patch+json' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const after = await expectOk(manager.get(`/refurb-steps/${created.id}`));
    expect(after.costs.map((c: { costInCents: number }) => c.costInCents)).toEqual([1990]);
    expect(after.description).toBe('Remplacement complet');
    const stale = await manager.patch(`/refurb-steps/${created.id}`, { description: 'x' }, { 'If-Match': 'W/"0"' });
    expect(stale.status).toBe(412);
    const history = await expectOk(manager.get(`/refurb-steps/${created.id}/history`));
    expect(history.items.map((e: { type: string }) => e.type)).toEqual(['RefurbStepDefined', 'RefurbStepDefinitionChanged']);
    expect(Object.keys(history.items[1].changes)).toEqual(['costs']);
  });

  it('When bad fields are sent, then each is named with its stable code and a translated text', async () => {
    const response = await manager.post(
      '/refurb-steps',
      { name: '  ', description: 'd'.repeat(256), stockId: nativeStockId(DEMO_IDS.warehouses.other, 'to_refurbish'), costs: [{ warehouseId: PARIS, costInCents: -5 }, { warehouseId: DEMO_IDS.warehouses.other, costInCents: 10 }, { warehouseId: PARIS, costInCents: 10 }] },
      { 'Accept-Language': 'en-GB' },
    );
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('REFURB_STEP_INVALID');
    const fields = (response.body.details.fields as Array<{ field: string; code: string }>).map((f) => `${f.field}:${f.code}`);
    expect(fields).toEqual(
      expect.arrayContaining([
        'name:TEXT_REQUIRED',
        'description:TEXT_LENGTH',
        'stockId:REFURB_STEP_STOCK_UNKNOWN',
        'costs.0.cost:REFURB_STEP_COST_INVALID',
        'costs.1.warehouseId:REFURB_STEP_WAREHOUSE_UNKNOWN',
        'costs.2.warehouseId:REFURB_STEP_WAREHOUSE_TWICE',
      ]),
    );
    expect(response.body.message).toMatch(/refurbishment step is not valid/);
    const taken = await manager.post('/refurb-steps', step('  NETTOYAGE '), { 'Accept-Language': 'fr-FR' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'REFURB_STEP_NAME_TAKEN', message: 'Une étape de reconditionnement porte déjà ce nom.' });
  });

  it('When two creations race with one name, then exactly one is written and the other is refused REFURB_STEP_NAME_TAKEN', async () => {
    const [a, b] = await Promise.all([manager.post('/refurb-steps', step('Réglage du Face ID')), manager.post('/refurb-steps', step('réglage du face id'))]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.status === 409)?.body.code).toBe('REFURB_STEP_NAME_TAKEN');
    const listed = await expectOk(manager.get('/refurb-steps?name=face%20id'));
    expect(listed.totalItems).toBe(1);
  });

  it('When a step is renamed, its old name is free again; when deleted, its name is too', async () => {
    const made = await expectOk(manager.post('/refurb-steps', step('Changement de nappe')), 201);
    await expectOk(manager.patch(`/refurb-steps/${made.id}`, { name: 'Changement de nappe LCD' }));
    const reuse = await expectOk(manager.post('/refurb-steps', step('Changement de nappe')), 201);
    await expectOk(manager.delete(`/refurb-steps/${reuse.id}`));
    expect((await manager.get(`/refurb-steps/${reuse.id}`)).status).toBe(404);
    await expectOk(manager.post('/refurb-steps', step('Changement de nappe')), 201);
  });

  it('When an item plans a step, then its deletion is refused REFURB_STEP_IN_USE, and a later change of its cost leaves the planned cost as it was', async () => {
    const made = await expectOk(manager.post('/refurb-steps', step('Remplacement du vibreur', [[PARIS, 1200]])), 201);
    const itemRefurbStepId = randomUUID();
    const planned = {
      type: 'ItemRefurbStepPlanned',
      data: { itemRefurbStepId, stepDefinitionId: made.id, name: 'Remplacement du vibreur', description: null, stockId: TO_REFURBISH, cost: { amountInCents: 1200, currency: 'EUR' }, sequence: 1, accountId: DEMO_IDS.accounts.demo, itemId: randomUUID(), diagnosisId: randomUUID(), warehouseId: PARIS },
    };
    const metadata = { accountId: DEMO_IDS.accounts.demo, organizationId: null, userId: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() };
    // As a finalize writes it: the planned step and its use on the definition's usage guard, in one append.
    const [appended] = await t.platform.eventStore.appendToStreams([
      { streamName: REFURBISHMENT_STREAMS.itemRefurbStep.name(itemRefurbStepId), events: [toNewEvent(planned as never, randomUUID(), metadata)], expectedRevision: 'no_stream' },
      { streamName: REFURBISHMENT_STREAMS.stepUsage.name(made.id), events: [toNewEvent(usedByItem(planned.data), randomUUID(), metadata)], expectedRevision: 'any' },
    ]);
    await t.platform.runner.waitFor(appended!.lastGlobalPosition, 10_000);
    expect((await expectOk(manager.get(`/refurb-steps/${made.id}`))).usages).toBe(1);
    const refused = await manager.delete(`/refurb-steps/${made.id}`, { 'Accept-Language': 'en-GB' });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body).toMatchObject({ code: 'REFURB_STEP_IN_USE', details: { usages: 1 }, message: 'This step cannot be deleted: items or diagnosis questions plan it.' });
    await expectOk(manager.patch(`/refurb-steps/${made.id}`, { costs: [{ warehouseId: PARIS, costInCents: 9900 }] }));
    const stream = await t.platform.eventStore.readStream(REFURBISHMENT_STREAMS.itemRefurbStep.name(itemRefurbStepId));
    expect((stream[0]!.data as { cost: { amountInCents: number } }).cost.amountInCents).toBe(1200);
  });
});

describe('Given the demo workshop’s diagnosis questions', () => {
  it('When a question is created whose answer plans a new step, then it is listed in order, and asked for the products of its category only', async () => {
    const sim = await expectOk(manager.post('/refurb-steps', step('Remplacement du tiroir SIM', [[PARIS, 800], [LYON, 750]])), 201);
    const created = await expectOk(
      manager.post('/refurb-diagnosis-questions', {
        label: 'Le tiroir SIM est-il présent ?',
        questionType: 'unique',
        answers: [{ label: 'Oui', stepDefinitionIds: [] }, { label: 'Non', stepDefinitionIds: [sim.id] }],
        categoryIds: [DEMO_IDS.categories.smartphones],
        translations: { 'en-GB': { label: 'Is the SIM tray there?' } },
      }),
      201,
    );
    const question = await expectOk(manager.get(`/refurb-diagnosis-questions/${created.id}`, { 'Accept-Language': 'en-GB' }));
    expect(question).toMatchObject({ label: 'Is the SIM tray there?', questionType: 'unique', everyProduct: false });
    expect(question.answers[1].steps).toEqual([{ id: sim.id, name: 'Remplacement du tiroir SIM (en)' }]);
    const list = await expectOk(manager.get('/refurb-diagnosis-questions?itemsPerPage=50'));
    const positions = list.items.map((q: { position: number }) => q.position);
    expect(positions).toEqual([...positions].sort((a: number, b: number) => a - b));
    expect(list.items.at(-1).id).toBe(created.id);
    const forPhone = await expectOk(manager.get(`/refurb-diagnosis-questions?productId=${DEMO_IDS.products.iphone15_128}`));
    const ids = forPhone.items.map((q: { id: string }) => q.id);
    expect(ids).toEqual(expect.arrayContaining([created.id, REFURB_DEMO_IDS.questions.screen, REFURB_DEMO_IDS.questions.finish]));
    expect(ids).not.toContain(REFURB_DEMO_IDS.questions.laptopKeyboard);
    const deletion = await manager.delete(`/refurb-steps/${sim.id}`);
    expect(deletion.body).toMatchObject({ code: 'REFURB_STEP_IN_USE', details: { questions: 1 } });
  });

  it('When bad fields are sent, then the question’s codes name them; a change and a deletion work with If-Match; a deleted one is not found', async () => {
    const bad = await manager.post('/refurb-diagnosis-questions', { label: 'x', questionType: 'unique', answers: [{ label: 'Oui', stepDefinitionIds: [randomUUID()] }] });
    expect(bad.status).toBe(422);
    expect((bad.body.details.fields as Array<{ field: string; code: string }>).map((f) => `${f.field}:${f.code}`)).toEqual(
      expect.arrayContaining(['label:TEXT_LENGTH', 'answers:REFURB_QUESTION_ANSWERS_COUNT', 'answers.0.stepDefinitionIds:REFURB_QUESTION_STEP_UNKNOWN']),
    );
    const made = await expectOk(manager.post('/refurb-diagnosis-questions', { label: 'Rayures sur la coque ?', questionType: 'multiple', answers: [{ label: 'Oui', stepDefinitionIds: [REFURB_DEMO_IDS.stepDefinitions.cleaning] }, { label: 'Non', stepDefinitionIds: [] }] }), 201);
    await expectOk(manager.patch(`/refurb-diagnosis-questions/${made.id}`, { productIds: [DEMO_IDS.products.iphone15_128] }, { 'If-Match': 'W/"0"', 'Content-Type': 'application/merge-patch+json' }));
    expect((await expectOk(manager.get(`/refurb-diagnosis-questions/${made.id}`))).productIds).toEqual([DEMO_IDS.products.iphone15_128]);
    const history = await expectOk(manager.get(`/refurb-diagnosis-questions/${made.id}/history`));
    expect(history.items.map((e: { type: string }) => e.type)).toEqual(['RefurbDiagnosisQuestionCreated', 'RefurbDiagnosisQuestionChanged']);
    await expectOk(manager.delete(`/refurb-diagnosis-questions/${made.id}`, { 'If-Match': 'W/"1"' }));
    const gone = await manager.get(`/refurb-diagnosis-questions/${made.id}`, { 'Accept-Language': 'en-GB' });
    expect(gone.body).toMatchObject({ code: 'REFURB_QUESTION_NOT_FOUND', message: 'This diagnosis question does not exist.' });
    expect(gone.status).toBe(404);
  });

  it('When they are reordered, then the list follows the new order; an order missing one is refused', async () => {
    const list = await expectOk(manager.get('/refurb-diagnosis-questions?pagination=false'));
    const ids = (list.items as Array<{ id: string }>).map((q) => q.id);
    const reversed = [...ids].reverse();
    await expectOk(manager.request('PUT', '/refurb-diagnosis-questions/order', { questionIds: reversed }));
    const after = await expectOk(manager.get('/refurb-diagnosis-questions?pagination=false'));
    expect(after.items.map((q: { id: string }) => q.id)).toEqual(reversed);
    const refused = await manager.request('PUT', '/refurb-diagnosis-questions/order', { questionIds: reversed.slice(1) });
    expect(refused.body.code).toBe('REFURB_QUESTION_ORDER_INVALID');
    await expectOk(manager.request('PUT', '/refurb-diagnosis-questions/order', { questionIds: ids }));
  });
});

describe('Given the questions of a product (GET /refurb-diagnosis-questions?productId=)', () => {
  it('When the product is unknown or another retailer’s, then 404 PRODUCT_NOT_FOUND (the catalogue’s code, in the reader’s language)', async () => {
    for (const productId of [randomUUID(), DEMO_IDS.products.otherIphone13_128]) {
      const answer = await manager.get(`/refurb-diagnosis-questions?productId=${productId}`, { 'Accept-Language': 'en-GB' });
      expect({ status: answer.status, code: answer.body.code, message: typeof answer.body.message }).toEqual({ status: 404, code: 'PRODUCT_NOT_FOUND', message: 'string' });
    }
  });

  it('When no question applies to a known product, then an empty page (the diagnosis’s start is what refuses it)', async () => {
    const finish = REFURB_DEMO_IDS.questions.finish;
    const scoped = async (body: object) => {
      const revision = (await expectOk(manager.get(`/refurb-diagnosis-questions/${finish}`))).revision as number;
      await expectOk(manager.patch(`/refurb-diagnosis-questions/${finish}`, body, { 'If-Match': `W/"${revision}"`, 'Content-Type': 'application/merge-patch+json' }));
    };
    // The demo's one question for every product narrowed to a phone: none is left for the console.
    await scoped({ productIds: [DEMO_IDS.products.iphone15_128] });
    try {
      const page = await expectOk(manager.get(`/refurb-diagnosis-questions?productId=${DEMO_IDS.products.ps5}`));
      expect({ items: page.items, totalItems: page.totalItems }).toEqual({ items: [], totalItems: 0 });
    } finally {
      await scoped({ productIds: [] });
    }
    expect((await expectOk(manager.get(`/refurb-diagnosis-questions?productId=${DEMO_IDS.products.ps5}`))).items.map((q: { id: string }) => q.id)).toEqual([finish]);
  });
});

describe('Given the refurbishment premium feature and the tenants', () => {
  it('When a retailer without the feature asks, then it is refused PREMIUM_FEATURE_NOT_ENABLED; another retailer’s ids are not found; a seller may not read them', async () => {
    const refused = await otherWarehouse.get('/refurb-steps');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'PREMIUM_FEATURE_NOT_ENABLED', details: { feature: 'refurb_steps' } });
    expect((await otherWarehouse.get(`/refurb-steps/${REFURB_DEMO_IDS.stepDefinitions.screen}`)).status).toBe(404);
    expect((await seller.get('/refurb-steps')).status).toBe(403);
    expect((await seller.get('/refurb-diagnosis-questions')).status).toBe(403);
    expect((await operator.post('/refurb-steps', step('Interdit'))).status).toBe(403);
    const menu = await expectOk(otherWarehouse.get('/me'));
    const entries = menu.menu.sections.flatMap((s: { entries: Array<{ key: string; premium?: string }> }) => s.entries);
    expect(entries.find((e: { key: string }) => e.key === 'refurbSteps')).toMatchObject({ premium: 'refurb_steps' });
    const demoMenu = await expectOk(manager.get('/me'));
    expect(demoMenu.menu.sections.flatMap((s: { entries: Array<{ key: string; premium?: string }> }) => s.entries).find((e: { key: string }) => e.key === 'refurbSteps').premium).toBeUndefined();
  });
});
