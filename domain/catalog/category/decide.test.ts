import { describe, expect, it } from 'vitest';
import { deciderSpecification } from '../../shared/test-support.js';
import type { CategoryCreated } from '../events.js';
import type { CategoryFields } from './category-events.js';
import { categoryDecider, type CategoryCommand, type CategoryFacts, type ParentFacts } from './decide.js';

const spec = deciderSpecification(categoryDecider);
const PHONES: ParentFacts = { found: true, id: 'phones', ancestorIds: ['root'], archived: false };
const FACTS: CategoryFacts = { byProviderStaff: false, parent: PHONES, buyerFound: true };

const FIELDS: CategoryFields = {
  parentId: 'phones',
  label: 'Smartphones Apple',
  identifier: 'apple-iphone_2',
  description: null,
  childrenDescription: 'Choisissez votre modèle',
  highlightedInstruction: null,
  image: null,
  defaultWeightGrams: 350,
  defaultHeightCm: 16,
  defaultLengthCm: 8,
  defaultWidthCm: null,
  absorption: { type: 'percentage_of_declared_price', value: 12.5, maxAbsorbedAmountInCents: null },
  buyerId: 'buyer',
  referentWarehouseIds: [],
  translations: { 'en-GB': { label: 'Apple smartphones' } },
};

const create = (fields: Partial<CategoryFields> = {}, facts: Partial<CategoryFacts> = {}): CategoryCommand => ({
  type: 'CreateCategory',
  data: { categoryId: 'apple', fields: { ...FIELDS, ...fields }, circuitIds: ['c1'], facts: { ...FACTS, ...facts } },
});
const created = (fields: Partial<CategoryFields> = {}): CategoryCreated => ({ type: 'CategoryCreated', data: { categoryId: 'apple', ...FIELDS, ...fields, circuitIds: ['c1'] } });
const change = (changes: Partial<CategoryFields>, facts: Partial<CategoryFacts> = {}): CategoryCommand => ({
  type: 'ChangeCategory',
  data: { categoryId: 'apple', changes, facts: { byProviderStaff: false, ...facts } },
});
const fieldCodes = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return ((error as { details: { fields: Array<{ field: string; code: string }> } }).details.fields).map((f) => `${f.field}:${f.code}`);
  }
  throw new Error('expected a refusal');
};

