/**
 * The refurb step definitions as the dashboard reads them: the list (search
 * by name, by stock; paged), one definition (its texts in the caller's
 * language, the French ones the form edits, its costs with their warehouses'
 * names, how many item steps were planned from it), and its history read
 * from its stream. Always within the caller's tenant, and only for an
 * account with the refurbishment premium feature.
 */
import { translate } from '../../../domain/shared/translations.js';
import type { RefurbStepDefinitionEvent } from '../../../domain/refurbishment/events.js';
import { findPage, type PageRequest, type SortColumns } from '../../lists/paged-query.js';
import type { DocumentStore, Filter } from '../../ports/document-store.js';
import type { EventStore } from '../../ports/event-store.js';
import type { ListPage } from '../../views/schema.js';
import { escapeRegex } from '../../catalog/catalog-service.js';
import { historyOfStream } from '../../catalog/circuits/circuit-queries.js';
import { tenantFilter, type Principal } from '../../organizations/principal.js';
import type { OrganizationDocument } from '../../organizations/read-models.js';
import { WAREHOUSE_COLLECTIONS, type StockDocument } from '../../warehouse/read-models.js';
import { REFURB_FEATURE, requireRefurbishment, type RefurbFeature } from '../refurb-premium.js';
import { REFURBISHMENT_STREAMS } from '../streams.js';
import { stepDefinitions, stocksOf, usagesOf, visibleStepDefinition, warehousesOf } from './lookup.js';
import type { RefurbStepDefinitionDocument } from './read-model.js';
import { STEP_DEFINITION_HISTORY_TYPES, type RefurbStepChoicesView, type RefurbStepDefinitionHistory, type RefurbStepDefinitionView } from './step-definition-views.js';
import { accountOf } from '../../organizations/entities/entity-lookup.js';

export const STEP_DEFINITION_SORTS: SortColumns = {
  name: { path: 'nameKey' },
  createdAt: { path: 'createdAt' },
  updatedAt: { path: 'updatedAt' },
};

export interface StepDefinitionFilters {
  name?: string;
  stockId?: string;
}

/** The premium check of a read (the steps unless named): the caller's account (provider staff acting for none read every tenant's, unchecked). */
export async function requireRefurbishmentOf(documents: DocumentStore, principal: Principal, feature: RefurbFeature = REFURB_FEATURE): Promise<void> {
  if (principal.accountId !== null) await requireRefurbishment(documents, principal.accountId, feature);
}

export function presentStepDefinition(
  definition: RefurbStepDefinitionDocument,
  locale: string,
  context: { warehouses: ReadonlyMap<string, OrganizationDocument>; stock: StockDocument | null; usages: number },
): RefurbStepDefinitionView {
  const translations = definition.translations ?? null;
  const stock = context.stock;
  return {
    id: definition._id,
    accountId: definition.accountId,
    name: translate(definition.name, translations, 'name', locale),
    description: translate(definition.description, translations, 'description', locale),
    stockId: definition.stockId,
    stock: stock ? { id: stock._id, name: stock.name, kind: stock.kind, warehouseId: stock.warehouseId } : null,
    costs: definition.costs.map((c) => ({
      warehouseId: c.warehouseId,
      warehouseName: String(context.warehouses.get(c.warehouseId)?.commonName ?? c.warehouseId),
      costInCents: c.cost.amountInCents,
      currency: c.cost.currency,
    })),
    french: { name: definition.name, description: definition.description },
    translations,
    usages: context.usages,
    createdAt: definition.createdAt,
    updatedAt: definition.updatedAt,
    revision: definition.revision,
  };
}

async function presentAll(documents: DocumentStore, definitions: readonly RefurbStepDefinitionDocument[], locale: string): Promise<RefurbStepDefinitionView[]> {
  const accounts = [...new Set(definitions.map((d) => d.accountId))];
  const warehouses = new Map<string, OrganizationDocument>();
  for (const accountId of accounts) for (const [id, w] of await warehousesOf(documents, accountId)) warehouses.set(id, w);
  const stockIds = [...new Set(definitions.map((d) => d.stockId))];
  const stocks = await documents.collection<StockDocument>(WAREHOUSE_COLLECTIONS.stocks).getMany(stockIds);
  const byId = new Map(stocks.map((s) => [s._id, s]));
  const usages = await Promise.all(definitions.map((d) => usagesOf(documents, d._id)));
  return definitions.map((d, index) => presentStepDefinition(d, locale, { warehouses, stock: byId.get(d.stockId) ?? null, usages: usages[index] ?? 0 }));
}

