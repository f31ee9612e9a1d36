/** The category screens (specification 000: /categories/list, /category/create, category/{id}/edit). */
export const categoryPaths = {
  list: '/categories/list',
  create: (parentId?: string) => (parentId ? `/category/create?parentId=${encodeURIComponent(parentId)}` : '/category/create'),
  edit: (id: string) => `/category/${encodeURIComponent(id)}/edit`,
} as const;
