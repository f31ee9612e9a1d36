import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderPermissionsDoc } from '../../scripts/generate-permissions-doc.js';
import { MODULES } from '../../infrastructure/modules/index.js';
import { assemble, declaredRoutes } from '../../infrastructure/modules/assembly.js';

const assembly = assemble(MODULES);

describe('docs/permissions.md', () => {
  it('is the one generated from the matrix and the route table (run `npm run docs:permissions`)', () => {
    expect(readFileSync(new URL('../../docs/permissions.md', import.meta.url), 'utf8')).toBe(renderPermissionsDoc());
  });

  it('every authenticated route names a permission, except the few open to any signed-in user', () => {
    const open = declaredRoutes(assembly)
      .filter((r) => r.access.kind === 'authenticated' && r.access.permission === null)
      .map((r) => r.operationId)
      .sort();
    // A loss is declared with the permission of its place, which the body names (the route says which in its note).
    // Whether the buyer pays is one boolean of one's own account (specification 001, section 7: a call of every
    // screen that shows payments, gated by no permission of section 6); another tenant's account answers 404.
    // An entity's public part (name, type, status, address) is anyone's of its tenant, a storefront visitor's too.
    // The workshop's diagnosis questions are read by whoever writes them or runs a diagnosis (either permission, the note says).
    expect(open).toEqual([
      'buyerPaymentFeatureAvailable',
      'declareItemLost',
      'getOrganizationPublic',
      'getRefurbDiagnosisQuestion',
      'getRefurbDiagnosisQuestionHistory',
      'listRefurbDiagnosisQuestions',
      'logout',
      'me',
    ]);
  });

  it('a storefront visitor can only read the catalogue and create web buybacks, alone or in a cart', () => {
    expect([...assembly.permissions.permissionsOf('pseudo_anonymous')].sort()).toEqual(['buyback.cart', 'buyback.create_web', 'catalog.read']);
  });

  it('only the super admin rebuilds projections', () => {
    const holders = [...assembly.permissions.declarations.get('projection.rebuild')?.holders ?? []];
    expect(holders).toEqual(['super_admin']);
  });
});
