import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { principalOf } from '../support/assembly.js';
import type { Principal } from '../../application/organizations/principal.js';
import type { SortSpec } from '../../application/ports/document-store.js';
import type { StoredEvent } from '../../application/ports/event-store.js';
import { toNewEvent } from '../../application/events/codec.js';
import { ORGANIZATION_COLLECTIONS, type UserDocument } from '../../application/organizations/read-models.js';
import { ORGANIZATION_STREAMS } from '../../application/organizations/streams.js';
import { listUsers, type UserFilters } from '../../application/organizations/users/user-queries.js';
import { SORT_MATCHES_UP_TO, USER_DEFAULT_ORDER } from '../../application/organizations/users/users-list-plan.js';
import type { PageRequest } from '../../application/lists/paged-query.js';
import type { ModuleType, UserEvent, UserModules, UserType } from '../../domain/organizations/events.js';
import { SqliteDocumentStore } from '../../infrastructure/document-store/sqlite-document-store.js';
import { usersProjection } from '../../projections/organizations/projections.js';
import { pick, seededRandom, seededUuid } from '../../bench/support.js';

/**
 * The users list reads its filters on flat keys the projection keeps from
 * the user events (application/organizations/user-search-read-model.ts), by the
 * index its plan names (users-list-plan.ts). Whichever index it reads by,
 * each page and total must be the ones the filter defines on the users as
 * they are: checked here against the documents filtered and sorted in
 * memory from their own fields, over 3,000 users built from their events
 * (registered, then for some renamed, moved or given another role).
 */
const TOTAL = 3_000;
const TENANTS = ['account-a', 'account-b'] as const;
const FIRST = ['Camille', 'Élodie', 'Léa', 'Julien', 'Anaïs', 'Jean Marc', 'Marie', 'Hugo', 'Inès', 'Martin'];
const LAST = ['Martin', 'Le Gall', 'Lefèvre', 'Marchand', 'Dupont', 'Mar', 'Éric', 'Durand', 'Leroy', 'Benali'];
const ROLES: ReadonlyArray<readonly [ModuleType, UserType]> = [
  ['tim', 'store_seller'],
  ['tim', 'store_seller'],
  ['tim', 'store_seller'],
  ['tim', 'store_manager'],
  ['rps', 'warehouse_operator'],
  ['lcm', 'buyer_manager'],
  ['root', 'management_unit_manager'],
];
let store: SqliteDocumentStore;
let users: UserDocument[];
const places: Record<ModuleType, string[]> = { tim: [], rps: [], lcm: [], root: [] };

function stored(event: UserEvent, userId: string, revision: number, position: number, occurredAt: string): StoredEvent {
  const metadata = { accountId: 'account-a', organizationId: null, userId: null, correlationId: randomUUID(), causationId: null, occurredAt };
  return { ...toNewEvent(event, randomUUID(), metadata), streamName: ORGANIZATION_STREAMS.user.name(userId), streamRevision: revision, globalPosition: position };
}

