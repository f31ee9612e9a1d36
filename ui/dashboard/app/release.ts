import { version } from '../../../package.json';

/**
 * The version label of the footer and the provider's link. The provider's
 * address is deployment configuration (VITE_PROVIDER_URL, VITE_PROVIDER_NAME
 * at build time); the version is the package's unless VITE_RELEASE_LABEL names a release.
 */
export const RELEASE: string = import.meta.env.VITE_RELEASE_LABEL ?? version;

export const PROVIDER = {
  name: import.meta.env.VITE_PROVIDER_NAME ?? 'Trade-in Platform',
  url: import.meta.env.VITE_PROVIDER_URL ?? '/',
};
