import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRODUCT_STATES } from '../../catalog/estimate.js';
import { chooseWarehouse, prepareDispatch, type DispatchChoice, type DispatchConfig, type DispatchFacts, type DispatchWarehouse } from './choose.js';
import { coordinatesOfPostalCode, type Coordinates } from './geo.js';
import { DISPATCH_ATTRIBUTES, DISPATCH_OPERATORS, brandKey, type DispatchAttribute, type DispatchCondition, type DispatchOperator, type DispatchRule } from './rules.js';

const at = (postalCode: string): Coordinates => coordinatesOfPostalCode('FR', postalCode) as Coordinates;

const LYON = 'warehouse-lyon';
const ORLEANS = 'warehouse-orleans';
const LENS = 'warehouse-lens';
/** In Lens's department: at the same centroid, as near as Lens from anywhere. */
const ARRAS = 'warehouse-arras';
/** Its postal code gives no coordinates (a warehouse abroad). */
const ABROAD = 'warehouse-abroad';
const DEFAULT = 'warehouse-default';
/** Named by rules but deleted since. */
const GONE = 'warehouse-gone';

const WAREHOUSES: ReadonlyMap<string, DispatchWarehouse> = new Map([
  [LYON, { coordinates: at('69007') }],
  [ORLEANS, { coordinates: at('45000') }],
  [LENS, { coordinates: at('62300') }],
  [ARRAS, { coordinates: at('62000') }],
  [ABROAD, { coordinates: null }],
  [DEFAULT, { coordinates: at('75012') }],
]);

/** A store in Lille. */
const LILLE = at('59000');

/** An iPhone 15 declared in grade B on the web: its category, then its ancestors. */
const FACTS: DispatchFacts = {
  brand: 'Apple',
  categoryIds: ['category-iphone-15', 'category-iphones', 'category-phones'],
  circuitId: 'circuit-web',
  productState: 'grade_b',
  origin: null,
};

const when = (attribute: DispatchAttribute, operator: DispatchOperator, ...values: string[]): DispatchCondition => ({ attribute, operator, values });

function rule(ruleId: string, conditions: DispatchCondition[], warehouseIds: string[], nearest = false): DispatchRule {
  return { ruleId, title: `Rule ${ruleId}`, conditions, warehouseIds, nearest, updatedAt: '2026-03-02T09:00:00.000Z' };
}

const byRule = (ruleId: string, warehouseId: string, distance: Partial<Pick<DispatchChoice, 'nearest' | 'distanceKm'>> = {}): DispatchChoice => ({
  warehouseId,
  by: 'rule',
  ruleId,
  ruleTitle: `Rule ${ruleId}`,
  nearest: false,
  distanceKm: null,
  ...distance,
});
const BY_DEFAULT: DispatchChoice = { warehouseId: DEFAULT, by: 'default', ruleId: null, ruleTitle: null, nearest: false, distanceKm: null };

/** One rule sending to Lyon when its conditions hold: the case says whether they do. */
const only = (...conditions: DispatchCondition[]) => [rule('r1', conditions, [LYON])];
const MATCHED = byRule('r1', LYON);

interface Case {
  rules: DispatchRule[];
  facts?: Partial<DispatchFacts>;
  defaultWarehouseId?: string | null;
  expected: DispatchChoice | null;
}

