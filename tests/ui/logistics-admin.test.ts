import { describe, expect, it } from 'vitest';
import { ApiError } from '../../ui/shared/api/client.js';
import { paramsFromSearch, searchFromParams } from '../../ui/dashboard/hooks/list-params.js';
import { apiTransportFilters, EMPTY_FILTERS, transportList } from '../../ui/dashboard/features/transports/list-params.js';
import { draftOf, draftProblems, inputOf, moveRule, refusalPlace } from '../../ui/dashboard/features/warehouse-dispatch/rule-form-model.js';

const refusal = (code: string, details: Record<string, unknown> = {}, status = 422) => new ApiError(status, code, code, details);

describe('Given the transports list', () => {
  it('When the address names kinds, statuses, a code and a period, then the API is asked for them, unknown values left out', () => {
    const params = paramsFromSearch(
      transportList,
      new URLSearchParams('kind=package&kind=bogus&deliveryStatus=DELIVERED_OK&labelStatus=failed&identificationNumber=2 123&from=2026-03-01&to=2026-03-02'),
    );
    expect(params.filters).toMatchObject({ kind: ['package'], deliveryStatus: ['DELIVERED_OK'], labelStatus: ['failed'], from: '2026-03-01', to: '2026-03-02' });
    const api = apiTransportFilters(params.filters);
    expect(api).toMatchObject({ kind: ['package'], deliveryStatus: ['DELIVERED_OK'], labelStatus: ['failed'], identificationNumber: '2123', trackingNumber: undefined });
    expect(Date.parse(api.from as string)).toBeLessThan(Date.parse(api.to as string));
    expect(searchFromParams(transportList, params).toString()).toBe(
      'kind=package&deliveryStatus=DELIVERED_OK&labelStatus=failed&identificationNumber=2+123&from=2026-03-01&to=2026-03-02',
    );
  });

  it('When nothing is filtered, then the API is asked for nothing but paging, newest first', () => {
    expect(Object.values(apiTransportFilters(EMPTY_FILTERS)).filter((value) => value !== undefined)).toEqual([]);
    expect(paramsFromSearch(transportList, new URLSearchParams(''))).toMatchObject({ sort: 'createdAt', direction: 'desc', page: 1 });
  });
});

describe('Given a dispatch rule form', () => {
  it('When it is sent empty, then each missing part is said at its place, in the API’s codes', () => {
    expect(draftProblems(draftOf(null))).toEqual([
      { place: { field: 'title' }, code: 'DISPATCH_RULE_TITLE_REQUIRED' },
      { place: { field: 'condition', index: 0 }, code: 'DISPATCH_RULE_CONDITION_VALUES_REQUIRED' },
      { place: { field: 'warehouseIds' }, code: 'DISPATCH_RULE_WAREHOUSE_REQUIRED' },
    ]);
    expect(draftProblems({ title: 'x', conditions: [], warehouseIds: ['w'], nearest: false })).toEqual([
      { place: { field: 'conditions' }, code: 'DISPATCH_RULE_CONDITION_REQUIRED' },
    ]);
  });

  it('When it is complete, then the API is sent the title and the values trimmed, blank values dropped', () => {
    const draft = { title: '  Apple  ', conditions: [{ attribute: 'brand' as const, operator: 'in' as const, values: [' Apple ', ' '] }], warehouseIds: ['w1'], nearest: true };
    expect(draftProblems(draft)).toEqual([]);
    expect(inputOf(draft)).toEqual({ title: 'Apple', conditions: [{ attribute: 'brand', operator: 'in', values: ['Apple'] }], warehouseIds: ['w1'], nearest: true });
  });

  it('When the API refuses it, then the refusal goes to the field it names', () => {
    expect(refusalPlace(refusal('DISPATCH_RULE_TITLE_TOO_LONG', { max: 255 }))).toEqual({ field: 'title' });
    expect(refusalPlace(refusal('DISPATCH_RULE_CONDITION_REQUIRED'))).toEqual({ field: 'conditions' });
    expect(refusalPlace(refusal('DISPATCH_RULE_VALUE_UNKNOWN', { index: 2, attribute: 'category', value: 'x' }))).toEqual({ field: 'condition', index: 2 });
    expect(refusalPlace(refusal('DISPATCH_RULE_CONDITION_VALUES_REQUIRED', { index: 0 }))).toEqual({ field: 'condition', index: 0 });
    expect(refusalPlace(refusal('DISPATCH_RULE_WAREHOUSE_UNKNOWN', { warehouseId: 'w' }))).toEqual({ field: 'warehouseIds' });
    expect(refusalPlace(refusal('DISPATCH_RULE_WAREHOUSE_DUPLICATE'))).toEqual({ field: 'warehouseIds' });
    expect(refusalPlace(refusal('DISPATCH_RULE_TOO_MANY', { field: 'values', index: 1, max: 100 }))).toEqual({ field: 'condition', index: 1 });
    expect(refusalPlace(refusal('DISPATCH_RULE_TOO_MANY', { field: 'warehouseIds', max: 50 }))).toEqual({ field: 'warehouseIds' });
    expect(refusalPlace(refusal('VALIDATION_FAILED', { fields: [{ field: 'conditions.3.values', code: 'schema.maxItems', message: '' }] }, 400))).toEqual({
      field: 'condition',
      index: 3,
    });
    expect(refusalPlace(refusal('DISPATCH_RULE_NOT_FOUND', {}, 404))).toEqual({ field: 'form' });
    expect(refusalPlace(new Error('network'))).toEqual({ field: 'form' });
  });
});

describe('Given the rules in order', () => {
  it('When one moves up or down, then it swaps with its neighbour, and the ends stay put', () => {
    expect(moveRule(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveRule(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveRule(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveRule(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
