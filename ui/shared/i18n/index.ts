import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

import { FALLBACK_LANGUAGE, LANGUAGES, isLanguage, namespaceOf, type Language } from './namespaces';

export * from './namespaces';

const STORAGE_KEY = 'language';

/** Loaders of locale files, as `import.meta.glob` gives them: path → () => module. */
export type LocaleModules = Record<string, () => Promise<unknown>>;

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
