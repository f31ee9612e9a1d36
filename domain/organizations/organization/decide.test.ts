import { describe, expect, it } from 'vitest';
import { deciderSpecification } from '../../shared/test-support.js';
import type { OrganizationChanged, OrganizationRegistered } from '../events.js';
import { organizationDecider, type ChangeOrganization, type OrganizationAggregateEvent, type RegisterOrganization } from './decide.js';
import type { OrganizationFields } from './organization.js';
import type { OrganizationFacts } from './validate.js';

const spec = deciderSpecification(organizationDecider);
const ACCOUNT = 'account-1';
const ROOT: OrganizationFacts = { found: true, id: 'root', type: 'root_management_unit', ancestorIds: [] };
const UNIT: OrganizationFacts = { found: true, id: 'unit', type: 'management_unit', ancestorIds: ['root'] };
const STORE_PARENT: OrganizationFacts = { found: true, id: 'other-store', type: 'store', ancestorIds: ['unit', 'root'] };
const BUYER: OrganizationFacts = { found: true, id: 'buyer', type: 'buyer', ancestorIds: ['root'] };

const FIELDS: OrganizationFields = {
  commonName: 'Store Nantes',
  corporateName: null,
  street: '1 Rue Crébillon',
  streetComplement: null,
  zipCode: '44000',
  city: 'Nantes',
  country: 'FR',
  externalId: 'ST-NTE',
  email: null,
  status: 'active',
  latitude: null,
  longitude: null,
  manualGeocoding: false,
  stock: null,
  showCart: false,
  openingHours: null,
};

const register = (over: Partial<RegisterOrganization['data']> = {}, fields: Partial<OrganizationFields> = {}): RegisterOrganization => ({
  type: 'RegisterOrganization',
  data: { organizationId: 'store', accountId: ACCOUNT, organizationType: 'store', fields: { ...FIELDS, ...fields }, parent: UNIT, buyer: null, ...over },
});

const change = (changes: ChangeOrganization['data']['changes'], parent?: OrganizationFacts | null): ChangeOrganization => ({
  type: 'ChangeOrganization',
  data: { organizationId: 'store', changes, reason: 'Moved', ...(parent === undefined ? {} : { parent }) },
});

function registered(over: Partial<OrganizationRegistered['data']> = {}): OrganizationRegistered {
  const [event] = organizationDecider.decide(register(), organizationDecider.initialState()) as [OrganizationRegistered];
  return { ...event, data: { ...event.data, ...over } };
}

const fieldsOf = (code: string, run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return ((error as { details: { fields: Array<{ field: string; code: string }> } }).details.fields ?? []).filter((f) => f.code === code).map((f) => f.field);
  }
  throw new Error(`expected ${code}`);
};