const CASES: [string, Case][] = [
  // Each attribute, with each operator, holding and not.
  ['brand in, the product’s brand named', { rules: only(when('brand', 'in', 'Samsung', 'Apple')), expected: MATCHED }],
  ['brand in, the product’s brand not named', { rules: only(when('brand', 'in', 'Samsung')), expected: BY_DEFAULT }],
  ['brand not_in, the product’s brand not named', { rules: only(when('brand', 'not_in', 'Samsung')), expected: MATCHED }],
  ['brand not_in, the product’s brand named', { rules: only(when('brand', 'not_in', 'Samsung', 'Apple')), expected: BY_DEFAULT }],
  ['brand in, in other capitals and with spaces around the product’s', { rules: only(when('brand', 'in', 'APPLE')), facts: { brand: '  apple ' }, expected: MATCHED }],
  ['brand not_in, in other capitals than the product’s', { rules: only(when('brand', 'not_in', 'aPPle')), expected: BY_DEFAULT }],
  ['category in, the product’s own category', { rules: only(when('category', 'in', 'category-iphone-15')), expected: MATCHED }],
  ['category in, an ancestor of the product’s category', { rules: only(when('category', 'in', 'category-tablets', 'category-phones')), expected: MATCHED }],
  ['category in, another branch', { rules: only(when('category', 'in', 'category-tablets')), expected: BY_DEFAULT }],
  ['category not_in, another branch', { rules: only(when('category', 'not_in', 'category-tablets', 'category-laptops')), expected: MATCHED }],
  ['category not_in, an ancestor of the product’s category', { rules: only(when('category', 'not_in', 'category-phones')), expected: BY_DEFAULT }],
  ['category in, a product without category', { rules: only(when('category', 'in', 'category-phones')), facts: { categoryIds: [] }, expected: BY_DEFAULT }],
  ['category not_in, a product without category', { rules: only(when('category', 'not_in', 'category-phones')), facts: { categoryIds: [] }, expected: MATCHED }],
  ['circuit in, the buyback’s circuit named', { rules: only(when('circuit', 'in', 'circuit-web')), expected: MATCHED }],
  ['circuit in, the buyback’s circuit not named', { rules: only(when('circuit', 'in', 'circuit-store')), expected: BY_DEFAULT }],
  ['circuit not_in, the buyback’s circuit not named', { rules: only(when('circuit', 'not_in', 'circuit-store')), expected: MATCHED }],
  ['circuit not_in, the buyback’s circuit named', { rules: only(when('circuit', 'not_in', 'circuit-web')), expected: BY_DEFAULT }],
  ['productState in, the declared state named', { rules: only(when('productState', 'in', 'grade_a', 'grade_b')), expected: MATCHED }],
  ['productState in, the declared state not named', { rules: only(when('productState', 'in', 'grade_a', 'functional')), expected: BY_DEFAULT }],
  ['productState not_in, the declared state not named', { rules: only(when('productState', 'not_in', 'grade_d', 'grade_e')), expected: MATCHED }],
  ['productState not_in, the declared state named', { rules: only(when('productState', 'not_in', 'grade_b')), expected: BY_DEFAULT }],

  // Several conditions: all must hold.
  [
    'several conditions, all holding',
    { rules: only(when('brand', 'in', 'Apple'), when('category', 'in', 'category-phones'), when('circuit', 'not_in', 'circuit-store'), when('productState', 'in', 'grade_b')), expected: MATCHED },
  ],
  ['several conditions, the last one failing', { rules: only(when('brand', 'in', 'Apple'), when('category', 'in', 'category-phones'), when('productState', 'in', 'grade_a')), expected: BY_DEFAULT }],
  ['several conditions, the first one failing', { rules: only(when('brand', 'in', 'Samsung'), when('category', 'in', 'category-phones')), expected: BY_DEFAULT }],

  // The order of the rules.
  [
    'two matching rules: the first wins',
    { rules: [rule('r1', [when('brand', 'in', 'Apple')], [ORLEANS]), rule('r2', [when('category', 'in', 'category-phones')], [LYON])], expected: byRule('r1', ORLEANS) },
  ],
  [
    'the same two rules the other way round: the other wins',
    { rules: [rule('r2', [when('category', 'in', 'category-phones')], [LYON]), rule('r1', [when('brand', 'in', 'Apple')], [ORLEANS])], expected: byRule('r2', LYON) },
  ],
  [
    'a first rule not matching: the next matching one wins',
    { rules: [rule('r1', [when('brand', 'in', 'Samsung')], [ORLEANS]), rule('r2', [when('brand', 'in', 'Google')], [LENS]), rule('r3', [when('brand', 'in', 'Apple')], [LYON])], expected: byRule('r3', LYON) },
  ],

  // Destinations that no longer exist.
  [
    'a matching rule whose destinations are all gone: skipped for the next',
    { rules: [rule('r1', [when('brand', 'in', 'Apple')], [GONE]), rule('r2', [when('brand', 'in', 'Apple')], [LENS])], expected: byRule('r2', LENS) },
  ],
  ['a matching rule whose destinations are all gone, and no other: the default', { rules: [rule('r1', [when('brand', 'in', 'Apple')], [GONE])], expected: BY_DEFAULT }],
  ['a matching rule whose first destination is gone: the next one', { rules: [rule('r1', [when('brand', 'in', 'Apple')], [GONE, ORLEANS, LYON])], expected: byRule('r1', ORLEANS) }],

  // The geographic criterion.
  [
    'nearest, a store in Lille: Lens rather than Orléans, though Orléans is listed first',
    {
      rules: [rule('r1', [when('brand', 'in', 'Apple')], [ORLEANS, LENS], true)],
      facts: { origin: LILLE },
      expected: byRule('r1', LENS, { nearest: true, distanceKm: expect.closeTo(66, -1) as unknown as number }),
    },
  ],
  ['without nearest, a store in Lille: the first destination, Orléans', { rules: [rule('r1', [when('brand', 'in', 'Apple')], [ORLEANS, LENS])], facts: { origin: LILLE }, expected: byRule('r1', ORLEANS) }],
  [
    'nearest, two destinations as near: the one listed first (Arras)',
    {
      rules: [rule('r1', [when('brand', 'in', 'Apple')], [ORLEANS, ARRAS, LENS], true)],
      facts: { origin: LILLE },
      expected: byRule('r1', ARRAS, { nearest: true, distanceKm: expect.closeTo(66, -1) as unknown as number }),
    },
  ],
  [
    'nearest, the same two listed the other way: the one listed first (Lens)',
    {
      rules: [rule('r1', [when('brand', 'in', 'Apple')], [LENS, ARRAS], true)],
      facts: { origin: LILLE },
      expected: byRule('r1', LENS, { nearest: true, distanceKm: expect.closeTo(66, -1) as unknown as number }),
    },
  ],
  [
    'nearest, the first destination without coordinates: the nearest with coordinates, even far',
    {
      rules: [rule('r1', [when('brand', 'in', 'Apple')], [ABROAD, ORLEANS], true)],
      facts: { origin: LILLE },
      expected: byRule('r1', ORLEANS, { nearest: true, distanceKm: expect.closeTo(290, -2) as unknown as number }),
    },
  ],
  [
    'nearest, no destination with coordinates: the first, the distance deciding nothing',
    { rules: [rule('r1', [when('brand', 'in', 'Apple')], [GONE, ABROAD], true)], facts: { origin: LILLE }, expected: byRule('r1', ABROAD) },
  ],
  ['nearest without an origin: the first destination', { rules: [rule('r1', [when('brand', 'in', 'Apple')], [ORLEANS, LENS], true)], expected: byRule('r1', ORLEANS) }],

  // No rule applying.
  ['no rule matching: the default warehouse', { rules: only(when('brand', 'in', 'Samsung')), expected: BY_DEFAULT }],
  ['no rule matching and no default warehouse: none', { rules: only(when('brand', 'in', 'Samsung')), defaultWarehouseId: null, expected: null }],
  ['no rule matching and a default warehouse deleted since: none', { rules: only(when('brand', 'in', 'Samsung')), defaultWarehouseId: GONE, expected: null }],
  ['no rule at all: the default warehouse', { rules: [], facts: { origin: LILLE }, expected: BY_DEFAULT }],
  ['no rule at all and no default warehouse: none', { rules: [], defaultWarehouseId: null, expected: null }],
];

