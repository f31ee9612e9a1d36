/**
 * The circuits (specification 000: /circuits, /circuit/{id}/edit) and the
 * dispatch circuit rules (GET dispatch-circuit-rules, and the premium-feature
 * connector action on a rule, specification 002 §7): lists, details, merge-
 * patches with If-Match, activation with the rules' refusals, histories.
 */
import {
  activateCircuit,
  changeCircuit,
  deactivateCircuit,
  type CircuitPorts,
} from '../../../../application/catalog/circuits/circuit-commands.js';
import { circuitDetail, circuitHistory, CIRCUIT_SORTS, listCircuits } from '../../../../application/catalog/circuits/circuit-queries.js';
import {
  changeDispatchCircuitRule,
  createDispatchCircuitRule,
  dispatchCircuitRule,
  dispatchCircuitRuleHistory,
  DISPATCH_CIRCUIT_RULE_SORTS,
  listDispatchCircuitRules,
  ruleConnector,
  switchRuleConnector,
} from '../../../../application/catalog/circuits/dispatch-circuit-rules.js';
import {
  CircuitDetailView,
  CircuitHistory,
  CircuitPage,
  DispatchCircuitRuleHistory,
  DispatchCircuitRulePage,
  DispatchCircuitRuleView,
  RuleConnectorView,
} from '../../../../application/catalog/circuits/circuit-views.js';
import { CommandAnswer } from '../../../../application/views/schema.js';
import { CIRCUIT_LIMITS } from '../../../../domain/catalog/circuit/circuit-fields.js';
import { CIRCUIT_TYPES, INSTRUCTION_TYPES } from '../../../../domain/catalog/events.js';
import {
  DISPATCH_CIRCUIT_RULE_LIMITS,
  DISPATCH_CIRCUIT_RULE_STATUSES,
  RULE_CONNECTOR_FEATURES,
} from '../../../../domain/catalog/dispatch-circuit-rule/dispatch-circuit-rule.js';
import { commandContext, commandResult } from '../../command-route.js';
import { etagOf } from '../../etag.js';
import { listRoutes } from '../../list-route.js';
import { defineRoute, type Route } from '../../route.js';
import { MAX_QUERY_VALUES, StringEnum, Text, Type, idParams, uuid } from '../schemas.js';

const tag = 'circuits';
/** Bounded at twice the rule, so that a text a little too long gets the rule's own message at its field (the domain's), not the schema's. */
const OptionalText = (max: number, what: string) => Type.Optional(Type.Union([Type.String({ maxLength: 2 * max, description: what }), Type.Null()]));

const Instructions = Type.Array(
  Type.Object(
    {
      sequence: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Ignored: the order of the array numbers them 1, 2…' })),
      type: StringEnum(INSTRUCTION_TYPES),
      label: Type.Union([Type.String({ maxLength: 2 * CIRCUIT_LIMITS.instructionLabel.max }), Type.Null()], { description: '1 to 150 characters without markup; null or blank: the type’s usual wording.' }),
    },
    { additionalProperties: false },
  ),
  { maxItems: 2 * CIRCUIT_LIMITS.instructions.max, description: `At most ${CIRCUIT_LIMITS.instructions.max} (CIRCUIT_TOO_MANY_INSTRUCTIONS).` },
);

const PerLanguage = Type.Record(Type.String({ maxLength: 64 }), Type.String({ maxLength: 10_000 }), { maxProperties: 40 });
const TranslationsBody = Type.Optional(
  Type.Union(
    [Type.Object({ 'en-GB': Type.Optional(PerLanguage), 'nl-BE': Type.Optional(PerLanguage), 'de-DE': Type.Optional(PerLanguage) }, { additionalProperties: false }), Type.Null()],
    { description: 'Per language, per field path (name, description, instructions.<sequence>.label), the text; each checked with its field’s bounds; blank: French.' },
  ),
);
const Countries = Type.Array(Type.String({ maxLength: 8 }), { maxItems: 300, description: 'ISO 3166-1 alpha-2 codes (FR, BE…).' });
const Ids = (what: string) => Type.Array(uuid, { maxItems: 200, description: what });
const Reason = Type.Optional(Type.Union([Text(255), Type.Null()], { description: 'Why: shown in its history.' }));