describe('registering an organization', () => {
  it('given nothing, when a store is registered under a management unit, then it is registered in the store module with its coordinates found from its postal code', () => {
    const { events } = spec.given().when(register()).then([registered()]);
    const data = (events[0] as OrganizationRegistered).data;
    expect(data).toMatchObject({ type: 'store', moduleType: 'tim', parentOrganizationId: 'unit', manualGeocoding: false });
    expect(data.latitude).toBeGreaterThan(47);
    expect(data.longitude).toBeLessThan(-1);
  });

  it.each([
    ['a store', 'store', STORE_PARENT],
    ['a management unit', 'management_unit', STORE_PARENT],
    ['a warehouse', 'warehouse', BUYER],
    ['a buyer', 'buyer', STORE_PARENT],
  ] as const)('given nothing, when %s is registered under a %s, then it is refused with ENTITY_PARENT_TYPE_INVALID', (_name, type, parent) => {
    const refusal = spec.given().when(register({ organizationType: type, parent })).thenRefused('ENTITY_INVALID');
    expect(refusal.details.fields).toEqual([expect.objectContaining({ field: 'parentOrganizationId', code: 'ENTITY_PARENT_TYPE_INVALID' })]);
  });

  it('given nothing, when a management unit is registered under the root management unit, then it is registered in the root module', () => {
    const [event] = organizationDecider.decide(register({ organizationType: 'management_unit', parent: ROOT }), organizationDecider.initialState());
    expect(event).toMatchObject({ type: 'OrganizationRegistered', data: { moduleType: 'root', parentOrganizationId: 'root' } });
  });

  it('given nothing, when a store is registered with no parent or an unknown one, then each is refused at its field', () => {
    expect(fieldsOf('ENTITY_PARENT_REQUIRED', () => organizationDecider.decide(register({ parent: null }), { organization: null }))).toEqual(['parentOrganizationId']);
    expect(fieldsOf('ENTITY_PARENT_NOT_FOUND', () => organizationDecider.decide(register({ parent: { found: false, id: 'x' } }), { organization: null }))).toEqual(['parentOrganizationId']);
  });

  it('given nothing, when the fields break their bounds, then every problem is named at once', () => {
    const refusal = spec
      .given()
      .when(register({}, { commonName: 'x', city: 'C'.repeat(46), street: 'S'.repeat(126), externalId: 'E'.repeat(46), country: 'France', email: 'nope', manualGeocoding: true, latitude: 91, longitude: -181 }))
      .thenRefused('ENTITY_INVALID');
    const problems = (refusal.details.fields as Array<{ field: string; code: string }>).map((f) => `${f.field}:${f.code}`);
    expect(problems.sort()).toEqual(
      [
        'commonName:TEXT_LENGTH',
        'city:TEXT_LENGTH',
        'street:TEXT_LENGTH',
        'externalId:TEXT_LENGTH',
        'country:ENTITY_COUNTRY_INVALID',
        'email:ENTITY_EMAIL_INVALID',
        'latitude:ENTITY_LATITUDE_INVALID',
        'longitude:ENTITY_LONGITUDE_INVALID',
      ].sort(),
    );
  });

  it('given nothing, when the coordinates are typed by hand within their ranges, then they are kept as typed', () => {
    const [event] = organizationDecider.decide(register({}, { manualGeocoding: true, latitude: -90, longitude: 180 }), { organization: null }) as [OrganizationRegistered];
    expect(event.data).toMatchObject({ latitude: -90, longitude: 180, manualGeocoding: true });
  });

  it('given nothing, when manual geocoding is on without coordinates, then both are required', () => {
    expect(fieldsOf('ENTITY_COORDINATE_REQUIRED', () => organizationDecider.decide(register({}, { manualGeocoding: true }), { organization: null }))).toEqual(['latitude', 'longitude']);
  });

  it('given nothing, when the name and country are missing, then they are required; texts are trimmed and the country upper-cased', () => {
    expect(fieldsOf('TEXT_REQUIRED', () => organizationDecider.decide(register({}, { commonName: '  ', country: '' }), { organization: null })).sort()).toEqual(['commonName', 'country']);
    const [event] = organizationDecider.decide(register({}, { commonName: '  Store  ', country: 'fr', corporateName: ' ' }), { organization: null }) as [OrganizationRegistered];
    expect(event.data).toMatchObject({ commonName: 'Store', country: 'FR', corporateName: null });
  });

  it('given nothing, when a store names a buyer that is not a buyer, then it is refused; a buyer names none', () => {
    expect(fieldsOf('ENTITY_BUYER_NOT_FOUND', () => organizationDecider.decide(register({ buyer: UNIT }), { organization: null }))).toEqual(['buyerId']);
    expect(fieldsOf('ENTITY_BUYER_NOT_ALLOWED', () => organizationDecider.decide(register({ organizationType: 'buyer', parent: ROOT, buyer: BUYER }), { organization: null }))).toEqual(['buyerId']);
    const [event] = organizationDecider.decide(register({ buyer: BUYER }), { organization: null });
    expect(event).toMatchObject({ data: { buyerId: 'buyer' } });
  });

  it('given nothing, when a management unit is registered showing the cart, then it is refused at showCart; a store may show it', () => {
    expect(fieldsOf('ENTITY_SHOW_CART_STORE_ONLY', () => organizationDecider.decide(register({ organizationType: 'management_unit', parent: ROOT }, { showCart: true }), { organization: null }))).toEqual(['showCart']);
    const [event] = organizationDecider.decide(register({}, { showCart: true }), { organization: null });
    expect(event).toMatchObject({ data: { showCart: true } });
  });

  it('given a registered organization, when it is registered again, then it is refused with ENTITY_ALREADY_EXISTS', () => {
    spec.given(registered()).when(register()).thenRefused('ENTITY_ALREADY_EXISTS');
  });
});

