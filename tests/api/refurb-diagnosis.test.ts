import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { expectOk } from '../support/api-helpers.js';
import { shippedItem } from '../support/warehouse-helpers.js';
import { PARIS } from '../support/buyback-fixtures.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { itemRefurbStepIdOf, REFURBISHMENT_STREAMS } from '../../application/refurbishment/streams.js';
import { gs1CheckDigit } from '../../domain/values/gtin.js';
import { completedItem, deleteStepDefinition, eur, givenQuestion, givenStepDefinition, givenTwinItem, TO_REFURBISH, WAREHOUSE } from '../support/refurb-diagnosis-fixtures.js';

/**
 * The refurbishment diagnosis over HTTP (issue 22): started by an item's
 * 8- or 13-character code with each of the specification's search
 * refusals, answered now or later, finalized with a stock, which plans the
 * item's steps with the warehouse's costs in one atomic append; two starts
 * or two finalizes at once: one wins, nothing half-written.
 */

const PRODUCT = DEMO_IDS.products.galaxyS23_128;

let t: TestPlatform;
let operator: ApiClient;
let manager: ApiClient;
let seller: ApiClient;
let shelf: string;
let steps: { screen: string; clean: string; battery: string; polish: string };
let screen: { id: string; answers: Array<{ answerId: string }> };
let body: { id: string; answers: Array<{ answerId: string }> };

