/** The product screens (specification 000: /products, /product/create, product/{id}/edit). */
export const productPaths = {
  list: '/products',
  create: '/product/create',
  edit: (id: string) => `/product/${encodeURIComponent(id)}/edit`,
} as const;
