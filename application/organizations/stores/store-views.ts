/**
 * What GET /white-label/stores answers (the storefront's /stores page): a
 * retailer's drop-off stores, public facts only (name, address, opening
 * hours, coordinates), nearest first when a point was given.
 */
import { MAX_RANGES_PER_DAY } from '../../../domain/organizations/organization/opening-hours.js';
import { Nullable, StringEnum, Type, type Static } from '../../views/schema.js';

const Time = Type.String({ pattern: '^\\d{2}:\\d{2}$', description: 'Local wall-clock time, HH:MM (a range may close at 24:00).' });
const TimeRangeView = Type.Object({ opens: Time, closes: Time }, { title: 'TimeRange' });

const Day = Type.Array(TimeRangeView, { maxItems: MAX_RANGES_PER_DAY });

/** Each day of the week and its opening ranges, in order; a day with none is closed. */
export const OpeningHoursView = Type.Object(
  { monday: Day, tuesday: Day, wednesday: Day, thursday: Day, friday: Day, saturday: Day, sunday: Day },
  { title: 'OpeningHours' },
);

export const DropOffStoreView = Type.Object(
  {
    name: Type.String(),
    street: Nullable(Type.String()),
    streetComplement: Nullable(Type.String()),
    zipCode: Nullable(Type.String()),
    city: Nullable(Type.String()),
    country: Type.String({ description: 'ISO 3166-1 alpha-2.' }),
    latitude: Nullable(Type.Number()),
    longitude: Nullable(Type.Number()),
    openingHours: Nullable(OpeningHoursView),
    distanceKm: Nullable(Type.Number({ minimum: 0, description: 'From the point searched, in kilometres to 0.1; null without a point or without coordinates.' })),
  },
  { title: 'DropOffStore' },
);
export type DropOffStoreView = Static<typeof DropOffStoreView>;

export const STORE_SEARCH_ORIGINS = ['position', 'store_postal_code', 'postal_code'] as const;

export const DropOffStoresView = Type.Object(
  {
    items: Type.Array(DropOffStoreView),
    origin: Nullable(
      Type.Object({
        latitude: Type.Number(),
        longitude: Type.Number(),
        by: StringEnum(STORE_SEARCH_ORIGINS, {
          description: 'position: the browser’s; store_postal_code: a store of that postal code; postal_code: the centre of its area (a French department, a Belgian province).',
        }),
      }),
    ),
    totalStores: Type.Integer({ minimum: 0, description: 'The retailer’s active stores (up to the read bound).' }),
    truncated: Type.Boolean({ description: 'More stores than answered: ask nearer, or with a higher limit.' }),
    tiles: Nullable(
      Type.Object(
        { url: Type.String({ description: 'A raster tile URL template ({z}/{x}/{y}).' }), attribution: Type.String() },
        { description: 'The installation’s map tiles (MAP_TILE_URL); null: no map.' },
      ),
    ),
  },
  { title: 'DropOffStores' },
);
export type DropOffStoresView = Static<typeof DropOffStoresView>;
