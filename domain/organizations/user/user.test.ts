import { describe, expect, it } from 'vitest';
import { deciderSpecification } from '../../shared/test-support.js';
import type { UserRegistered } from '../events.js';
import { userDecider, type UserCommand, type UserFacts, type UserProfile } from './user.js';
import { userEmailDecider } from './email-reservation.js';

const spec = deciderSpecification(userDecider);
const ID = 'user-1';
const ACCOUNT = 'account-demo';

const facts = (overrides: Partial<UserFacts> = {}): UserFacts => ({
  canAssignAdmin: false,
  canForceSso: false,
  assignableUserTypes: {
    root: ['root_management_unit_manager', 'root_management_unit_analyst', 'management_unit_manager', 'management_unit_analyst'],
    tim: ['store_manager', 'store_seller'],
    rps: ['warehouse_manager', 'warehouse_operator'],
    lcm: ['buyer_manager'],
  },
  entities: {
    paris: { accountId: ACCOUNT, moduleType: 'tim', type: 'store' },
    warehouse: { accountId: ACCOUNT, moduleType: 'rps', type: 'warehouse' },
    root: { accountId: ACCOUNT, moduleType: 'root', type: 'root_management_unit' },
    ouest: { accountId: ACCOUNT, moduleType: 'root', type: 'management_unit' },
    buyer: { accountId: ACCOUNT, moduleType: 'lcm', type: 'buyer' },
    lille: { accountId: 'account-other', moduleType: 'tim', type: 'store' },
  },
  ...overrides,
});

const seller: UserProfile = {
  email: 'jeanne@demo.test',
  firstname: 'Jeanne',
  lastname: 'Martin',
  status: 'active',
  locale: 'fr-FR',
  adminType: null,
  modules: { tim: { userType: 'store_seller', organizationId: 'paris' } },
  forceSso: false,
};

const register = (profile: Partial<UserProfile> = {}, accountId: string | null = ACCOUNT, given: Partial<UserFacts> = {}): UserCommand => ({
  type: 'RegisterUser',
  data: { userId: ID, accountId, profile: { ...seller, ...profile }, facts: facts(given) },
});
const change = (changes: Partial<UserProfile>, given: Partial<UserFacts> = {}): UserCommand => ({
  type: 'ChangeUser',
  data: { userId: ID, changes, reason: null, facts: facts(given) },
});
const registered = (profile: Partial<UserProfile> = {}, accountId: string | null = ACCOUNT): UserRegistered => ({
  type: 'UserRegistered',
  data: { userId: ID, accountId, ...seller, ...profile, passwordHash: null },
});
const fieldsOf = (command: UserCommand) =>
  (spec.given().when(command).thenRefused('USER_INVALID').details.fields as Array<{ field: string; code: string }>).map(({ field, code }) => `${field}:${code}`);

describe('a user’s registration (specification 002 §5)', () => {
  it('given nothing, when a seller of a store is registered, then UserRegistered without a password, names trimmed and e-mail lower-cased', () => {
    spec.given().when(register({ firstname: ' Jeanne ', email: ' Jeanne@Demo.TEST ' })).then([registered()]);
  });

  it('given a user, when they are registered again, then USER_ALREADY_EXISTS', () => {
    spec.given(registered()).when(register()).thenRefused('USER_ALREADY_EXISTS');
  });

  it('given names, then each has 2 to 255 characters', () => {
    expect(fieldsOf(register({ firstname: 'J', lastname: '  ' }))).toEqual(['firstname:TEXT_LENGTH', 'lastname:TEXT_REQUIRED']);
    expect(fieldsOf(register({ firstname: 'é'.repeat(256) }))).toEqual(['firstname:TEXT_LENGTH']);
    spec.given().when(register({ firstname: 'Jo', lastname: 'é'.repeat(255) })).then([registered({ firstname: 'Jo', lastname: 'é'.repeat(255) })]);
  });

  it('given an e-mail, then it has a mailbox, an @ and a dotted domain, without spaces', () => {
    for (const bad of ['jeanne', 'jeanne@demo', 'jeanne demo@demo.test', 'jeanne@@demo.test', 'jeanne@demo..test']) {
      expect(fieldsOf(register({ email: bad })), bad).toEqual(['email:EMAIL_INVALID']);
    }
    expect(fieldsOf(register({ email: '' }))).toEqual(['email:EMAIL_REQUIRED']);
  });

  it('given a status other than active or inactive, then USER_STATUS_INVALID', () => {
    expect(fieldsOf(register({ status: 'archived' as never }))).toEqual(['status:USER_STATUS_INVALID']);
  });

  it('given no module, then at least one is required', () => {
    expect(fieldsOf(register({ modules: {} }))).toEqual(['modules:USER_MODULE_REQUIRED']);
  });

  it('given a role the module does not assign, then USER_ROLE_NOT_ASSIGNABLE at its field', () => {
    expect(fieldsOf(register({ modules: { tim: { userType: 'warehouse_manager', organizationId: 'paris' } } }))).toEqual(['modules.tim.userType:USER_ROLE_NOT_ASSIGNABLE']);
  });

  it('given each module’s entity, then it must be of the module’s type (store, warehouse, buyer, root or management unit) and of the user’s retailer', () => {
    const ok = register({
      modules: {
        tim: { userType: 'store_manager', organizationId: 'paris' },
        rps: { userType: 'warehouse_operator', organizationId: 'warehouse' },
        lcm: { userType: 'buyer_manager', organizationId: 'buyer' },
        root: { userType: 'management_unit_manager', organizationId: 'ouest' },
      },
    });
    expect(userDecider.decide(ok, null)).toHaveLength(1);
    expect(fieldsOf(register({ modules: { tim: { userType: 'store_seller', organizationId: 'warehouse' } } }))).toEqual(['modules.tim.organizationId:USER_ENTITY_MODULE_MISMATCH']);
    expect(fieldsOf(register({ modules: { root: { userType: 'root_management_unit_manager', organizationId: 'paris' } } }))).toEqual(['modules.root.organizationId:USER_ENTITY_MODULE_MISMATCH']);
    expect(fieldsOf(register({ modules: { tim: { userType: 'store_seller', organizationId: 'lille' } } }))).toEqual(['modules.tim.organizationId:USER_ENTITY_NOT_FOUND']);
    expect(fieldsOf(register({ modules: { tim: { userType: 'store_seller', organizationId: 'nowhere' } } }))).toEqual(['modules.tim.organizationId:USER_ENTITY_NOT_FOUND']);
  });

  it('given an admin user (no account), then only provider staff holding user.assign_admin register one, and it has no module', () => {
    const admin = { adminType: 'admin' as const, modules: {} };
    spec.given().when(register(admin, null)).thenRefused('USER_ADMIN_NOT_ALLOWED');
    spec.given().when(register(admin, null, { canAssignAdmin: true })).then([registered(admin, null)]);
    expect(() => userDecider.decide(register({ adminType: 'admin' }, null, { canAssignAdmin: true }), null)).toThrow('USER_INVALID');
    spec.given().when(register({ adminType: 'super_admin' }, ACCOUNT)).thenRefused('USER_ADMIN_NOT_ALLOWED');
  });

  it('given the force-SSO flag set, then only a holder of user.force_sso registers it', () => {
    spec.given().when(register({ forceSso: true })).thenRefused('USER_FORCE_SSO_NOT_ALLOWED');
    spec.given().when(register({ forceSso: true }, ACCOUNT, { canForceSso: true })).then([registered({ forceSso: true })]);
  });
});

