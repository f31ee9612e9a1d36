import { describe, expect, it } from 'vitest';
import { deciderSpecification } from '../../shared/test-support.js';
import {
  NO_DISPATCH_RULES,
  decideDispatchRules,
  evolveDispatchRules,
  type DispatchRuleCommand,
  type DispatchRules,
  type RecordedAt,
} from './aggregate.js';
import type { DispatchRuleEvent, DispatchRuleFields } from './events.js';
import { DISPATCH_LIMITS, type DispatchRuleInput } from './rules.js';

const AT: RecordedAt = { occurredAt: '2026-03-02T09:00:00.000Z' };
const LYON = 'warehouse-lyon';
const LILLE = 'warehouse-lille';
const RULE_A = 'rule-apple';
const RULE_B = 'rule-samsung';
const RULE_C = 'rule-tablets';

const spec = deciderSpecification<DispatchRules, DispatchRuleCommand, DispatchRuleEvent>({
  initialState: () => NO_DISPATCH_RULES,
  // Every given event recorded at the same time: the tests of updatedAt below fold with their own times.
  evolve: (state, event) => evolveDispatchRules(state, event, AT),
  decide: decideDispatchRules,
});

function fields(overrides: Partial<DispatchRuleFields> = {}): DispatchRuleFields {
  return {
    title: 'Apple to Lyon',
    conditions: [{ attribute: 'brand', operator: 'in', values: ['Apple'] }],
    warehouseIds: [LYON],
    nearest: false,
    ...overrides,
  };
}

const create = (ruleId = RULE_A, input: Partial<DispatchRuleInput> = {}, position?: number | null): DispatchRuleCommand => ({
  type: 'CreateDispatchRule',
  data: { ruleId, ...fields(input), ...(position === undefined ? {} : { position }) },
});
const update = (ruleId = RULE_A, input: Partial<DispatchRuleInput> = {}): DispatchRuleCommand => ({ type: 'UpdateDispatchRule', data: { ruleId, ...fields(input) } });
const remove = (ruleId = RULE_A): DispatchRuleCommand => ({ type: 'DeleteDispatchRule', data: { ruleId } });
const reorder = (...ruleIds: string[]): DispatchRuleCommand => ({ type: 'ReorderDispatchRules', data: { ruleIds } });
const chooseDefault = (warehouseId: string | null): DispatchRuleCommand => ({ type: 'ChooseDefaultWarehouse', data: { warehouseId } });

const created = (ruleId = RULE_A, position = 0, data: Partial<DispatchRuleFields> = {}): DispatchRuleEvent => ({
  type: 'DispatchRuleCreated',
  data: { ruleId, ...fields(data), position },
});
const updated = (ruleId = RULE_A, data: Partial<DispatchRuleFields> = {}): DispatchRuleEvent => ({ type: 'DispatchRuleUpdated', data: { ruleId, ...fields(data) } });
const deleted = (ruleId = RULE_A): DispatchRuleEvent => ({ type: 'DispatchRuleDeleted', data: { ruleId } });
const reordered = (...ruleIds: string[]): DispatchRuleEvent => ({ type: 'DispatchRulesReordered', data: { ruleIds } });
const defaultChosen = (warehouseId: string | null): DispatchRuleEvent => ({ type: 'DefaultWarehouseChosen', data: { warehouseId } });

const THREE_RULES = [created(RULE_A, 0), created(RULE_B, 1, { title: 'Samsung' }), created(RULE_C, 2, { title: 'Tablets' })];
const order = (state: DispatchRules) => state.rules.map((rule) => rule.ruleId);

