/** The support page, and the histories a conflict leads to (each side's). */
export const supportPaths = {
  page: '/support',
  buyback: (id: string) => `/buyback/${encodeURIComponent(id)}`,
  item: (id: string) => `/items-stock/${encodeURIComponent(id)}/edit`,
  replay: (buybackId: string) => `/replay/${encodeURIComponent(buybackId)}`,
} as const;