beforeAll(async () => {
  t = await startTestPlatform();
  [operator, manager, seller] = await Promise.all([t.login('warehouse@demo.test', 'rps'), t.login('warehouse-manager@demo.test', 'rps'), t.login('seller@demo.test')]);
  shelf = (await expectOk(manager.post('/stocks', { name: `Atelier ${randomUUID().slice(0, 6)}` }), 201)).id;
  steps = {
    screen: await givenStepDefinition(t, 'Remplacement écran', [[WAREHOUSE, 4500], [DEMO_IDS.warehouses.demoLyon, 5200]]),
    clean: await givenStepDefinition(t, 'Nettoyage', [[WAREHOUSE, 300]]),
    battery: await givenStepDefinition(t, 'Batterie', [[WAREHOUSE, 2000]]),
    polish: await givenStepDefinition(t, 'Polissage', [[DEMO_IDS.warehouses.demoLyon, 800]]),
  };
  // Asked first (position -2), though created second.
  body = await givenQuestion(t, 'Coque et batterie', 'multiple', [['Batterie faible', [steps.battery]], ['Rayures', [steps.clean, steps.polish]]], [PRODUCT], -1);
  screen = await givenQuestion(t, 'État de l’écran', 'unique', [['Intact', []], ['Fissuré', [steps.screen, steps.clean]]], [PRODUCT], -2);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const start = (code: string, client = operator, headers: Record<string, string> = {}) => client.post('/refurb-diagnoses', { code }, headers);
const detail = async (id: string, client = operator) => expectOk(client.get(`/refurb-diagnoses/${id}`));

/** Every question of the diagnosis answered: ours as given, any other (the demo's) with its first answer. */
async function answerAll(id: string, ours: Array<{ questionId: string; answerIds: string[] }>) {
  const view = await detail(id);
  const others = (view.questions as Array<{ id: string; answers: Array<{ id: string }> }>)
    .filter((q) => !ours.some((o) => o.questionId === q.id))
    .map((q) => ({ questionId: q.id, answerIds: [q.answers[0]!.id] }));
  return operator.request('PUT', `/refurb-diagnoses/${id}/answers`, { answers: [...ours, ...others] });
}

const CRACKED_AND_WORN = () => [
  { questionId: screen.id, answerIds: [screen.answers[1]!.answerId] },
  { questionId: body.id, answerIds: [body.answers[0]!.answerId, body.answers[1]!.answerId] },
];

describe('starting a diagnosis', () => {
  it('by the 13-digit code: the item goes to its diagnosis, whose questions apply to its product in their order', async () => {
    const { item } = await completedItem(seller, operator, PRODUCT);
    const started = await expectOk(start(item.identificationNumber), 201);
    expect(started).toMatchObject({ itemId: item.id, status: 'open', revision: 0 });
    expect((await expectOk(operator.get(`/items/${item.id}`))).status).toBe('item_refurb_diagnostic_in_progress');
    const view = await detail(started.id);
    expect(view).toMatchObject({ status: 'open', item: { id: item.id, identificationNumber: item.identificationNumber }, product: { productId: PRODUCT }, plannedSteps: [], totalCost: eur(0) });
    const ours = (view.questions as Array<{ id: string }>).filter((q) => q.id === screen.id || q.id === body.id).map((q) => q.id);
    expect(ours).toEqual([screen.id, body.id]);
    expect(view.unansweredQuestionIds).toEqual(expect.arrayContaining([screen.id, body.id]));
    // The item's own read answers the same diagnosis.
    expect((await expectOk(operator.get(`/items/${item.id}/refurb-diagnosis`))).id).toBe(started.id);
  });

  it('by the 8-character code, in any case and with spaces', async () => {
    const { item } = await completedItem(seller, operator, PRODUCT);
    const code = `${item.shortCode.slice(0, 4)} ${item.shortCode.slice(4).toLowerCase()}`;
    expect((await expectOk(start(code), 201)).itemId).toBe(item.id);
  });

  it('refuses each search error with its own code and message', async () => {
    const refusal = async (code: string) => {
      const answer = await start(code);
      return { status: answer.status, code: answer.body.code, hasMessage: typeof answer.body.message === 'string' && answer.body.message.length > 0 };
    };
    expect(await refusal('1234567')).toEqual({ status: 422, code: 'REFURB_CODE_TOO_SHORT', hasMessage: true });
    expect(await refusal('1234567890')).toEqual({ status: 422, code: 'REFURB_CODE_TOO_SHORT', hasMessage: true });
    expect(await refusal('12345678901234')).toEqual({ status: 422, code: 'REFURB_CODE_INVALID', hasMessage: true });
    const nowhere = `999999999999`;
    expect(await refusal(`${nowhere}${gs1CheckDigit(nowhere)}`)).toEqual({ status: 404, code: 'REFURB_ITEM_NOT_FOUND', hasMessage: true });
    const inTransit = await shippedItem(seller, operator, PARIS, { productId: PRODUCT });
    const notProcessable = await start(inTransit.item.identificationNumber);
    expect({ status: notProcessable.status, code: notProcessable.body.code, status_: notProcessable.body.details.status }).toEqual({
      status: 422,
      code: 'REFURB_ITEM_NOT_PROCESSABLE',
      status_: 'item_in_transit',
    });
    const { item } = await completedItem(seller, operator, PRODUCT);
    await expectOk(start(item.identificationNumber), 201);
    expect(await refusal(item.identificationNumber)).toEqual({ status: 409, code: 'REFURB_ITEM_ALREADY_DIAGNOSED', hasMessage: true });
  });

  it('when two items share the 8-character code, 409 REFURB_SEVERAL_ITEMS_MATCH lists both', async () => {
    const { item } = await completedItem(seller, operator, PRODUCT);
    const twinId = await givenTwinItem(t, item.identificationNumber, PRODUCT);
    const answer = await start(item.shortCode);
    expect({ status: answer.status, code: answer.body.code }).toEqual({ status: 409, code: 'REFURB_SEVERAL_ITEMS_MATCH' });
    expect((answer.body.details.candidates as Array<{ id: string }>).map((c) => c.id).sort()).toEqual([item.id, twinId].sort());
    // The 13-digit code still names one.
    expect((await start(item.identificationNumber)).status).toBe(201);
  });

  it('two starts at once on one item: one wins, the other is told it is already diagnosed; the item moved once', async () => {
    const { item } = await completedItem(seller, operator, PRODUCT);
    const answers = await Promise.all([start(item.identificationNumber), start(item.shortCode, manager)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)?.body.code).toBe('REFURB_ITEM_ALREADY_DIAGNOSED');
    const history = await t.platform.eventStore.readStream(`item-${item.id}`);
    expect(history.filter((e) => e.type.startsWith('ItemRefurbDiagnosticStarted'))).toHaveLength(1);
  });

  it('a retried start (same Idempotency-Key) answers as the first did and writes nothing', async () => {
    const { item } = await completedItem(seller, operator, PRODUCT);
    const key = { 'Idempotency-Key': randomUUID() };
    const first = await expectOk(start(item.identificationNumber, operator, key), 201);
    const again = await start(item.identificationNumber, operator, key);
    expect({ status: again.status, id: again.body.id, revision: again.body.revision }).toEqual({ status: 201, id: first.id, revision: first.revision });
  });
});

describe('answering', () => {
  it('saves part of the answers for later, then the rest; the open diagnosis previews the steps with the warehouse’s costs', async () => {
    const { item } = await completedItem(seller, operator, PRODUCT);
    const { id } = await expectOk(start(item.identificationNumber), 201);
    const later = await expectOk(operator.request('PUT', `/refurb-diagnoses/${id}/answers`, { answers: [{ questionId: screen.id, answerIds: [screen.answers[1]!.answerId] }] }));
    expect(later).toMatchObject({ status: 'open', revision: 1 });
    let view = await detail(id);
    expect(view.unansweredQuestionIds).toContain(body.id);
    expect(view.plannedSteps.map((s: { name: string; cost: unknown }) => [s.name, s.cost])).toEqual([
      ['Remplacement écran', eur(4500)],
      ['Nettoyage', eur(300)],
    ]);
    expect(view.totalCost).toEqual(eur(4800));
    await expectOk(answerAll(id, CRACKED_AND_WORN()));
    view = await detail(id);
    expect(view.questions.find((q: { id: string }) => q.id === body.id).chosenAnswerIds).toEqual(body.answers.map((a) => a.answerId));
    // The same set again writes nothing.
    expect((await expectOk(answerAll(id, CRACKED_AND_WORN()))).revision).toBe(view.revision);
  });

  it.each([
    ['a question that does not apply', () => [{ questionId: randomUUID(), answerIds: ['x'] }], 'REFURB_ANSWER_QUESTION_NOT_APPLICABLE'],
    ['an answer of another question', () => [{ questionId: screen.id, answerIds: [body.answers[0]!.answerId] }], 'REFURB_ANSWER_NOT_FOUND'],
    ['two answers to the unique question', () => [{ questionId: screen.id, answerIds: screen.answers.map((a) => a.answerId) }], 'REFURB_UNIQUE_ANSWER_REQUIRED'],
    ['no answer to the multiple question', () => [{ questionId: body.id, answerIds: [] }], 'REFURB_MULTIPLE_ANSWER_REQUIRED'],
  ])('refuses %s (422, nothing written)', async (_title, answers, code) => {
    const { item } = await completedItem(seller, operator, PRODUCT);
    const { id } = await expectOk(start(item.identificationNumber), 201);
    const answer = await operator.request('PUT', `/refurb-diagnoses/${id}/answers`, { answers: answers() });
    expect({ status: answer.status, code: answer.body.code }).toEqual({ status: 422, code });
    expect((await detail(id)).revision).toBe(0);
  });
});

describe('finalizing', () => {
  it('plans the union of the chosen answers’ steps in question order, each once, with the warehouse’s costs, and moves the item to the chosen stock, in one append', async () => {
    const { item } = await completedItem(seller, operator, PRODUCT);
    const { id } = await expectOk(start(item.identificationNumber), 201);
    const incomplete = await operator.post(`/refurb-diagnoses/${id}/finalize`, { stockId: shelf });
    expect({ status: incomplete.status, code: incomplete.body.code }).toEqual({ status: 422, code: 'REFURB_DIAGNOSIS_INCOMPLETE' });
    await expectOk(answerAll(id, CRACKED_AND_WORN()));
    const otherWarehouse = await operator.post(`/refurb-diagnoses/${id}/finalize`, { stockId: randomUUID() });
    expect({ status: otherWarehouse.status, code: otherWarehouse.body.code }).toEqual({ status: 422, code: 'REFURB_STOCK_NOT_IN_WAREHOUSE' });

    const done = await expectOk(operator.post(`/refurb-diagnoses/${id}/finalize`, { stockId: shelf }));
    expect(done.status).toBe('finalized');
    const view = await detail(id);
    const ours = (view.plannedSteps as Array<{ stepDefinitionId: string; cost: unknown; sequence: number; itemRefurbStepId: string }>).filter((s) =>
      Object.values(steps).includes(s.stepDefinitionId),
    );
    expect(ours.map((s) => [s.stepDefinitionId, s.cost])).toEqual([
      [steps.screen, eur(4500)],
      [steps.clean, eur(300)],
      [steps.battery, eur(2000)],
      [steps.polish, eur(0)],
    ]);
    expect(view.totalCost.amountInCents).toBe((view.plannedSteps as Array<{ cost: { amountInCents: number } }>).reduce((sum, s) => sum + s.cost.amountInCents, 0));
    expect(view).toMatchObject({ status: 'finalized', stockId: shelf });
    const itemNow = await expectOk(operator.get(`/items/${item.id}`));
    expect({ status: itemNow.status, stockId: itemNow.stockId }).toEqual({ status: 'item_refurb_in_progress', stockId: shelf });
    // Each step on its own stream, its id derived from the diagnosis and its place; all written at one position with the diagnosis and the item.
    const finalizedAt = (await t.platform.eventStore.readStream(REFURBISHMENT_STREAMS.diagnosis.name(id))).at(-1)!;
    for (const step of view.plannedSteps as Array<{ sequence: number; itemRefurbStepId: string }>) {
      expect(step.itemRefurbStepId).toBe(itemRefurbStepIdOf(id, step.sequence));
      const [planned] = await t.platform.eventStore.readStream(REFURBISHMENT_STREAMS.itemRefurbStep.name(step.itemRefurbStepId));
      expect(planned?.type).toBe('ItemRefurbStepPlanned.v1');
      expect(planned!.globalPosition).toBeGreaterThan(finalizedAt.globalPosition);
    }
    // The item's history tells the diagnosis: its start, each answer set, its finalize (with the steps), then the refurbishment's start.
    const history = (await expectOk(operator.get(`/items/${item.id}/history`))).items as Array<{ type: string; statusAfter: string; changes: Record<string, { to: unknown }> }>;
    expect(history.map((e) => e.type).filter((type) => type.startsWith('Refurb') || type.startsWith('ItemRefurb'))).toEqual([
      'RefurbDiagnosisStarted',
      'ItemRefurbDiagnosticStarted',
      'RefurbDiagnosisAnswered',
      'RefurbDiagnosisFinalized',
      'ItemRefurbStarted',
    ]);
    const finalizedEntry = history.find((e) => e.type === 'RefurbDiagnosisFinalized')!;
    expect({ status: finalizedEntry.statusAfter, steps: (finalizedEntry.changes.refurbPlannedSteps?.to as unknown[]).length }).toEqual({
      status: 'item_refurb_diagnostic_in_progress',
      steps: view.plannedSteps.length,
    });
    const again = await operator.post(`/refurb-diagnoses/${id}/finalize`, { stockId: shelf });
    expect({ status: again.status, code: again.body.code }).toEqual({ status: 409, code: 'REFURB_DIAGNOSIS_ALREADY_FINALIZED' });
  });

  it('two finalizes at once: one wins, the other is refused, and only one set of steps is written', async () => {
    const { item } = await completedItem(seller, operator, PRODUCT);
    const { id } = await expectOk(start(item.identificationNumber), 201);
    await expectOk(answerAll(id, CRACKED_AND_WORN()));
    const answers = await Promise.all([
      operator.post(`/refurb-diagnoses/${id}/finalize`, { stockId: shelf }),
      manager.post(`/refurb-diagnoses/${id}/finalize`, { stockId: TO_REFURBISH }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const diagnosisEvents = await t.platform.eventStore.readStream(REFURBISHMENT_STREAMS.diagnosis.name(id));
    expect(diagnosisEvents.filter((e) => e.type.startsWith('RefurbDiagnosisFinalized'))).toHaveLength(1);
    const itemEvents = await t.platform.eventStore.readStream(`item-${item.id}`);
    expect(itemEvents.filter((e) => e.type.startsWith('ItemRefurbStarted'))).toHaveLength(1);
    const view = await detail(id);
    const winner = answers.find((a) => a.status === 200) === answers[0] ? shelf : TO_REFURBISH;
    expect(view.stockId).toBe(winner);
    for (const step of view.plannedSteps as Array<{ itemRefurbStepId: string }>) {
      expect(await t.platform.eventStore.readStream(REFURBISHMENT_STREAMS.itemRefurbStep.name(step.itemRefurbStepId))).toHaveLength(1);
    }
  });

  it('a step definition deleted since the answers: the finalize is refused naming it, and nothing is written', async () => {
    const doomed = await givenStepDefinition(t, 'Étape supprimée', [[WAREHOUSE, 100]]);
    const question = await givenQuestion(t, 'Question éphémère', 'unique', [['Oui', [doomed]]], [DEMO_IDS.products.pixel7_128], -3);
    const { item } = await completedItem(seller, operator, DEMO_IDS.products.pixel7_128);
    const { id } = await expectOk(start(item.identificationNumber), 201);
    await expectOk(answerAll(id, [{ questionId: question.id, answerIds: [question.answers[0]!.answerId] }]));
    await deleteStepDefinition(t, doomed);
    expect((await detail(id)).planProblem).toMatchObject({ code: 'REFURB_STEP_DEFINITION_DELETED', details: { stepDefinitionId: doomed, name: 'Étape supprimée' } });
    const refused = await operator.post(`/refurb-diagnoses/${id}/finalize`, { stockId: shelf });
    expect({ status: refused.status, code: refused.body.code, name: refused.body.details.name }).toEqual({ status: 409, code: 'REFURB_STEP_DEFINITION_DELETED', name: 'Étape supprimée' });
    expect((await expectOk(operator.get(`/items/${item.id}`))).status).toBe('item_refurb_diagnostic_in_progress');
    expect((await detail(id)).status).toBe('open');
  });
});

describe('who may', () => {
  it('another retailer’s warehouse operator gets 404 on Demo Retail’s diagnosis, as for one that exists nowhere, and cannot start one by its code', async () => {
    const other = await t.login('warehouse@other.test', 'rps');
    const { item } = await completedItem(seller, operator, PRODUCT);
    const { id } = await expectOk(start(item.identificationNumber), 201);
    for (const [method, path, payload] of [
      ['GET', `/refurb-diagnoses/${id}`, undefined],
      ['PUT', `/refurb-diagnoses/${id}/answers`, { answers: [] }],
      ['POST', `/refurb-diagnoses/${id}/finalize`, { stockId: shelf }],
    ] as const) {
      const answer = await other.request(method, path, payload);
      expect({ path, status: answer.status, code: answer.body.code }).toEqual({ path, status: 404, code: 'REFURB_DIAGNOSIS_NOT_FOUND' });
    }
    expect((await other.get(`/items/${item.id}/refurb-diagnosis`)).status).toBe(404);
    // Other Retail has no refurbishment: its start is refused as premium, whatever the code.
    const started = await other.post('/refurb-diagnoses', { code: item.identificationNumber });
    expect({ status: started.status, code: started.body.code }).toEqual({ status: 403, code: 'PREMIUM_FEATURE_NOT_ENABLED' });
    expect((await detail(id)).revision).toBe(0);
  });

  it('a store seller may not run a diagnosis (403); an unknown diagnosis is 404', async () => {
    expect((await seller.post('/refurb-diagnoses', { code: '12345678' })).status).toBe(403);
    const unknown = await operator.get(`/refurb-diagnoses/${randomUUID()}`);
    expect({ status: unknown.status, code: unknown.body.code }).toEqual({ status: 404, code: 'REFURB_DIAGNOSIS_NOT_FOUND' });
  });
});
