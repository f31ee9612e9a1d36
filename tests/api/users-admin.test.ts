import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { expectOk, ISO_UTC } from '../support/api-helpers.js';
import { DEMO_IDS, DEMO_PASSWORD } from '../../infrastructure/seed/demo-data.js';
import { toNewEvent } from '../../application/events/codec.js';
import { ORGANIZATION_STREAMS } from '../../application/organizations/streams.js';
import { SESSIONS_COLLECTION } from '../../application/organizations/auth-service.js';
import { TOKENS } from '../../application/tokens.js';
import type { PasswordHasher } from '../../application/ports/security.js';

/**
 * User administration through the API (issue 20): a retailer's administrator
 * creates a seller for a store, each refused field named in its language,
 * one address for one user even when two creations race, a merge-patch that
 * keeps what it leaves out, a deactivation that ends the user's session at
 * once, the admin-only fields refused to a retailer, and another retailer's
 * administrator answered 404 on every id route.
 */

const { accounts, organizations, stores, warehouses } = DEMO_IDS;
let t: TestPlatform;
/** retailer@demo.test in the root module: the demo retailer's administrator. */
let retailer: ApiClient;
/** admin@demo.test: a super admin (provider staff). */
let admin: ApiClient;
/** An administrator of the other retailer, created by the super admin. */
let otherAdmin: ApiClient;

const email = () => `user-${randomUUID().slice(0, 8)}@demo.test`;
const seller = (overrides: Record<string, unknown> = {}) => ({
  firstname: 'Jeanne',
  lastname: 'Vendeuse',
  email: email(),
  modules: { tim: { userType: 'store_seller', organizationId: stores.paris } },
  ...overrides,
});

/** Gives a user the demo password (as an invitation would), so the test can sign in as them. */
async function withPassword(userId: string): Promise<void> {
  const hasher = t.platform.container.resolve<PasswordHasher>(TOKENS.PasswordHasher);
  const event = { type: 'UserPasswordSet', data: { userId, passwordHash: await hasher.hash(DEMO_PASSWORD), reason: 'invitation' } };
  const metadata = { accountId: 'platform', organizationId: null, userId: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() };
  const appended = await t.platform.eventStore.appendToStream(ORGANIZATION_STREAMS.user.name(userId), [toNewEvent(event, randomUUID(), metadata)], 'any');
  await t.platform.runner.waitFor(appended.lastGlobalPosition, 10_000);
}

