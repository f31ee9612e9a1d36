import { decideDispatchRules, evolveDispatchRules, NO_DISPATCH_RULES, type DispatchRuleCommand, type DispatchRules } from '../../domain/logistics/dispatch/aggregate.js';
import { prepareDispatch, type DispatchFacts, type PreparedDispatch } from '../../domain/logistics/dispatch/choose.js';
import type { DispatchRuleEvent } from '../../domain/logistics/dispatch/events.js';
import { coordinatesOfPostalCode, type Coordinates } from '../../domain/logistics/dispatch/geo.js';
import type { DispatchRuleInput } from '../../domain/logistics/dispatch/rules.js';
import { PRODUCT_STATES } from '../../domain/catalog/estimate.js';
import { handleCommand, type Decider } from '../commands/command-handler.js';
import { defineCommand, type CommandContext, type CommandOutcome } from '../commands/command-slice.js';
import { ApplicationError } from '../commands/errors.js';
import { idFromIdempotencyKey } from '../commands/idempotency.js';
import { commandMetadata } from '../buybacks/commands/buyback-command.js';
import type { DispatchRequest, WarehouseChoice, WarehouseDispatcher } from '../buybacks/warehouse-dispatcher.js';
import { CATALOG_COLLECTIONS } from '../catalog/read-models.js';
import { isPlatformStaff, type Principal } from '../organizations/principal.js';
import { ORGANIZATION_COLLECTIONS, type OrganizationDocument } from '../organizations/read-models.js';
import type { DocumentStore } from '../ports/document-store.js';
import type { LogisticsPorts } from './logistics-ports.js';
import { LOGISTICS_COLLECTIONS, type DispatchRulesDocument } from './read-models.js';
import { LOGISTICS_STREAMS } from './streams.js';

/**
 * The account's rules as the commands decide on them. A rule's time is not
 * needed to decide (a no-op update compares fields only): the read model
 * keeps the recorded times.
 */
export const dispatchRulesDecider: Decider<DispatchRules, DispatchRuleCommand, DispatchRuleEvent> = {
  initialState: () => NO_DISPATCH_RULES,
  evolve: (state, event) => evolveDispatchRules(state, event, { occurredAt: '' }),
  decide: decideDispatchRules,
};

/** Whose rules: the caller's tenant; provider staff name the account. */
export function dispatchAccountOf(principal: Principal, accountId: string | undefined): string {
  if (!isPlatformStaff(principal)) return principal.accountId as string;
  if (!accountId) throw new ApplicationError('ACCOUNT_REQUIRED');
  return accountId;
}

export interface DispatchRuleCommandInput extends DispatchRuleInput {
  accountId?: string;
  position?: number;
}

type DispatchOutcome = CommandOutcome<null>;

export const createDispatchRule = defineCommand<LogisticsPorts, DispatchRuleCommandInput, DispatchOutcome>({
  name: 'CreateDispatchRule',
  permission: 'dispatch_rule.manage',
  async run(deps, context, input) {
    const accountId = dispatchAccountOf(context.principal, input.accountId);
    await checkRuleReferences(deps.documents, accountId, input);
    // With an Idempotency-Key the rule's id derives from it: a retry answers the rule the first attempt created.
    const ruleId = context.idempotency ? idFromIdempotencyKey(context.idempotency.key) : deps.ids.uuid();
    return onRules(deps, context, accountId, { type: 'CreateDispatchRule', data: { ruleId, ...ruleInput(input), position: input.position ?? null } }, ruleId);
  },
});

