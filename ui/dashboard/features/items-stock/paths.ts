/** The items screens, and the screens they lead to. */
export const itemPaths = {
  list: '/items-stock',
  detail: (id: string) => `/items-stock/${encodeURIComponent(id)}/edit`,
  buyback: (id: string) => `/buyback/${encodeURIComponent(id)}`,
  stock: (id: string) => `/stocks/${encodeURIComponent(id)}/edit`,
} as const;
