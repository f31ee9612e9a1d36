import { CATALOG_STREAMS } from '../../../application/catalog/streams.js';
import { ACCOUNT_KEYS, type AccountKey, type SeedStream } from '../../seed/seed-streams.js';
import { organizationIds } from '../organizations/demo-data.js';
import { DEMO_ARCHIVED_CATEGORIES } from './demo-catalog-tables.js';
import { CATALOGS, PAYMENT_MODES } from './demo-data-accounts.js';
import { categoryEvent, circuitEvent, paymentModeEvent, productEvent, questionEvent, repricing, shippingMethodEvent } from './demo-data-events.js';

export { catalogIds, CATALOG_DEMO_IDS } from './demo-data-accounts.js';

/**
 * The catalogue's demo data, per account: payment modes, shipping methods,
 * circuits, categories (parents first, some archived), diagnostic questions
 * and a few hundred products with prices per grade.
 */
function accountStreams(account: AccountKey): SeedStream[] {
  const seed = CATALOGS[account];
  const accountId = organizationIds.account(account);
  const rootId = organizationIds.organization(account, 'root');
  const stream = (streamName: string, event: SeedStream['events'][number]): SeedStream => ({
    streamName,
    accountId,
    organizationId: rootId,
    events: [event],
  });
  const positions = new Map<string, number>();
  return [
    ...PAYMENT_MODES.map((row) => {
      const event = paymentModeEvent(account, row);
      return stream(CATALOG_STREAMS.paymentMode.name(event.data.paymentModeId), event);
    }),
    ...seed.shippingMethods.map((key) => {
      const event = shippingMethodEvent(account, key);
      return stream(CATALOG_STREAMS.shippingMethod.name(event.data.shippingMethodId), event);
    }),
    ...seed.circuits.map((type) => {
      const event = circuitEvent(account, type);
      return stream(CATALOG_STREAMS.circuit.name(event.data.circuitId), event);
    }),
    ...seed.categories.map((row) => {
      const event = categoryEvent(account, row);
      const archived = account === 'demo' && DEMO_ARCHIVED_CATEGORIES.includes(row[0]);
      const seeded = stream(CATALOG_STREAMS.category.name(event.data.categoryId), event);
      return archived ? { ...seeded, events: [event, { type: 'CategoryArchived', data: { categoryId: event.data.categoryId, reason: 'Plus repris' } }] } : seeded;
    }),
    ...seed.questions.map((row) => {
      const position = (positions.get(row[0]) ?? 0) + 1;
      positions.set(row[0], position);
      const event = questionEvent(account, row, position);
      return stream(CATALOG_STREAMS.diagnosticQuestion.name(event.data.questionId), event);
    }),
    ...seed.products.map((row, index) => {
      const event = productEvent(account, row, index);
      return { ...stream(CATALOG_STREAMS.product.name(event.data.productId), event), events: [event, ...repricing(event)] };
    }),
  ];
}

/** Per account: payment modes, shipping methods, circuits, categories, questions and products. */
export function catalogDemoData(): SeedStream[] {
  return ACCOUNT_KEYS.flatMap(accountStreams);
}