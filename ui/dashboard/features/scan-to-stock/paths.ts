/** The scan-to-stock screen: a stock chosen once, then device after device scanned into it. */
export const scanToStockPaths = {
  scan: '/stocks/scan',
  item: (itemId: string) => `/items-stock/${encodeURIComponent(itemId)}/edit`,
} as const;
