import { describe, expect, it } from 'vitest';
import { deciderSpecification } from '../../shared/test-support.js';
import type { RefurbStepDefined } from '../events.js';
import { stepDefinitionDecider, stepNameDecider, stepNameKey, type StepDefinitionCommand } from './decide.js';
import type { StepDefinitionFacts, StepDefinitionFields } from './step-definition.js';

const spec = deciderSpecification(stepDefinitionDecider);
const names = deciderSpecification(stepNameDecider);
const eur = (amountInCents: number) => ({ amountInCents, currency: 'EUR' as const });
const FACTS: StepDefinitionFacts = { stockIds: new Set(['stock-screens', 'stock-batteries']), warehouseIds: new Set(['lyon', 'lille']), currency: 'EUR' };
const FIELDS: StepDefinitionFields = {
  name: 'Screen replacement',
  description: 'New OLED panel',
  stockId: 'stock-screens',
  costs: [
    { warehouseId: 'lyon', cost: eur(4500) },
    { warehouseId: 'lille', cost: eur(5200) },
  ],
  translations: { 'en-GB': { name: 'Screen replacement' }, 'de-DE': { name: 'Bildschirmtausch' } },
};

const define = (fields: Partial<StepDefinitionFields> = {}): StepDefinitionCommand => ({
  type: 'DefineRefurbStep',
  data: { stepDefinitionId: 'screen', accountId: 'acc', fields: { ...FIELDS, ...fields }, facts: FACTS },
});
const defined = (fields: Partial<StepDefinitionFields> = {}): RefurbStepDefined => ({ type: 'RefurbStepDefined', data: { stepDefinitionId: 'screen', accountId: 'acc', ...FIELDS, ...fields } });
const change = (changes: Partial<StepDefinitionFields>): StepDefinitionCommand => ({ type: 'ChangeRefurbStepDefinition', data: { stepDefinitionId: 'screen', changes, facts: FACTS } });
const fieldCodes = (command: StepDefinitionCommand, ...given: RefurbStepDefined[]) =>
  (spec.given(...given).when(command).thenRefused('REFURB_STEP_INVALID').details.fields as Array<{ field: string; code: string }>).map((p) => `${p.field}:${p.code}`);

