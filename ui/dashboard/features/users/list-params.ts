// .js: Node tests load this file.
import { defineList, emptyFilters, filter, type ListParams } from '../../hooks/list-params.js';

/** Columns the API sorts by (USER_SORTS). */
export const USER_SORTABLE = ['lastname', 'firstname', 'email', 'status', 'createdAt', 'lastLoginAt'] as const;
export type UserSortField = (typeof USER_SORTABLE)[number];

export const USER_STATUS_FILTER = ['active', 'inactive'] as const;
export const USER_MODULE_FILTER = ['root', 'tim', 'rps', 'lcm'] as const;
export const USER_ROLE_FILTER = [
  'super_admin',
  'admin',
  'root_management_unit_manager',
  'root_management_unit_analyst',
  'management_unit_manager',
  'management_unit_analyst',
  'store_manager',
  'store_seller',
  'warehouse_manager',
  'warehouse_operator',
  'buyer_manager',
] as const;

export interface UserFilters {
  name: string;
  email: string;
  status: '' | (typeof USER_STATUS_FILTER)[number];
  module: '' | (typeof USER_MODULE_FILTER)[number];
  role: '' | (typeof USER_ROLE_FILTER)[number];
  entity: string;
}

/** The users, by last name. */
export const userList = defineList<UserFilters, UserSortField>({
  name: 'users',
  filters: {
    name: filter.text(),
    email: filter.text(),
    status: filter.oneOf(USER_STATUS_FILTER),
    module: filter.oneOf(USER_MODULE_FILTER),
    role: filter.oneOf(USER_ROLE_FILTER),
    entity: filter.id(),
  },
  sorts: USER_SORTABLE,
  defaultSort: 'lastname',
  defaultDirection: 'asc',
});

export type UserListParams = ListParams<UserFilters, UserSortField>;

export const EMPTY_USER_FILTERS: UserFilters = emptyFilters(userList);

/** The API's filters (GET /users), without paging. */
export function apiUserFilters(filters: UserFilters): Record<string, string | undefined> {
  return {
    name: filters.name.trim() || undefined,
    email: filters.email.trim() || undefined,
    status: filters.status || undefined,
    module: filters.module || undefined,
    role: filters.role || undefined,
    entity: filters.entity || undefined,
  };
}
