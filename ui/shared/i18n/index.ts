import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** fr-FR is the default language, en-GB the fallback when a key is missing. */
export const LANGUAGES = ['fr-FR', 'en-GB', 'nl-BE', 'de-DE'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fr-FR';
export const FALLBACK_LANGUAGE: Language = 'en-GB';
const STORAGE_KEY = 'language';

/** Loaders of locale files, as `import.meta.glob` gives them: path → () => module. */
export type LocaleModules = Record<string, () => Promise<unknown>>;

/**
 * Namespaces come from file paths, so features own their texts without
 * sharing one big file:
 *   shared/i18n/locales/<lng>.json              → "common"
 *   infrastructure/http/locales/<lng>.json      → "api" (the API's error texts: errors.<CODE>, fields.<name>)
 *   <app>/features/<feature>/locales/<lng>.json → "<feature>"
 *   shared/<module>/locales/<lng>.json          → "<module>" (code both apps use, e.g. buyback-path)
 *   <app>/app/locales/<lng>.json                → "app"
 */
export function namespaceOf(path: string): { namespace: string; language: string } | null {
  const match = /(?:^|\/)(?:(?:features|shared)\/([^/]+)\/|(app)\/|infrastructure\/http\/)locales\/([a-z]{2}-[A-Z]{2})\.json$/.exec(path);
  if (!match) return null;
  const folder = match[1] ?? match[2];
  const namespace = folder === undefined ? 'api' : folder === 'i18n' ? 'common' : folder;
  return { namespace, language: match[3] as string };
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

export function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private browsing without storage: the choice lasts for this page only.
  }
}

/**
 * Starts i18next with only the chosen language (and the fallback) loaded;
 * the other languages load when the visitor switches.
 */
export async function startI18n(modules: LocaleModules, initial: Language): Promise<I18n> {
  const loaders = new Map<string, Array<() => Promise<unknown>>>();
  const namespaces = new Set<string>();
  for (const [path, load] of Object.entries(modules)) {
    const found = namespaceOf(path);
    if (!found) continue;
    namespaces.add(found.namespace);
    const key = `${found.language}|${found.namespace}`;
    loaders.set(key, [...(loaders.get(key) ?? []), load]);
  }
  const instance = i18next.createInstance();
  await instance
    .use(initReactI18next)
    .use({
      type: 'backend',
      init() {},
      read(language: string, namespace: string, callback: (error: unknown, data: unknown) => void) {
        const load = loaders.get(`${language}|${namespace}`);
        if (!load) return callback(null, {});
        Promise.all(load.map((l) => l()))
          .then((loaded) => callback(null, Object.assign({}, ...loaded.map((m) => (m as { default?: unknown }).default ?? m))))
          .catch((error) => callback(error, null));
      },
    })
    .init({
      lng: initial,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: [...namespaces],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  instance.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  document.documentElement.lang = initial;
  return instance;
}