export const updateDispatchRule = defineCommand<LogisticsPorts, DispatchRuleCommandInput & { ruleId: string }, DispatchOutcome>({
  name: 'UpdateDispatchRule',
  permission: 'dispatch_rule.manage',
  async run(deps, context, input) {
    const accountId = dispatchAccountOf(context.principal, input.accountId);
    await checkRuleReferences(deps.documents, accountId, input);
    const outcome = await onRules(deps, context, accountId, { type: 'UpdateDispatchRule', data: { ruleId: input.ruleId, ...ruleInput(input) } }, input.ruleId);
    if (input.position === undefined) return outcome;
    // A new place among the rules, when the form names one: the same rules in another order.
    const document = await rulesDocument(deps.documents, accountId);
    const others = (document?.rules ?? []).map((rule) => rule.ruleId).filter((id) => id !== input.ruleId);
    others.splice(Math.min(input.position, others.length), 0, input.ruleId);
    // At the revision just written: If-Match named the one before it (and a change by someone else in between is refused).
    const moved = { ...context, idempotency: undefined, expectedRevision: outcome.revision } as CommandContext;
    return onRules(deps, moved, accountId, { type: 'ReorderDispatchRules', data: { ruleIds: others } }, input.ruleId);
  },
});

export const deleteDispatchRule = defineCommand<LogisticsPorts, { accountId?: string; ruleId: string }, DispatchOutcome>({
  name: 'DeleteDispatchRule',
  permission: 'dispatch_rule.manage',
  async run(deps, context, input) {
    const accountId = dispatchAccountOf(context.principal, input.accountId);
    return onRules(deps, context, accountId, { type: 'DeleteDispatchRule', data: { ruleId: input.ruleId } }, input.ruleId);
  },
});

export const reorderDispatchRules = defineCommand<LogisticsPorts, { accountId?: string; ruleIds: string[] }, DispatchOutcome>({
  name: 'ReorderDispatchRules',
  permission: 'dispatch_rule.manage',
  async run(deps, context, input) {
    const accountId = dispatchAccountOf(context.principal, input.accountId);
    return onRules(deps, context, accountId, { type: 'ReorderDispatchRules', data: { ruleIds: input.ruleIds } }, accountId);
  },
});

export const chooseDefaultWarehouse = defineCommand<LogisticsPorts, { accountId?: string; warehouseId: string | null }, DispatchOutcome>({
  name: 'ChooseDefaultWarehouse',
  permission: 'dispatch_rule.manage',
  async run(deps, context, input) {
    const accountId = dispatchAccountOf(context.principal, input.accountId);
    if (input.warehouseId !== null) await checkWarehouses(deps.documents, accountId, [input.warehouseId]);
    return onRules(deps, context, accountId, { type: 'ChooseDefaultWarehouse', data: { warehouseId: input.warehouseId } }, accountId);
  },
});

function ruleInput(input: DispatchRuleInput): DispatchRuleInput {
  return { title: input.title, conditions: input.conditions, warehouseIds: input.warehouseIds, nearest: input.nearest };
}

async function onRules(deps: LogisticsPorts, context: CommandContext, accountId: string, command: DispatchRuleCommand, id: string): Promise<DispatchOutcome> {
  const result = await handleCommand(deps.eventStore, LOGISTICS_STREAMS.dispatchRules.name(accountId), dispatchRulesDecider, command, {
    metadata: commandMetadata(deps, context, accountId, context.principal.organizationId),
    newEventId: () => deps.ids.uuid(),
    ...(context.expectedRevision === undefined ? {} : { expectedRevision: context.expectedRevision }),
  });
  return { id, status: null, revision: result.revision, position: result.position };
}

export function rulesDocument(documents: DocumentStore, accountId: string): Promise<DispatchRulesDocument | null> {
  return documents.collection<DispatchRulesDocument>(LOGISTICS_COLLECTIONS.dispatchRules).get(accountId);
}

/** The tenant's active warehouses, by id. */
async function warehousesOf(documents: DocumentStore, accountId: string): Promise<OrganizationDocument[]> {
  return documents.collection<OrganizationDocument>(ORGANIZATION_COLLECTIONS.organizations).find({ accountId, type: 'warehouse', status: 'active' });
}

async function checkWarehouses(documents: DocumentStore, accountId: string, warehouseIds: readonly string[]): Promise<void> {
  const known = new Set((await warehousesOf(documents, accountId)).map((w) => w._id));
  const unknown = warehouseIds.find((id) => !known.has(id));
  if (unknown) throw new ApplicationError('DISPATCH_RULE_WAREHOUSE_UNKNOWN', { warehouseId: unknown });
}

