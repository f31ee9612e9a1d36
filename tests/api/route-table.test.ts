import { describe, expect, it } from 'vitest';
import { RouteTable } from '../../infrastructure/http/route-table.js';

const routes = [
  { method: 'get', path: '/buybacks', name: 'list' },
  { method: 'get', path: '/buybacks/export', name: 'export' },
  { method: 'get', path: '/buybacks/{id}', name: 'detail' },
  { method: 'post', path: '/store/{storeId}/buybacks', name: 'create' },
  { method: 'post', path: '/store/{storeId}/buybacks/{id}/finalize', name: 'finalize' },
  { method: 'post', path: '/buybacks/{id}/cancel', name: 'cancel' },
];
const table = new RouteTable(routes);
const find = (method: string, path: string) => {
  const found = table.match(method, path);
  return found && { name: found.route.name, params: found.params };
};

describe('RouteTable', () => {
  it('Given literal and parameter segments, When a path matches, Then the route and its decoded parameters are found', () => {
    expect(find('POST', '/store/abc/buybacks')).toEqual({ name: 'create', params: { storeId: 'abc' } });
    expect(find('post', '/store/a%20b/buybacks/x%2Fy/finalize')).toEqual({ name: 'finalize', params: { storeId: 'a b', id: 'x/y' } });
    expect(find('GET', '/buybacks')).toEqual({ name: 'list', params: {} });
  });

  it('Given two routes matching a path, Then the first declared wins (a literal declared before a parameter)', () => {
    expect(find('GET', '/buybacks/export')).toEqual({ name: 'export', params: {} });
    expect(find('GET', '/buybacks/b-1')).toEqual({ name: 'detail', params: { id: 'b-1' } });
  });

  it('Given Express defaults, Then literals match case-insensitively, one trailing slash is ignored and HEAD is served by GET', () => {
    expect(find('GET', '/BuyBacks/')?.name).toBe('list');
    expect(find('HEAD', '/buybacks/b-1')?.name).toBe('detail');
    // Parameter values keep their case.
    expect(find('GET', '/buybacks/B-1')?.params).toEqual({ id: 'B-1' });
  });

  it('Given a path that matches no route, Then there is no match', () => {
    expect(find('DELETE', '/buybacks')).toBeNull();
    expect(find('GET', '/buybacks/b-1/history/extra')).toBeNull();
    expect(find('POST', '/store//buybacks')).toBeNull();
    expect(find('GET', '/buybacks/%E0%A4%A')).toBeNull();
    expect(find('GET', '/')).toBeNull();
  });

  it('Given a parameter that is not a whole segment, Then the table refuses the route', () => {
    expect(() => new RouteTable([{ method: 'get', path: '/files/{name}.csv' }])).toThrow(/whole segment/);
  });
});
