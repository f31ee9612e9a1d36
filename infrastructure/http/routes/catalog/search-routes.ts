/**
 * The search service's key (specification 000: `GET organizations/{id}/typesense`):
 * a key that searches only the organization's account's published
 * products, for a search client querying Typesense itself. With the embedded
 * engine there is no service to query: TYPESENSE_NOT_CONFIGURED (409), and
 * the storefront searches through `GET /products?search=`.
 */
import type { DocumentStore } from '../../../../application/ports/document-store.js';
import type { Clock } from '../../../../application/ports/clock.js';
import type { ProductSearchIndex } from '../../../../application/ports/product-search.js';
import { ApplicationError } from '../../../../application/commands/errors.js';
import { visibleOrganization } from '../../../../application/organizations/entities/entity-lookup.js';
import { defineRoute, type Route } from '../../route.js';
import { Type, idParams } from '../schemas.js';

/** How long a scoped key searches (the storefront keeps it in a cookie per organization). */
export const SEARCH_KEY_TTL_MS = 24 * 60 * 60 * 1000;

export const SearchKeyView = Type.Object(
  {
    token: Type.String({ description: 'A Typesense key scoped to the published products' }),
    collection: Type.String({ description: 'The collection it searches: the index name and the organization’s account' }),
    expiresAt: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);

export interface SearchRouteDeps {
  documents: DocumentStore;
  clock: Clock;
  search: () => ProductSearchIndex;
}

export function searchRoutes(deps: SearchRouteDeps): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/organizations/{id}/typesense',
      operationId: 'getOrganizationSearchKey',
      summary:
        'A search key for the organization’s catalogue: Typesense’s, scoped to its account’s published products, with the collection to query (5 retries at 200 ms, 2 s to connect, 40 a page). Without Typesense (the embedded search engine) TYPESENSE_NOT_CONFIGURED: search through GET /products?search=',
      tag: 'catalog',
      access: { kind: 'authenticated', permission: 'catalog.read', anonymous: true },
      params: idParams('id'),
      response: { status: 200, description: 'The scoped key', schema: SearchKeyView },
      otherResponses: {
        404: 'Not an entity of the caller’s tenant (ENTITY_NOT_FOUND)',
        409: 'The installation searches with the embedded engine: no search service to give a key for (TYPESENSE_NOT_CONFIGURED)',
      },
      async handler({ principal, params }) {
        const organization = await visibleOrganization(deps.documents, principal, params.id);
        const index = deps.search();
        if (!index.scopedSearchKey) throw new ApplicationError('TYPESENSE_NOT_CONFIGURED', {});
        const expiresAt = new Date(Date.parse(deps.clock.now()) + SEARCH_KEY_TTL_MS);
        return { body: await index.scopedSearchKey(organization.accountId, expiresAt) };
      },
    }),
  ];
}
