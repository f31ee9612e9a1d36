/**
 * The dispatch circuit rules (a circuit configured for a retailer,
 * specification 000 §3): GET|POST /dispatch-circuit-rules, GET|PATCH
 * /dispatch-circuit-rules/{id}, its history, and the premium-feature
 * connector action on a rule (specification 002 §7). One rule per circuit and
 * retailer (its id derives from both). Always within the caller's tenant.
 */
import {
  dispatchCircuitRuleDecider,
  dispatchCircuitRuleIdOf,
  type DispatchCircuitRuleCommand,
  type DispatchCircuitRuleEvent,
  type DispatchCircuitRuleFields,
  type DispatchCircuitRuleState,
  type DispatchCircuitRuleStatus,
  type RuleConnectorFeature,
} from '../../../domain/catalog/dispatch-circuit-rule/dispatch-circuit-rule.js';
import { translate } from '../../../domain/shared/translations.js';
import type { DocumentStore, Filter } from '../../ports/document-store.js';
import type { EventStore } from '../../ports/event-store.js';
import { handleCommand } from '../../commands/command-handler.js';
import { defineCommand, type CommandContext, type CommandOutcome } from '../../commands/command-slice.js';
import { ApplicationError } from '../../commands/errors.js';
import { commandMetadata } from '../../buybacks/commands/buyback-command.js';
import { findPage, type PageRequest, type SortColumns } from '../../lists/paged-query.js';
import type { ListPage } from '../../views/schema.js';
import { tenantFilter, type Principal } from '../../organizations/principal.js';
import { ORGANIZATION_COLLECTIONS, type AccountDocument } from '../../organizations/read-models.js';
import { CATALOG_COLLECTIONS, type CategoryDocument, type CircuitDocument } from '../read-models.js';
import { DISPATCH_CIRCUIT_RULE_COLLECTION, type DispatchCircuitRuleDocument } from './circuit-read-models.js';
import { DISPATCH_CIRCUIT_RULE_STREAMS } from './streams.js';
import { visibleCircuit, type CircuitPorts } from './circuit-commands.js';
import { historyOfStream, translatedInstructions } from './circuit-queries.js';
import type { DispatchCircuitRuleHistory, DispatchCircuitRuleView, RuleConnectorView } from './circuit-views.js';

type RuleOutcome = CommandOutcome<DispatchCircuitRuleStatus>;
/** The list shows at most 30 of a rule's categories (specification 000: long lists truncated after 30 items). */
const LABELS_SHOWN = 30;

export const DISPATCH_CIRCUIT_RULE_SORTS: SortColumns = {
  status: { path: 'status' },
  createdAt: { path: 'createdAt' },
  updatedAt: { path: 'updatedAt' },
};

export interface DispatchCircuitRuleFilters {
  status?: DispatchCircuitRuleStatus;
  circuit?: string;
  categoryId?: string;
}

export const DEFAULT_RULE_FIELDS: DispatchCircuitRuleFields = {
  description: null,
  terms: null,
  traceabilityEnabled: false,
  categoryIds: [],
  status: 'enabled',
  highlightedInstruction: null,
  eligibleCountries: [],
  customValues: {},
  instructions: null,
  translations: null,
};

/** A rule of the caller's tenant, or DISPATCH_CIRCUIT_RULE_NOT_FOUND (never another tenant's). */
async function visibleRule(documents: DocumentStore, principal: Principal, ruleId: string): Promise<DispatchCircuitRuleDocument> {
  const [rule] = await documents
    .collection<DispatchCircuitRuleDocument>(DISPATCH_CIRCUIT_RULE_COLLECTION)
    .find({ $and: [tenantFilter(principal), { _id: ruleId }] }, { limit: 1 });
  if (!rule) throw new ApplicationError('DISPATCH_CIRCUIT_RULE_NOT_FOUND', { ruleId });
  return rule;
}

async function knownCategories(documents: DocumentStore, accountId: string, ids: readonly string[] | undefined): Promise<ReadonlySet<string> | null> {
  if (ids === undefined) return null;
  const wanted = [...new Set(ids)].slice(0, 501);
  if (wanted.length === 0) return new Set();
  const found = await documents.collection<CategoryDocument>(CATALOG_COLLECTIONS.categories).find({ accountId, _id: { $in: wanted } }, { limit: wanted.length });
  return new Set(found.map((c) => c._id));
}

