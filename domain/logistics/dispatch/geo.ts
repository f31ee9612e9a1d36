/**
 * Where a postal code is, roughly: enough to tell which of a retailer's
 * warehouses is nearest to a store or a customer, not to route a van. A
 * French code gives its department's centroid, a Belgian one its province's;
 * the platform holds no finer geography and needs none (two warehouses in
 * the same department are as near as each other). Any other code: unknown.
 *
 * A French code's first two digits are its department's in nearly every
 * case; the few exceptions (a commune served by a post office across the
 * border) stay in the neighbouring department, tens of kilometres away.
 * Centroids to two decimals (about a kilometre), written from the
 * departments' and provinces' geographic centres.
 */

export interface Coordinates {
  /** Degrees north (negative: south). */
  lat: number;
  /** Degrees east (negative: west). */
  lon: number;
}

const c = (lat: number, lon: number): Coordinates => Object.freeze({ lat, lon });

/** Metropolitan departments by number (Corsica as 2A and 2B), overseas departments by their three digits. */
const FRENCH_DEPARTMENTS: Readonly<Record<string, Coordinates>> = {
  '01': c(46.07, 5.35), // Ain
  '02': c(49.56, 3.56), // Aisne
  '03': c(46.39, 3.19), // Allier
  '04': c(44.11, 6.24), // Alpes-de-Haute-Provence
  '05': c(44.66, 6.26), // Hautes-Alpes
  '06': c(43.94, 7.12), // Alpes-Maritimes
  '07': c(44.75, 4.42), // Ardèche
  '08': c(49.62, 4.64), // Ardennes
  '09': c(42.92, 1.5), // Ariège
  '10': c(48.3, 4.16), // Aube
  '11': c(43.1, 2.41), // Aude
  '12': c(44.28, 2.68), // Aveyron
  '13': c(43.54, 5.09), // Bouches-du-Rhône
  '14': c(49.1, -0.36), // Calvados
  '15': c(45.05, 2.67), // Cantal
  '16': c(45.72, 0.2), // Charente
  '17': c(45.78, -0.67), // Charente-Maritime
  '18': c(47.06, 2.49), // Cher
  '19': c(45.36, 1.88), // Corrèze
  '2A': c(41.86, 8.99), // Corse-du-Sud
  '2B': c(42.39, 9.21), // Haute-Corse
  '21': c(47.42, 4.77), // Côte-d'Or
  '22': c(48.44, -2.86), // Côtes-d'Armor
  '23': c(46.09, 2.02), // Creuse
  '24': c(45.1, 0.74), // Dordogne
  '25': c(47.17, 6.36), // Doubs
  '26': c(44.68, 5.17), // Drôme
  '27': c(49.11, 1.03), // Eure
  '28': c(48.39, 1.37), // Eure-et-Loir
  '29': c(48.26, -4.06), // Finistère
  '30': c(43.99, 4.18), // Gard
  '31': c(43.36, 1.17), // Haute-Garonne
  '32': c(43.69, 0.45), // Gers
  '33': c(44.83, -0.58), // Gironde
  '34': c(43.58, 3.37), // Hérault
  '35': c(48.15, -1.64), // Ille-et-Vilaine
  '36': c(46.78, 1.58), // Indre
  '37': c(47.26, 0.69), // Indre-et-Loire
  '38': c(45.26, 5.58), // Isère
  '39': c(46.73, 5.7), // Jura
  '40': c(43.97, -0.78), // Landes
  '41': c(47.62, 1.43), // Loir-et-Cher
  '42': c(45.73, 4.17), // Loire
  '43': c(45.13, 3.81), // Haute-Loire
  '44': c(47.36, -1.68), // Loire-Atlantique
  '45': c(47.91, 2.3), // Loiret
  '46': c(44.62, 1.6), // Lot
  '47': c(44.37, 0.46), // Lot-et-Garonne
  '48': c(44.52, 3.5), // Lozère
  '49': c(47.39, -0.56), // Maine-et-Loire
  '50': c(49.08, -1.33), // Manche
  '51': c(48.95, 4.24), // Marne
  '52': c(48.11, 5.23), // Haute-Marne
  '53': c(48.15, -0.66), // Mayenne
  '54': c(48.79, 6.17), // Meurthe-et-Moselle
  '55': c(48.99, 5.38), // Meuse
  '56': c(47.85, -2.81), // Morbihan
  '57': c(49.04, 6.66), // Moselle
  '58': c(47.12, 3.5), // Nièvre
  '59': c(50.45, 3.22), // Nord
  '60': c(49.41, 2.42), // Oise
  '61': c(48.62, 0.13), // Orne
  '62': c(50.49, 2.29), // Pas-de-Calais
  '63': c(45.73, 3.14), // Puy-de-Dôme
  '64': c(43.26, -0.76), // Pyrénées-Atlantiques
  '65': c(43.05, 0.16), // Hautes-Pyrénées
  '66': c(42.6, 2.52), // Pyrénées-Orientales
  '67': c(48.67, 7.55), // Bas-Rhin
  '68': c(47.86, 7.27), // Haut-Rhin
  '69': c(45.87, 4.64), // Rhône (and the Lyon metropolis)
  '70': c(47.64, 6.09), // Haute-Saône
  '71': c(46.64, 4.54), // Saône-et-Loire
  '72': c(47.99, 0.22), // Sarthe
  '73': c(45.48, 6.44), // Savoie
  '74': c(46.03, 6.43), // Haute-Savoie
  '75': c(48.86, 2.35), // Paris
  '76': c(49.66, 1.03), // Seine-Maritime
  '77': c(48.63, 2.93), // Seine-et-Marne
  '78': c(48.82, 1.84), // Yvelines
  '79': c(46.56, -0.32), // Deux-Sèvres
  '80': c(49.96, 2.28), // Somme
  '81': c(43.79, 2.17), // Tarn
  '82': c(44.09, 1.28), // Tarn-et-Garonne
  '83': c(43.46, 6.22), // Var
  '84': c(44.01, 5.18), // Vaucluse
  '85': c(46.68, -1.3), // Vendée
  '86': c(46.56, 0.46), // Vienne
  '87': c(45.89, 1.24), // Haute-Vienne
  '88': c(48.2, 6.38), // Vosges
  '89': c(47.84, 3.56), // Yonne
  '90': c(47.63, 6.93), // Territoire de Belfort
  '91': c(48.52, 2.24), // Essonne
  '92': c(48.85, 2.25), // Hauts-de-Seine
  '93': c(48.91, 2.48), // Seine-Saint-Denis
  '94': c(48.78, 2.47), // Val-de-Marne
  '95': c(49.08, 2.13), // Val-d'Oise
  '971': c(16.19, -61.55), // Guadeloupe
  '972': c(14.64, -61.02), // Martinique
  '973': c(3.93, -53.13), // French Guiana
  '974': c(-21.13, 55.53), // La Réunion
  '975': c(46.92, -56.33), // Saint-Pierre-et-Miquelon
  '976': c(-12.82, 45.15), // Mayotte
};

