/**
 * The storefront's store locator (issue 24, /stores): a retailer's active
 * stores, public facts only, nearest first from a point: the visitor's
 * position, or a postal code. No geocoding service is reachable, so a postal
 * code is placed offline: at a store of the retailer with that very code (the
 * visitor lives in the same commune), else at the centre of its area in the
 * platform's own table (domain/logistics/dispatch/geo.ts: a French
 * department, a Belgian province), else it is refused
 * (docs/specification-readings.md, "Stores").
 */
import { coordinatesOfPostalCode, distanceKm, type Coordinates } from '../../../domain/logistics/dispatch/geo.js';
import { DomainError } from '../../../domain/shared/domain-error.js';
import type { DocumentStore } from '../../ports/document-store.js';
import { liveAccount, ORGANIZATION_COLLECTIONS, type AccountDocument, type OrganizationDocument } from '../read-models.js';
import type { DropOffStoresView, DropOffStoreView } from './store-views.js';

/** Stores read per search at most: a retailer's network fits many times over, and a search stays a bounded read. */
export const STORES_READ_LIMIT = 2_000;
export const STORES_DEFAULT_LIMIT = 20;
export const STORES_MAX_LIMIT = 50;

export interface StoreSearch {
  accountId: string;
  /** The browser's position (both or neither). */
  position?: Coordinates | null;
  postalCode?: string | null;
  /** The postal code's country (ISO alpha-2); by default, the retailer's stores' countries and its own. */
  country?: string | null;
  limit?: number;
}

export interface MapTiles {
  url: string;
  attribution: string;
}

const normalizedCode = (code: string) => code.replace(/\s+/g, '').toUpperCase();

const coordinatesOf = (store: OrganizationDocument): Coordinates | null =>
  typeof store.latitude === 'number' && typeof store.longitude === 'number' ? { lat: store.latitude, lon: store.longitude } : null;

export class StoreLocator {
  constructor(
    private readonly documents: DocumentStore,
    private readonly tiles: MapTiles | null,
  ) {}

  /** The retailer's stores, nearest first from the point searched (by name without one); WHITE_LABEL_NOT_AVAILABLE when it has no storefront. */
  async search(search: StoreSearch): Promise<DropOffStoresView> {
    const account = liveAccount(await this.documents.collection<AccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(search.accountId));
    if (!account?.whiteLabel) throw new DomainError('WHITE_LABEL_NOT_AVAILABLE');
    const stores = await this.documents
      .collection<OrganizationDocument>(ORGANIZATION_COLLECTIONS.organizations)
      .find({ accountId: account._id, type: 'store', status: 'active' }, { sort: [['commonName', 1]], limit: STORES_READ_LIMIT, hint: 'by_account_type' });
    const origin = search.position
      ? { point: search.position, by: 'position' as const }
      : search.postalCode
        ? placePostalCode(search.postalCode, search.country ?? null, stores, account.companyCountry)
        : null;
    const ranked = stores.map((store) => {
      const at = coordinatesOf(store);
      return { store, distance: origin && at ? Math.round(distanceKm(origin.point, at) * 10) / 10 : null };
    });
    if (origin) ranked.sort((a, b) => (a.distance ?? Infinity) - (b.distance ?? Infinity) || a.store.commonName.localeCompare(b.store.commonName));
    const limit = Math.min(Math.max(search.limit ?? STORES_DEFAULT_LIMIT, 1), STORES_MAX_LIMIT);
    return {
      items: ranked.slice(0, limit).map(({ store, distance }) => publicStore(store, distance)),
      origin: origin ? { latitude: origin.point.lat, longitude: origin.point.lon, by: origin.by } : null,
      totalStores: stores.length,
      truncated: stores.length > limit,
      tiles: this.tiles,
    };
  }
}

/** Where a postal code is: a store's own (same code), else its area's centre; STORE_POSTAL_CODE_UNKNOWN otherwise. */
function placePostalCode(postalCode: string, country: string | null, stores: readonly OrganizationDocument[], companyCountry: string) {
  const code = normalizedCode(postalCode);
  const wanted = country?.trim().toUpperCase() || null;
  const sameCode = stores.find((store) => store.zipCode && normalizedCode(store.zipCode) === code && coordinatesOf(store) && (!wanted || store.country === wanted));
  const at = sameCode && coordinatesOf(sameCode);
  if (at) return { point: at, by: 'store_postal_code' as const };
  const countries = wanted ? [wanted] : [...new Set([companyCountry, ...stores.map((store) => store.country)])];
  for (const candidate of countries) {
    const centre = coordinatesOfPostalCode(candidate, code);
    if (centre) return { point: centre, by: 'postal_code' as const };
  }
  throw new DomainError('STORE_POSTAL_CODE_UNKNOWN', { postalCode: postalCode.trim() });
}

/** What a visitor may know of a store: its name, address, hours and place; never its e-mail, external id nor staff. */
function publicStore(store: OrganizationDocument, distance: number | null): DropOffStoreView {
  return {
    name: store.commonName,
    street: store.street,
    streetComplement: store.streetComplement ?? null,
    zipCode: store.zipCode,
    city: store.city,
    country: store.country,
    latitude: store.latitude ?? null,
    longitude: store.longitude ?? null,
    openingHours: store.openingHours ?? null,
    distanceKm: distance,
  };
}
