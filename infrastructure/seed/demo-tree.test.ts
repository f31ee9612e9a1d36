import { describe, expect, it } from 'vitest';
import type { OrganizationRegistered, UserRegistered } from '../../domain/organizations/events.js';
import { DEMO_IDS, demoData } from './demo-data.js';

/** Demo Retail's tree and staff (issue 20), with the entity fields of OrganizationRegistered.v2. */
const events = demoData({ passwordHash: '$argon2id$test-hash' }).flatMap((stream) => stream.events);
const registered = events.filter((event): event is OrganizationRegistered => event.type === 'OrganizationRegistered');
const organizations = new Map(registered.map((event) => [event.data.organizationId, event.data]));
const ofType = (type: 'UserRegistered') => events.filter((event): event is UserRegistered => event.type === type);

describe('the demo tree', () => {
  it('gives Demo Retail its tree: two management units, five stores, two warehouses, two buyers and thirty users', () => {
    const demo = [...organizations.values()].filter((organization) => organization.accountId === DEMO_IDS.accounts.demo);
    const count = (type: string) => demo.filter((organization) => organization.type === type).length;
    expect([count('root_management_unit'), count('management_unit'), count('store'), count('warehouse'), count('buyer')]).toEqual([1, 2, 5, 2, 2]);
    const users = ofType('UserRegistered').filter((user) => user.data.accountId === DEMO_IDS.accounts.demo);
    expect(users).toHaveLength(30);
    const roles = new Set(users.flatMap((user) => Object.values(user.data.modules).map((module) => module.userType)));
    for (const role of ['root_management_unit_manager', 'root_management_unit_analyst', 'management_unit_manager', 'management_unit_analyst', 'store_manager', 'store_seller', 'warehouse_manager', 'warehouse_operator', 'buyer_manager']) {
      expect(roles.has(role as never), role).toBe(true);
    }
    // The Grand Ouest unit sits below France: France's stores are all five.
    expect(organizations.get(DEMO_IDS.organizations.demoOuest)?.parentOrganizationId).toBe(DEMO_IDS.organizations.demoFrance);
    for (const store of [DEMO_IDS.stores.nantes, DEMO_IDS.stores.rennes, DEMO_IDS.stores.bordeaux]) {
      expect(organizations.get(store)?.parentOrganizationId).toBe(DEMO_IDS.organizations.demoOuest);
    }
  });

  it('gives every organization the v2 fields: coordinates in range, external ids unique per account, the root its SIRET', () => {
    const luhn = (digits: string) =>
      [...digits].reverse().reduce((sum, digit, i) => sum + (i % 2 === 1 ? ((Number(digit) * 2) % 10) + Math.floor((Number(digit) * 2) / 10) : Number(digit)), 0) % 10 === 0;
    for (const organization of organizations.values()) {
      expect(organization.latitude, organization.commonName).toBeGreaterThanOrEqual(-90);
      expect(organization.latitude, organization.commonName).toBeLessThanOrEqual(90);
      expect(organization.longitude, organization.commonName).toBeGreaterThanOrEqual(-180);
      expect(organization.longitude, organization.commonName).toBeLessThanOrEqual(180);
      expect(organization.externalId?.length ?? 0).toBeLessThanOrEqual(45);
    }
    for (const accountId of [DEMO_IDS.accounts.demo, DEMO_IDS.accounts.other]) {
      const externalIds = [...organizations.values()].filter((o) => o.accountId === accountId).map((o) => o.externalId);
      expect(new Set(externalIds).size).toBe(externalIds.length);
    }
    const root = organizations.get(DEMO_IDS.organizations.demoRoot);
    expect(root?.siret).toMatch(/^\d{14}$/);
    expect(luhn(root?.siret ?? '') && luhn(root?.siret?.slice(0, 9) ?? '')).toBe(true);
    expect(root?.email).toMatch(/@/);
    expect(Number.isSafeInteger(root?.capitalInCents)).toBe(true);
  });

  it('has one force-SSO user, sso.user@sso.demo.test, a Demo Retail seller without a password', () => {
    const sso = ofType('UserRegistered').filter((user) => user.data.forceSso);
    expect(sso.map((user) => user.data)).toEqual([
      expect.objectContaining({ email: 'sso.user@sso.demo.test', accountId: DEMO_IDS.accounts.demo, passwordHash: null, userId: DEMO_IDS.users.ssoUser }),
    ]);
  });

});