describe('changing an organization', () => {
  it('given a store, when its name and city change, then only what changed is recorded, with why', () => {
    spec
      .given(registered())
      .when(change({ commonName: 'Store Nantes Centre', city: 'Nantes', status: 'active' }))
      .then([{ type: 'OrganizationChanged', data: { organizationId: 'store', accountId: ACCOUNT, changes: { commonName: 'Store Nantes Centre' }, reason: 'Moved' } }]);
  });

  it('given a store, when nothing changes, then nothing is recorded', () => {
    spec.given(registered()).when(change({ commonName: 'Store Nantes', type: 'store', buyerId: null })).then([]);
  });

  it.each([
    ['its type', { type: 'warehouse' as const }, 'ENTITY_TYPE_FIXED'],
    ['its module', { moduleType: 'rps' as const }, 'ENTITY_MODULE_FIXED'],
    ['its buyer', { buyerId: 'buyer' }, 'ENTITY_BUYER_FIXED'],
  ])('given a store, when %s changes, then it is refused with %s', (_what, changes, code) => {
    spec.given(registered()).when(change(changes)).thenRefused(code);
  });

  it('given a management unit, when it is moved under its own descendant, then it is refused with ENTITY_PARENT_CYCLE', () => {
    const unit = registered({ organizationId: 'store', type: 'management_unit', moduleType: 'root', parentOrganizationId: 'root' });
    const descendant: OrganizationFacts = { found: true, id: 'child-unit', type: 'management_unit', ancestorIds: ['store', 'root'] };
    const refusal = spec.given(unit).when(change({ parentOrganizationId: 'child-unit' }, descendant)).thenRefused('ENTITY_INVALID');
    expect(refusal.details.fields).toEqual([expect.objectContaining({ field: 'parentOrganizationId', code: 'ENTITY_PARENT_CYCLE' })]);
    spec.given(unit).when(change({ parentOrganizationId: 'store' }, { found: true, id: 'store', type: 'management_unit', ancestorIds: ['root'] })).thenRefused('ENTITY_INVALID');
  });

  it('given a store, when it moves to another management unit, then its new parent is recorded', () => {
    const other: OrganizationFacts = { found: true, id: 'unit-2', type: 'management_unit', ancestorIds: ['root'] };
    const [event] = organizationDecider.decide(change({ parentOrganizationId: 'unit-2' }, other), organizationDecider.evolve(organizationDecider.initialState(), registered()));
    expect(event).toMatchObject({ data: { changes: { parentOrganizationId: 'unit-2' } } });
  });

  it('given a store, when it moves under another store, then it is refused', () => {
    spec.given(registered()).when(change({ parentOrganizationId: 'other-store' }, STORE_PARENT)).thenRefused('ENTITY_INVALID');
  });

  it('given a store, when manual geocoding is switched on with coordinates, then the flag and the coordinates are recorded', () => {
    const events: OrganizationAggregateEvent[] = organizationDecider.decide(
      change({ manualGeocoding: true, latitude: 47.2, longitude: -1.55 }),
      organizationDecider.evolve(organizationDecider.initialState(), registered()),
    );
    expect(events[0]).toMatchObject({ data: { changes: { manualGeocoding: true, latitude: 47.2, longitude: -1.55 } } });
  });

  it('given a store without the cart, when its "show cart" flag is switched on, then only the flag is recorded; switched on again, nothing is', () => {
    const [on] = organizationDecider.decide(change({ showCart: true }), organizationDecider.evolve(organizationDecider.initialState(), registered()));
    expect(on).toMatchObject({ type: 'OrganizationChanged', data: { changes: { showCart: true } } });
    expect(Object.keys((on as OrganizationChanged).data.changes)).toEqual(['showCart']);
    spec.given(registered(), on as OrganizationChanged).when(change({ showCart: true })).then([]);
  });

  it('given nothing, when a change is asked, then it is refused with ENTITY_NOT_FOUND', () => {
    spec.given().when(change({ commonName: 'X Y' })).thenRefused('ENTITY_NOT_FOUND');
  });
});

describe('Given a store, when its opening hours are set', () => {
  const HOURS = {
    monday: [{ opens: '9:30', closes: '12:30' }, { opens: '14:00', closes: '19:00' }],
    tuesday: [{ opens: '09:30', closes: '19:00' }],
    wednesday: [],
    thursday: [],
    friday: [],
    saturday: [{ opens: '10:00', closes: '24:00' }],
    sunday: [],
  };

  it('then they are kept day by day, times as HH:MM, and only what changed is written', () => {
    const { events } = spec.given(registered()).when(change({ openingHours: HOURS })).then([
      {
        type: 'OrganizationChanged',
        data: { organizationId: 'store', accountId: ACCOUNT, changes: { openingHours: { ...HOURS, monday: [{ opens: '09:30', closes: '12:30' }, { opens: '14:00', closes: '19:00' }] } }, reason: 'Moved' },
      },
    ]);
    spec.given(registered(), ...events).when(change({ openingHours: { ...HOURS, monday: [{ opens: '09:30', closes: '12:30' }, { opens: '14:00', closes: '19:00' }] } })).then([]);
  });

  it('then a range closing before it opens, overlapping ones, or a time that is none are refused at their day', () => {
    const bad = { ...HOURS, monday: [{ opens: '14:00', closes: '12:00' }], tuesday: [{ opens: '09:00', closes: '13:00' }, { opens: '12:00', closes: '18:00' }], friday: [{ opens: '25:00', closes: '26:00' }] };
    spec
      .given(registered())
      .when(change({ openingHours: bad }))
      .thenRefused('ENTITY_INVALID', {
        fields: [
          { field: 'openingHours.monday', code: 'ENTITY_OPENING_HOURS_INVALID', day: 'monday', max: 4 },
          { field: 'openingHours.tuesday', code: 'ENTITY_OPENING_HOURS_INVALID', day: 'tuesday', max: 4 },
          { field: 'openingHours.friday', code: 'ENTITY_OPENING_HOURS_INVALID', day: 'friday', max: 4 },
        ],
      });
  });
});