describe('chooseWarehouse', () => {
  it.each(CASES)('given %s', (_case, { rules, facts, defaultWarehouseId, expected }) => {
    const config: DispatchConfig = { rules, defaultWarehouseId: defaultWarehouseId === undefined ? DEFAULT : defaultWarehouseId, warehouses: WAREHOUSES };
    expect(chooseWarehouse(config, { ...FACTS, ...facts })).toEqual(expected);
  });

  it('given a prepared dispatch, when its answer is changed by the caller, then the next choice is not', () => {
    const prepared = prepareDispatch({ rules: only(when('brand', 'in', 'Apple')), defaultWarehouseId: DEFAULT, warehouses: WAREHOUSES });
    const first = prepared.choose(FACTS) as DispatchChoice;
    first.warehouseId = 'tampered';
    expect(prepared.choose(FACTS)).toEqual(MATCHED);
  });

  it('given a prepared dispatch, when the rules it was prepared from change, then it keeps choosing as prepared', () => {
    const rules = only(when('brand', 'in', 'Apple'));
    const prepared = prepareDispatch({ rules, defaultWarehouseId: DEFAULT, warehouses: WAREHOUSES });
    rules.length = 0;
    expect(prepared.choose(FACTS)).toEqual(MATCHED);
  });
});

// ---------------------------------------------------------------------------
// Properties, over random rules on a small vocabulary (so that rules do match).

