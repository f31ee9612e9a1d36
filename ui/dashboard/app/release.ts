import { RELEASE_LABEL } from '../../shared/format/release';

/**
 * The release label of the footer (the specification's, shared with the
 * storefront) and the provider's link. The provider's address is deployment
 * configuration (VITE_PROVIDER_URL, VITE_PROVIDER_NAME at build time).
 */
export const RELEASE: string = RELEASE_LABEL;

export const PROVIDER = {
  name: import.meta.env.VITE_PROVIDER_NAME ?? 'Trade-in Platform',
  url: import.meta.env.VITE_PROVIDER_URL ?? '/',
};
