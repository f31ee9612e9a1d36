// .js: Node tests load this file.
import { defineList, emptyFilters, filter, type ListParams } from '../../hooks/list-params.js';
import { ORGANIZATION_STATUSES, ORGANIZATION_TYPES } from './types.js';

/** Columns the API sorts by (ORGANIZATION_SORTS). */
export const ENTITY_SORTABLE = ['commonName', 'type', 'status', 'city', 'externalId', 'createdAt'] as const;
export type EntitySortField = (typeof ENTITY_SORTABLE)[number];

export interface EntityFilters {
  name: string;
  type: Array<(typeof ORGANIZATION_TYPES)[number]>;
  status: '' | (typeof ORGANIZATION_STATUSES)[number];
}

/** The entities, by name. */
export const entityList = defineList<EntityFilters, EntitySortField>({
  name: 'entities',
  filters: { name: filter.text(), type: filter.someOf(ORGANIZATION_TYPES), status: filter.oneOf(ORGANIZATION_STATUSES) },
  sorts: ENTITY_SORTABLE,
  defaultSort: 'commonName',
  defaultDirection: 'asc',
});

export type EntityListParams = ListParams<EntityFilters, EntitySortField>;

export const EMPTY_ENTITY_FILTERS: EntityFilters = emptyFilters(entityList);

/** The API's filters (GET /organizations), without paging. */
export function apiEntityFilters(filters: EntityFilters): Record<string, string | readonly string[] | undefined> {
  return { name: filters.name.trim() || undefined, type: filters.type.length ? filters.type : undefined, status: filters.status || undefined };
}
