/** The stock screens, and the items list a stock leads to. */
export const stockPaths = {
  list: '/stocks',
  create: '/stocks/create',
  /** Scan-to-stock: devices shelved one scan each. */
  scan: '/stocks/scan',
  edit: (id: string) => `/stocks/${encodeURIComponent(id)}/edit`,
  /** The items list, filtered by this stock. */
  items: (id: string) => `/items-stock?stockId=${encodeURIComponent(id)}`,
} as const;
