/**
 * The refurb step definitions as the commands and the other refurbishment
 * features find them: one of the caller's tenant (another's is not found),
 * the facts a definition's fields are checked against, and the read models'
 * counts of what plans one (consulted by its deletion only for a definition
 * older than its usage guard, `domain/refurbishment/step-definition/usage-guard.ts`).
 */
import type { StockDocument } from '../../warehouse/read-models.js';
import { WAREHOUSE_COLLECTIONS } from '../../warehouse/read-models.js';
import { ORGANIZATION_COLLECTIONS, type AccountDocument, type OrganizationDocument } from '../../organizations/read-models.js';
import { tenantFilter, type Principal } from '../../organizations/principal.js';
import type { DocumentStore } from '../../ports/document-store.js';
import type { EventStore } from '../../ports/event-store.js';
import type { Clock, IdGenerator } from '../../ports/clock.js';
import { ApplicationError } from '../../commands/errors.js';
import type { StepDefinitionFacts } from '../../../domain/refurbishment/step-definition/step-definition.js';
import type { Currency } from '../../../domain/shared/money.js';
import { REFURB_QUESTION_COLLECTION, type RefurbQuestionDocument } from '../diagnosis-questions/read-model.js';
import { STEP_DEFINITION_COLLECTIONS, type RefurbStepDefinitionDocument, type RefurbStepUsageDocument } from './read-model.js';

export interface RefurbDefinitionPorts {
  eventStore: EventStore;
  documents: DocumentStore;
  clock: Clock;
  ids: IdGenerator;
}

/** Usages are counted exactly up to this many (a definition in use is refused deletion whatever the number). */
export const USAGE_COUNT_LIMIT = 10_000;
/** A workshop defines tens of steps; every read of them is bounded by this. */
export const MAX_STEP_DEFINITIONS = 1_000;

export const stepDefinitions = (documents: DocumentStore) => documents.collection<RefurbStepDefinitionDocument>(STEP_DEFINITION_COLLECTIONS.definitions);
export const stepUsages = (documents: DocumentStore) => documents.collection<RefurbStepUsageDocument>(STEP_DEFINITION_COLLECTIONS.usages);

/** A step definition of the caller's tenant, or REFURB_STEP_NOT_FOUND. */
export async function visibleStepDefinition(documents: DocumentStore, principal: Principal, stepDefinitionId: string): Promise<RefurbStepDefinitionDocument> {
  const [definition] = await stepDefinitions(documents).find({ $and: [tenantFilter(principal), { _id: stepDefinitionId }] }, { limit: 1 });
  if (!definition) throw new ApplicationError('REFURB_STEP_NOT_FOUND', { stepDefinitionId });
  return definition;
}

export function usagesOf(documents: DocumentStore, stepDefinitionId: string): Promise<number> {
  return stepUsages(documents).count({ stepDefinitionId }, { limit: USAGE_COUNT_LIMIT });
}

/** The diagnosis questions of the account whose answers plan the definition (an account has at most a few hundred questions: read and counted here). */
export async function questionsPlanning(documents: DocumentStore, accountId: string, stepDefinitionId: string): Promise<number> {
  const questions = await documents.collection<RefurbQuestionDocument>(REFURB_QUESTION_COLLECTION).find({ accountId }, { limit: 1_000 });
  return questions.filter((q) => q.answers.some((a) => a.stepDefinitionIds.includes(stepDefinitionId))).length;
}

/** The account's warehouses (active), by id. */
export async function warehousesOf(documents: DocumentStore, accountId: string): Promise<Map<string, OrganizationDocument>> {
  const found = await documents.collection<OrganizationDocument>(ORGANIZATION_COLLECTIONS.organizations).find({ accountId, type: 'warehouse', status: 'active' }, { limit: 500 });
  return new Map(found.map((w) => [w._id, w]));
}

/** The account's stocks (not deleted), natives included. */
export function stocksOf(documents: DocumentStore, accountId: string): Promise<StockDocument[]> {
  return documents.collection<StockDocument>(WAREHOUSE_COLLECTIONS.stocks).find({ accountId, deletedAt: null }, { limit: 5_000 });
}

/** What a definition's fields are checked against: the stock named (if of the account), the account's warehouses and currency. */
export async function stepDefinitionFacts(documents: DocumentStore, accountId: string, stockId: string | undefined): Promise<StepDefinitionFacts> {
  const [warehouses, stock, account] = await Promise.all([
    warehousesOf(documents, accountId),
    stockId ? documents.collection<StockDocument>(WAREHOUSE_COLLECTIONS.stocks).get(stockId) : Promise.resolve(null),
    documents.collection<AccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(accountId),
  ]);
  const stockOk = stock !== null && stock.accountId === accountId && !stock.deletedAt;
  return {
    stockIds: new Set(stockOk && stockId ? [stockId] : []),
    warehouseIds: new Set(warehouses.keys()),
    currency: ((account as { currency?: Currency } | null)?.currency ?? 'EUR') as Currency,
  };
}
