import { describe, expect, it } from 'vitest';
import { paramsFromSearch, searchFromParams } from '../../ui/dashboard/hooks/list-params.js';
import { apiProductFilters, centsOf, EMPTY_PRODUCT_FILTERS, priceProblems, productList, shortLabel } from '../../ui/dashboard/features/products/list-params.js';
import { truncated } from '../../ui/dashboard/lib/long-list.js';
import { checkForm, NEW_PRODUCT, valuesOf } from '../../ui/dashboard/features/products/form-model.js';

const PHONES = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('Given the products list (specification 000 §2)', () => {
  it('When the address is plain, then it shows the published products by label ascending, 10 a page out of 5, 10, 15 or 30', () => {
    const params = paramsFromSearch(productList, new URLSearchParams(''));
    expect(params).toMatchObject({ filters: { status: 'published', categories: [] }, sort: 'label', direction: 'asc', itemsPerPage: 10 });
    expect(productList.pageSizes).toEqual([5, 10, 15, 30]);
    expect(searchFromParams(productList, params).toString()).toBe('');
    expect(paramsFromSearch(productList, new URLSearchParams('perPage=50')).itemsPerPage).toBe(10);
  });

  it('When it names a status, prices and categories, then the API is asked for them in cents, and the address keeps them', () => {
    const params = paramsFromSearch(productList, new URLSearchParams(`name=iphone&status=all&priceMin=100,5&priceMax=400&categories=${PHONES}&categories=bogus&sort=buybackPriceGradeA&direction=desc`));
    expect(params.filters).toEqual({ name: 'iphone', status: 'all', priceMin: '100,5', priceMax: '400', categories: [PHONES] });
    expect(apiProductFilters(params.filters)).toEqual({ search: 'iphone', status: 'all', 'price[gte]': '10050', 'price[lte]': '40000', categories: [PHONES] });
    expect(searchFromParams(productList, params).getAll('categories')).toEqual([PHONES]);
    expect(apiProductFilters(EMPTY_PRODUCT_FILTERS)).toEqual({ search: undefined, status: 'published', 'price[gte]': undefined, 'price[lte]': undefined, categories: undefined });
  });

  it('When the minimum exceeds the maximum, or a bound is not a price of 0 to 50,000 €, then the filter is warned', () => {
    expect(priceProblems({ priceMin: '500', priceMax: '400' })).toEqual({ priceMax: 'minAboveMax' });
    expect(priceProblems({ priceMin: '400', priceMax: '400' })).toEqual({});
    expect(priceProblems({ priceMin: 'abc', priceMax: '50000,01' })).toEqual({ priceMin: 'invalid', priceMax: 'invalid' });
    expect([centsOf('0'), centsOf('50000'), centsOf('12,3'), centsOf('1.005'), centsOf('-1')]).toEqual([0, 5_000_000, 1_230, null, null]);
  });

  it('Then a category label is cut at 40 characters and a long list shows 30 items', () => {
    expect(shortLabel('a'.repeat(40))).toBe('a'.repeat(40));
    expect(shortLabel('b'.repeat(41))).toBe(`${'b'.repeat(39)}…`);
    expect(truncated(Array.from({ length: 45 }, (_, i) => i))).toMatchObject({ more: 15, shown: expect.arrayContaining([0, 29]) });
    expect(truncated([1, 2]).more).toBe(0);
  });
});

describe('Given the product form', () => {
  it('When it is filled, then the API gets cents, trimmed texts, TAC codes as a list and the translations written', () => {
    const checked = checkForm({
      ...NEW_PRODUCT,
      label: ' iPhone 13 ',
      brand: 'Apple',
      ean: '4006381333931',
      tacCodes: '35391911, 35391912,',
      categoryId: PHONES,
      secondaryCategoryIds: [PHONES],
      weightGrams: '240',
      prices: { ...NEW_PRODUCT.prices, grade_a: '300', functional: '120,50' },
      translations: { ...NEW_PRODUCT.translations, 'en-GB': { label: 'iPhone 13', comment: '' } },
    });
    expect(checked).toMatchObject({
      body: {
        label: 'iPhone 13',
        tacCodes: ['35391911', '35391912'],
        secondaryCategoryIds: [],
        weightGrams: 240,
        heightCm: null,
        prices: { grade_a: 30_000, functional: 12_050, grade_b: null },
        translations: { 'en-GB': { label: 'iPhone 13' } },
      },
    });
  });

  it('When fields break the rules, then each is named with the API’s code', () => {
    const checked = checkForm({ ...NEW_PRODUCT, label: 'x', ean: '12345', tacCodes: '1234', comment: 'c'.repeat(501), heightCm: '1.5', prices: { ...NEW_PRODUCT.prices, grade_b: '50001' } });
    expect('problems' in checked && checked.problems.map((p) => `${p.field}:${p.code}`)).toEqual([
      'label:TEXT_LENGTH',
      'brand:TEXT_REQUIRED',
      'ean:GTIN_INVALID_LENGTH',
      'tacCodes:TAC_CODE_INVALID',
      'categoryId:TEXT_REQUIRED',
      'comment:TEXT_LENGTH',
      'heightCm:PRODUCT_DIMENSION_INVALID',
      'prices.grade_b:PRODUCT_PRICE_INVALID',
    ]);
  });

  it('When a product is read back, then its prices show in euros', () => {
    const values = valuesOf({
      label: 'x',
      brand: 'y',
      model: '',
      reference: null,
      buyerReference: null,
      ean: null,
      tacCodes: ['35391911'],
      categoryId: PHONES,
      secondaryCategoryIds: [],
      comment: null,
      simple: false,
      isCollectingImei: true,
      buybackZeroNotAllowed: false,
      prices: { functional: 12_050, grade_a: 30_000, grade_b: null, grade_c: null, grade_d: null, grade_e: null },
      translations: null,
      heightCm: 15,
      lengthCm: null,
      widthCm: null,
      weightGrams: null,
      nominalHeightCm: null,
      nominalLengthCm: null,
      nominalWidthCm: null,
      nominalWeightGrams: null,
    });
    expect(values).toMatchObject({ tacCodes: '35391911', heightCm: '15', prices: { functional: '120.50', grade_a: '300', grade_b: '' } });
  });
});
