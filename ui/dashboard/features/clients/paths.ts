/** The client screens (specification 002: /clients, /client/create, client/{organizationId}/edit, client/{id}/editPages, /account/{accountId}/linked-buyers). */
export const clientPaths = {
  list: '/clients',
  create: '/client/create',
  edit: (id: string) => `/client/${encodeURIComponent(id)}/edit`,
  pages: (id: string) => `/client/${encodeURIComponent(id)}/editPages`,
  linkedBuyers: (id: string) => `/account/${encodeURIComponent(id)}/linked-buyers`,
} as const;

export { UUID } from '../../lib/uuid';