describe('a refurb step definition', () => {
  it('is defined with its name, description, stock, costs per warehouse and translations, trimmed', () => {
    spec.given().when(define({ name: '  Screen   replacement ', description: '  ' })).then([defined({ description: null })]);
  });

  it.each([
    ['no name', { name: '   ' }, ['name:TEXT_REQUIRED']],
    ['a name of 256 characters', { name: 'x'.repeat(256) }, ['name:TEXT_LENGTH']],
    ['a description of 256 characters', { description: 'd'.repeat(256) }, ['description:TEXT_LENGTH']],
    ['no stock', { stockId: '' }, ['stockId:TEXT_REQUIRED']],
    ['a stock not of the account', { stockId: 'elsewhere' }, ['stockId:REFURB_STEP_STOCK_UNKNOWN']],
    ['a warehouse not of the account', { costs: [{ warehouseId: 'paris', cost: eur(1) }] }, ['costs.0.warehouseId:REFURB_STEP_WAREHOUSE_UNKNOWN']],
    ['one warehouse twice', { costs: [{ warehouseId: 'lyon', cost: eur(1) }, { warehouseId: 'lyon', cost: eur(2) }] }, ['costs.1.warehouseId:REFURB_STEP_WAREHOUSE_TWICE']],
    ['a negative cost', { costs: [{ warehouseId: 'lyon', cost: eur(-1) }] }, ['costs.0.cost:REFURB_STEP_COST_INVALID']],
    ['a cost in fractions of a cent', { costs: [{ warehouseId: 'lyon', cost: eur(10.5) }] }, ['costs.0.cost:REFURB_STEP_COST_INVALID']],
    ['a translated name of 256 characters', { translations: { 'nl-BE': { name: 'n'.repeat(256) } } }, ['translations.nl-BE.name:TEXT_LENGTH']],
  ] as const)('is refused with %s, the field named', (_case, fields, expected) => {
    expect(fieldCodes(define(fields as Partial<StepDefinitionFields>))).toEqual(expected);
  });

  it('keeps no cost in a warehouse (none planned there) and a free step (0)', () => {
    spec.given().when(define({ costs: [{ warehouseId: 'lyon', cost: eur(0) }] })).then([defined({ costs: [{ warehouseId: 'lyon', cost: eur(0) }] })]);
  });

  it('is defined once: the same id again is refused', () => {
    spec.given(defined()).when(define()).thenRefused('REFURB_STEP_ALREADY_EXISTS');
  });

  it('changes only what changed', () => {
    spec
      .given(defined())
      .when(change({ name: 'Screen replacement', costs: [{ warehouseId: 'lyon', cost: eur(4900) }, FIELDS.costs[1]!] }))
      .then([{ type: 'RefurbStepDefinitionChanged', data: { stepDefinitionId: 'screen', costs: [{ warehouseId: 'lyon', cost: eur(4900) }, FIELDS.costs[1]!] } }]);
    spec.given(defined()).when(change({ description: 'New OLED panel' })).then([]);
  });

  it('refuses a change that breaks a rule, and one of a definition never defined or deleted', () => {
    expect(fieldCodes(change({ stockId: 'elsewhere' }), defined())).toEqual(['stockId:REFURB_STEP_STOCK_UNKNOWN']);
    spec.given().when(change({ name: 'x' })).thenRefused('REFURB_STEP_NOT_FOUND');
    spec.given(defined(), { type: 'RefurbStepDefinitionDeleted', data: { stepDefinitionId: 'screen' } }).when(change({ name: 'x' })).thenRefused('REFURB_STEP_NOT_FOUND');
  });

  it('is deleted once (whether anything plans it is its usage guard’s decision)', () => {
    const remove: StepDefinitionCommand = { type: 'DeleteRefurbStepDefinition', data: { stepDefinitionId: 'screen' } };
    const deleted = { type: 'RefurbStepDefinitionDeleted' as const, data: { stepDefinitionId: 'screen' } };
    spec.given(defined()).when(remove).then([deleted]);
    spec.given(defined(), deleted).when(remove).thenRefused('REFURB_STEP_NOT_FOUND');
  });
});

describe('a refurb step name’s reservation', () => {
  const reserve = (stepDefinitionId: string) => ({ type: 'ReserveRefurbStepName' as const, data: { accountId: 'acc', name: 'battery', stepDefinitionId } });
  const reserved = (stepDefinitionId: string) => ({ type: 'RefurbStepNameReserved' as const, data: { accountId: 'acc', name: 'battery', stepDefinitionId } });

  it('is taken by the first, refused to another, kept by its holder, free again once released', () => {
    names.given().when(reserve('a')).then([reserved('a')]);
    names.given(reserved('a')).when(reserve('b')).thenRefused('REFURB_STEP_NAME_TAKEN', { field: 'name' });
    names.given(reserved('a')).when(reserve('a')).then([]);
    const released = { type: 'RefurbStepNameReleased' as const, data: { accountId: 'acc', name: 'battery', stepDefinitionId: 'a' } };
    names.given(reserved('a')).when({ type: 'ReleaseRefurbStepName', data: released.data }).then([released]);
    names.given(reserved('a'), released).when(reserve('b')).then([reserved('b')]);
  });

  it('keys the name without case nor extra spaces, per account', () => {
    expect(stepNameKey('acc', ' Battery  replacement')).toBe(stepNameKey('acc', 'battery replacement'));
    expect(stepNameKey('acc', 'battery')).not.toBe(stepNameKey('other', 'battery'));
  });
});
