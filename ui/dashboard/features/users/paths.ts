/** The users' screens (specification 002: /users, /user/create, user/{id}/edit, userAdmin/…, userClient/…, /users/import). */
export const userPaths = {
  list: '/users',
  create: '/user/create',
  edit: (id: string) => `/user/${encodeURIComponent(id)}/edit`,
  adminCreate: '/userAdmin/create',
  adminEdit: (id: string) => `/userAdmin/${encodeURIComponent(id)}/edit`,
  clientCreate: '/userClient/create',
  clientEdit: (id: string) => `/userClient/${encodeURIComponent(id)}/edit`,
  /** The CSV import (the users import's screens). */
  import: '/users/import',
  permissions: '/permissions',
} as const;