const CircuitPatch = Type.Object(
  {
    name: Type.Optional(Text(2 * CIRCUIT_LIMITS.name.max, 0, { description: '2 to 255 characters.' })),
    description: OptionalText(CIRCUIT_LIMITS.description.max, 'At most 500 characters without markup, or null.'),
    instructions: Type.Optional(Instructions),
    transferOrderNumberOfCopy: Type.Optional(Type.Union([Type.Integer({ minimum: -1_000, maximum: 1_000 }), Type.Null()], { description: '1 to 5 copies of the transfer order; null: one.' })),
    eligibleCountries: Type.Optional(Countries),
    paymentModeIds: Type.Optional(Ids('The retailer’s payment modes offered on this circuit.')),
    shippingMethodIds: Type.Optional(Ids('The retailer’s transport modes on this circuit.')),
    customerBonusInCents: Type.Optional(Type.Number({ minimum: -1_000_000_000, maximum: 1_000_000_000, description: 'Whole cents: positive a bonus, negative a cost to the customer (CIRCUIT_BONUS_INVALID otherwise).' })),
    translations: TranslationsBody,
    reason: Reason,
  },
  { additionalProperties: false },
);

const { description, terms, highlightedInstruction } = DISPATCH_CIRCUIT_RULE_LIMITS;
const ruleFields = {
  description: OptionalText(description.max, 'At most 500 characters without markup, or null.'),
  terms: OptionalText(terms.max, 'At most 5000 characters without markup, or null.'),
  traceabilityEnabled: Type.Optional(Type.Boolean()),
  categoryIds: Type.Optional(Type.Array(uuid, { maxItems: 2 * DISPATCH_CIRCUIT_RULE_LIMITS.categories.max, description: 'The retailer’s categories it applies to (at most 500).' })),
  status: Type.Optional(StringEnum(DISPATCH_CIRCUIT_RULE_STATUSES)),
  highlightedInstruction: OptionalText(highlightedInstruction.max, 'At most 255 characters without markup, or null.'),
  eligibleCountries: Type.Optional(Countries),
  customValues: Type.Optional(Type.Record(Type.String({ maxLength: 128 }), Type.String({ maxLength: 512 }), { maxProperties: 40, description: 'At most 20 name/value pairs; names of letters, digits, _ . -' })),
  instructions: Type.Optional(Type.Union([Instructions, Type.Null()], { description: 'Its own instructions; null: the circuit’s.' })),
  translations: TranslationsBody,
};

