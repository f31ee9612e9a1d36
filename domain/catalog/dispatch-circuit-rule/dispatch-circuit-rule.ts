/**
 * A dispatch circuit rule: a circuit configured for an organization
 * (specification 000 §3): its description, terms, traceability, the
 * categories it applies to, its status, highlighted instruction, eligible
 * countries, custom values, and its own instructions (null: the circuit's).
 * One rule per circuit and retailer: its id derives from both. A premium
 * feature's connector may be switched on for it (specification 002:
 * "launch-premium-feature-connector", docs/specification-readings.md). Pure.
 */
import type { Decider } from '../../shared/decider.js';
import { DomainError } from '../../shared/domain-error.js';
import { derivedId } from '../../shared/derived-id.js';
import type { Translations } from '../../shared/translations.js';
import type { CircuitInstruction } from '../events.js';
import {
  checkCountries,
  checkInstructions,
  checkPlainText,
  checkReferences,
  checkTranslations,
  CIRCUIT_LIMITS,
  instructionLabelPath,
  same,
  type CircuitFieldError,
  type TranslatedField,
} from '../circuit/circuit-fields.js';

export const DISPATCH_CIRCUIT_RULE_STATUSES = ['enabled', 'disabled'] as const;
export type DispatchCircuitRuleStatus = (typeof DISPATCH_CIRCUIT_RULE_STATUSES)[number];

/** The premium features whose connector a rule may launch: a bonus for the deposit, the refurbisher's connector. */
export const RULE_CONNECTOR_FEATURES = ['deposit_bonus', 'refurb_connector'] as const;
export type RuleConnectorFeature = (typeof RULE_CONNECTOR_FEATURES)[number];

export const DISPATCH_CIRCUIT_RULE_LIMITS = {
  description: { max: 500 },
  terms: { max: 5000 },
  highlightedInstruction: { max: 255 },
  categories: { max: 500 },
  customValues: { max: 20, key: 64, value: 255 },
} as const;

export interface DispatchCircuitRuleFields {
  description: string | null;
  terms: string | null;
  traceabilityEnabled: boolean;
  categoryIds: string[];
  status: DispatchCircuitRuleStatus;
  highlightedInstruction: string | null;
  eligibleCountries: string[];
  customValues: Record<string, string>;
  /** Null: the circuit's own instructions. */
  instructions: CircuitInstruction[] | null;
  translations: Translations | null;
}

export interface DispatchCircuitRuleCreated {
  type: 'DispatchCircuitRuleCreated';
  data: { ruleId: string; circuitId: string } & DispatchCircuitRuleFields;
}
export interface DispatchCircuitRuleChanged {
  type: 'DispatchCircuitRuleChanged';
  data: { ruleId: string; changes: Partial<DispatchCircuitRuleFields> };
}
export interface DispatchCircuitRuleConnectorSwitched {
  type: 'DispatchCircuitRuleConnectorSwitched';
  data: { ruleId: string; feature: RuleConnectorFeature; active: boolean };
}
export type DispatchCircuitRuleEvent = DispatchCircuitRuleCreated | DispatchCircuitRuleChanged | DispatchCircuitRuleConnectorSwitched;
export const DISPATCH_CIRCUIT_RULE_EVENT_TYPES = ['DispatchCircuitRuleCreated', 'DispatchCircuitRuleChanged', 'DispatchCircuitRuleConnectorSwitched'] as const;

export type DispatchCircuitRuleState = (DispatchCircuitRuleCreated['data'] & { connectors: RuleConnectorFeature[] }) | null;

/** The rule of a retailer's circuit: the same id whoever creates it, so a second one is refused by the stream itself. */
export function dispatchCircuitRuleIdOf(accountId: string, circuitId: string): string {
  return derivedId(`dispatch-circuit-rule:${accountId}:${circuitId}`);
}

export type DispatchCircuitRuleCommand =
  | { type: 'CreateDispatchCircuitRule'; data: { ruleId: string; circuitId: string; fields: DispatchCircuitRuleFields; knownCategoryIds: ReadonlySet<string> | null } }
  | { type: 'ChangeDispatchCircuitRule'; data: { ruleId: string; changes: Partial<DispatchCircuitRuleFields>; knownCategoryIds: ReadonlySet<string> | null } }
  | { type: 'SwitchRuleConnector'; data: { ruleId: string; feature: RuleConnectorFeature; active: boolean; featureEnabled: boolean } };

const FIELD_NAMES: ReadonlyArray<keyof DispatchCircuitRuleFields> = [
  'description',
  'terms',
  'traceabilityEnabled',
  'categoryIds',
  'status',
  'highlightedInstruction',
  'eligibleCountries',
  'customValues',
  'instructions',
  'translations',
];

function checkCustomValues(raw: Record<string, string>, problems: CircuitFieldError[]): Record<string, string> {
  const { max, key: keyMax, value: valueMax } = DISPATCH_CIRCUIT_RULE_LIMITS.customValues;
  const entries = Object.entries(raw).map(([key, value]) => [key.trim(), value.trim()] as const);
  if (entries.length > max) problems.push({ field: 'customValues', code: 'CIRCUIT_TOO_MANY_VALUES', max });
  for (const [key, value] of entries) {
    if (!/^[A-Za-z0-9_.-]{1,64}$/.test(key) || key.length > keyMax) problems.push({ field: 'customValues', code: 'DISPATCH_CIRCUIT_RULE_CUSTOM_KEY_INVALID', key });
    else if ([...value].length > valueMax) problems.push({ field: `customValues.${key}`, code: 'TEXT_LENGTH', min: 0, max: valueMax });
  }
  return Object.fromEntries(entries);
}