/**
 * Saint-Barthélemy and Saint-Martin kept Guadeloupe's codes when they left
 * it in 2007, but lie 200 km north of it: their single codes say where they are.
 */
const FRENCH_SINGLE_CODES: Readonly<Record<string, Coordinates>> = {
  '97133': c(17.9, -62.83), // Saint-Barthélemy
  '97150': c(18.07, -63.05), // Saint-Martin
};

/** The French postal system's territories that are countries of their own in the customer form (domain/values/postal-code.ts). */
const FRENCH_POSTAL_COUNTRIES: ReadonlySet<string> = new Set(['FR', 'GP', 'MQ', 'GF', 'RE', 'PM', 'YT', 'BL', 'MF']);

/** Belgian provinces by their postal ranges (bpost's first digits), lowest first: [first code, last code, centroid]. */
const BELGIAN_PROVINCES: readonly (readonly [number, number, Coordinates])[] = [
  [1000, 1299, c(50.84, 4.36)], // Brussels-Capital
  [1300, 1499, c(50.67, 4.58)], // Walloon Brabant
  [1500, 1999, c(50.88, 4.6)], // Flemish Brabant
  [2000, 2999, c(51.21, 4.72)], // Antwerp
  [3000, 3499, c(50.88, 4.6)], // Flemish Brabant (Leuven)
  [3500, 3999, c(51.0, 5.45)], // Limburg
  [4000, 4999, c(50.5, 5.75)], // Liège
  [5000, 5999, c(50.27, 4.84)], // Namur
  [6000, 6599, c(50.47, 3.95)], // Hainaut (Charleroi)
  [6600, 6999, c(49.96, 5.49)], // Luxembourg
  [7000, 7999, c(50.47, 3.95)], // Hainaut (Mons, Tournai)
  [8000, 8999, c(51.04, 3.04)], // West Flanders
  [9000, 9999, c(51.04, 3.77)], // East Flanders
];

/**
 * The approximate coordinates of a postal code of `country` (ISO 3166-1
 * alpha-2), null when unknown: another country, or a code that is none
 * (France's 00xxx, 96xxx, 207xx; Belgium's 0xxx). Takes the stored form
 * (domain/values/postal-code.ts) and forgives spaces.
 */
export function coordinatesOfPostalCode(country: string, postalCode: string): Coordinates | null {
  const code = postalCode.replace(/\s+/g, '');
  const countryCode = country.trim().toUpperCase();
  if (FRENCH_POSTAL_COUNTRIES.has(countryCode)) return frenchCoordinates(code);
  if (countryCode === 'BE') return belgianCoordinates(code);
  return null;
}

function frenchCoordinates(code: string): Coordinates | null {
  if (!/^\d{5}$/.test(code)) return null;
  const single = FRENCH_SINGLE_CODES[code];
  if (single) return single;
  const two = code.slice(0, 2);
  if (two === '97') return FRENCH_DEPARTMENTS[code.slice(0, 3)] ?? null;
  if (two === '20') {
    // Corsica's codes start with 20 for both departments: 200xx–201xx Corse-du-Sud (Ajaccio), 202xx–206xx Haute-Corse (Bastia).
    const third = code.charAt(2);
    if (third === '0' || third === '1') return FRENCH_DEPARTMENTS['2A'] ?? null;
    if (third >= '2' && third <= '6') return FRENCH_DEPARTMENTS['2B'] ?? null;
    return null;
  }
  return FRENCH_DEPARTMENTS[two] ?? null;
}

function belgianCoordinates(code: string): Coordinates | null {
  if (!/^\d{4}$/.test(code)) return null;
  const number = Number(code);
  for (const [first, last, coordinates] of BELGIAN_PROVINCES) if (number >= first && number <= last) return coordinates;
  return null;
}

const EARTH_RADIUS_KM = 6371;
const RADIANS = Math.PI / 180;

/** The great-circle distance in kilometres (haversine, on a sphere of 6,371 km): well within the centroids' own error. */
export function distanceKm(a: Coordinates, b: Coordinates): number {
  const dLat = (b.lat - a.lat) * RADIANS;
  const dLon = (b.lon - a.lon) * RADIANS;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RADIANS) * Math.cos(b.lat * RADIANS) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
