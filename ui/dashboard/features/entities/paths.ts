/** The entities' screens (specification 002: /entities, /entity/create, entity/{id}/edit). */
export const entityPaths = {
  list: '/entities',
  create: '/entity/create',
  edit: (id: string) => `/entity/${encodeURIComponent(id)}/edit`,
} as const;