beforeAll(async () => {
  const random = seededRandom(20);
  for (const module of Object.keys(places) as ModuleType[]) places[module] = Array.from({ length: module === 'tim' ? 40 : 5 }, () => seededUuid(random));
  const modulesOf = (): UserModules => {
    const modules: UserModules = {};
    for (let n = random() < 0.2 ? 2 : 1; n > 0; n--) {
      const [module, userType] = pick(random, ROLES);
      modules[module] = { userType, organizationId: pick(random, places[module]) };
    }
    return modules;
  };
  const start = Date.parse('2026-01-01T08:00:00Z');
  let position = 0;
  users = [];
  for (let i = 0; i < TOTAL; i++) {
    const userId = seededUuid(random);
    const [firstname, lastname] = [pick(random, FIRST), pick(random, LAST)];
    const at = (days: number) => new Date(start + Math.floor(days * 86_400_000)).toISOString();
    const events: Array<[UserEvent, string]> = [
      [
        {
          type: 'UserRegistered',
          data: {
            userId,
            accountId: random() < 0.85 ? TENANTS[0] : TENANTS[1],
            email: `${firstname}.${lastname}.${i}@${pick(random, ['Demo-Retail.example', 'mail.example', 'demo.example'])}`.replace(/\s/g, ''),
            firstname,
            lastname,
            passwordHash: null,
            adminType: null,
            modules: modulesOf(),
            locale: 'fr-FR',
            status: random() < 0.9 ? 'active' : 'inactive',
            forceSso: false,
          },
        },
        at(random() * 300),
      ],
    ];
    const created = events[0]![1];
    const later = (days: number) => new Date(Date.parse(created) + days * 86_400_000).toISOString();
    if (random() < 0.3) {
      const changes = random() < 0.5 ? { modules: modulesOf(), status: 'active' as const } : { lastname: pick(random, LAST), email: `Renamed.${i}@Other.example` };
      events.push([{ type: 'UserChanged', data: { userId, accountId: null, changes, reason: null } }, later(1)]);
    }
    if (random() < 0.6) events.push([{ type: 'UserSignedIn', data: { userId, method: 'password' } }, later(2 + random() * 30)]);
    let document: UserDocument | null = null;
    events.forEach(([event, occurredAt], revision) => {
      document = usersProjection.evolve(document, stored(event, userId, revision, ++position, occurredAt), userId);
    });
    users.push(document as unknown as UserDocument);
    expect(document).not.toBeNull();
  }
  store = new SqliteDocumentStore({ path: ':memory:' });
  await store.collection(ORGANIZATION_COLLECTIONS.users).ensureIndexes(usersProjection.indexes);
  await store.writeBatch(users.map((document) => ({ kind: 'upsert' as const, collection: ORGANIZATION_COLLECTIONS.users, document })));
  // The places exist (the entity filter reads their type for the module), but for one store: an unknown entity is looked for in every module.
  const types: Record<ModuleType, string> = { tim: 'store', rps: 'warehouse', lcm: 'buyer', root: 'management_unit' };
  const known = (Object.keys(places) as ModuleType[]).flatMap((module) => places[module].slice(module === 'tim' ? 1 : 0).map((id) => ({ _id: id, type: types[module], moduleType: module })));
  await store.writeBatch(known.map((document) => ({ kind: 'upsert' as const, collection: ORGANIZATION_COLLECTIONS.organizations, document })));
});
afterAll(async () => store?.close());

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** What the filters mean, from the document's own fields (not the keys the projection keeps). */
function matches(user: UserDocument, query: UserFilters): boolean {
  const roles = Object.entries(user.modules ?? {}) as Array<[ModuleType, { userType: UserType; organizationId: string }]>;
  const name = fold(query.name ?? '');
  const email = (query.email ?? '').trim().toLowerCase();
  const [first, last] = [fold(user.firstname), fold(user.lastname)];
  return (
    (!name || `${first} ${last}`.startsWith(name) || `${last} ${first}`.startsWith(name)) &&
    (!email || user.email.startsWith(email) || user.email.split('@')[1]!.startsWith(email)) &&
    (!query.status || user.status === query.status) &&
    (!query.module || roles.some(([module]) => module === query.module)) &&
    (!query.role || user.adminType === query.role || roles.some(([, role]) => role.userType === query.role)) &&
    (!query.entity || roles.some(([, role]) => role.organizationId === query.entity))
  );
}

function compareBy(order: SortSpec) {
  const sort = [...order, ['_id', order.at(-1)?.[1] ?? 1] as const];
  return (a: UserDocument, b: UserDocument): number => {
    for (const [path, direction] of sort) {
      const [x, y] = [(a[path] ?? null) as string | null, (b[path] ?? null) as string | null];
      if (x === y) continue;
      if (x === null) return -direction;
      if (y === null) return direction;
      return (x < y ? -1 : 1) * direction;
    }
    return 0;
  };
}

