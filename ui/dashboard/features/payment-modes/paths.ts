/** The payment-mode screens (specification 001: /paymentModes, paymentMode/{id}/edit). */
export const paymentModePaths = {
  list: '/paymentModes',
  create: '/paymentMode/create',
  edit: (id: string) => `/paymentMode/${encodeURIComponent(id)}/edit`,
} as const;
