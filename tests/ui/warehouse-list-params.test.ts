import { describe, expect, it } from 'vitest';
import { paramsFromSearch, searchFromParams } from '../../ui/dashboard/hooks/list-params.js';
import { apiItemFilters, EMPTY_ITEM_FILTERS, itemFilterProblems, itemList } from '../../ui/dashboard/features/items-stock/list-params.js';
import { apiQuarantineFilters, EMPTY_QUARANTINE_FILTERS } from '../../ui/dashboard/features/warehouse-quarantine/list-params.js';
import { apiStockFilters, EMPTY_STOCK_FILTERS } from '../../ui/dashboard/features/stocks/list-params.js';

const STOCK = '6f1c2a34-1111-4222-8333-944455556666';

describe('Given the items list', () => {
  it('When the address names a stock, statuses and ages, then the API is asked for them: the stock as an array, the ages as whole days, the code without its spaces', () => {
    const params = paramsFromSearch(itemList, new URLSearchParams(`stockId=${STOCK}&status=item_completed&status=bogus&minAge=3&maxAge=10&code=2 123456 789012`));
    expect(params.filters).toMatchObject({ stockId: STOCK, status: ['item_completed'], minAge: '3', maxAge: '10' });
    expect(apiItemFilters(params.filters)).toEqual({
      code: '2123456789012',
      imei: undefined,
      status: ['item_completed'],
      stockId: [STOCK],
      productId: undefined,
      brand: undefined,
      categoryId: undefined,
      warehouseId: undefined,
      minAgeDays: 3,
      maxAgeDays: 10,
    });
    // Written back in the definition's order, the unknown status left out.
    expect(searchFromParams(itemList, params).toString()).toBe(`code=2+123456+789012&status=item_completed&stockId=${STOCK}&minAge=3&maxAge=10`);
  });

  it('When nothing is filtered, then the API is asked for nothing but paging', () => {
    expect(Object.values(apiItemFilters(EMPTY_ITEM_FILTERS)).filter((value) => value !== undefined)).toEqual([]);
  });

  it('When the filters are not what the API accepts, then the filters bar says which', () => {
    expect(itemFilterProblems({ ...EMPTY_ITEM_FILTERS, code: '2-123', imei: '35 ab', minAge: 'two', maxAge: '' })).toEqual({ code: 'code', imei: 'imei', minAge: 'days', maxAge: undefined });
    expect(itemFilterProblems({ ...EMPTY_ITEM_FILTERS, minAge: '10', maxAge: '3' })).toMatchObject({ minAge: undefined, maxAge: 'ageOrder' });
    expect(Object.values(itemFilterProblems({ ...EMPTY_ITEM_FILTERS, code: 'AB12CD34', imei: '356789012345678', minAge: '0', maxAge: '0' })).filter(Boolean)).toEqual([]);
  });
});

describe('Given the quarantine and the stocks lists', () => {
  it('Then the quarantine always asks for the devices in quarantine, with the reasons chosen', () => {
    expect(apiQuarantineFilters(EMPTY_QUARANTINE_FILTERS)).toMatchObject({ status: ['item_in_quarantine'], quarantineReason: undefined });
    expect(apiQuarantineFilters({ ...EMPTY_QUARANTINE_FILTERS, reason: ['counterfeit'], code: ' AB12 CD34 ' })).toMatchObject({ quarantineReason: ['counterfeit'], code: 'AB12CD34' });
  });

  it('Then the stocks list asks for the native ones, the own ones, or both', () => {
    expect(apiStockFilters(EMPTY_STOCK_FILTERS).native).toBeUndefined();
    expect(apiStockFilters({ ...EMPTY_STOCK_FILTERS, origin: 'native' }).native).toBe(true);
    expect(apiStockFilters({ ...EMPTY_STOCK_FILTERS, origin: 'own', name: ' Shelf ' })).toEqual({ native: false, name: 'Shelf', warehouseId: undefined });
  });
});