describe('creating a dispatch rule', () => {
  it('given no rule, when one is created, then it is recorded first, with its time', () => {
    const { state } = spec.given().when(create()).then([created(RULE_A, 0)]);
    expect(state.rules).toEqual([{ ruleId: RULE_A, ...fields(), updatedAt: AT.occurredAt }]);
  });

  it('given two rules, when one is created without a position, then it goes last', () => {
    const { state } = spec.given(...THREE_RULES.slice(0, 2)).when(create(RULE_C)).then([created(RULE_C, 2)]);
    expect(order(state)).toEqual([RULE_A, RULE_B, RULE_C]);
  });

  it('given two rules, when one is created with a null position, then it goes last', () => {
    spec.given(...THREE_RULES.slice(0, 2)).when(create(RULE_C, {}, null)).then([created(RULE_C, 2)]);
  });

  it.each([
    [0, [RULE_C, RULE_A, RULE_B]],
    [1, [RULE_A, RULE_C, RULE_B]],
    [2, [RULE_A, RULE_B, RULE_C]],
  ])('given two rules, when one is created at position %i, then it takes that place', (position, expected) => {
    const { state } = spec.given(...THREE_RULES.slice(0, 2)).when(create(RULE_C, {}, position)).then([created(RULE_C, position)]);
    expect(order(state)).toEqual(expected);
  });

  it('given two rules, when one is created past the end (a rule deleted meanwhile), then it goes last and the event says where', () => {
    spec.given(...THREE_RULES.slice(0, 2)).when(create(RULE_C, {}, 7)).then([created(RULE_C, 2)]);
  });

  it.each([-1, 0.5])('given no rule, when one is created at position %d, then it is refused with DISPATCH_RULE_POSITION_INVALID', (position) => {
    spec.given().when(create(RULE_A, {}, position)).thenRefused('DISPATCH_RULE_POSITION_INVALID', { position, max: 0 });
  });

  it('given no rule, when one is created with spaces, repeated values and blank values, then it is recorded normalised', () => {
    spec
      .given()
      .when(create(RULE_A, { title: '  Apple to Lyon ', conditions: [{ attribute: 'brand', operator: 'in', values: [' Apple', 'APPLE', '', 'Beats '] }] }))
      .then([created(RULE_A, 0, { conditions: [{ attribute: 'brand', operator: 'in', values: ['Apple', 'Beats'] }] })]);
  });

  it('given a rule, when a rule is created with its id again, then it is refused with DISPATCH_RULE_ALREADY_EXISTS', () => {
    spec.given(created()).when(create(RULE_A, { title: 'Other' })).thenRefused('DISPATCH_RULE_ALREADY_EXISTS', { ruleId: RULE_A });
  });

  it('given a rule that was deleted, when a rule is created with its id again, then it is accepted', () => {
    spec.given(created(), deleted()).when(create()).then([created(RULE_A, 0)]);
  });

  it(`given ${DISPATCH_LIMITS.rules} rules, when one more is created, then it is refused with DISPATCH_RULE_TOO_MANY`, () => {
    const full = Array.from({ length: DISPATCH_LIMITS.rules }, (_, index) => created(`rule-${index}`, index));
    spec.given(...full).when(create('rule-one-too-many')).thenRefused('DISPATCH_RULE_TOO_MANY', { field: 'rules', max: 500 });
  });

  it(`given ${DISPATCH_LIMITS.rules - 1} rules, when one more is created, then it is accepted`, () => {
    const almost = Array.from({ length: DISPATCH_LIMITS.rules - 1 }, (_, index) => created(`rule-${index}`, index));
    spec.given(...almost).when(create('rule-last')).then([created('rule-last', DISPATCH_LIMITS.rules - 1)]);
  });

  it.each([
    ['no title', 'DISPATCH_RULE_TITLE_REQUIRED', { title: '  ' }],
    ['no condition', 'DISPATCH_RULE_CONDITION_REQUIRED', { conditions: [] }],
    ['a condition without values', 'DISPATCH_RULE_CONDITION_VALUES_REQUIRED', { conditions: [{ attribute: 'brand', operator: 'in', values: [' '] }] }],
    ['no warehouse', 'DISPATCH_RULE_WAREHOUSE_REQUIRED', { warehouseIds: [] }],
    ['a warehouse twice', 'DISPATCH_RULE_WAREHOUSE_DUPLICATE', { warehouseIds: [LYON, LILLE, LYON] }],
  ] as const)('given no rule, when one is created with %s, then it is refused with %s', (_case, code, input) => {
    spec.given().when(create(RULE_A, input as Partial<DispatchRuleInput>)).thenRefused(code);
  });
});

