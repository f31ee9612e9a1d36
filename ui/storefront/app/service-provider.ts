/**
 * The company that runs the trade-in service for the retailer, named in the
 * footer. It is not part of the white-label configuration the API gives, so
 * it is set at build time (VITE_PROVIDER_NAME, VITE_PROVIDER_URL); without a
 * URL the footer names the provider without a link.
 */
export const SERVICE_PROVIDER: { name: string; url: string | null } = {
  name: import.meta.env.VITE_PROVIDER_NAME || 'Trade-in platform',
  url: import.meta.env.VITE_PROVIDER_URL || null,
};