export const createDispatchCircuitRule = defineCommand<CircuitPorts, { circuitId: string; fields: Partial<DispatchCircuitRuleFields> }, RuleOutcome>({
  name: 'CreateDispatchCircuitRule',
  permission: 'circuit.manage',
  async run(deps, context, { circuitId, fields }) {
    const circuit = await visibleCircuit(deps.documents, context.principal, circuitId);
    const ruleId = dispatchCircuitRuleIdOf(circuit.accountId, circuitId);
    const all = { ...DEFAULT_RULE_FIELDS, ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) };
    const knownCategoryIds = await knownCategories(deps.documents, circuit.accountId, all.categoryIds);
    return onRule(deps, context, circuit.accountId, ruleId, { type: 'CreateDispatchCircuitRule', data: { ruleId, circuitId, fields: all, knownCategoryIds } });
  },
});

export const changeDispatchCircuitRule = defineCommand<CircuitPorts, { ruleId: string; changes: Partial<DispatchCircuitRuleFields> }, RuleOutcome>({
  name: 'ChangeDispatchCircuitRule',
  permission: 'circuit.manage',
  async run(deps, context, { ruleId, changes }) {
    const rule = await visibleRule(deps.documents, context.principal, ruleId);
    const knownCategoryIds = await knownCategories(deps.documents, rule.accountId, changes.categoryIds);
    return onRule(deps, context, rule.accountId, ruleId, { type: 'ChangeDispatchCircuitRule', data: { ruleId, changes, knownCategoryIds } });
  },
});

/** Launches (or stops) a premium feature's connector on a rule; launching needs the retailer's premium feature. */
export const switchRuleConnector = defineCommand<CircuitPorts, { ruleId: string; feature: RuleConnectorFeature; active: boolean }, RuleOutcome>({
  name: 'SwitchRuleConnector',
  permission: 'circuit.manage',
  async run(deps, context, { ruleId, feature, active }) {
    const rule = await visibleRule(deps.documents, context.principal, ruleId);
    const featureEnabled = await hasFeature(deps.documents, rule.accountId, feature);
    return onRule(deps, context, rule.accountId, ruleId, { type: 'SwitchRuleConnector', data: { ruleId, feature, active, featureEnabled } });
  },
});

async function hasFeature(documents: DocumentStore, accountId: string, feature: string): Promise<boolean> {
  const account = await documents.collection<AccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(accountId);
  return account?.settings.enabledPremiumFeatures.includes(feature as never) ?? false;
}

async function onRule(deps: CircuitPorts, context: CommandContext, accountId: string, ruleId: string, command: DispatchCircuitRuleCommand): Promise<RuleOutcome> {
  const result = await handleCommand(deps.eventStore, DISPATCH_CIRCUIT_RULE_STREAMS.rule.name(ruleId), dispatchCircuitRuleDecider, command, {
    metadata: commandMetadata(deps, context, accountId, context.principal.organizationId),
    ...(context.expectedRevision === undefined ? {} : { expectedRevision: context.expectedRevision }),
    newEventId: () => deps.ids.uuid(),
  });
  const state = result.state as DispatchCircuitRuleState;
  return { id: ruleId, status: state?.status ?? 'enabled', revision: result.revision, position: result.position };
}

export async function ruleConnector(documents: DocumentStore, principal: Principal, ruleId: string, feature: RuleConnectorFeature): Promise<RuleConnectorView> {
  const rule = await visibleRule(documents, principal, ruleId);
  return { ruleId, action: feature, available: await hasFeature(documents, rule.accountId, feature), active: rule.connectors.includes(feature) };
}

