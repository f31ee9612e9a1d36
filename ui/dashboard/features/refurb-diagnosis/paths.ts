/** The diagnosis's screens (specification 001 §2 "Refurbishment diagnosis"). */
export const diagnosisPaths = {
  start: '/refurb-diagnosis/start',
  overview: (id: string) => `/warehouse/refurb-diagnosis/${encodeURIComponent(id)}`,
  questions: (id: string) => `/refurb-diagnosis/${encodeURIComponent(id)}/questions`,
  summary: (id: string) => `/refurb-diagnosis/${encodeURIComponent(id)}/summary`,
  stock: (id: string) => `/refurb-diagnosis/${encodeURIComponent(id)}/stock`,
  finalized: (id: string) => `/refurb-diagnosis/${encodeURIComponent(id)}/finalized`,
  /** The item's refurb steps (the steps feature's screen). */
  itemSteps: (itemId: string) => `/items/${encodeURIComponent(itemId)}/item-refurb-steps`,
  item: (itemId: string) => `/items-stock/${encodeURIComponent(itemId)}/edit`,
} as const;