export function circuitsRoutes(ports: CircuitPorts): Route[] {
  const onOne = idParams('id');
  const list = { kind: 'authenticated' as const, permission: 'circuit.list' };
  const notFound = { 404: 'Not a circuit of the caller’s retailer (CIRCUIT_NOT_FOUND)' };
  const ruleNotFound = { 404: 'Not a rule of the caller’s retailer (DISPATCH_CIRCUIT_RULE_NOT_FOUND)' };
  const statusRoute = (action: 'activate' | 'deactivate') =>
    defineRoute({
      method: 'post',
      path: `/circuits/{id}/${action}`,
      operationId: `${action}Circuit`,
      summary:
        action === 'activate'
          ? 'Activates a circuit: only one store_drop circuit may be active (CIRCUIT_STORE_DROP_ALREADY_ACTIVE); the web store-drop circuit (web_drop) needs the store store_drop circuit active (CIRCUIT_STORE_DROP_REQUIRED). Already active: unchanged'
          : 'Deactivates a circuit: refused while active categories name it (CIRCUIT_USED_BY_CATEGORIES, details.categoryCount), and for the last store_drop circuit while web_drop is active (CIRCUIT_NEEDED_BY_WEB_DROP). Already inactive: unchanged',
      tag,
      access: { kind: 'authenticated', permission: 'circuit.manage' },
      params: onOne,
      body: Type.Object({ reason: Reason }, { additionalProperties: false }),
      conditional: true,
      response: { status: 200, description: 'Done (the new revision in ETag)', schema: CommandAnswer },
      otherResponses: { ...notFound, 409: 'A rule between circuits refuses it (the code says which)', 412: 'If-Match names another revision (PRECONDITION_FAILED)' },
      async handler(context) {
        const command = action === 'activate' ? activateCircuit : deactivateCircuit;
        return commandResult(await command.run(ports, commandContext(context), { circuitId: context.params.id, reason: context.body.reason?.trim() || null }));
      },
    });

  return [
    ...listRoutes({
      path: '/circuits',
      tag,
      sorts: CIRCUIT_SORTS,
      filters: {
        name: Type.Optional(Text(255)),
        status: Type.Optional(StringEnum(['enabled', 'disabled'] as const)),
        channel: Type.Optional(StringEnum(['store', 'web'] as const)),
        circuitType: Type.Optional(Type.Array(StringEnum(CIRCUIT_TYPES), { maxItems: MAX_QUERY_VALUES, description: 'circuitType[]=web_post' })),
      },
      page: {
        operationId: 'listCircuits',
        summary: 'The circuits of the caller’s retailer (by name unless ordered otherwise), active and inactive, each with its instructions, modes, bonus and how many active categories use it; texts in the caller’s language',
        permission: 'circuit.list',
        schema: CircuitPage,
        handler: ({ principal, locale }, query) => listCircuits(ports.documents, principal, locale, query),
      },
    }),
    defineRoute({
      method: 'get',
      path: '/circuits/{id}',
      operationId: 'getCircuit',
      summary: 'One circuit of the caller’s retailer: its fields in the caller’s language, the French ones and their translations (its ETag: the revision for If-Match)',
      tag,
      access: list,
      params: onOne,
      response: { status: 200, description: 'The circuit', schema: CircuitDetailView },
      otherResponses: notFound,
      async handler({ principal, params, locale }) {
        const circuit = await circuitDetail(ports.documents, principal, locale, params.id);
        return { body: circuit, headers: { ETag: etagOf(circuit.revision) } };
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/circuits/{id}',
      operationId: 'changeCircuit',
      summary:
        'Changes what the body names of a circuit (JSON merge-patch: what it leaves out stays); its type, channel and deposit are fixed. Each invalid field is named in CIRCUIT_INVALID’s details. If-Match with its revision: another change since answers 412',
      tag,
      access: { kind: 'authenticated', permission: changeCircuit.permission as string },
      params: onOne,
      body: CircuitPatch,
      conditional: true,
      response: { status: 200, description: 'Saved (the new revision in ETag; unchanged when nothing changed)', schema: CommandAnswer },
      otherResponses: { ...notFound, 412: 'If-Match names another revision: someone changed it since (PRECONDITION_FAILED)', 422: 'A field breaks the rules (CIRCUIT_INVALID, details.fields)' },
      async handler(context) {
        const { reason, instructions, ...rest } = context.body;
        const changes = { ...rest, ...(instructions ? { instructions: instructions.map((i, index) => ({ sequence: index + 1, type: i.type, label: i.label })) } : {}) };
        return commandResult(await changeCircuit.run(ports, commandContext(context), { circuitId: context.params.id, changes, reason: reason?.trim() || null }));
      },
    }),
    statusRoute('activate'),
    statusRoute('deactivate'),
    defineRoute({
      method: 'get',
      path: '/circuits/{id}/history',
      operationId: 'getCircuitHistory',
      summary: 'Every event of the circuit: what, when, who, why and each value it changed (from, to), oldest first',
      tag,
      access: list,
      params: onOne,
      response: { status: 200, description: 'The history', schema: CircuitHistory },
      otherResponses: notFound,
      handler: async ({ principal, params }) => ({ body: await circuitHistory(ports.documents, ports.eventStore, principal, params.id) }),
    }),
    ...listRoutes({
      path: '/dispatch-circuit-rules',
      tag,
      sorts: DISPATCH_CIRCUIT_RULE_SORTS,
      filters: {
        status: Type.Optional(StringEnum(DISPATCH_CIRCUIT_RULE_STATUSES)),
        circuit: Type.Optional(uuid),
        categoryId: Type.Optional(uuid),
      },
      page: {
        operationId: 'listDispatchCircuitRules',
        summary: 'The dispatch circuit rules of the caller’s retailer (oldest first unless ordered otherwise), each with its circuit’s name, its categories’ count and labels (at most 30), and its instructions (the circuit’s when it has none)',
        permission: 'circuit.list',
        schema: DispatchCircuitRulePage,
        handler: ({ principal, locale }, query) => listDispatchCircuitRules(ports.documents, principal, locale, query),
      },
    }),
    defineRoute({
      method: 'post',
      path: '/dispatch-circuit-rules',
      operationId: 'createDispatchCircuitRule',
      summary: 'A dispatch circuit rule for a circuit of the caller’s retailer (one per circuit: DISPATCH_CIRCUIT_RULE_ALREADY_EXISTS); what the body leaves out takes its default (enabled, no category, the circuit’s instructions)',
      tag,
      access: { kind: 'authenticated', permission: createDispatchCircuitRule.permission as string },
      body: Type.Object({ circuit: uuid, ...ruleFields }, { additionalProperties: false }),
      idempotent: true,
      response: { status: 201, description: 'Created (its revision in ETag)', schema: CommandAnswer },
      otherResponses: { 404: 'Not a circuit of the caller’s retailer (CIRCUIT_NOT_FOUND)', 409: 'The circuit has its rule already (DISPATCH_CIRCUIT_RULE_ALREADY_EXISTS)', 422: 'A field breaks the rules (CIRCUIT_INVALID, details.fields)' },
      async handler(context) {
        const { circuit, ...fields } = context.body;
        const outcome = await createDispatchCircuitRule.run(ports, commandContext(context), { circuitId: circuit, fields: withSequences(fields) });
        return { ...commandResult(outcome, 201), headers: { ETag: etagOf(outcome.revision), Location: `/api/dispatch-circuit-rules/${outcome.id}` } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/dispatch-circuit-rules/{id}',
      operationId: 'getDispatchCircuitRule',
      summary: 'One dispatch circuit rule of the caller’s retailer (its ETag: the revision for If-Match)',
      tag,
      access: list,
      params: onOne,
      response: { status: 200, description: 'The rule', schema: DispatchCircuitRuleView },
      otherResponses: ruleNotFound,
      async handler({ principal, params, locale }) {
        const rule = await dispatchCircuitRule(ports.documents, principal, locale, params.id);
        return { body: rule, headers: { ETag: etagOf(rule.revision) } };
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/dispatch-circuit-rules/{id}',
      operationId: 'changeDispatchCircuitRule',
      summary: 'Changes what the body names of a rule (JSON merge-patch; its circuit is fixed); enabling or disabling it too. If-Match with its revision: another change since answers 412',
      tag,
      access: { kind: 'authenticated', permission: changeDispatchCircuitRule.permission as string },
      params: onOne,
      body: Type.Object(ruleFields, { additionalProperties: false }),
      conditional: true,
      response: { status: 200, description: 'Saved (unchanged when nothing changed)', schema: CommandAnswer },
      otherResponses: { ...ruleNotFound, 412: 'If-Match names another revision (PRECONDITION_FAILED)', 422: 'A field breaks the rules (CIRCUIT_INVALID, details.fields)' },
      handler: async (context) => commandResult(await changeDispatchCircuitRule.run(ports, commandContext(context), { ruleId: context.params.id, changes: withSequences(context.body) })),
    }),
    defineRoute({
      method: 'get',
      path: '/dispatch-circuit-rules/{id}/history',
      operationId: 'getDispatchCircuitRuleHistory',
      summary: 'Every event of the rule: what, when, who and each value it changed (from, to), oldest first',
      tag,
      access: list,
      params: onOne,
      response: { status: 200, description: 'The history', schema: DispatchCircuitRuleHistory },
      otherResponses: ruleNotFound,
      handler: async ({ principal, params }) => ({ body: await dispatchCircuitRuleHistory(ports.documents, ports.eventStore, principal, params.id) }),
    }),
    defineRoute({
      method: 'get',
      path: '/dispatch-circuit-rules/{id}/launch-premium-feature-connector',
      operationId: 'getRulePremiumFeatureConnector',
      summary: 'Whether the premium feature named by `action` (deposit_bonus, refurb_connector) is the retailer’s, and whether its connector is launched for this rule',
      tag,
      access: list,
      params: onOne,
      query: Type.Object({ action: StringEnum(RULE_CONNECTOR_FEATURES) }, { additionalProperties: false }),
      response: { status: 200, description: 'The connector’s state', schema: RuleConnectorView },
      otherResponses: ruleNotFound,
      handler: async ({ principal, params, query }) => ({ body: await ruleConnector(ports.documents, principal, params.id, query.action) }),
    }),
    defineRoute({
      method: 'patch',
      path: '/dispatch-circuit-rules/{id}/launch-premium-feature-connector',
      operationId: 'switchRulePremiumFeatureConnector',
      summary: 'Launches (active: true) or stops the connector of the premium feature named by `action` on this rule; launching needs the retailer’s premium feature (PREMIUM_FEATURE_NOT_ENABLED), stopping never does',
      tag,
      access: { kind: 'authenticated', permission: switchRuleConnector.permission as string },
      params: onOne,
      query: Type.Object({ action: StringEnum(RULE_CONNECTOR_FEATURES) }, { additionalProperties: false }),
      body: Type.Object({ active: Type.Boolean() }, { additionalProperties: false }),
      conditional: true,
      response: { status: 200, description: 'Done (unchanged when it already was)', schema: CommandAnswer },
      otherResponses: { ...ruleNotFound, 403: 'The retailer lacks the premium feature (PREMIUM_FEATURE_NOT_ENABLED)', 412: 'If-Match names another revision (PRECONDITION_FAILED)' },
      handler: async (context) =>
        commandResult(await switchRuleConnector.run(ports, commandContext(context), { ruleId: context.params.id, feature: context.query.action, active: context.body.active })),
    }),
  ];
}

/** Instructions as sent numbered by their order (the domain numbers them again). */
function withSequences<T extends { instructions?: Array<{ type: (typeof INSTRUCTION_TYPES)[number]; label: string | null }> | null }>(body: T) {
  const { instructions, ...rest } = body;
  if (instructions === undefined) return rest;
  return { ...rest, instructions: instructions === null ? null : instructions.map((i, index) => ({ sequence: index + 1, type: i.type, label: i.label })) };
}
