/** The payment screens, and the screens they lead to. */
export const paymentPaths = {
  list: '/searchPayment',
  detail: (id: string) => `/payments/${encodeURIComponent(id)}`,
  buyback: (id: string) => `/buyback/${encodeURIComponent(id)}`,
} as const;