describe('updating a dispatch rule', () => {
  it('given a rule, when its fields change, then they are recorded whole and the rule keeps its place', () => {
    const change = { title: 'Apple and Beats', warehouseIds: [LILLE, LYON], nearest: true };
    const { state } = spec.given(...THREE_RULES).when(update(RULE_B, change)).then([updated(RULE_B, change)]);
    expect(order(state)).toEqual([RULE_A, RULE_B, RULE_C]);
    expect(state.rules[1]).toMatchObject({ ruleId: RULE_B, ...fields(change) });
  });

  it('given a rule, when it is saved unchanged but for spaces and a repeated value, then nothing is recorded', () => {
    spec
      .given(created())
      .when(update(RULE_A, { title: ' Apple to Lyon  ', conditions: [{ attribute: 'brand', operator: 'in', values: ['Apple ', 'apple'] }] }))
      .then([]);
  });

  it.each([
    ['its title', { title: 'Apple' }],
    ['its criterion', { nearest: true }],
    ['the order of its destinations', { warehouseIds: [LILLE, LYON] }],
    ['an operator', { conditions: [{ attribute: 'brand', operator: 'not_in', values: ['Apple'] }] }],
    ['an attribute', { conditions: [{ attribute: 'category', operator: 'in', values: ['Apple'] }] }],
    ['a value', { conditions: [{ attribute: 'brand', operator: 'in', values: ['Beats'] }] }],
    ['a condition more', { conditions: [...fields().conditions, { attribute: 'circuit', operator: 'in', values: ['web'] }] }],
  ] as const)('given a rule, when %s changes, then the update is recorded', (_what, change) => {
    const given = created(RULE_A, 0, { warehouseIds: [LYON, LILLE] });
    const input = { warehouseIds: [LYON, LILLE], ...(change as Partial<DispatchRuleInput>) };
    spec.given(given).when(update(RULE_A, input)).then([updated(RULE_A, input)]);
  });

  it('given no rule, when an unknown one is updated, then it is refused with DISPATCH_RULE_NOT_FOUND', () => {
    spec.given().when(update()).thenRefused('DISPATCH_RULE_NOT_FOUND', { ruleId: RULE_A });
  });

  it('given a deleted rule, when it is updated, then it is refused with DISPATCH_RULE_NOT_FOUND', () => {
    spec.given(created(), deleted()).when(update()).thenRefused('DISPATCH_RULE_NOT_FOUND', { ruleId: RULE_A });
  });

  it('given a rule, when it is updated with a title of 256 characters, then it is refused with DISPATCH_RULE_TITLE_TOO_LONG', () => {
    spec.given(created()).when(update(RULE_A, { title: 'x'.repeat(256) })).thenRefused('DISPATCH_RULE_TITLE_TOO_LONG', { max: 255 });
  });
});

describe('deleting a dispatch rule', () => {
  it('given three rules, when the middle one is deleted, then the others keep their order', () => {
    const { state } = spec.given(...THREE_RULES).when(remove(RULE_B)).then([deleted(RULE_B)]);
    expect(order(state)).toEqual([RULE_A, RULE_C]);
  });

  it('given no rule, when an unknown one is deleted, then it is refused with DISPATCH_RULE_NOT_FOUND', () => {
    spec.given().when(remove()).thenRefused('DISPATCH_RULE_NOT_FOUND', { ruleId: RULE_A });
  });

  it('given a deleted rule, when it is deleted again, then it is refused with DISPATCH_RULE_NOT_FOUND', () => {
    spec.given(created(), deleted()).when(remove()).thenRefused('DISPATCH_RULE_NOT_FOUND', { ruleId: RULE_A });
  });

  it('given a default warehouse, when the last rule is deleted, then the default stays', () => {
    const { state } = spec.given(created(), defaultChosen(LYON)).when(remove()).then([deleted()]);
    expect(state).toEqual({ rules: [], defaultWarehouseId: LYON });
  });
});

describe('reordering dispatch rules', () => {
  it('given three rules, when they are named in another order, then that order is recorded', () => {
    const { state } = spec.given(...THREE_RULES).when(reorder(RULE_C, RULE_A, RULE_B)).then([reordered(RULE_C, RULE_A, RULE_B)]);
    expect(order(state)).toEqual([RULE_C, RULE_A, RULE_B]);
  });

  it('given three rules, when they are named in their current order, then nothing is recorded', () => {
    spec.given(...THREE_RULES).when(reorder(RULE_A, RULE_B, RULE_C)).then([]);
  });

  it('given no rule, when none is named, then nothing is recorded', () => {
    spec.given().when(reorder()).then([]);
  });

  it.each([
    ['one is missing', [RULE_C, RULE_A], { missing: [RULE_B], unknown: [], duplicated: [] }],
    ['an unknown one is named', [RULE_C, RULE_A, RULE_B, 'rule-x'], { missing: [], unknown: ['rule-x'], duplicated: [] }],
    ['one is named twice instead of another', [RULE_A, RULE_A, RULE_C], { missing: [RULE_B], unknown: [], duplicated: [RULE_A] }],
    ['one is named twice besides all', [RULE_A, RULE_B, RULE_C, RULE_B], { missing: [], unknown: [], duplicated: [RULE_B] }],
  ])('given three rules, when %s, then it is refused with DISPATCH_RULE_ORDER_MISMATCH', (_case, ruleIds, details) => {
    spec.given(...THREE_RULES).when(reorder(...ruleIds)).thenRefused('DISPATCH_RULE_ORDER_MISMATCH', details);
  });

  it('given a rule deleted, when the order still names it, then it is refused with DISPATCH_RULE_ORDER_MISMATCH', () => {
    spec.given(...THREE_RULES, deleted(RULE_B)).when(reorder(RULE_C, RULE_B, RULE_A)).thenRefused('DISPATCH_RULE_ORDER_MISMATCH', { unknown: [RULE_B] });
  });
});

