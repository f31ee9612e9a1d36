import type { RawRequest } from './openapi.js';
import type { ApiClient } from './test-platform.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';

/**
 * The OpenAPI contract test's examples of the diagnostic questions
 * (tests/api/openapi-contract.test.ts spreads them into its EXAMPLES). Those
 * that write use the smart watches' category, which no other example's
 * buyback asks about, and delete only a question they made.
 */
type As<E> = (client: ApiClient | null, request: RawRequest, note?: string) => E;

const CATEGORY = DEMO_IDS.categories.smartwatches;
const QUESTION = DEMO_IDS.questions.accessories;

const body = (title: string) => ({
  title,
  type: 'multiple',
  answers: [{ title: 'Bracelet d’origine', priceImpact: { type: 'fixed', value: 500 } }, { title: 'Aucun accessoire', exclusive: true }],
  translations: { 'en-GB': { title: 'Accessories supplied' } },
});

async function madeQuestion(retailer: ApiClient, title: string): Promise<{ id: string; revision: number }> {
  const created = await retailer.post(`/categories/${CATEGORY}/diagnostic-questions`, body(title));
  if (created.status !== 201) throw new Error(`question: ${created.status} ${JSON.stringify(created.body)}`);
  return { id: created.body.id as string, revision: created.body.revision as number };
}

export function questionExamples<E>(as: As<E>): Record<string, (a: { retailer: ApiClient }) => Promise<E[]>> {
  return {
    listCategoryDiagnosticQuestions: async (a) => [as(a.retailer, { method: 'get', path: `/categories/${DEMO_IDS.categories.appleIphone}/diagnostic-questions` })],
    createDiagnosticQuestion: async (a) => [as(a.retailer, { method: 'post', path: `/categories/${CATEGORY}/diagnostic-questions`, body: body('Accessoires de la montre') })],
    getDiagnosticQuestion: async (a) => [as(a.retailer, { method: 'get', path: `/diagnostic-questions/${QUESTION}` })],
    getDiagnosticQuestionHistory: async (a) => [as(a.retailer, { method: 'get', path: `/diagnostic-questions/${QUESTION}/history` })],
    changeDiagnosticQuestion: async (a) => {
      const made = await madeQuestion(a.retailer, 'État du bracelet');
      return [
        as(a.retailer, {
          method: 'patch',
          path: `/diagnostic-questions/${made.id}`,
          body: { description: 'Regardez les attaches.', translations: { 'de-DE': { title: 'Zustand des Armbands' } } },
          headers: { 'If-Match': `W/"${made.revision}"`, 'Content-Type': 'application/merge-patch+json' },
        }),
      ];
    },
    deleteDiagnosticQuestion: async (a) => {
      const made = await madeQuestion(a.retailer, 'Question à supprimer');
      return [as(a.retailer, { method: 'delete', path: `/diagnostic-questions/${made.id}` })];
    },
    reorderDiagnosticQuestions: async (a) => {
      const view = await a.retailer.get(`/categories/${DEMO_IDS.categories.smartphones}/diagnostic-questions`);
      const questionIds = (view.body.own as Array<{ id: string }>).map((q) => q.id);
      return [as(a.retailer, { method: 'put', path: `/categories/${DEMO_IDS.categories.smartphones}/diagnostic-questions/order`, body: { questionIds } })];
    },
  };
}
