/** The item refurb steps' screens (specification 001 §2 "Refurbishment steps"). */
export const stepPaths = {
  search: '/warehouse/item-refurb-steps/search',
  item: (itemId: string) => `/items/${encodeURIComponent(itemId)}/item-refurb-steps`,
  step: (id: string) => `/item-refurb-steps/${encodeURIComponent(id)}`,
  completed: (itemId: string) => `/item-refurb-steps/completed?item=${encodeURIComponent(itemId)}`,
} as const;