export async function listStepDefinitions(documents: DocumentStore, principal: Principal, locale: string, query: PageRequest & StepDefinitionFilters): Promise<ListPage<RefurbStepDefinitionView>> {
  await requireRefurbishmentOf(documents, principal);
  const filters: Filter[] = [tenantFilter(principal)];
  if (query.stockId) filters.push({ stockId: query.stockId });
  if (query.name?.trim()) filters.push({ nameKey: { $regex: escapeRegex(query.name.trim().toLowerCase()) } });
  const page = await findPage(stepDefinitions(documents), { $and: filters }, query, [['nameKey', 1]]);
  return { ...page, items: await presentAll(documents, page.items, locale) };
}

export async function stepDefinitionDetail(documents: DocumentStore, principal: Principal, locale: string, stepDefinitionId: string): Promise<RefurbStepDefinitionView> {
  const definition = await visibleStepDefinition(documents, principal, stepDefinitionId);
  await requireRefurbishmentOf(documents, principal);
  const [view] = await presentAll(documents, [definition], locale);
  return view as RefurbStepDefinitionView;
}

const IDS = new Set(['stepDefinitionId', 'accountId']);

export async function stepDefinitionHistory(documents: DocumentStore, eventStore: EventStore, principal: Principal, stepDefinitionId: string): Promise<RefurbStepDefinitionHistory> {
  await visibleStepDefinition(documents, principal, stepDefinitionId);
  await requireRefurbishmentOf(documents, principal);
  const stored = await eventStore.readStream(REFURBISHMENT_STREAMS.stepDefinition.name(stepDefinitionId));
  const items = await historyOfStream<RefurbStepDefinitionEvent>(documents, stored, STEP_DEFINITION_HISTORY_TYPES, (event, before) => {
    switch (event.type) {
      case 'RefurbStepDefined':
        return { after: { ...event.data }, changed: Object.keys(event.data).filter((k) => !IDS.has(k) && (event.data as Record<string, unknown>)[k] !== null), reason: null };
      case 'RefurbStepDefinitionChanged': {
        const { stepDefinitionId: _id, ...changes } = event.data;
        return { after: { ...before, ...changes }, changed: Object.keys(changes), reason: null };
      }
      case 'RefurbStepDefinitionDeleted':
        return { after: before, changed: [], reason: null };
    }
  });
  return { items: items as unknown as RefurbStepDefinitionHistory['items'] };
}

/** The caller's retailer's warehouses (by name) and their stocks (by warehouse, natives first), for the step definition's form. */
export async function stepDefinitionChoices(documents: DocumentStore, principal: Principal): Promise<RefurbStepChoicesView> {
  const accountId = accountOf(principal);
  await requireRefurbishment(documents, accountId);
  const [warehouses, stocks] = await Promise.all([warehousesOf(documents, accountId), stocksOf(documents, accountId)]);
  return {
    warehouses: [...warehouses.values()].map((w) => ({ id: w._id, name: String(w.commonName) })).sort((a, b) => a.name.localeCompare(b.name)),
    stocks: stocks
      .filter((s) => warehouses.has(s.warehouseId))
      .sort((a, b) => {
        const byWarehouse = String(warehouses.get(a.warehouseId)?.commonName).localeCompare(String(warehouses.get(b.warehouseId)?.commonName));
        return byWarehouse || Number(a.kind === null) - Number(b.kind === null) || String(a.name ?? a.kind).localeCompare(String(b.name ?? b.kind));
      })
      .map((s) => ({ id: s._id, name: s.name, kind: s.kind, warehouseId: s.warehouseId })),
  };
}
