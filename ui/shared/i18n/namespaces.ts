/** Languages and namespaces: no DOM here, so Node tests can read it too. */
/** fr-FR is the default language, en-GB the fallback when a key is missing. */
export const LANGUAGES = ['fr-FR', 'en-GB', 'nl-BE', 'de-DE'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fr-FR';
export const FALLBACK_LANGUAGE: Language = 'en-GB';

/**
 * Namespaces come from file paths, so features own their texts without
 * sharing one big file:
 *   shared/i18n/locales/<lng>.json              → "common"
 *   infrastructure/http/locales/<lng>.json      → "api" (the API's texts: errors.<CODE>; the core's)
 *   infrastructure/modules/<part>/locales/<lng>.json → "api" too (each part's), deep-merged with the core's
 *   <app>/features/<feature>/locales/<lng>.json → "<feature>"
 *   shared/<module>/locales/<lng>.json          → "<module>" (code both apps use, e.g. buyback-path)
 *   <app>/app/locales/<lng>.json                → "app"
 */
export function namespaceOf(path: string): { namespace: string; language: string } | null {
  const match = /(?:^|\/)(?:(?:features|shared)\/([^/]+)\/|(app)\/|infrastructure\/(?:http|modules\/[^/]+)\/)locales\/([a-z]{2}-[A-Z]{2})\.json$/.exec(path);
  if (!match) return null;
  const folder = match[1] ?? match[2];
  const namespace = folder === undefined ? 'api' : folder === 'i18n' ? 'common' : folder;
  return { namespace, language: match[3] as string };
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

