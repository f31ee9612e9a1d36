import type { RawRequest } from './openapi.js';
import type { ApiClient } from './test-platform.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { nativeStockId } from '../../domain/warehouse/stocks/native-stocks.js';

/**
 * The OpenAPI contract test's examples of the refurbishment diagnosis
 * (tests/api/openapi-contract.test.ts spreads them into its EXAMPLES): each
 * starts its own diagnosis on an item of its own (`completedItem`, the
 * contract test's), answered with each question's first answer.
 */
type As<E> = (client: ApiClient | null, request: RawRequest, note?: string) => E;
type Actors = { warehouse: ApiClient };

/** An item checked as declared (item_completed), the contract test's own way: its 13-digit code and id. */
export type CompletedItem = (a: Actors) => Promise<{ id: string; identificationNumber: string }>;

async function started(a: Actors, completedItem: CompletedItem): Promise<{ id: string; itemId: string; code: string }> {
  const item = await completedItem(a);
  const answer = await a.warehouse.post('/refurb-diagnoses', { code: item.identificationNumber });
  if (answer.status !== 201) throw new Error(`diagnosis: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { id: answer.body.id as string, itemId: item.id, code: item.identificationNumber };
}

async function firstAnswers(a: Actors, id: string) {
  const view = await a.warehouse.get(`/refurb-diagnoses/${id}`);
  return (view.body.questions as Array<{ id: string; answers: Array<{ id: string }> }>).map((q) => ({ questionId: q.id, answerIds: [q.answers[0]!.id] }));
}

export function refurbDiagnosisExamples<E>(as: As<E>, completedItem: CompletedItem): Record<string, (a: Actors) => Promise<E[]>> {
  return {
    startRefurbDiagnosis: async (a) => {
      const item = await completedItem(a);
      return [as(a.warehouse, { method: 'post', path: '/refurb-diagnoses', body: { code: item.identificationNumber } })];
    },
    getRefurbDiagnosis: async (a) => [as(a.warehouse, { method: 'get', path: `/refurb-diagnoses/${(await started(a, completedItem)).id}` })],
    getItemRefurbDiagnosis: async (a) => [as(a.warehouse, { method: 'get', path: `/items/${(await started(a, completedItem)).itemId}/refurb-diagnosis` })],
    answerRefurbDiagnosis: async (a) => {
      const { id } = await started(a, completedItem);
      return [as(a.warehouse, { method: 'put', path: `/refurb-diagnoses/${id}/answers`, body: { answers: (await firstAnswers(a, id)).slice(0, 1) } })];
    },
    finalizeRefurbDiagnosis: async (a) => {
      const { id } = await started(a, completedItem);
      await a.warehouse.request('PUT', `/refurb-diagnoses/${id}/answers`, { answers: await firstAnswers(a, id) });
      return [as(a.warehouse, { method: 'post', path: `/refurb-diagnoses/${id}/finalize`, body: { stockId: nativeStockId(DEMO_IDS.warehouses.demo, 'to_refurbish') } })];
    },
  };
}
