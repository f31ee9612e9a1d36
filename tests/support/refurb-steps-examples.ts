import type { RawRequest } from './openapi.js';
import type { ApiClient, TestPlatform } from './test-platform.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { TO_REFURBISH } from './refurb-diagnosis-fixtures.js';
import { givenItemInRefurb, type ItemInRefurb } from './refurb-steps-fixtures.js';

/**
 * The OpenAPI contract test's examples of an item's refurb steps
 * (tests/api/openapi-contract.test.ts spreads them into its EXAMPLES): each
 * on an item of its own whose refurbishment plans two steps.
 */
type As<E> = (client: ApiClient | null, request: RawRequest, note?: string) => E;
type Actors = { t: TestPlatform; seller: ApiClient; warehouse: ApiClient };

const given = (a: Actors): Promise<ItemInRefurb> =>
  givenItemInRefurb(a.t, a.seller, a.warehouse, DEMO_IDS.products.galaxyS23_128, [
    ['Écran', TO_REFURBISH, 4500],
    ['Nettoyage', TO_REFURBISH, 300],
  ]);

const ifMatch = (revision: number) => ({ 'If-Match': `W/"${revision}"` });

async function acted(a: Actors, actions: string[]): Promise<string> {
  const item = await given(a);
  const step = item.steps[0]!.id;
  for (const [revision, action] of actions.entries()) {
    const answer = await a.warehouse.post(`/item-refurb-steps/${step}/${action}`, {}, ifMatch(revision));
    if (answer.status !== 200) throw new Error(`${action}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return step;
}

export function refurbStepsExamples<E>(as: As<E>): Record<string, (a: Actors) => Promise<E[]>> {
  const action = (name: string, before: string[], body: Record<string, unknown> = {}) => async (a: Actors) => {
    const step = await acted(a, before);
    return [as(a.warehouse, { method: 'post', path: `/item-refurb-steps/${step}/${name}`, body, headers: ifMatch(before.length) })];
  };
  return {
    findItemWithRefurbSteps: async (a) => [as(a.warehouse, { method: 'get', path: `/item-refurb-steps/search?code=${(await given(a)).identificationNumber}` })],
    getItemRefurbSteps: async (a) => [as(a.warehouse, { method: 'get', path: `/items/${(await given(a)).itemId}/refurb-steps` })],
    getItemRefurbStep: async (a) => [as(a.warehouse, { method: 'get', path: `/item-refurb-steps/${await acted(a, ['start'])}` })],
    startItemRefurbStep: action('start', []),
    pauseItemRefurbStep: action('pause', ['start']),
    resumeItemRefurbStep: action('resume', ['start', 'pause']),
    cancelItemRefurbStep: action('cancel', [], { comment: 'Pièce indisponible' }),
    validateItemRefurbStep: action('validate', ['start'], { comment: 'Écran d’origine' }),
    completeItemRefurbishment: async (a) => {
      const item = await given(a);
      for (const step of item.steps) {
        const answer = await a.warehouse.post(`/item-refurb-steps/${step.id}/cancel`, { comment: 'Inutile' }, ifMatch(0));
        if (answer.status !== 200) throw new Error(`cancel: ${answer.status}`);
      }
      return [as(a.warehouse, { method: 'post', path: `/items/${item.itemId}/refurb-completion`, body: {} })];
    },
  };
}
