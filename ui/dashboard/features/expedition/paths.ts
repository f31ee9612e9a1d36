/** The expedition screens (specification 001, expedition), and where they lead. */
export const expeditionPaths = {
  /** The store's devices waiting to leave and its packages. */
  list: '/expedition',
  /** A new shipment: its destination warehouse and whether it travels under a carrier's label. */
  start: '/start-expedition',
  /** The package being built (open): scan, take out, clear, discard, close. */
  packing: (packageId: string) => `/packing-with-label?packageId=${encodeURIComponent(packageId)}`,
  /** A closed package: its label to download. */
  confirmation: (packageId: string) => `/expedition/confirmation?packageId=${encodeURIComponent(packageId)}`,
  buyback: (buybackId: string) => `/buyback/${encodeURIComponent(buybackId)}`,
} as const;

/** The package a screen is about: its address's `packageId`. */
export const PACKAGE_PARAM = 'packageId';
