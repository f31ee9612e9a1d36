/** The client screens (specification 002: /clients, /client/create, client/{organizationId}/edit, client/{id}/editPages, /account/{accountId}/linked-buyers). */
export const clientPaths = {
  list: '/clients',
  create: '/client/create',
  edit: (id: string) => `/client/${encodeURIComponent(id)}/edit`,
  pages: (id: string) => `/client/${encodeURIComponent(id)}/editPages`,
  linkedBuyers: (id: string) => `/account/${encodeURIComponent(id)}/linked-buyers`,
} as const;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