async function present(documents: DocumentStore, rules: DispatchCircuitRuleDocument[], locale: string): Promise<DispatchCircuitRuleView[]> {
  const circuitIds = [...new Set(rules.map((r) => r.circuitId))];
  const categoryIds = [...new Set(rules.flatMap((r) => r.categoryIds.slice(0, LABELS_SHOWN)))];
  const [circuits, categories] = await Promise.all([
    circuitIds.length ? documents.collection<CircuitDocument>(CATALOG_COLLECTIONS.circuits).getMany(circuitIds) : [],
    categoryIds.length ? documents.collection<CategoryDocument>(CATALOG_COLLECTIONS.categories).getMany(categoryIds) : [],
  ]);
  const circuitById = new Map(circuits.map((c) => [c._id, c]));
  const categoryById = new Map(categories.map((c) => [c._id, c]));
  return rules.map((rule) => {
    const circuit = circuitById.get(rule.circuitId);
    const t = rule.translations ?? null;
    const own = rule.instructions !== null;
    return {
      id: rule._id,
      accountId: rule.accountId,
      circuit: rule.circuitId,
      circuit_name: circuit ? translate(circuit.name, circuit.translations ?? null, 'name', locale) : rule.circuitId,
      circuitType: circuit?.circuitType ?? 'store_drop',
      description: translate(rule.description, t, 'description', locale),
      terms: translate(rule.terms, t, 'terms', locale),
      traceabilityEnabled: rule.traceabilityEnabled,
      categoryIds: rule.categoryIds,
      categoryCount: rule.categoryIds.length,
      categoryLabels: rule.categoryIds.slice(0, LABELS_SHOWN).flatMap((id) => {
        const category = categoryById.get(id);
        return category ? [translate(category.label, (category.translations ?? null) as typeof t, 'label', locale)] : [];
      }),
      status: rule.status,
      highlightedInstruction: translate(rule.highlightedInstruction, t, 'highlightedInstruction', locale),
      eligibleCountries: rule.eligibleCountries,
      customValues: rule.customValues,
      instructions: own ? translatedInstructions(rule.instructions ?? [], t, locale) : translatedInstructions(circuit?.instructions ?? [], circuit?.translations ?? null, locale),
      ownInstructions: own,
      connectors: rule.connectors,
      french: { description: rule.description, terms: rule.terms, highlightedInstruction: rule.highlightedInstruction, instructions: rule.instructions },
      translations: t,
      createdAt: rule.createdAt,
      updatedAt: rule.updatedAt,
      revision: rule.revision,
    };
  });
}

export async function listDispatchCircuitRules(
  documents: DocumentStore,
  principal: Principal,
  locale: string,
  query: PageRequest & DispatchCircuitRuleFilters,
): Promise<ListPage<DispatchCircuitRuleView>> {
  const filters: Filter[] = [tenantFilter(principal)];
  if (query.status) filters.push({ status: query.status });
  if (query.circuit) filters.push({ circuitId: query.circuit });
  if (query.categoryId) filters.push({ categoryIds: query.categoryId });
  const page = await findPage(documents.collection<DispatchCircuitRuleDocument>(DISPATCH_CIRCUIT_RULE_COLLECTION), { $and: filters }, query, [['createdAt', 1]]);
  return { ...page, items: await present(documents, page.items, locale) };
}

export async function dispatchCircuitRule(documents: DocumentStore, principal: Principal, locale: string, ruleId: string): Promise<DispatchCircuitRuleView> {
  const [view] = await present(documents, [await visibleRule(documents, principal, ruleId)], locale);
  return view as DispatchCircuitRuleView;
}

export async function dispatchCircuitRuleHistory(documents: DocumentStore, eventStore: EventStore, principal: Principal, ruleId: string): Promise<DispatchCircuitRuleHistory> {
  await visibleRule(documents, principal, ruleId);
  const stored = await eventStore.readStream(DISPATCH_CIRCUIT_RULE_STREAMS.rule.name(ruleId));
  const items = await historyOfStream<DispatchCircuitRuleEvent>(
    documents,
    stored,
    ['DispatchCircuitRuleCreated', 'DispatchCircuitRuleChanged', 'DispatchCircuitRuleConnectorSwitched'],
    (event, before) => {
      switch (event.type) {
        case 'DispatchCircuitRuleCreated':
          return { after: { ...event.data }, changed: Object.keys(event.data).filter((k) => k !== 'ruleId'), reason: null };
        case 'DispatchCircuitRuleChanged':
          return { after: { ...before, ...event.data.changes }, changed: Object.keys(event.data.changes), reason: null };
        case 'DispatchCircuitRuleConnectorSwitched': {
          const key = `connector.${event.data.feature}`;
          return { after: { ...before, [key]: event.data.active }, changed: [key], reason: null };
        }
      }
    },
  );
  return { items: items as unknown as DispatchCircuitRuleHistory['items'] };
}