function expectedPage(principal: Principal, query: PageRequest & UserFilters): { ids: string[]; total: number } {
  const matching = users.filter((user) => user.accountId === principal.accountId && matches(user, query));
  const sorted = matching.sort(compareBy(query.order?.length ? query.order : USER_DEFAULT_ORDER));
  const start = (query.page - 1) * query.itemsPerPage;
  return { ids: sorted.slice(start, start + query.itemsPerPage).map((user) => user._id), total: matching.length };
}

const ORDERS: SortSpec[] = [[], [['createdAt', -1]], [['lastLoginAt', -1]], [['email', 1]], [['lastname', -1]]];
const NAMES = ['mar', 'MAR', 'le g', 'le gall', 'gall', 'Élodie', 'elodie lefevre', 'Lefèvre Léa', 'jean marc d', 'x', 'martin martin'];
const EMAILS = ['camille.', 'demo', 'demo-retail.example', 'renamed.1', 'MAIL.EX', 'nobody'];

describe('Given 3,000 users of two retailers, built from their events', () => {
  it('when 250 random filtered, sorted pages are listed, then each page and total is the one the users define, on both sides of the plan', async () => {
    const random = seededRandom(7);
    let few = 0;
    let many = 0;
    for (let i = 0; i < 250; i++) {
      const tenant = random() < 0.8 ? TENANTS[0] : TENANTS[1];
      const principal = principalOf('root_management_unit_manager', tenant, null, 'root');
      const query: PageRequest & UserFilters = { page: 1 + Math.floor(random() * 3), itemsPerPage: 30, order: pick(random, ORDERS) };
      const kind = i % 7;
      if (kind === 0 || random() < 0.15) query.status = random() < 0.5 ? 'inactive' : 'active';
      if (kind === 1 || random() < 0.1) query.module = pick(random, ['tim', 'rps', 'lcm', 'root'] as const);
      if (kind === 2 || random() < 0.1) query.role = pick(random, ['store_seller', 'store_manager', 'warehouse_operator', 'buyer_manager', 'management_unit_manager', 'admin'] as const);
      if (kind === 3) query.entity = pick(random, random() < 0.7 ? places.tim : places.rps);
      if (kind === 4 || random() < 0.1) query.name = pick(random, NAMES);
      if (kind === 5 || random() < 0.1) query.email = pick(random, EMAILS);
      const expected = expectedPage(principal, query);
      // Half the time a name's or an e-mail's matches are found by walking the order's index past 50 of them (instead of UNION_SORT_UP_TO).
      const page = await listUsers(store, principal, query, i % 2 === 0 ? { unionSortUpTo: 50 } : {});
      expect({ query, ids: page.items.map((user) => user.id), total: page.totalItems }).toEqual({ query, ...expected });
      if (expected.total <= SORT_MATCHES_UP_TO) few++;
      else many++;
    }
    expect(few).toBeGreaterThan(30);
    expect(many).toBeGreaterThan(10);
  });

  it('when the name and e-mail filters are typed, then they match the start of a name (either order, accents and case aside) and of the address or its domain, not the middle', async () => {
    const principal = principalOf('root_management_unit_manager', TENANTS[0], null, 'root');
    const list = (filters: UserFilters) => listUsers(store, principal, { page: 1, itemsPerPage: 1_000, ...filters });
    const gall = await list({ name: 'LE GALL' });
    expect(gall.items.length).toBeGreaterThan(0);
    expect(gall.items.every((user) => user.lastname === 'Le Gall')).toBe(true);
    expect((await list({ name: 'elodie le' })).items.every((user) => user.firstname === 'Élodie' && user.lastname.startsWith('Le'))).toBe(true);
    expect((await list({ name: 'arti' })).totalItems).toBe(0);
    expect((await list({ email: 'retail.example' })).totalItems).toBe(0);
    const domain = await list({ email: 'DEMO-retail' });
    expect(domain.items.length).toBeGreaterThan(0);
    expect(domain.items.every((user) => user.email.endsWith('@demo-retail.example'))).toBe(true);
  });
});