/** A rule names the tenant's warehouses, categories and circuits, and states that exist: a typo is refused, not saved to never match. */
async function checkRuleReferences(documents: DocumentStore, accountId: string, input: DispatchRuleInput): Promise<void> {
  await checkWarehouses(documents, accountId, input.warehouseIds);
  for (const [index, condition] of input.conditions.entries()) {
    const unknownValue = async (values: readonly string[], collection: string) => {
      const found = await documents.collection(collection).find({ accountId, _id: { $in: [...values] } });
      const known = new Set(found.map((d) => d._id));
      return values.find((value) => !known.has(value));
    };
    let unknown: string | undefined;
    if (condition.attribute === 'category') unknown = await unknownValue(condition.values, CATALOG_COLLECTIONS.categories);
    else if (condition.attribute === 'circuit') unknown = await unknownValue(condition.values, CATALOG_COLLECTIONS.circuits);
    else if (condition.attribute === 'productState') unknown = condition.values.find((value) => !(PRODUCT_STATES as readonly string[]).includes(value));
    if (unknown !== undefined) throw new ApplicationError('DISPATCH_RULE_VALUE_UNKNOWN', { index, attribute: condition.attribute, value: unknown });
  }
}

/**
 * The retailers' dispatch rules choose a new buyback's warehouse (registered
 * as TOKENS.WarehouseDispatcher by the logistics part, replacing the
 * category's referent). The rules are compiled once per version of the
 * account's rules and warehouses, and kept.
 */
export class RulesDispatcher implements WarehouseDispatcher {
  private readonly prepared = new Map<string, { key: string; dispatch: PreparedDispatch }>();

  constructor(private readonly documents: DocumentStore) {}

  async choose(request: DispatchRequest): Promise<WarehouseChoice | null> {
    const dispatch = await this.preparedFor(request.accountId);
    const choice = dispatch.choose(await this.factsOf(request));
    if (!choice) return null;
    return { warehouseId: choice.warehouseId, dispatch: { by: choice.by, ruleId: choice.ruleId, ruleTitle: choice.ruleTitle, nearest: choice.nearest } };
  }

  /** What the rules choose for these facts (the rules screen's trial), with the distance. */
  async trial(accountId: string, facts: DispatchFacts) {
    return (await this.preparedFor(accountId)).choose(facts);
  }

  private async preparedFor(accountId: string): Promise<PreparedDispatch> {
    const [document, warehouses] = await Promise.all([rulesDocument(this.documents, accountId), warehousesOf(this.documents, accountId)]);
    const key = `${document?.revision ?? -1}|${warehouses.map((w) => `${w._id}:${w.zipCode}`).join(',')}`;
    const kept = this.prepared.get(accountId);
    if (kept?.key === key) return kept.dispatch;
    const dispatch = prepareDispatch({
      rules: document?.rules ?? [],
      defaultWarehouseId: document?.defaultWarehouseId ?? null,
      warehouses: new Map(warehouses.map((w) => [w._id, { coordinates: coordinatesOf(w.country, w.zipCode) }])),
    });
    this.prepared.set(accountId, { key, dispatch });
    return dispatch;
  }

  private async factsOf(request: DispatchRequest): Promise<DispatchFacts> {
    let origin: Coordinates | null = request.origin ? coordinatesOf(request.origin.country, request.origin.zipCode) : null;
    if (!origin && request.storeId) {
      const store = await this.documents.collection<OrganizationDocument>(ORGANIZATION_COLLECTIONS.organizations).get(request.storeId);
      origin = store ? coordinatesOf(store.country, store.zipCode) : null;
    }
    return {
      brand: request.brand,
      categoryIds: request.categoryChainRootFirst.map((c) => c.categoryId),
      circuitId: request.circuitId,
      productState: request.productState,
      origin,
    };
  }
}

function coordinatesOf(country: string, zipCode: string | null): Coordinates | null {
  return zipCode ? coordinatesOfPostalCode(country, zipCode) : null;
}