describe('a user’s change', () => {
  it('given a user, when names change, then UserChanged with only the changed fields', () => {
    spec
      .given(registered())
      .when(change({ lastname: 'Durand', firstname: 'Jeanne' }))
      .then([{ type: 'UserChanged', data: { userId: ID, accountId: ACCOUNT, changes: { lastname: 'Durand' }, reason: null } }]);
  });

  it('given a user, when nothing changes (modules in another key order), then nothing is written', () => {
    spec.given(registered()).when(change({ modules: { tim: { organizationId: 'paris', userType: 'store_seller' } as never } })).then([]);
  });

  it('given no user, then USER_NOT_FOUND', () => {
    spec.given().when(change({ lastname: 'Durand' })).thenRefused('USER_NOT_FOUND');
  });

  it('given a user, when the change leaves no module or a bad role, then the fields are refused', () => {
    expect(() => userDecider.decide(change({ modules: {} }), userDecider.evolve(null, registered()))).toThrow('USER_INVALID');
  });

  it('given a user, when the force-SSO flag changes, then user.force_sso is needed; sending the value it has changes nothing', () => {
    spec.given(registered()).when(change({ forceSso: true })).thenRefused('USER_FORCE_SSO_NOT_ALLOWED');
    spec.given(registered()).when(change({ forceSso: false })).then([]);
    spec
      .given(registered())
      .when(change({ forceSso: true }, { canForceSso: true }))
      .then([{ type: 'UserChanged', data: { userId: ID, accountId: ACCOUNT, changes: { forceSso: true }, reason: null } }]);
  });

  it('given an admin user, when anyone without user.assign_admin changes them, then USER_ADMIN_NOT_ALLOWED', () => {
    const admin = registered({ adminType: 'admin', modules: {} }, null);
    spec.given(admin).when(change({ lastname: 'Durand' })).thenRefused('USER_ADMIN_NOT_ALLOWED');
    spec.given(admin).when(change({ adminType: 'super_admin' }, { canAssignAdmin: true })).then([
      { type: 'UserChanged', data: { userId: ID, accountId: null, changes: { adminType: 'super_admin' }, reason: null } },
    ]);
  });

  it('given a client user, when they are deactivated, then the status changes', () => {
    spec.given(registered()).when(change({ status: 'inactive' })).then([{ type: 'UserChanged', data: { userId: ID, accountId: ACCOUNT, changes: { status: 'inactive' }, reason: null } }]);
  });
});

describe('an e-mail address’s reservation', () => {
  const emailSpec = deciderSpecification(userEmailDecider);
  const reserve = (userId: string) => ({ type: 'ReserveUserEmail' as const, data: { email: 'jeanne@demo.test', userId } });
  const reserved = (userId: string) => ({ type: 'UserEmailReserved' as const, data: { email: 'jeanne@demo.test', userId } });

  it('given a free address, when a user reserves it, then it is theirs; another user is then refused USER_EMAIL_TAKEN', () => {
    emailSpec.given().when(reserve('a')).then([reserved('a')]);
    emailSpec.given(reserved('a')).when(reserve('b')).thenRefused('USER_EMAIL_TAKEN');
    emailSpec.given(reserved('a')).when(reserve('a')).then([]);
  });

  it('given an address released by its holder, then another user may reserve it; a release by anyone else changes nothing', () => {
    const released = { type: 'UserEmailReleased' as const, data: { email: 'jeanne@demo.test', userId: 'a' } };
    emailSpec.given(reserved('a')).when({ type: 'ReleaseUserEmail', data: { email: 'jeanne@demo.test', userId: 'b' } }).then([]);
    emailSpec.given(reserved('a'), released).when(reserve('b')).then([reserved('b')]);
  });
});
