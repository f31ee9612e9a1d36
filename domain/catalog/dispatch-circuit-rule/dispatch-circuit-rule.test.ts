import { describe, expect, it } from 'vitest';
import { deciderSpecification } from '../../shared/test-support.js';
import {
  dispatchCircuitRuleDecider,
  dispatchCircuitRuleIdOf,
  type DispatchCircuitRuleCommand,
  type DispatchCircuitRuleEvent,
  type DispatchCircuitRuleFields,
} from './dispatch-circuit-rule.js';

const spec = deciderSpecification(dispatchCircuitRuleDecider);
const RULE = 'r-1';
const fields: DispatchCircuitRuleFields = {
  description: 'Dépôt en magasin pour les téléphones',
  terms: null,
  traceabilityEnabled: true,
  categoryIds: ['cat-1'],
  status: 'enabled',
  highlightedInstruction: null,
  eligibleCountries: ['FR'],
  customValues: { carrierCode: 'DPD' },
  instructions: null,
  translations: null,
};
const created: DispatchCircuitRuleEvent = { type: 'DispatchCircuitRuleCreated', data: { ruleId: RULE, circuitId: 'c-1', ...fields } };
const known = new Set(['cat-1', 'cat-2']);
const change = (changes: Partial<DispatchCircuitRuleFields>): DispatchCircuitRuleCommand => ({ type: 'ChangeDispatchCircuitRule', data: { ruleId: RULE, changes, knownCategoryIds: known } });
const connector = (active: boolean, featureEnabled: boolean): DispatchCircuitRuleCommand => ({
  type: 'SwitchRuleConnector',
  data: { ruleId: RULE, feature: 'deposit_bonus', active, featureEnabled },
});

describe('A dispatch circuit rule', () => {
  it('Given nothing, when a rule is created for a circuit, then it is, with its fields trimmed', () => {
    spec
      .given()
      .when({ type: 'CreateDispatchCircuitRule', data: { ruleId: RULE, circuitId: 'c-1', fields: { ...fields, description: ` ${fields.description} ` }, knownCategoryIds: known } })
      .then([created]);
  });

  it('Given a rule, when another is created for the same circuit, then it is refused', () => {
    spec.given(created).when({ type: 'CreateDispatchCircuitRule', data: { ruleId: RULE, circuitId: 'c-1', fields, knownCategoryIds: null } }).thenRefused('DISPATCH_CIRCUIT_RULE_ALREADY_EXISTS');
  });

  it('Given a retailer and a circuit, then the rule’s id is always the same, and another circuit’s differs', () => {
    expect(dispatchCircuitRuleIdOf('a', 'c-1')).toBe(dispatchCircuitRuleIdOf('a', 'c-1'));
    expect(dispatchCircuitRuleIdOf('a', 'c-1')).not.toBe(dispatchCircuitRuleIdOf('a', 'c-2'));
  });

  it('Given a rule, when it is disabled with its own instructions, then only those fields are written', () => {
    const { state } = spec
      .given(created)
      .when(change({ status: 'disabled', instructions: [{ sequence: 3, type: 'sign', label: 'Signez le bon' }] }))
      .then([
        {
          type: 'DispatchCircuitRuleChanged',
          data: { ruleId: RULE, changes: { status: 'disabled', instructions: [{ sequence: 1, type: 'sign', label: 'Signez le bon' }] } },
        },
      ]);
    expect(state?.status).toBe('disabled');
  });

  it('Given a rule, when an unknown category, markup and a bad custom key are sent, then each is named', () => {
    const refusal = spec
      .given(created)
      .when(change({ categoryIds: ['cat-9'], terms: '<p>CGV</p>', customValues: { 'a b': 'x' } }))
      .thenRefused('CIRCUIT_INVALID');
    expect(refusal.details.fields).toEqual([
      { field: 'categoryIds', code: 'CIRCUIT_REFERENCE_UNKNOWN', ids: ['cat-9'] },
      { field: 'terms', code: 'CIRCUIT_MARKUP_NOT_ALLOWED' },
      { field: 'customValues', code: 'DISPATCH_CIRCUIT_RULE_CUSTOM_KEY_INVALID', key: 'a b' },
    ]);
  });

  it('Given a rule, when a premium connector is launched without the feature, then it is refused; with it, switched on, and off again', () => {
    spec.given(created).when(connector(true, false)).thenRefused('PREMIUM_FEATURE_NOT_ENABLED', { feature: 'deposit_bonus' });
    const { state } = spec.given(created).when(connector(true, true)).then([{ type: 'DispatchCircuitRuleConnectorSwitched', data: { ruleId: RULE, feature: 'deposit_bonus', active: true } }]);
    expect(state?.connectors).toEqual(['deposit_bonus']);
    const on: DispatchCircuitRuleEvent = { type: 'DispatchCircuitRuleConnectorSwitched', data: { ruleId: RULE, feature: 'deposit_bonus', active: true } };
    spec.given(created, on).when(connector(true, true)).then([]);
    spec.given(created, on).when(connector(false, false)).then([{ type: 'DispatchCircuitRuleConnectorSwitched', data: { ruleId: RULE, feature: 'deposit_bonus', active: false } }]);
  });

  it('Given no rule, when it is changed, then it is not found', () => {
    spec.given().when(change({ status: 'disabled' })).thenRefused('DISPATCH_CIRCUIT_RULE_NOT_FOUND');
  });
});
