/** Vite's build-time variables; absent when Node loads this file (the unit tests). */
const env = (import.meta as ImportMeta & { env?: Record<string, string | undefined> }).env;

/**
 * The release label both apps' footers show (specifications 000 and 002:
 * "Release label 2025-r32-6 shown in footers"). A build names another
 * release with VITE_RELEASE_LABEL.
 */
export const RELEASE_LABEL: string = env?.VITE_RELEASE_LABEL || '2025-r32-6';
