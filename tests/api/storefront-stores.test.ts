import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { STORE_SEARCHES_PER_MINUTE } from '../../infrastructure/modules/organizations/store-locator-wiring.js';
import { startTestPlatform, type TestPlatform } from '../support/test-platform.js';

/**
 * The storefront's drop-off stores (issue 24, GET /white-label/stores):
 * public, the retailer's active stores only, nearest first from a postal
 * code or a position, with public facts only; bounded and throttled.
 */

let t: TestPlatform;
const DEMO = DEMO_IDS.accounts.demo;
const OTHER = DEMO_IDS.accounts.other;
const stores = (query: Record<string, string | number> = {}, accountId = DEMO) =>
  t.api.get(`/white-label/stores?${new URLSearchParams({ accountId, ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) })}`);

interface Store {
  name: string;
  zipCode: string | null;
  distanceKm: number | null;
}
const names = (body: { items: Store[] }) => body.items.map((store) => store.name);
const distances = (body: { items: Store[] }) => body.items.map((store) => store.distanceKm as number);

beforeAll(async () => {
  t = await startTestPlatform();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('Given the demo retailer’s five stores and another retailer’s store in Lille', () => {
  it('then without a point it answers its own stores by name, with public facts only and no distance', async () => {
    const answer = await stores();
    expect(answer.status).toBe(200);
    expect(names(answer.body)).toEqual(['Demo Store Bordeaux', 'Demo Store Lyon', 'Demo Store Nantes', 'Demo Store Paris', 'Demo Store Rennes']);
    expect(answer.body).toMatchObject({ origin: null, totalStores: 5, truncated: false, tiles: { url: expect.stringContaining('{z}/{x}/{y}'), attribution: expect.any(String) } });
    for (const store of answer.body.items) {
      expect(Object.keys(store).sort()).toEqual(['city', 'country', 'distanceKm', 'latitude', 'longitude', 'name', 'openingHours', 'street', 'streetComplement', 'zipCode']);
      expect(store.distanceKm).toBeNull();
    }
    expect(JSON.stringify(answer.body)).not.toMatch(/@|DR-PAR|paris@/);
  });

  it('then a postal code one of its stores has puts that store first at 0 km, the others after it by distance', async () => {
    const answer = await stores({ postalCode: '44000' });
    expect(answer.status).toBe(200);
    expect(answer.body.origin).toMatchObject({ by: 'store_postal_code' });
    expect(names(answer.body)[0]).toBe('Demo Store Nantes');
    expect(distances(answer.body)[0]).toBe(0);
    // Rennes (about 100 km) before Bordeaux (about 280 km), Paris and Lyon further.
    expect(names(answer.body).slice(1, 3)).toEqual(['Demo Store Rennes', 'Demo Store Bordeaux']);
    expect(distances(answer.body)).toEqual([...distances(answer.body)].sort((a, b) => a - b));
  });

  it('then another postal code is placed at its area’s centre (a French department, a Belgian province)', async () => {
    const paris = await stores({ postalCode: '75011' });
    expect(paris.body.origin).toMatchObject({ by: 'postal_code' });
    expect(names(paris.body)[0]).toBe('Demo Store Paris');
    expect(distances(paris.body)[0]).toBeLessThan(10);
    const gironde = await stores({ postalCode: ' 33 800 ' });
    expect(names(gironde.body)[0]).toBe('Demo Store Bordeaux');
    const brussels = await stores({ postalCode: '1000', country: 'BE' });
    expect(brussels.body.origin).toMatchObject({ by: 'postal_code', latitude: 50.84 });
    expect(names(brussels.body)[0]).toBe('Demo Store Paris');
  });

  it('then the browser’s position ranks the stores from there, the distance in km to 0.1', async () => {
    const answer = await stores({ latitude: 45.764, longitude: 4.8357 });
    expect(answer.body.origin).toEqual({ latitude: 45.764, longitude: 4.8357, by: 'position' });
    expect(names(answer.body)[0]).toBe('Demo Store Lyon');
    for (const km of distances(answer.body)) expect(Math.round(km * 10) / 10).toBe(km);
    expect(distances(answer.body).at(-1)).toBeGreaterThan(400);
  });

  it('then the other retailer’s store is never answered to the demo storefront, even searched at its own postal code, and the other storefront has only its own', async () => {
    const nearLille = await stores({ postalCode: '59800' });
    expect(nearLille.status).toBe(200);
    expect(names(nearLille.body)).not.toContain('Other Store Lille');
    expect(nearLille.body.totalStores).toBe(5);
    const other = await stores({ postalCode: '59800' }, OTHER);
    expect(names(other.body)).toEqual(['Other Store Lille']);
    expect(other.body.origin).toMatchObject({ by: 'store_postal_code' });
  });
});

describe('When a root manager changes a store’s opening hours on its form', () => {
  it('then the storefront answers the new hours, the demo’s own hours before, and a bad range is refused at its day', async () => {
    const retailer = await t.login('retailer@demo.test', 'root');
    const nantes = DEMO_IDS.stores.nantes;
    const before = (await stores({ postalCode: '44000', limit: 1 })).body.items[0];
    expect(before.openingHours.monday).toEqual([{ opens: '09:30', closes: '12:30' }, { opens: '14:00', closes: '19:00' }]);
    const week = { monday: [], tuesday: [{ opens: '9:00', closes: '18:00' }], wednesday: [], thursday: [], friday: [], saturday: [], sunday: [] };
    const saved = await retailer.patch(`/organizations/${nantes}`, { openingHours: week, reason: 'Summer hours' });
    expect(saved.status).toBe(200);
    const after = (await stores({ postalCode: '44000', limit: 1 })).body.items[0];
    expect(after.openingHours).toEqual({ ...week, tuesday: [{ opens: '09:00', closes: '18:00' }] });
    const history = (await retailer.get(`/organizations/${nantes}/history`)).body.items.at(-1);
    expect(history).toMatchObject({ reason: 'Summer hours', changes: { openingHours: { to: { tuesday: [{ opens: '09:00', closes: '18:00' }] } } } });
    const refused = await retailer.patch(`/organizations/${nantes}`, { openingHours: { ...week, friday: [{ opens: '18:00', closes: '09:00' }] } });
    expect(refused.status).toBe(422);
    expect(refused.body.details.fields).toEqual([expect.objectContaining({ field: 'openingHours.friday', code: 'ENTITY_OPENING_HOURS_INVALID' })]);
  });
});

describe('When a search is out of bounds', () => {
  it('then the limit bounds the answer and says it is truncated; beyond 50 is refused', async () => {
    const two = await stores({ postalCode: '44000', limit: 2 });
    expect(names(two.body)).toEqual(['Demo Store Nantes', 'Demo Store Rennes']);
    expect(two.body).toMatchObject({ totalStores: 5, truncated: true });
    expect((await stores({ limit: 51 })).status).toBe(400);
    expect((await stores({ limit: 0 })).status).toBe(400);
  });

  it('then a position out of range, half a position, a postal code too long or unknown, or an unknown account are refused with their codes', async () => {
    expect((await stores({ latitude: 91, longitude: 0 })).status).toBe(400);
    const half = await stores({ latitude: 45 });
    expect(half.status).toBe(400);
    expect(half.body.code).toBe('STORE_POSITION_INCOMPLETE');
    expect((await stores({ postalCode: '1'.repeat(17) })).status).toBe(400);
    const unknown = await stores({ postalCode: 'ZZ-99' });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ code: 'STORE_POSTAL_CODE_UNKNOWN', details: { postalCode: 'ZZ-99' } });
    expect(unknown.body.message).toContain('ZZ-99');
    const noStorefront = await stores({}, '00000000-0000-4000-8000-000000000000');
    expect(noStorefront.status).toBe(404);
    expect(noStorefront.body.code).toBe('WHITE_LABEL_NOT_AVAILABLE');
  });

  it('then one address searching past the limit in a minute is refused 429 with Retry-After', async () => {
    let refused: Awaited<ReturnType<typeof stores>> | null = null;
    for (let i = 0; i <= STORE_SEARCHES_PER_MINUTE && !refused; i++) {
      const answer = await stores();
      if (answer.status === 429) refused = answer;
    }
    expect(refused?.body.code).toBe('RATE_LIMITED');
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
