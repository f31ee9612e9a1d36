/** The screens of the pre-declared buybacks check, and where it leads. */
export const predeclaredPaths = {
  /** Enter (or scan) the code. */
  code: '/buybacks-predeclared',
  /** The declaration to check with the device in hand, then finalize. */
  check: (code: string) => `/buybacks-predeclared/${encodeURIComponent(code)}`,
  /** Finalized: the way to the buyback and to its shipping. */
  finalized: (code: string) => `/buybacks-predeclared/${encodeURIComponent(code)}/finalized`,
  buyback: (id: string) => `/buyback/${encodeURIComponent(id)}`,
  /** The store's list, at the buybacks awaiting shipment: the next step of a finalized one. */
  toShip: '/buybacks?status=bb_awaiting_inventory',
  create: '/buyback/create',
  list: '/buybacks',
} as const;
