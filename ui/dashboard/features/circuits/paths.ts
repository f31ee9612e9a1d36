/** The circuit screens (specification 000: /circuits, /circuit/{id}/edit) and the dispatch circuit rules'. */
export const circuitPaths = {
  list: '/circuits',
  edit: (id: string) => `/circuit/${encodeURIComponent(id)}/edit`,
  rules: '/dispatch-circuit-rules',
  createRule: '/dispatch-circuit-rule/create',
  editRule: (id: string) => `/dispatch-circuit-rule/${encodeURIComponent(id)}/edit`,
} as const;
