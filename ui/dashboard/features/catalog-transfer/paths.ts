/** The catalogue's files: their screens live under the tenant they work on. */
export const catalogTransferPaths = {
  exportOf: (accountId: string) => `/accounts/${encodeURIComponent(accountId)}/catalog-export`,
  importsOf: (accountId: string) => `/accounts/${encodeURIComponent(accountId)}/catalog-imports`,
};
