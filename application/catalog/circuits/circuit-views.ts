/**
 * What the circuit and dispatch circuit rule routes answer (TypeBox): the
 * handlers' return types, the OpenAPI schemas, the types the dashboard imports.
 */
import { CIRCUIT_TYPES, INSTRUCTION_TYPES } from '../../../domain/catalog/events.js';
import { CIRCUIT_EVENT_TYPES } from '../../../domain/catalog/circuit/circuit-events.js';
import {
  DISPATCH_CIRCUIT_RULE_EVENT_TYPES,
  DISPATCH_CIRCUIT_RULE_STATUSES,
  RULE_CONNECTOR_FEATURES,
} from '../../../domain/catalog/dispatch-circuit-rule/dispatch-circuit-rule.js';
import { DateTime, ListPage, Nullable, StringEnum, Type, type Static } from '../../views/schema.js';

export const InstructionView = Type.Object(
  {
    sequence: Type.Integer({ minimum: 1, maximum: 6 }),
    type: StringEnum(INSTRUCTION_TYPES),
    label: Nullable(Type.String({ description: 'The retailer’s words in the caller’s language; null: the type’s usual wording.' })),
  },
  { title: 'CircuitInstruction' },
);

/** Per language (en-GB, nl-BE, de-DE), per field path (`name`, `description`, `instructions.1.label`), the text. */
export const TranslationsView = Nullable(Type.Record(Type.String(), Type.Record(Type.String(), Type.String()), { title: 'Translations' }));

const revision = Type.Integer({ minimum: 0, description: 'Its stream revision, also the ETag: send it back as If-Match.' });

export const CircuitDetailView = Type.Object(
  {
    id: Type.String(),
    accountId: Type.String(),
    name: Type.String({ description: 'In the caller’s language (French when not translated).' }),
    circuitType: StringEnum(CIRCUIT_TYPES),
    channel: StringEnum(['store', 'web'] as const),
    deposit: StringEnum(['collect', 'drop', 'drop_label', 'post'] as const),
    description: Nullable(Type.String()),
    instructions: Type.Array(InstructionView),
    transferOrderNumberOfCopy: Nullable(Type.Integer({ minimum: 1 })),
    eligibleCountries: Type.Array(Type.String()),
    paymentModeIds: Type.Array(Type.String()),
    shippingMethodIds: Type.Array(Type.String()),
    customerBonusInCents: Type.Integer({ description: 'The customer’s bonus (positive) or cost (negative) on this circuit, in cents: added to the price.' }),
    status: StringEnum(['enabled', 'disabled'] as const),
    /** The French texts as written (the form edits these), and their translations. */
    french: Type.Object({ name: Type.String(), description: Nullable(Type.String()), instructions: Type.Array(InstructionView) }),
    translations: TranslationsView,
    categoryCount: Type.Integer({ minimum: 0, description: 'The active categories naming it: while any does, it cannot be deactivated.' }),
    /** Only on one circuit: what its form may choose from, the retailer's payment modes and transport modes. */
    choices: Type.Optional(
      Type.Object({
        paymentModes: Type.Array(Type.Object({ id: Type.String(), label: Type.String(), status: Type.String() })),
        shippingMethods: Type.Array(Type.Object({ id: Type.String(), label: Type.String(), channel: Type.String() })),
      }),
    ),
    createdAt: DateTime,
    updatedAt: DateTime,
    revision,
  },
  { title: 'CircuitDetail' },
);
export type CircuitDetailView = Static<typeof CircuitDetailView>;
export const CircuitPage = ListPage(CircuitDetailView, 'CircuitPage');

/** One event of a stream: what, when, who (named), why, and each value it changed (from, to). */
function historyOf<T extends readonly string[]>(types: T, title: string) {
  const entry = Type.Object(
    {
      eventId: Type.String(),
      revision: Type.Integer({ minimum: 0 }),
      type: StringEnum(types),
      at: DateTime,
      user: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
      reason: Nullable(Type.String()),
      changes: Type.Record(Type.String(), Type.Object({ from: Type.Unknown(), to: Type.Unknown() })),
    },
    { title: `${title}Entry` },
  );
  return Type.Object({ items: Type.Array(entry) }, { title });
}
export const CircuitHistory = historyOf(CIRCUIT_EVENT_TYPES, 'CircuitHistory');
export type CircuitHistory = Static<typeof CircuitHistory>;
export type CircuitHistoryEntry = CircuitHistory['items'][number];
export const DispatchCircuitRuleHistory = historyOf(DISPATCH_CIRCUIT_RULE_EVENT_TYPES, 'DispatchCircuitRuleHistory');
export type DispatchCircuitRuleHistory = Static<typeof DispatchCircuitRuleHistory>;

export const DispatchCircuitRuleView = Type.Object(
  {
    id: Type.String(),
    accountId: Type.String(),
    circuit: Type.String({ description: 'The circuit’s id.' }),
    circuit_name: Type.String({ description: 'The circuit’s name in the caller’s language.' }),
    circuitType: StringEnum(CIRCUIT_TYPES),
    description: Nullable(Type.String()),
    terms: Nullable(Type.String()),
    traceabilityEnabled: Type.Boolean(),
    categoryIds: Type.Array(Type.String()),
    categoryCount: Type.Integer({ minimum: 0 }),
    categoryLabels: Type.Array(Type.String(), { description: 'The categories’ labels in the caller’s language, at most 30 (the list truncates after 30).' }),
    status: StringEnum(DISPATCH_CIRCUIT_RULE_STATUSES),
    highlightedInstruction: Nullable(Type.String()),
    eligibleCountries: Type.Array(Type.String()),
    customValues: Type.Record(Type.String(), Type.String()),
    instructions: Type.Array(InstructionView, { description: 'Its own, or the circuit’s when it has none (ownInstructions false).' }),
    ownInstructions: Type.Boolean(),
    connectors: Type.Array(StringEnum(RULE_CONNECTOR_FEATURES), { description: 'The premium features whose connector is launched for this rule.' }),
    french: Type.Object({
      description: Nullable(Type.String()),
      terms: Nullable(Type.String()),
      highlightedInstruction: Nullable(Type.String()),
      instructions: Nullable(Type.Array(InstructionView)),
    }),
    translations: TranslationsView,
    createdAt: DateTime,
    updatedAt: DateTime,
    revision,
  },
  { title: 'DispatchCircuitRule' },
);
export type DispatchCircuitRuleView = Static<typeof DispatchCircuitRuleView>;
export const DispatchCircuitRulePage = ListPage(DispatchCircuitRuleView, 'DispatchCircuitRulePage');

export const RuleConnectorView = Type.Object(
  {
    ruleId: Type.String(),
    action: StringEnum(RULE_CONNECTOR_FEATURES),
    available: Type.Boolean({ description: 'The retailer has this premium feature.' }),
    active: Type.Boolean({ description: 'Its connector is launched for this rule.' }),
  },
  { title: 'RuleConnector' },
);
export type RuleConnectorView = Static<typeof RuleConnectorView>;
