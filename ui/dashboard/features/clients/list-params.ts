// .js: Node tests load this file.
import { defineList, emptyFilters, filter, type ListParams } from '../../hooks/list-params.js';

/** Columns the API sorts by (CLIENT_SORTS). */
export const CLIENT_SORTABLE = ['commonName', 'createdAt', 'status'] as const;
export type ClientSortField = (typeof CLIENT_SORTABLE)[number];

export const CLIENT_STATUS_FILTER = ['active', 'inactive'] as const;
export const CLIENT_MODULE_FILTER = ['root', 'tim', 'lcm', 'rps'] as const;

export interface ClientFilters {
  name: string;
  status: '' | (typeof CLIENT_STATUS_FILTER)[number];
  module: '' | (typeof CLIENT_MODULE_FILTER)[number];
}

/** The clients, by common name. */
export const clientList = defineList<ClientFilters, ClientSortField>({
  name: 'clients',
  filters: { name: filter.text(), status: filter.oneOf(CLIENT_STATUS_FILTER), module: filter.oneOf(CLIENT_MODULE_FILTER) },
  sorts: CLIENT_SORTABLE,
  defaultSort: 'commonName',
  defaultDirection: 'asc',
});

export type ClientListParams = ListParams<ClientFilters, ClientSortField>;

export const EMPTY_CLIENT_FILTERS: ClientFilters = emptyFilters(clientList);

/** The API's filters (GET /clients), without paging. */
export function apiClientFilters(filters: ClientFilters): Record<string, string | undefined> {
  return { name: filters.name.trim() || undefined, status: filters.status || undefined, module: filters.module || undefined };
}
