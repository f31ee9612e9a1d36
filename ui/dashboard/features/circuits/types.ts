// The screens read the shapes the server sends: the API's circuit views, the domain's lists and bounds.
export type {
  CircuitDetailView as Circuit,
  CircuitHistory,
  CircuitHistoryEntry,
  DispatchCircuitRuleView as DispatchCircuitRule,
  DispatchCircuitRuleHistory,
  RuleConnectorView,
} from '@server/application/catalog/circuits/circuit-views.js';
export type { ListPage } from '@server/application/views/schema.js';
export type { Translations } from '@server/domain/shared/translations.js';
export { CIRCUIT_TYPES, INSTRUCTION_TYPES, type CircuitType, type InstructionType } from '@server/domain/catalog/events.js';
export { CIRCUIT_LIMITS } from '@server/domain/catalog/circuit/circuit-fields.js';
export { DISPATCH_CIRCUIT_RULE_LIMITS, RULE_CONNECTOR_FEATURES, type RuleConnectorFeature } from '@server/domain/catalog/dispatch-circuit-rule/dispatch-circuit-rule.js';
export { TRANSLATED_LOCALES, type TranslatedLocale } from '@server/domain/shared/translations.js';
