import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  apiPaging,
  defineList,
  emptyFilters,
  filter,
  paramsFromSearch,
  searchFromParams,
} from '../../ui/dashboard/hooks/list-params.js';
import { apiFilters, buybackList, EMPTY_FILTERS } from '../../ui/dashboard/features/buybacks/list-params.js';

/** A list as a coming screen would declare it. */
const products = defineList({
  name: 'products',
  filters: {
    search: filter.text(),
    status: filter.oneOf(['draft', 'published'] as const),
    categories: filter.someOf(['a', 'b', 'c'] as const),
    owner: filter.text({ remember: false }),
    from: filter.date(),
    categoryId: filter.id(),
  },
  sorts: ['label', 'brand', 'buybackPriceGradeA'],
  defaultSort: 'label',
  defaultDirection: 'asc',
  pageSizes: [5, 10, 15, 30],
  defaultPageSize: 10,
});
const search = (text: string) => new URLSearchParams(text);

describe('Given a list definition', () => {
  it('When the address says nothing, then the list is the default one: no filter, the default order, page 1, the default size', () => {
    expect(paramsFromSearch(products, search(''))).toEqual({
      filters: { search: '', status: '', categories: [], owner: '', from: '', categoryId: '' },
      sort: 'label',
      direction: 'asc',
      page: 1,
      itemsPerPage: 10,
    });
    expect(emptyFilters(products)).toEqual(paramsFromSearch(products, search('')).filters);
  });

  it('When the address is written back, then only what differs from the defaults is in it, filters in the definition’s order', () => {
    const params = paramsFromSearch(products, search('perPage=30&categories=b&categories=a&search=iphone&page=3&sort=brand&direction=desc'));
    expect(params).toMatchObject({ filters: { search: 'iphone', categories: ['b', 'a'] }, sort: 'brand', direction: 'desc', page: 3, itemsPerPage: 30 });
    expect(searchFromParams(products, params).toString()).toBe('search=iphone&categories=b&categories=a&sort=brand&direction=desc&page=3&perPage=30');
    expect(searchFromParams(products, paramsFromSearch(products, search(''))).toString()).toBe('');
  });

  it('When the address holds values the list does not know, then they read as no filter, the default order or the first page', () => {
    const params = paramsFromSearch(products, search('status=archived&categories=z&categories=a&categories=a&from=31/12/2026&categoryId=1%20OR%201&sort=price&direction=up&page=-2&perPage=1000'));
    expect(params).toEqual({ ...paramsFromSearch(products, search('categories=a')), page: 1 });
    expect(params.filters.categories).toEqual(['a']);
  });

  it('When the list is kept in local storage, then the page and the filters not to remember are left out', () => {
    const params = paramsFromSearch(products, search('owner=Dupont&status=draft&page=4&perPage=5'));
    expect(searchFromParams(products, params, { forStorage: true }).toString()).toBe('status=draft&perPage=5');
  });

  it('Then the API is asked for the order, the page and its size of the list convention', () => {
    expect(apiPaging(paramsFromSearch(products, search('sort=brand&direction=desc&page=2&perPage=15')))).toEqual({
      'order[brand]': 'desc',
      page: 2,
      itemsPerPage: 15,
    });
    // A list too long to count on every page asks for partial pages.
    expect(apiPaging(paramsFromSearch(products, search('')), { ...products, partial: true })).toMatchObject({ partial: true });
    expect(apiPaging(paramsFromSearch(products, search('')), products)).not.toHaveProperty('partial');
  });

  it('Then a filter counts as set unless it is empty', () => {
    expect(activeFilterCount(emptyFilters(products))).toBe(0);
    expect(activeFilterCount({ ...emptyFilters(products), categories: ['a'], search: 'x' })).toBe(2);
  });
});

describe('Given the buyback list', () => {
  it('When an address from before the list kit is opened, then it shows the same list', () => {
    const params = paramsFromSearch(buybackList, search('status=bb_cancelled&customerName=Durand&sort=identificationNumber&direction=asc&page=2&perPage=10'));
    expect(params).toEqual({
      filters: { ...EMPTY_FILTERS, status: ['bb_cancelled'], customerName: 'Durand' },
      sort: 'identificationNumber',
      direction: 'asc',
      page: 2,
      itemsPerPage: 10,
    });
    expect(searchFromParams(buybackList, params).toString()).toBe('status=bb_cancelled&customerName=Durand&sort=identificationNumber&direction=asc&page=2&perPage=10');
  });

  it('Then the customer’s name is never kept in local storage', () => {
    const params = paramsFromSearch(buybackList, search('customerName=Durand&brand=Apple&deliveryStatus=DELIVERED_OK'));
    expect(searchFromParams(buybackList, params, { forStorage: true }).toString()).toBe('brand=Apple&deliveryStatus=DELIVERED_OK');
  });

  it('Then the API gets the list filters in its own names: arrays, the code without spaces, the days as instants', () => {
    const filters = { ...EMPTY_FILTERS, identificationNumber: '2 026041 234567', storeId: 'a1b2c3d4-0000-4000-8000-000000000001', deliveryStatus: ['IN_PROGRESS' as const], brand: ' samsung ' };
    expect(apiFilters(filters)).toMatchObject({ identificationNumber: '2026041234567', storeId: ['a1b2c3d4-0000-4000-8000-000000000001'], deliveryStatus: ['IN_PROGRESS'], brand: 'samsung' });
    expect(apiFilters({ ...EMPTY_FILTERS, from: '2026-03-01', to: '2026-03-31' })).toMatchObject({
      createdFrom: new Date(2026, 2, 1).toISOString(),
      createdTo: new Date(2026, 2, 31, 23, 59, 59, 999).toISOString(),
    });
  });
});