const BRANDS = ['Apple', 'Samsung', 'Google', 'Xiaomi'];
const CATEGORIES = ['phones', 'iphones', 'galaxies', 'tablets', 'laptops'];
const CIRCUITS = ['web', 'store', 'b2b'];
const WAREHOUSE_IDS = ['w0', 'w1', 'w2', 'w3', 'w4', 'w5', 'w6', 'w7'];

const VOCABULARY: Record<DispatchAttribute, readonly string[]> = {
  brand: [...BRANDS, 'APPLE', 'samsung'],
  category: CATEGORIES,
  circuit: CIRCUITS,
  productState: PRODUCT_STATES,
};

const coordinatesArbitrary: fc.Arbitrary<Coordinates> = fc.record({
  lat: fc.double({ min: 42, max: 51, noNaN: true }),
  lon: fc.double({ min: -4, max: 8, noNaN: true }),
});

const conditionArbitrary: fc.Arbitrary<DispatchCondition> = fc
  .tuple(fc.constantFrom(...DISPATCH_ATTRIBUTES), fc.constantFrom(...DISPATCH_OPERATORS))
  .chain(([attribute, operator]) => fc.subarray([...VOCABULARY[attribute]], { minLength: 1 }).map((values) => ({ attribute, operator, values })));

const rulesArbitrary: fc.Arbitrary<DispatchRule[]> = fc
  .array(
    fc.record({
      conditions: fc.array(conditionArbitrary, { minLength: 1, maxLength: 3 }),
      warehouseIds: fc.shuffledSubarray(WAREHOUSE_IDS, { minLength: 1, maxLength: 4 }),
      nearest: fc.boolean(),
    }),
    { maxLength: 10 },
  )
  .map((drafts) => drafts.map((draft, index) => rule(`r${index}`, draft.conditions, draft.warehouseIds, draft.nearest)));

const configArbitrary: fc.Arbitrary<DispatchConfig> = fc.record({
  rules: rulesArbitrary,
  defaultWarehouseId: fc.option(fc.constantFrom(...WAREHOUSE_IDS), { nil: null }),
  // Some warehouses deleted, some without coordinates; two sharing a place now and then.
  warehouses: fc
    .subarray(WAREHOUSE_IDS)
    .chain((ids) => fc.tuple(fc.constant(ids), fc.array(fc.option(coordinatesArbitrary, { nil: null }), { minLength: ids.length, maxLength: ids.length }), fc.boolean()))
    .map(([ids, places, shared]) => {
      const warehouses = new Map<string, DispatchWarehouse>(ids.map((id, index) => [id, { coordinates: places[index] ?? null }]));
      if (shared && ids.length >= 2) warehouses.set(ids[1] as string, { coordinates: places[0] ?? null });
      return warehouses;
    }),
});

const factsArbitrary: fc.Arbitrary<DispatchFacts> = fc.record({
  brand: fc.constantFrom(...BRANDS, ' apple ', 'Fairphone'),
  categoryIds: fc.subarray(CATEGORIES),
  circuitId: fc.constantFrom(...CIRCUITS),
  productState: fc.constantFrom(...PRODUCT_STATES),
  origin: fc.option(coordinatesArbitrary, { nil: null }),
});

