/**
 * The brand colour before a tenant's own is known, or when it has none
 * (specification 002: the default primary colour is green). The tenant's
 * main colour replaces it at run time (branding.ts, `applyBranding`). Its own
 * module: the build's design-system stylesheet (system.ts) reads it in Node.
 */
export const DEFAULT_BRAND_COLOR = '#16A34A';
