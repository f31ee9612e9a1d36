/**
 * The storefront's drop-off stores (issue 24, /stores): public, throttled
 * per client address, bounded (at most STORES_MAX_LIMIT stores answered,
 * STORES_READ_LIMIT read), no personal data.
 */
import { STORES_DEFAULT_LIMIT, STORES_MAX_LIMIT, type StoreLocator } from '../../../../application/organizations/stores/store-locator.js';
import { DropOffStoresView } from '../../../../application/organizations/stores/store-views.js';
import { HttpError } from '../../errors.js';
import type { Throttle } from '../../../security/throttle.js';
import { defineRoute, type Route } from '../../route.js';
import { Text, Type, uuid } from '../schemas.js';

export interface StoreLocatorRouteDeps {
  locator: StoreLocator;
  /** Searches per client address (a scraper of every postal code meets it long before a visitor does). */
  throttle: Throttle;
  /** The account the storefront shows when it names none (the white-label configuration's). */
  defaultAccountId(): Promise<string | null>;
}

const Query = Type.Object(
  {
    accountId: Type.Optional(uuid),
    postalCode: Type.Optional(Text(16, 1, { description: 'Where to search from: a postal code (ignored with a position).' })),
    country: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$', maxLength: 2, description: 'The postal code’s country (ISO alpha-2); by default the retailer’s stores’ countries.' })),
    latitude: Type.Optional(Type.Number({ minimum: -90, maximum: 90, description: 'The browser’s position (with longitude).' })),
    longitude: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: STORES_MAX_LIMIT, default: STORES_DEFAULT_LIMIT })),
  },
  { additionalProperties: false },
);

export function storeLocatorRoutes({ locator, throttle, defaultAccountId }: StoreLocatorRouteDeps): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/white-label/stores',
      operationId: 'getDropOffStores',
      summary:
        'The retailer’s drop-off stores (its active organizations of type store): name, address, opening hours and coordinates only. From a position (latitude and longitude) or a postal code, nearest first with the distance in km; else by name. Answers the map’s tile URL (null: no map)',
      tag: 'public',
      access: { kind: 'public' },
      query: Query,
      response: { status: 200, description: 'The stores', schema: DropOffStoresView },
      otherResponses: {
        400: 'A latitude without a longitude or the reverse (STORE_POSITION_INCOMPLETE)',
        404: 'No storefront for that account (WHITE_LABEL_NOT_AVAILABLE)',
        422: 'A postal code the platform cannot place (STORE_POSTAL_CODE_UNKNOWN)',
        429: 'Too many searches from this address (RATE_LIMITED, Retry-After)',
      },
      async handler({ query, request }) {
        const address = request.ip ?? 'unknown';
        const wait = await throttle.blockedFor(address);
        if (wait !== null) throw new HttpError('RATE_LIMITED', { retryAfterSeconds: wait, minutes: Math.ceil(wait / 60) }, { 'Retry-After': String(wait) });
        await throttle.hit(address);
        if ((query.latitude === undefined) !== (query.longitude === undefined)) throw new HttpError('STORE_POSITION_INCOMPLETE');
        const accountId = query.accountId ?? (await defaultAccountId());
        if (!accountId) throw new HttpError('WHITE_LABEL_NOT_AVAILABLE');
        const position = query.latitude !== undefined && query.longitude !== undefined ? { lat: query.latitude, lon: query.longitude } : null;
        const body = await locator.search({ accountId, position, postalCode: query.postalCode ?? null, country: query.country ?? null, limit: query.limit ?? STORES_DEFAULT_LIMIT });
        return { body, headers: { 'Cache-Control': 'no-cache' } };
      },
    }),
  ];
}
