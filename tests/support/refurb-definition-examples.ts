import type { RawRequest } from './openapi.js';
import type { ApiClient } from './test-platform.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { REFURB_DEMO_IDS } from '../../infrastructure/modules/refurbishment/demo-definitions.js';

/**
 * The OpenAPI contract test's examples of the workshop's definitions (refurb
 * step definitions and diagnosis questions; tests/api/openapi-contract.test.ts
 * spreads them into its EXAMPLES). Those that change or delete make their own.
 */
type As<E> = (client: ApiClient | null, request: RawRequest, note?: string) => E;

let sequence = 0;
const unique = (name: string) => `${name} ${Date.now().toString(36)}-${++sequence}`;
const stepBody = (name: string) => ({
  name: unique(name),
  description: 'Exemple du contrat',
  stockId: REFURB_DEMO_IDS.stockId,
  costs: [
    { warehouseId: DEMO_IDS.warehouses.demo, costInCents: 1500 },
    { warehouseId: DEMO_IDS.warehouses.demoLyon, costInCents: 1400 },
  ],
  translations: { 'en-GB': { name: 'Contract example' } },
});
const questionBody = (label: string) => ({
  label: unique(label),
  questionType: 'unique',
  answers: [
    { label: 'Oui', stepDefinitionIds: [REFURB_DEMO_IDS.stepDefinitions.cleaning] },
    { label: 'Non', stepDefinitionIds: [] },
  ],
  categoryIds: [DEMO_IDS.categories.smartphones],
});

async function made(retailer: ApiClient, path: string, body: unknown): Promise<{ id: string; revision: number }> {
  const created = await retailer.post(path, body);
  if (created.status !== 201) throw new Error(`${path}: ${created.status} ${JSON.stringify(created.body)}`);
  return { id: created.body.id as string, revision: created.body.revision as number };
}

export function refurbDefinitionExamples<E>(as: As<E>): Record<string, (a: { retailer: ApiClient }) => Promise<E[]>> {
  const mergePatch = (revision: number) => ({ 'If-Match': `W/"${revision}"`, 'Content-Type': 'application/merge-patch+json' });
  return {
    listRefurbSteps: async (a) => [as(a.retailer, { method: 'get', path: '/refurb-steps?name=batterie' })],
    createRefurbStep: async (a) => [as(a.retailer, { method: 'post', path: '/refurb-steps', body: stepBody('Contrôle du micro') })],
    getRefurbStepChoices: async (a) => [as(a.retailer, { method: 'get', path: '/refurb-step-choices' })],
    getRefurbStep: async (a) => [as(a.retailer, { method: 'get', path: `/refurb-steps/${REFURB_DEMO_IDS.stepDefinitions.screen}` })],
    getRefurbStepHistory: async (a) => [as(a.retailer, { method: 'get', path: `/refurb-steps/${REFURB_DEMO_IDS.stepDefinitions.screen}/history` })],
    changeRefurbStep: async (a) => {
      const step = await made(a.retailer, '/refurb-steps', stepBody('Contrôle du capteur'));
      return [as(a.retailer, { method: 'patch', path: `/refurb-steps/${step.id}`, body: { costs: [{ warehouseId: DEMO_IDS.warehouses.demo, costInCents: 1700 }] }, headers: mergePatch(step.revision) })];
    },
    deleteRefurbStep: async (a) => {
      const step = await made(a.retailer, '/refurb-steps', stepBody('Étape à supprimer'));
      return [as(a.retailer, { method: 'delete', path: `/refurb-steps/${step.id}` })];
    },
    listRefurbDiagnosisQuestions: async (a) => [as(a.retailer, { method: 'get', path: `/refurb-diagnosis-questions?productId=${DEMO_IDS.products.iphone15_128}` })],
    createRefurbDiagnosisQuestion: async (a) => [as(a.retailer, { method: 'post', path: '/refurb-diagnosis-questions', body: questionBody('Micro fonctionnel ?') })],
    getRefurbDiagnosisQuestion: async (a) => [as(a.retailer, { method: 'get', path: `/refurb-diagnosis-questions/${REFURB_DEMO_IDS.questions.screen}` })],
    getRefurbDiagnosisQuestionHistory: async (a) => [as(a.retailer, { method: 'get', path: `/refurb-diagnosis-questions/${REFURB_DEMO_IDS.questions.screen}/history` })],
    changeRefurbDiagnosisQuestion: async (a) => {
      const question = await made(a.retailer, '/refurb-diagnosis-questions', questionBody('Vibreur fonctionnel ?'));
      return [as(a.retailer, { method: 'patch', path: `/refurb-diagnosis-questions/${question.id}`, body: { productIds: [DEMO_IDS.products.iphone15_128] }, headers: mergePatch(question.revision) })];
    },
    deleteRefurbDiagnosisQuestion: async (a) => {
      const question = await made(a.retailer, '/refurb-diagnosis-questions', questionBody('Question à supprimer'));
      return [as(a.retailer, { method: 'delete', path: `/refurb-diagnosis-questions/${question.id}` })];
    },
    reorderRefurbDiagnosisQuestions: async (a) => {
      const page = await a.retailer.get('/refurb-diagnosis-questions?pagination=false');
      return [as(a.retailer, { method: 'put', path: '/refurb-diagnosis-questions/order', body: { questionIds: (page.body.items as Array<{ id: string }>).map((q) => q.id) } })];
    },
  };
}