beforeAll(async () => {
  t = await startTestPlatform();
  [retailer, admin] = await Promise.all([t.login('retailer@demo.test', 'root'), t.login('admin@demo.test')]);
  const created = await admin.post('/users', {
    firstname: 'Autre',
    lastname: 'Administrateur',
    email: email(),
    accountId: accounts.other,
    modules: { root: { userType: 'root_management_unit_manager', organizationId: organizations.otherRoot } },
  });
  expect(created.status).toBe(201);
  await withPassword(created.body.id);
  const user = await expectOk(admin.get(`/users/${created.body.id}`));
  otherAdmin = await t.login(user.email, 'root');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('Given the demo retailer’s administrator', () => {
  it('When they create a seller for a store, then it is listed and read back with its role, store, dates and no password', async () => {
    const body = seller({ email: `  Jeanne.${randomUUID().slice(0, 6)}@Demo.TEST ` });
    const created = await retailer.post('/users', body);
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`/api/users/${created.body.id}`);
    const user = await expectOk(retailer.get(`/users/${created.body.id}`));
    expect(user).toMatchObject({
      accountId: accounts.demo,
      email: body.email.trim().toLowerCase(),
      firstname: 'Jeanne',
      status: 'active',
      adminType: null,
      forceSso: false,
      lastLoginAt: null,
      modules: [{ module: 'tim', userType: 'store_seller', organizationId: stores.paris, organizationName: expect.any(String) }],
    });
    expect(user.createdAt).toMatch(ISO_UTC);
    expect(JSON.stringify(user)).not.toContain('passwordHash');
    expect(user.invitedAt).toMatch(ISO_UTC);
    const invitation = t.mailer.sent.find((mail) => mail.to === user.email);
    expect([invitation?.template, invitation?.locale]).toEqual(['user_invitation', 'fr-FR']);
    const page = await expectOk(retailer.get(`/users?email=${encodeURIComponent(user.email)}`));
    expect(page.items.map((u: { id: string }) => u.id)).toEqual([user.id]);
    const history = await expectOk(retailer.get(`/users/${user.id}/history`));
    expect(history.items[0]).toMatchObject({ type: 'UserRegistered', userName: 'Julien Bernard' });
    const permissions = await expectOk(retailer.get(`/users/${user.id}/permissions`));
    expect(permissions.items).toEqual([expect.objectContaining({ module: 'tim', userType: 'store_seller' })]);
    expect(permissions.items[0].permissions.length).toBeGreaterThan(0);
    const current = await expectOk(retailer.get(`/users/${user.id}/current-organization`));
    expect(current).toMatchObject({ module: 'tim', organization: { id: stores.paris, type: 'store' } });
  });

  it('When the fields break the rules, then each is named with its message in the caller’s language, and nothing is written', async () => {
    const body = seller({ firstname: 'J', lastname: '', email: 'not-an-email', modules: { tim: { userType: 'warehouse_operator', organizationId: warehouses.demo } } });
    const refused = await retailer.post('/users', body, { 'Accept-Language': 'de-DE' });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('USER_INVALID');
    expect(refused.body.details.fields.map((f: { field: string; code: string }) => `${f.field}:${f.code}`)).toEqual([
      'firstname:TEXT_LENGTH',
      'lastname:TEXT_REQUIRED',
      'email:EMAIL_INVALID',
      'modules.tim.userType:USER_ROLE_NOT_ASSIGNABLE',
      'modules.tim.organizationId:USER_ENTITY_MODULE_MISMATCH',
    ]);
    expect(refused.body.details.fields[3].message).toBe('Diese Rolle kann in diesem Modul nicht vergeben werden.');
    const none = await retailer.post('/users', seller({ modules: {} }), { 'Accept-Language': 'fr-FR' });
    expect(none.body.details.fields).toEqual([expect.objectContaining({ field: 'modules', code: 'USER_MODULE_REQUIRED', message: 'Choisissez au moins un module, avec un rôle et une entité.' })]);
    const otherStore = await retailer.post('/users', seller({ modules: { tim: { userType: 'store_seller', organizationId: stores.lille } } }));
    expect(otherStore.body.details.fields).toEqual([expect.objectContaining({ field: 'modules.tim.organizationId', code: 'USER_ENTITY_NOT_FOUND' })]);
  });

  it('When two creations with one e-mail are fired together, then exactly one wins and the other is 409 USER_EMAIL_TAKEN', async () => {
    const address = email();
    const answers = await Promise.all([retailer.post('/users', seller({ email: address })), retailer.post('/users', seller({ email: address.toUpperCase() }))]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)?.body.code).toBe('USER_EMAIL_TAKEN');
    const page = await expectOk(retailer.get(`/users?email=${encodeURIComponent(address)}`));
    expect(page.items).toHaveLength(1);
    const demoUser = await retailer.post('/users', seller({ email: 'seller@demo.test' }));
    expect(demoUser.status).toBe(409);
  });

  it('When a user is patched, then only what the body names changes (merge-patch), a module set to null is taken away, and the history says what changed', async () => {
    const created = await expectOk(retailer.post('/users', seller({ modules: { tim: { userType: 'store_seller', organizationId: stores.paris }, rps: { userType: 'warehouse_operator', organizationId: warehouses.demo } } })), 201);
    const patched = await retailer.patch(
      `/users/${created.id}`,
      { lastname: 'Renommée', modules: { rps: null, tim: { userType: 'store_manager', organizationId: stores.lyon } }, reason: 'Mutation' },
      { 'Content-Type': 'application/merge-patch+json' },
    );
    expect(patched.status).toBe(200);
    const user = await expectOk(retailer.get(`/users/${created.id}`));
    expect(user).toMatchObject({ firstname: 'Jeanne', lastname: 'Renommée', modules: [{ module: 'tim', userType: 'store_manager', organizationId: stores.lyon }] });
    const history = await expectOk(retailer.get(`/users/${created.id}/history`));
    expect(history.items.at(-1)).toMatchObject({ type: 'UserChanged', changedFields: ['lastname', 'modules'], reason: 'Mutation', userName: 'Julien Bernard' });
    const unchanged = await retailer.patch(`/users/${created.id}`, { lastname: 'Renommée' });
    expect(unchanged.body.revision).toBe(patched.body.revision);
    const stale = await retailer.patch(`/users/${created.id}`, { firstname: 'Jeanine' }, { 'If-Match': '"0"' });
    expect(stale.status).toBe(412);
  });

  it('When a signed-in user is deactivated, then their very next request answers 401 and their session rows are gone', async () => {
    const created = await expectOk(retailer.post('/users', seller()), 201);
    await withPassword(created.id);
    const user = await expectOk(retailer.get(`/users/${created.id}`));
    const client = await t.login(user.email);
    expect((await client.get('/me')).status).toBe(200);
    expect(await t.platform.documents.collection(SESSIONS_COLLECTION).count({ userId: created.id })).toBe(1);
    await expectOk(retailer.patch(`/users/${created.id}`, { status: 'inactive' }));
    expect(await t.platform.documents.collection(SESSIONS_COLLECTION).count({ userId: created.id })).toBe(0);
    expect((await client.get('/me')).status).toBe(401);
  });

  it('When a signed-in user is left with no permission (no role in any module), then their next request answers 401', async () => {
    const created = await expectOk(retailer.post('/users', seller()), 201);
    await withPassword(created.id);
    const client = await t.login((await expectOk(retailer.get(`/users/${created.id}`))).email);
    expect((await client.get('/me')).status).toBe(200);
    // No command leaves a client user without a module; a change written by hand (or an older one) may.
    const event = { type: 'UserChanged', data: { userId: created.id, accountId: accounts.demo, changes: { modules: {} }, reason: null } };
    const metadata = { accountId: accounts.demo, organizationId: null, userId: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() };
    const appended = await t.platform.eventStore.appendToStream(ORGANIZATION_STREAMS.user.name(created.id), [toNewEvent(event, randomUUID(), metadata)], 'any');
    await t.platform.runner.waitFor(appended.lastGlobalPosition, 10_000);
    expect((await client.get('/me')).status).toBe(401);
    expect(await t.platform.documents.collection(SESSIONS_COLLECTION).count({ userId: created.id })).toBe(0);
  });

  it('When they set the admin-only fields, then they are refused (force-SSO, an admin type) and the matrix tells who holds what', async () => {
    const forced = await retailer.post('/users', seller({ forceSso: true }));
    expect(forced.status).toBe(403);
    expect(forced.body.code).toBe('USER_FORCE_SSO_NOT_ALLOWED');
    const created = await expectOk(retailer.post('/users', seller()), 201);
    const adminType = await retailer.patch(`/users/${created.id}`, { adminType: 'super_admin' });
    expect(adminType.status).toBe(403);
    expect(adminType.body.code).toBe('USER_ADMIN_NOT_ALLOWED');
    const adminUser = await retailer.post('/users', { firstname: 'Pirate', lastname: 'Admin', email: email(), adminType: 'admin' });
    expect(adminUser.status).toBe(403);
    const types = await expectOk(retailer.get('/assignable-user-types'));
    expect(types.adminTypes).toEqual([]);
    expect(types.items.find((i: { module: string }) => i.module === 'tim').userTypes).toEqual(['store_manager', 'store_seller']);
    const matrix = await expectOk(retailer.get('/permission-matrix', { 'Accept-Language': 'nl-BE' }));
    const userManage = matrix.permissions.find((p: { name: string }) => p.name === 'user.manage');
    expect(userManage).toMatchObject({ holders: ['super_admin', 'admin', 'root_management_unit_manager'] });
    expect(userManage.description).toMatch(/^Gebruikers aanmaken/);
    // Every part's permissions, not only the users': the organizations part translates them all.
    expect(matrix.permissions.find((p: { name: string }) => p.name === 'payment_mode.list').description).toBe('De betaalwijzen bekijken');
    expect(matrix.permissions.every((p: { description: string }) => p.description.trim() !== '')).toBe(true);
  });

  it('When provider staff set them, then an admin user and the force-SSO flag are written', async () => {
    const created = await expectOk(admin.post('/users', { firstname: 'Nouvel', lastname: 'Admin', email: email(), adminType: 'admin' }), 201);
    expect(await expectOk(admin.get(`/users/${created.id}`))).toMatchObject({ accountId: null, adminType: 'admin', modules: [] });
    const forced = await expectOk(admin.post('/users', seller({ forceSso: true })), 201);
    const forcedUser = await expectOk(admin.get(`/users/${forced.id}`));
    expect(forcedUser).toMatchObject({ accountId: accounts.demo, forceSso: true, invitedAt: null });
    expect(t.mailer.sent.some((mail) => mail.to === forcedUser.email)).toBe(false);
    expect((await retailer.get(`/users/${created.id}`)).status).toBe(404);
  });
});

describe('Given another retailer’s administrator', () => {
  it('When they try every id route on the demo retailer’s user, then each answers 404 and the list shows none of them', async () => {
    const id = DEMO_IDS.users.seller;
    for (const path of [`/users/${id}`, `/users/${id}/permissions`, `/users/${id}/current-organization`, `/users/${id}/history`]) {
      const answer = await otherAdmin.get(path);
      expect({ path, status: answer.status, code: answer.body.code }).toEqual({ path, status: 404, code: 'USER_NOT_FOUND' });
    }
    const patch = await otherAdmin.patch(`/users/${id}`, { firstname: 'Volé' });
    expect(patch.status).toBe(404);
    const page = await expectOk(otherAdmin.get('/users?itemsPerPage=100'));
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((u: { accountId: string }) => u.accountId === accounts.other)).toBe(true);
  });
});
