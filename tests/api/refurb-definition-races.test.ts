import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainTypeOf } from '../../application/events/codec.js';
import { itemRefurbStepIdOf, REFURBISHMENT_STREAMS } from '../../application/refurbishment/streams.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { expectOk } from '../support/api-helpers.js';
import { completedItem, givenQuestion, TO_REFURBISH, WAREHOUSE } from '../support/refurb-diagnosis-fixtures.js';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';

/**
 * A step definition's deletion against what plans it, fired at the same
 * moment (issue 22): a diagnosis's finalize planning steps of it, a question
 * created to plan it. Each writes a usage on the definition's usage guard
 * stream in its atomic append and the deletion decides on that stream at the
 * revision it read, so exactly one of the two is written; the loser gets a
 * stable refusal and nothing is half-written (no planned step, no question,
 * pointing at a deleted definition). Several rounds, so the requests overlap.
 */

const ROUNDS = 6;
/** A product no other test of this file diagnoses: the questions written here apply to it alone. */
const PRODUCT = DEMO_IDS.products.pixel7_128;

let t: TestPlatform;
let manager: ApiClient;
let operator: ApiClient;
let seller: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  [manager, operator, seller] = await Promise.all([t.login('warehouse-manager@demo.test', 'rps'), t.login('warehouse@demo.test', 'rps'), t.login('seller@demo.test')]);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const types = async (stream: string) => (await t.platform.eventStore.readStream(stream)).map((e) => domainTypeOf(e));
const definitionDeleted = async (id: string) => (await types(REFURBISHMENT_STREAMS.stepDefinition.name(id))).includes('RefurbStepDefinitionDeleted');

async function newDefinition(round: number): Promise<string> {
  const made = await manager.post('/refurb-steps', { name: `Course ${round} ${randomUUID().slice(0, 8)}`, stockId: TO_REFURBISH, costs: [{ warehouseId: WAREHOUSE, costInCents: 700 }] });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.id as string;
}

describe('Given a step definition no item nor question plans yet', () => {
  it('When a question planning it is created at the very moment it is deleted, then exactly one is written', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const definition = await newDefinition(round);
      const [question, deletion] = await Promise.all([
        manager.post('/refurb-diagnosis-questions', {
          label: `Question de course ${round}`,
          questionType: 'unique',
          answers: [{ label: 'Non', stepDefinitionIds: [] }, { label: 'Oui', stepDefinitionIds: [definition] }],
          productIds: [DEMO_IDS.products.iphone15_128],
        }),
        manager.delete(`/refurb-steps/${definition}`, { 'If-Match': 'W/"0"' }),
      ]);
      const outcome = { round, question: question.status, deletion: deletion.status };
      expect([question.status, deletion.status].filter((s) => s < 300), JSON.stringify({ ...outcome, q: question.body, d: deletion.body })).toHaveLength(1);
      if (question.status === 201) {
        expect({ ...outcome, code: deletion.body.code }).toEqual({ ...outcome, deletion: 409, code: 'REFURB_STEP_IN_USE' });
        expect(await definitionDeleted(definition)).toBe(false);
      } else {
        const fields = (question.body.details?.fields ?? []) as Array<{ code: string }>;
        expect({ ...outcome, code: question.body.code, field: fields[0]?.code }).toEqual({ ...outcome, question: 422, code: 'REFURB_QUESTION_INVALID', field: 'REFURB_QUESTION_STEP_UNKNOWN' });
        expect(await definitionDeleted(definition)).toBe(true);
      }
    }
  }, 120_000);

  it('When a diagnosis planning it is finalized at the very moment it is deleted, then exactly one is written, the loser refused 409', async () => {
    const winners = { finalize: 0, deletion: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const definition = await newDefinition(round);
      // The answer "Oui" plans it; the question is the diagnosis's only one not answered "Non" (earlier rounds' questions plan nothing then).
      const question = await givenQuestion(t, `Course ${round}`, 'unique', [['Non', []], ['Oui', [definition]]], [PRODUCT], 100 + round);
      const { item } = await completedItem(seller, operator, PRODUCT);
      const { id } = await expectOk(operator.post('/refurb-diagnoses', { code: item.identificationNumber }), 201);
      const view = await expectOk(operator.get(`/refurb-diagnoses/${id}`));
      const answers = (view.questions as Array<{ id: string; answers: Array<{ id: string }> }>).map((q) => ({
        questionId: q.id,
        answerIds: [q.id === question.id ? question.answers[1]!.answerId : q.answers[0]!.id],
      }));
      await expectOk(operator.request('PUT', `/refurb-diagnoses/${id}/answers`, { answers }));

      const [finalize, deletion] = await Promise.all([
        operator.post(`/refurb-diagnoses/${id}/finalize`, { stockId: TO_REFURBISH }),
        manager.delete(`/refurb-steps/${definition}`, { 'If-Match': 'W/"0"' }),
      ]);
      const outcome = { round, finalize: finalize.status, deletion: deletion.status };
      expect([finalize.status, deletion.status].filter((s) => s < 300), JSON.stringify({ ...outcome, f: finalize.body, d: deletion.body })).toHaveLength(1);
      const planned = await Promise.all([1, 2, 3].map(async (sequence) => (await t.platform.eventStore.readStream(REFURBISHMENT_STREAMS.itemRefurbStep.name(itemRefurbStepIdOf(id, sequence)))).length));
      const diagnosisTypes = await types(REFURBISHMENT_STREAMS.diagnosis.name(id));
      if (finalize.status === 200) {
        winners.finalize++;
        expect({ ...outcome, code: deletion.body.code }).toEqual({ ...outcome, deletion: 409, code: 'REFURB_STEP_IN_USE' });
        expect(await definitionDeleted(definition)).toBe(false);
        const steps = (await expectOk(operator.get(`/refurb-diagnoses/${id}`))).plannedSteps as Array<{ stepDefinitionId: string }>;
        expect(steps.map((s) => s.stepDefinitionId)).toContain(definition);
      } else {
        winners.deletion++;
        expect({ ...outcome, code: finalize.body.code }).toEqual({ ...outcome, finalize: 409, code: 'REFURB_STEP_DEFINITION_DELETED' });
        expect(await definitionDeleted(definition)).toBe(true);
        // Nothing of the finalize was written: the diagnosis still open, the item still in its diagnosis.
        expect(diagnosisTypes).not.toContain('RefurbDiagnosisFinalized');
        expect(planned).toEqual([0, 0, 0]);
        expect((await expectOk(operator.get(`/items/${item.id}`))).status).toBe('item_refurb_diagnostic_in_progress');
      }
    }
    expect(winners.finalize + winners.deletion).toBe(ROUNDS);
  }, 240_000);
});
