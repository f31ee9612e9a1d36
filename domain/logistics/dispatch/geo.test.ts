import { describe, expect, it } from 'vitest';
import { coordinatesOfPostalCode, distanceKm, type Coordinates } from './geo.js';

/** Within this many degrees of the expected point (about 15 km in latitude): a centroid, not an address. */
const DEGREES = 0.15;

function expectNear(actual: Coordinates | null, lat: number, lon: number, degrees = DEGREES): void {
  expect(actual).not.toBeNull();
  expect(Math.abs((actual as Coordinates).lat - lat), `latitude ${actual?.lat} vs ${lat}`).toBeLessThanOrEqual(degrees);
  expect(Math.abs((actual as Coordinates).lon - lon), `longitude ${actual?.lon} vs ${lon}`).toBeLessThanOrEqual(degrees);
}

const PARIS: Coordinates = { lat: 48.8566, lon: 2.3522 };
const LILLE: Coordinates = { lat: 50.6292, lon: 3.0573 };

describe('coordinatesOfPostalCode: France', () => {
  it.each([
    ['75001', 'Paris', 48.86, 2.35],
    ['13001', 'Bouches-du-Rhône', 43.5, 5.1],
    ['59000', 'Nord', 50.45, 3.2],
    ['45000', 'Loiret', 47.9, 2.2],
    ['62300', 'Pas-de-Calais', 50.5, 2.3],
    ['01000', 'Ain', 46.1, 5.35],
    ['29200', 'Finistère', 48.25, -4.05],
    ['67000', 'Bas-Rhin', 48.65, 7.55],
  ])('given %s, when its coordinates are asked, then they are those of %s', (code, _department, lat, lon) => {
    expectNear(coordinatesOfPostalCode('FR', code), lat, lon);
  });

  it.each([
    ['20000', 'Ajaccio', 'Corse-du-Sud', 41.86, 8.99],
    ['20167', 'Mezzavia', 'Corse-du-Sud', 41.86, 8.99],
    ['20200', 'Bastia', 'Haute-Corse', 42.39, 9.21],
    ['20600', 'Furiani', 'Haute-Corse', 42.39, 9.21],
  ])('given Corsica’s %s (%s), then it is in %s', (code, _town, _department, lat, lon) => {
    expectNear(coordinatesOfPostalCode('FR', code), lat, lon, 0.01);
  });

  it('tells Corsica’s two departments apart: Bastia is north of Ajaccio', () => {
    const ajaccio = coordinatesOfPostalCode('FR', '20000') as Coordinates;
    const bastia = coordinatesOfPostalCode('FR', '20200') as Coordinates;
    expect(bastia.lat).toBeGreaterThan(ajaccio.lat);
  });

  it.each([
    ['FR', '97100', 'Guadeloupe', 16.2, -61.55],
    ['FR', '97200', 'Martinique', 14.64, -61.02],
    ['FR', '97300', 'French Guiana', 3.93, -53.13],
    ['FR', '97400', 'La Réunion', -21.13, 55.53],
    ['RE', '97490', 'La Réunion, as its own country', -21.13, 55.53],
    ['FR', '97600', 'Mayotte', -12.82, 45.15],
    ['BL', '97133', 'Saint-Barthélemy, not Guadeloupe', 17.9, -62.83],
  ])('given the overseas code %s %s, then it is in %s', (country, code, _place, lat, lon) => {
    expectNear(coordinatesOfPostalCode(country, code), lat, lon);
  });

  it('forgives spaces in a code', () => {
    expect(coordinatesOfPostalCode('FR', ' 75 008 ')).toEqual(coordinatesOfPostalCode('FR', '75008'));
  });

  it.each(['00100', '96000', '20700', '98000', '99999', '7500', '750011', 'ABCDE', ''])('given the code %j, which no French place has, then it is unknown', (code) => {
    expect(coordinatesOfPostalCode('FR', code)).toBeNull();
  });

  it('has a place for every metropolitan department and its five overseas ones', () => {
    const metropolitan = Array.from({ length: 95 }, (_, index) => String(index + 1).padStart(2, '0')).filter((department) => department !== '20');
    for (const department of metropolitan) expect(coordinatesOfPostalCode('FR', `${department}100`), department).not.toBeNull();
    for (const overseas of ['971', '972', '973', '974', '976']) expect(coordinatesOfPostalCode('FR', `${overseas}10`), overseas).not.toBeNull();
    const all = [...metropolitan.map((department) => `${department}100`), '20000', '20200', '97110', '97210', '97310', '97410', '97610'];
    const places = new Set(all.map((code) => JSON.stringify(coordinatesOfPostalCode('FR', code))));
    expect(places.size).toBe(all.length);
  });

  it('puts every metropolitan department inside metropolitan France’s bounds (a slip of sign or of digits would not be)', () => {
    for (let department = 1; department <= 95; department++) {
      const code = department === 20 ? '20000' : `${String(department).padStart(2, '0')}000`;
      const { lat, lon } = coordinatesOfPostalCode('FR', code) as Coordinates;
      expect({ code, north: lat <= 51.1, south: lat >= 41.3, west: lon >= -5.2, east: lon <= 9.6 }).toEqual({ code, north: true, south: true, west: true, east: true });
    }
  });
});