describe('choosing the default warehouse', () => {
  it('given none, when one is chosen, then it is recorded', () => {
    const { state } = spec.given().when(chooseDefault(LYON)).then([defaultChosen(LYON)]);
    expect(state.defaultWarehouseId).toBe(LYON);
  });

  it('given one, when another is chosen, then it replaces it', () => {
    const { state } = spec.given(defaultChosen(LYON)).when(chooseDefault(LILLE)).then([defaultChosen(LILLE)]);
    expect(state.defaultWarehouseId).toBe(LILLE);
  });

  it('given one, when none is chosen, then the account has no default any more', () => {
    const { state } = spec.given(defaultChosen(LYON)).when(chooseDefault(null)).then([defaultChosen(null)]);
    expect(state.defaultWarehouseId).toBeNull();
  });

  it.each([
    ['the default warehouse', LYON, [defaultChosen(LYON)]],
    ['none while there is none', null, []],
  ])('given the account as it is, when %s is chosen, then nothing is recorded', (_case, warehouseId, given) => {
    spec.given(...given).when(chooseDefault(warehouseId)).then([]);
  });

  it('given rules, when a default is chosen, then the rules are untouched', () => {
    const { state } = spec.given(...THREE_RULES).when(chooseDefault(LYON)).then([defaultChosen(LYON)]);
    expect(order(state)).toEqual([RULE_A, RULE_B, RULE_C]);
  });
});

describe('a rule’s last update time', () => {
  const T1 = { occurredAt: '2026-03-02T09:00:00.000Z' };
  const T2 = { occurredAt: '2026-03-05T14:30:00.000Z' };
  const T3 = { occurredAt: '2026-03-09T08:15:00.000Z' };
  const T4 = { occurredAt: '2026-03-10T17:45:00.000Z' };
  const fold = (history: readonly (readonly [DispatchRuleEvent, RecordedAt])[]) =>
    history.reduce((state, [event, recorded]) => evolveDispatchRules(state, event, recorded), NO_DISPATCH_RULES);
  const updatedAtOf = (state: DispatchRules) => Object.fromEntries(state.rules.map((rule) => [rule.ruleId, rule.updatedAt]));

  it('given a rule created, then it was last updated when it was created', () => {
    expect(updatedAtOf(fold([[created(), T1]]))).toEqual({ [RULE_A]: T1.occurredAt });
  });

  it('given a rule created then updated, then it was last updated at its update, and the other rules keep theirs', () => {
    const state = fold([
      [created(RULE_A, 0), T1],
      [created(RULE_B, 1), T2],
      [updated(RULE_A, { title: 'Renamed' }), T3],
    ]);
    expect(updatedAtOf(state)).toEqual({ [RULE_A]: T3.occurredAt, [RULE_B]: T2.occurredAt });
  });

  it('given rules reordered and a default chosen later, then their update times do not move', () => {
    const state = fold([
      [created(RULE_A, 0), T1],
      [created(RULE_B, 1), T2],
      [reordered(RULE_B, RULE_A), T3],
      [defaultChosen(LYON), T4],
    ]);
    expect(state.rules.map((rule) => [rule.ruleId, rule.updatedAt])).toEqual([
      [RULE_B, T2.occurredAt],
      [RULE_A, T1.occurredAt],
    ]);
  });
});

