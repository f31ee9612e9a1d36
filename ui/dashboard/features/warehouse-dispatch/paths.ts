/** The warehouse dispatch screens. */
export const dispatchPaths = {
  list: '/warehouse-dispatch',
  create: '/warehouse-dispatch-rule/new',
  edit: (id: string) => `/warehouse-dispatch-rule/${encodeURIComponent(id)}`,
} as const;