describe('coordinatesOfPostalCode: Belgium', () => {
  const BRUSSELS = [50.84, 4.36] as const;
  const FLEMISH_BRABANT = [50.88, 4.6] as const;
  const HAINAUT = [50.47, 3.95] as const;

  it.each([
    ['1000', 'Brussels', BRUSSELS],
    ['1299', 'Brussels', BRUSSELS],
    ['1300', 'Walloon Brabant (Wavre)', [50.67, 4.58]],
    ['1499', 'Walloon Brabant', [50.67, 4.58]],
    ['1500', 'Flemish Brabant (Halle)', FLEMISH_BRABANT],
    ['1999', 'Flemish Brabant', FLEMISH_BRABANT],
    ['2000', 'Antwerp', [51.21, 4.72]],
    ['3000', 'Flemish Brabant (Leuven)', FLEMISH_BRABANT],
    ['3499', 'Flemish Brabant', FLEMISH_BRABANT],
    ['3500', 'Limburg (Hasselt)', [51.0, 5.45]],
    ['4000', 'Liège', [50.5, 5.75]],
    ['5000', 'Namur', [50.27, 4.84]],
    ['6000', 'Hainaut (Charleroi)', HAINAUT],
    ['6599', 'Hainaut', HAINAUT],
    ['6600', 'Luxembourg (Bastogne)', [49.96, 5.49]],
    ['6999', 'Luxembourg', [49.96, 5.49]],
    ['7000', 'Hainaut (Mons)', HAINAUT],
    ['8000', 'West Flanders (Bruges)', [51.04, 3.04]],
    ['9000', 'East Flanders (Ghent)', [51.04, 3.77]],
    ['9992', 'East Flanders', [51.04, 3.77]],
  ] as const)('given %s, then it is in %s', (code, _province, [lat, lon]) => {
    expectNear(coordinatesOfPostalCode('BE', code), lat, lon, 0.01);
  });

  it.each(['0999', '999', '10000', 'B-1000', ''])('given the code %j, which no Belgian place has, then it is unknown', (code) => {
    expect(coordinatesOfPostalCode('BE', code)).toBeNull();
  });
});

describe('coordinatesOfPostalCode: elsewhere', () => {
  it.each([
    ['DE', '10115'],
    ['LU', '1009'],
    ['NL', '1012 AB'],
    ['MC', '98000'],
    ['ES', '28001'],
  ])('given %s %s, a country without a table, then it is unknown', (country, code) => {
    expect(coordinatesOfPostalCode(country, code)).toBeNull();
  });

  it('reads the country whatever its case', () => {
    expect(coordinatesOfPostalCode('fr', '75001')).toEqual(coordinatesOfPostalCode('FR', '75001'));
  });
});

describe('distanceKm', () => {
  it('given Paris and Lille, then they are about 204 km apart', () => {
    expect(Math.abs(distanceKm(PARIS, LILLE) - 204)).toBeLessThanOrEqual(10);
  });

  it('is the same both ways, and nothing from a place to itself', () => {
    expect(distanceKm(LILLE, PARIS)).toBeCloseTo(distanceKm(PARIS, LILLE), 9);
    expect(distanceKm(PARIS, PARIS)).toBe(0);
  });

  it('given a quarter of a meridian, then it is a quarter of the Earth’s circumference', () => {
    expect(distanceKm({ lat: 0, lon: 0 }, { lat: 90, lon: 0 })).toBeCloseTo((Math.PI * 6371) / 2, 6);
  });

  it('given antipodes, then it is half the circumference', () => {
    // Near asin(1) the haversine loses digits: to the metre is plenty.
    expect(distanceKm({ lat: 10, lon: 20 }, { lat: -10, lon: -160 })).toBeCloseTo(Math.PI * 6371, 2);
  });

  it('given the department centroids of Lille and Lens, then they are nearer than Lille and Orléans', () => {
    const lille = coordinatesOfPostalCode('FR', '59000') as Coordinates;
    const lens = coordinatesOfPostalCode('FR', '62300') as Coordinates;
    const orleans = coordinatesOfPostalCode('FR', '45000') as Coordinates;
    expect(distanceKm(lille, lens)).toBeLessThan(100);
    expect(distanceKm(lille, orleans)).toBeGreaterThan(250);
  });
});
