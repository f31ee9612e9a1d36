/** The compliance check's screens, and where they lead. */
export const checkPaths = {
  /** Scan or type the code of the device to check. */
  search: '/warehouse/check',
  /** The check of one item: specifications, diagnosis, summary, confirmation. */
  check: (itemId: string) => `/warehouse/check/${encodeURIComponent(itemId)}`,
  /** Check-in, where an item must be registered before its check. */
  checkIn: '/warehouse/checkin',
  /** The item's detail (specification 001 §2: items-stock/{id}/edit). */
  item: (itemId: string) => `/items-stock/${encodeURIComponent(itemId)}/edit`,
  buyback: (buybackId: string) => `/buyback/${encodeURIComponent(buybackId)}`,
} as const;