/** Every field checked and kept trimmed; CIRCUIT_INVALID naming each problem. */
export function validateRuleFields(fields: DispatchCircuitRuleFields, knownCategoryIds: ReadonlySet<string> | null): DispatchCircuitRuleFields {
  const problems: CircuitFieldError[] = [];
  const { description, terms, highlightedInstruction, categories } = DISPATCH_CIRCUIT_RULE_LIMITS;
  const instructions = fields.instructions === null ? null : checkInstructions('instructions', fields.instructions, problems);
  const translatedField = (path: string): TranslatedField | null => {
    if (path === 'description') return { kind: 'plain', max: description.max };
    if (path === 'terms') return { kind: 'plain', max: terms.max };
    if (path === 'highlightedInstruction') return { kind: 'plain', max: highlightedInstruction.max };
    return instructions !== null && instructionLabelPath(path, instructions.length) ? { kind: 'plain', max: CIRCUIT_LIMITS.instructionLabel.max } : null;
  };
  const categoryIds = checkReferences('categoryIds', fields.categoryIds.slice(0, categories.max + 1), knownCategoryIds, problems);
  if (fields.categoryIds.length > categories.max) problems.push({ field: 'categoryIds', code: 'CIRCUIT_TOO_MANY_VALUES', max: categories.max });
  const kept: DispatchCircuitRuleFields = {
    description: checkPlainText('description', fields.description, description.max, problems),
    terms: checkPlainText('terms', fields.terms, terms.max, problems),
    traceabilityEnabled: fields.traceabilityEnabled,
    categoryIds,
    status: fields.status,
    highlightedInstruction: checkPlainText('highlightedInstruction', fields.highlightedInstruction, highlightedInstruction.max, problems),
    eligibleCountries: checkCountries('eligibleCountries', fields.eligibleCountries, problems),
    customValues: checkCustomValues(fields.customValues, problems),
    instructions,
    translations: checkTranslations(fields.translations, translatedField, problems),
  };
  if (problems.length > 0) throw new DomainError('CIRCUIT_INVALID', { fields: problems.slice(0, 20) });
  return kept;
}

function fieldsOf(state: NonNullable<DispatchCircuitRuleState>): DispatchCircuitRuleFields {
  return Object.fromEntries(FIELD_NAMES.map((name) => [name, state[name]])) as unknown as DispatchCircuitRuleFields;
}

export function decideDispatchCircuitRule(command: DispatchCircuitRuleCommand, state: DispatchCircuitRuleState): DispatchCircuitRuleEvent[] {
  switch (command.type) {
    case 'CreateDispatchCircuitRule': {
      const { ruleId, circuitId } = command.data;
      if (state !== null) throw new DomainError('DISPATCH_CIRCUIT_RULE_ALREADY_EXISTS', { ruleId, circuitId });
      return [{ type: 'DispatchCircuitRuleCreated', data: { ruleId, circuitId, ...validateRuleFields(command.data.fields, command.data.knownCategoryIds) } }];
    }
    case 'ChangeDispatchCircuitRule': {
      if (state === null) throw new DomainError('DISPATCH_CIRCUIT_RULE_NOT_FOUND', { ruleId: command.data.ruleId });
      const before = fieldsOf(state);
      const asked = Object.fromEntries(Object.entries(command.data.changes).filter(([, value]) => value !== undefined));
      const after = validateRuleFields({ ...before, ...asked }, command.data.knownCategoryIds);
      const changes: Partial<DispatchCircuitRuleFields> = {};
      for (const name of FIELD_NAMES) if (!same(before[name], after[name])) (changes as Record<string, unknown>)[name] = after[name];
      return Object.keys(changes).length === 0 ? [] : [{ type: 'DispatchCircuitRuleChanged', data: { ruleId: command.data.ruleId, changes } }];
    }
    case 'SwitchRuleConnector': {
      const { ruleId, feature, active, featureEnabled } = command.data;
      if (state === null) throw new DomainError('DISPATCH_CIRCUIT_RULE_NOT_FOUND', { ruleId });
      if (state.connectors.includes(feature) === active) return [];
      // Switching a connector off is always allowed: a retailer who lost the feature may still stop what it launched.
      if (active && !featureEnabled) throw new DomainError('PREMIUM_FEATURE_NOT_ENABLED', { feature });
      return [{ type: 'DispatchCircuitRuleConnectorSwitched', data: { ruleId, feature, active } }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export function evolveDispatchCircuitRule(state: DispatchCircuitRuleState, event: DispatchCircuitRuleEvent): DispatchCircuitRuleState {
  switch (event.type) {
    case 'DispatchCircuitRuleCreated':
      return { ...event.data, connectors: [] };
    case 'DispatchCircuitRuleChanged':
      return state === null ? null : { ...state, ...event.data.changes };
    case 'DispatchCircuitRuleConnectorSwitched': {
      if (state === null) return null;
      const others = state.connectors.filter((feature) => feature !== event.data.feature);
      return { ...state, connectors: event.data.active ? [...others, event.data.feature].sort() : others };
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export const dispatchCircuitRuleDecider: Decider<DispatchCircuitRuleState, DispatchCircuitRuleCommand, DispatchCircuitRuleEvent> = {
  initialState: () => null,
  evolve: evolveDispatchCircuitRule,
  decide: decideDispatchCircuitRule,
};