describe('a category', () => {
  it('is created under a parent of its catalogue with every field, translations kept', () => {
    spec.given().when(create({ label: '  Smartphones Apple ' })).then([created()]);
  });

  it('refuses, naming each field: name and identifier 2 to 255, identifier format, whole weight and dimensions, decimal absorption, markup', () => {
    const codes = fieldCodes(() =>
      categoryDecider.decide(
        create({
          label: 'A',
          identifier: 'Apple iPhone',
          defaultWeightGrams: 12.5,
          defaultHeightCm: -1,
          absorption: { type: 'value', value: Number.NaN, maxAbsorbedAmountInCents: null },
          childrenDescription: '<b>Choisissez</b>',
          translations: { 'de-DE': { label: 'x'.repeat(256) } },
        }),
        categoryDecider.initialState(),
      ),
    );
    expect(codes).toEqual(
      expect.arrayContaining([
        'label:TEXT_LENGTH',
        'identifier:CATEGORY_IDENTIFIER_FORMAT',
        'defaultWeightGrams:CATEGORY_WHOLE_NUMBER',
        'defaultHeightCm:CATEGORY_WHOLE_NUMBER',
        'absorption.value:CATEGORY_DECIMAL',
        'childrenDescription:CATEGORY_MARKUP_NOT_ALLOWED',
        'translations.de-DE.label:TEXT_LENGTH',
      ]),
    );
  });

  it('needs a weight, a buyer, a parent (a root only by provider staff), and 255 characters at most of children description', () => {
    spec.given().when(create({ defaultWeightGrams: null })).thenRefused('CATEGORY_INVALID', { fields: [{ field: 'defaultWeightGrams', code: 'CATEGORY_VALUE_REQUIRED' }] });
    spec.given().when(create({ buyerId: '' })).thenRefused('CATEGORY_INVALID', { fields: [{ field: 'buyerId', code: 'CATEGORY_BUYER_REQUIRED' }] });
    spec.given().when(create({}, { buyerFound: false })).thenRefused('CATEGORY_INVALID', { fields: [{ field: 'buyerId', code: 'CATEGORY_BUYER_NOT_FOUND' }] });
    spec.given().when(create({ parentId: null }, { parent: null })).thenRefused('CATEGORY_INVALID', { fields: [{ field: 'parentId', code: 'CATEGORY_PARENT_REQUIRED' }] });
    spec.given().when(create({ childrenDescription: 'x'.repeat(256) })).thenRefused('CATEGORY_INVALID', { fields: [{ field: 'childrenDescription', code: 'TEXT_LENGTH' }] });
    spec.given().when(create({ parentId: null }, { parent: null, byProviderStaff: true })).then([created({ parentId: null })]);
  });

  it('writes only the fields that changed, translations among them', () => {
    spec
      .given(created())
      .when(change({ label: 'Smartphones Apple', description: 'Tous les iPhone', translations: { 'en-GB': { label: 'Apple phones' } } }))
      .then([{ type: 'CategoryChanged', data: { categoryId: 'apple', changes: { description: 'Tous les iPhone', translations: { 'en-GB': { label: 'Apple phones' } } } } }]);
    spec.given(created()).when(change({ label: 'Smartphones Apple' })).then([]);
  });

  it('moves under another parent, never below itself', () => {
    const tablets: ParentFacts = { found: true, id: 'tablets', ancestorIds: ['root'], archived: false };
    spec.given(created()).when(change({ parentId: 'tablets' }, { parent: tablets })).then([{ type: 'CategoryChanged', data: { categoryId: 'apple', changes: { parentId: 'tablets' } } }]);
    const below: ParentFacts = { found: true, id: 'iphone-13', ancestorIds: ['apple', 'phones', 'root'], archived: false };
    spec.given(created()).when(change({ parentId: 'iphone-13' }, { parent: below })).thenRefused('CATEGORY_INVALID', { fields: [{ field: 'parentId', code: 'CATEGORY_PARENT_CYCLE' }] });
    spec.given(created()).when(change({ parentId: 'apple' }, { parent: { found: true, id: 'apple', ancestorIds: ['phones'], archived: false } })).thenRefused('CATEGORY_INVALID');
  });

  it('has its buyer changed by provider staff only', () => {
    spec.given(created()).when(change({ buyerId: 'other-buyer' }, { buyerFound: true })).thenRefused('CATEGORY_BUYER_PROVIDER_ONLY');
    spec
      .given(created())
      .when(change({ buyerId: 'other-buyer' }, { buyerFound: true, byProviderStaff: true }))
      .then([{ type: 'CategoryChanged', data: { categoryId: 'apple', changes: { buyerId: 'other-buyer' } } }]);
  });

  it('is deleted only once no child category, product nor question remains, the refusal naming which', () => {
    const remains = { children: 0, products: 0, questions: 0 };
    const del = (over: Partial<typeof remains>): CategoryCommand => ({ type: 'DeleteCategory', data: { categoryId: 'apple', remains: { ...remains, ...over } } });
    spec.given(created()).when(del({ children: 2 })).thenRefused('CATEGORY_HAS_CHILDREN', { count: 2 });
    spec.given(created()).when(del({ products: 1 })).thenRefused('CATEGORY_HAS_PRODUCTS', { count: 1 });
    spec.given(created()).when(del({ questions: 3 })).thenRefused('CATEGORY_HAS_QUESTIONS', { count: 3 });
    const { state } = spec.given(created()).when(del({})).then([{ type: 'CategoryDeleted', data: { categoryId: 'apple', identifier: 'apple-iphone_2' } }]);
    expect(state.status).toBe('deleted');
    spec.given(created(), { type: 'CategoryDeleted', data: { categoryId: 'apple', identifier: 'apple-iphone_2' } }).when(change({ label: 'Autre' })).thenRefused('CATEGORY_NOT_FOUND');
  });

  it('is archived once, and is no longer changed', () => {
    const archived = { type: 'CategoryArchived', data: { categoryId: 'apple', reason: null } } as const;
    spec.given(created()).when({ type: 'ArchiveCategory', data: { categoryId: 'apple', reason: null } }).then([archived]);
    spec.given(created(), archived).when({ type: 'ArchiveCategory', data: { categoryId: 'apple', reason: null } }).then([]);
    spec.given(created(), archived).when(change({ label: 'Autre' })).thenRefused('CATEGORY_ARCHIVED');
  });

  it('links and unlinks circuits, once each', () => {
    spec.given(created()).when({ type: 'LinkCategoryCircuit', data: { categoryId: 'apple', circuitId: 'c2', circuitFound: true } }).then([{ type: 'CategoryCircuitLinked', data: { categoryId: 'apple', circuitId: 'c2' } }]);
    spec.given(created()).when({ type: 'LinkCategoryCircuit', data: { categoryId: 'apple', circuitId: 'c1', circuitFound: true } }).then([]);
    spec.given(created()).when({ type: 'LinkCategoryCircuit', data: { categoryId: 'apple', circuitId: 'zz', circuitFound: false } }).thenRefused('CATEGORY_CIRCUIT_NOT_FOUND');
    const { state } = spec.given(created()).when({ type: 'UnlinkCategoryCircuit', data: { categoryId: 'apple', circuitId: 'c1' } }).then([{ type: 'CategoryCircuitUnlinked', data: { categoryId: 'apple', circuitId: 'c1' } }]);
    expect(state.category?.circuitIds).toEqual([]);
  });
});
