/** The auditor's replay: find a buyback, then replay it at a moment (kept in the address, to be shared). */
export const replayPaths = {
  search: '/replay',
  replay: (buybackId: string, search = '') => `/replay/${encodeURIComponent(buybackId)}${search}`,
  buyback: (buybackId: string) => `/buyback/${encodeURIComponent(buybackId)}`,
} as const;
