/**
 * The search service's key (specification 000: `GET organizations/{id}/typesense`):
 * a key that searches only the organization's account's published
 * products, for a search client querying Typesense itself. With the embedded
 * engine there is no service a browser could query: the answer says so
 * (`engine: 'embedded'`, no token) and names the search to use,
 * `GET /api/products?search=`.
 */
import type { DocumentStore } from '../../../../application/ports/document-store.js';
import type { Clock } from '../../../../application/ports/clock.js';
import type { ProductSearchIndex } from '../../../../application/ports/product-search.js';
import { visibleOrganization } from '../../../../application/organizations/entities/entity-lookup.js';
import { defineRoute, type Route } from '../../route.js';
import { Type, idParams } from '../schemas.js';

/** How long a scoped key searches (the storefront keeps it in a cookie per organization). */
export const SEARCH_KEY_TTL_MS = 24 * 60 * 60 * 1000;

export const SearchKeyView = Type.Union(
  [
    Type.Object(
      {
        engine: Type.Literal('typesense'),
        token: Type.String({ description: 'A Typesense key scoped to the published products' }),
        collection: Type.String({ description: 'The collection it searches: the index name and the organization’s account' }),
        expiresAt: Type.String({ format: 'date-time' }),
      },
      { additionalProperties: false },
    ),
    Type.Object(
      {
        engine: Type.Literal('embedded'),
        token: Type.Null(),
        collection: Type.Null(),
        expiresAt: Type.Null(),
        searchPath: Type.Literal('/api/products?search=', { description: 'The search to use: the embedded engine answers there' }),
      },
      { additionalProperties: false },
    ),
  ],
  { title: 'SearchKey', $id: 'SearchKey' },
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
        'A search key for the organization’s catalogue: Typesense’s, scoped to its account’s published products, with the collection to query (5 retries at 200 ms, 2 s to connect, 40 a page); with the embedded engine (no TYPESENSE_URL) no key: `engine: embedded` and the search to use, GET /api/products?search=',
      tag: 'catalog',
      access: { kind: 'authenticated', permission: 'catalog.read', anonymous: true },
      params: idParams('id'),
      response: { status: 200, description: 'The scoped key, or the embedded engine’s search', schema: SearchKeyView },
      otherResponses: { 404: 'Not an entity of the caller’s tenant (ENTITY_NOT_FOUND)' },
      async handler({ principal, params }) {
        const organization = await visibleOrganization(deps.documents, principal, params.id);
        const index = deps.search();
        if (!index.scopedSearchKey) {
          return { body: { engine: 'embedded' as const, token: null, collection: null, expiresAt: null, searchPath: '/api/products?search=' as const } };
        }
        const expiresAt = new Date(Date.parse(deps.clock.now()) + SEARCH_KEY_TTL_MS);
        return { body: { engine: 'typesense' as const, ...(await index.scopedSearchKey(organization.accountId, expiresAt)) } };
      },
    }),
  ];
}
