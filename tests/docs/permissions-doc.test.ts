import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { declaredRoutes, renderPermissionsDoc } from '../../scripts/generate-permissions-doc.js';
import { PERMISSIONS_BY_USER_TYPE } from '../../application/organizations/permissions.js';

describe('docs/permissions.md', () => {
  it('is the one generated from the matrix and the route table (run `npm run docs:permissions`)', () => {
    expect(readFileSync(new URL('../../docs/permissions.md', import.meta.url), 'utf8')).toBe(renderPermissionsDoc());
  });

  it('every authenticated route names a permission, except the few open to any signed-in user', () => {
    const open = declaredRoutes()
      .filter((r) => r.access.kind === 'authenticated' && r.access.permission === null)
      .map((r) => r.operationId)
      .sort();
    expect(open).toEqual(['logout', 'me']);
  });

  it('a storefront visitor can only read the catalogue and create web buybacks', () => {
    expect([...PERMISSIONS_BY_USER_TYPE.pseudo_anonymous].sort()).toEqual(['buyback.create_web', 'catalog.read']);
  });

  it('only the super admin rebuilds projections', () => {
    const holders = Object.entries(PERMISSIONS_BY_USER_TYPE)
      .filter(([, permissions]) => permissions.includes('projection.rebuild'))
      .map(([type]) => type);
    expect(holders).toEqual(['super_admin']);
  });
});