describe('what a rule may hold (validateRuleInput, through CreateDispatchRule)', () => {
  const brandIn = (...values: string[]) => ({ attribute: 'brand', operator: 'in', values }) as const;
  const many = (count: number, prefix: string) => Array.from({ length: count }, (_, index) => `${prefix}-${index}`);

  it.each([
    ['a title of 255 characters', { title: 'x'.repeat(255) }],
    [`${DISPATCH_LIMITS.conditions} conditions`, { conditions: Array.from({ length: DISPATCH_LIMITS.conditions }, () => brandIn('Apple')) }],
    ['100 values', { conditions: [brandIn(...many(100, 'brand'))] }],
    ['a value of 255 characters', { conditions: [brandIn('b'.repeat(255))] }],
    ['50 warehouses', { warehouseIds: many(50, 'warehouse') }],
    ['every attribute and operator', {
      conditions: [
        { attribute: 'brand', operator: 'not_in', values: ['Apple'] },
        { attribute: 'category', operator: 'in', values: ['category-phones'] },
        { attribute: 'circuit', operator: 'not_in', values: ['circuit-web'] },
        { attribute: 'productState', operator: 'in', values: ['grade_a', 'functional'] },
      ],
    }],
  ] as const)('given no rule, when one is created with %s, then it is accepted', (_case, input) => {
    const accepted = input as Partial<DispatchRuleInput>;
    spec.given().when(create(RULE_A, accepted)).then([created(RULE_A, 0, accepted)]);
  });

  it('given no rule, when a title measures 255 characters once trimmed, then it is accepted trimmed', () => {
    spec.given().when(create(RULE_A, { title: `  ${'x'.repeat(255)} ` })).then([created(RULE_A, 0, { title: 'x'.repeat(255) })]);
  });

  it('given no rule, when 101 values hold 100 once repeated ones are dropped, then it is accepted', () => {
    spec
      .given()
      .when(create(RULE_A, { conditions: [brandIn(...many(100, 'brand'), 'BRAND-0')] }))
      .then([created(RULE_A, 0, { conditions: [brandIn(...many(100, 'brand'))] })]);
  });

  it('given no rule, when category ids differ only in case, then both are kept: only brands compare whatever the case', () => {
    const condition = { attribute: 'category', operator: 'in', values: ['phones', 'PHONES'] } as const;
    spec.given().when(create(RULE_A, { conditions: [condition] })).then([created(RULE_A, 0, { conditions: [condition] })]);
  });

  it.each([
    ['a title of 256 characters', 'DISPATCH_RULE_TITLE_TOO_LONG', { title: 'x'.repeat(256) }, { max: 255 }],
    ['an empty title', 'DISPATCH_RULE_TITLE_REQUIRED', { title: '' }, {}],
    ['conditions without values in the second', 'DISPATCH_RULE_CONDITION_VALUES_REQUIRED', { conditions: [brandIn('Apple'), brandIn()] }, { index: 1 }],
    [
      `${DISPATCH_LIMITS.conditions + 1} conditions`,
      'DISPATCH_RULE_TOO_MANY',
      { conditions: Array.from({ length: DISPATCH_LIMITS.conditions + 1 }, () => brandIn('Apple')) },
      { field: 'conditions', max: DISPATCH_LIMITS.conditions },
    ],
    ['101 values in the first condition', 'DISPATCH_RULE_TOO_MANY', { conditions: [brandIn(...many(101, 'brand'))] }, { field: 'values', index: 0, max: 100 }],
    ['51 warehouses', 'DISPATCH_RULE_TOO_MANY', { warehouseIds: many(51, 'warehouse') }, { field: 'warehouseIds', max: 50 }],
    ['a value of 256 characters', 'DISPATCH_RULE_CONDITION_VALUE_TOO_LONG', { conditions: [brandIn('Apple'), brandIn('b'.repeat(256))] }, { index: 1, max: 255 }],
    ['a blank warehouse id', 'DISPATCH_RULE_WAREHOUSE_REQUIRED', { warehouseIds: [LYON, ' '] }, { index: 1 }],
    ['a warehouse twice', 'DISPATCH_RULE_WAREHOUSE_DUPLICATE', { warehouseIds: [LYON, LILLE, LILLE] }, { warehouseId: LILLE }],
    [
      'an unknown product state',
      'DISPATCH_RULE_CONDITION_INVALID',
      { conditions: [{ attribute: 'productState', operator: 'not_in', values: ['grade_f'] }] },
      { index: 0, field: 'values', value: 'grade_f' },
    ],
    [
      'an unknown attribute',
      'DISPATCH_RULE_CONDITION_INVALID',
      { conditions: [{ attribute: 'colour', operator: 'in', values: ['red'] }] },
      { index: 0, field: 'attribute', value: 'colour' },
    ],
    [
      'an unknown operator',
      'DISPATCH_RULE_CONDITION_INVALID',
      { conditions: [{ attribute: 'brand', operator: 'equals', values: ['Apple'] }] },
      { index: 0, field: 'operator', value: 'equals' },
    ],
  ] as const)('given no rule, when one is created with %s, then it is refused with %s', (_case, code, input, details) => {
    spec.given().when(create(RULE_A, input as unknown as Partial<DispatchRuleInput>)).thenRefused(code, details);
  });
});
