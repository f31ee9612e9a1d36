/** The check-in screens, and where they lead. */
export const checkInPaths = {
  /** Scan or type each parcel's code: the fast loop, with the parcels checked in during this session. */
  checkIn: '/warehouse/checkin',
  /** One parcel checked in: what was registered, and the field for the next one. */
  confirmation: (itemId: string) => `/warehouse/confirmation-checkin/${encodeURIComponent(itemId)}`,
  /** The compliance check, from the device's code (where check-in is not used). */
  checkSearch: '/warehouse/check',
  /** The compliance check of a registered item. */
  check: (itemId: string) => `/warehouse/check/${encodeURIComponent(itemId)}`,
  /** The item's detail (specification 001 §2: items-stock/{id}/edit). */
  item: (itemId: string) => `/items-stock/${encodeURIComponent(itemId)}/edit`,
  buyback: (buybackId: string) => `/buyback/${encodeURIComponent(buybackId)}`,
} as const;