/** The semantics in the plainest words: the oracle the properties hold chooseWarehouse to. */
function conditionHolds(condition: DispatchCondition, facts: DispatchFacts): boolean {
  const named = (fact: string) => condition.values.some((value) => (condition.attribute === 'brand' ? brandKey(value) === brandKey(fact) : value === fact));
  const found =
    condition.attribute === 'brand' ? named(facts.brand)
    : condition.attribute === 'category' ? facts.categoryIds.some(named)
    : condition.attribute === 'circuit' ? named(facts.circuitId)
    : named(facts.productState);
  return condition.operator === 'in' ? found : !found;
}

const applies = (config: DispatchConfig, facts: DispatchFacts) => (candidate: DispatchRule) =>
  candidate.conditions.every((condition) => conditionHolds(condition, facts)) && candidate.warehouseIds.some((id) => config.warehouses.has(id));

describe('chooseWarehouse, whatever the rules', () => {
  it('given any rules and facts, then the choice is an existing destination of the first rule that applies, else the existing default, else none', () => {
    fc.assert(
      fc.property(configArbitrary, factsArbitrary, (config, facts) => {
        const choice = chooseWarehouse(config, facts);
        const winner = config.rules.find(applies(config, facts));
        if (winner) {
          expect(choice).toMatchObject({ by: 'rule', ruleId: winner.ruleId, ruleTitle: winner.title });
          expect(winner.warehouseIds).toContain(choice?.warehouseId);
          expect(config.warehouses.has(choice?.warehouseId as string)).toBe(true);
        } else if (config.defaultWarehouseId !== null && config.warehouses.has(config.defaultWarehouseId)) {
          expect(choice).toEqual({ warehouseId: config.defaultWarehouseId, by: 'default', ruleId: null, ruleTitle: null, nearest: false, distanceKm: null });
        } else {
          expect(choice).toBeNull();
        }
      }),
    );
  });

  it('given any rules, when the rules that do not apply are moved anywhere, then the choice does not change', () => {
    fc.assert(
      fc.property(configArbitrary, factsArbitrary, fc.array(fc.nat(), { minLength: 10, maxLength: 10 }), (config, facts, keys) => {
        const appliesHere = applies(config, facts);
        // Shuffle every rule, then put the applying ones back in their own relative order in the places they landed.
        const shuffled = config.rules.map((candidate, index) => ({ candidate, key: keys[index] ?? 0 })).sort((a, b) => a.key - b.key).map(({ candidate }) => candidate);
        const applying = config.rules.filter(appliesHere);
        let next = 0;
        const moved = shuffled.map((candidate) => (appliesHere(candidate) ? (applying[next++] as DispatchRule) : candidate));
        expect(chooseWarehouse({ ...config, rules: moved }, facts)).toEqual(chooseWarehouse(config, facts));
      }),
    );
  });

  it('given any rules and facts, when the same choice is made twice, prepared or not, then the answer is the same', () => {
    fc.assert(
      fc.property(configArbitrary, factsArbitrary, (config, facts) => {
        const prepared = prepareDispatch(config);
        const first = prepared.choose(facts);
        expect(prepared.choose(facts)).toEqual(first);
        expect(chooseWarehouse(config, facts)).toEqual(first);
      }),
    );
  });

  it('given any rules sending to the nearest, when an origin is known, then no destination with coordinates is nearer than the chosen one by more than the tie', () => {
    fc.assert(
      fc.property(configArbitrary, factsArbitrary, coordinatesArbitrary, (config, facts, origin) => {
        const choice = chooseWarehouse(config, { ...facts, origin });
        if (!choice?.nearest) return;
        const winner = config.rules.find((candidate) => candidate.ruleId === choice.ruleId) as DispatchRule;
        expect(winner.nearest).toBe(true);
        for (const id of winner.warehouseIds) {
          const coordinates = config.warehouses.get(id)?.coordinates;
          if (coordinates) expect(distanceBetween(origin, coordinates)).toBeGreaterThanOrEqual((choice.distanceKm as number) - 0.001);
        }
      }),
    );
  });
});

/** Haversine again, written independently: the property must not take the code's word for distances. */
function distanceBetween(a: Coordinates, b: Coordinates): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * 6371 * Math.atan2(Math.sqrt(h), Math.sqrt(1 - h));
}
