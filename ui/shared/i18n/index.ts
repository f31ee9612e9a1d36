import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

import { mergeTexts, type TextTree } from './merge-texts';
import { FALLBACK_LANGUAGE, LANGUAGES, isLanguage, namespaceOf, type Language } from './namespaces';

export * from './namespaces';

const STORAGE_KEY = 'language';

/**
 * Loaders of locale files: path → () => the file's texts (its JSON, never a module wrapping it: a file may have a
 * key named "default", as the transfer order's settings do).
 */
export type LocaleModules = Record<string, () => Promise<unknown>>;

export function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** The cookie that tells the storefront's server rendering the visitor's language (a preference, kept a year). */
export const LANGUAGE_COOKIE = 'language';

export function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private browsing without storage: the choice lasts for this page only.
  }
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** i18next's resources: language → namespace → texts. */
export type TextResources = Record<string, Record<string, Record<string, unknown>>>;

/** path → JSON texts, as a bundle of locale files holds them, into i18next's resources. */
export function textResources(files: Record<string, unknown>, into: TextResources = {}): TextResources {
  for (const [path, content] of Object.entries(files)) {
    const found = namespaceOf(path);
    if (!found) continue;
    const byNamespace = (into[found.language] ??= {});
    byNamespace[found.namespace] = mergeTexts({ ...(byNamespace[found.namespace] ?? {}) }, content as TextTree);
  }
  return into;
}

/**
 * Starts i18next with only the chosen language (and the fallback) loaded;
 * the other languages load when the visitor switches.
 */
export async function startI18n(
  modules: LocaleModules,
  initial: Language,
  /**
   * Texts already in the bundle (path → JSON) for `bundledLanguage`: when it is the
   * initial language, the first paint waits for no text download, and the en-GB
   * fallback is left for later (every key exists in every language anyway): the
   * app calls `loadFallbackLanguageOnMissingText`.
   */
  bundled?: { language: Language; files: Record<string, unknown> },
  /**
   * The namespaces loaded before the first render (all, unless given): the
   * others load when a page asks for them (i18next's loadNamespaces), and a
   * component that names one not loaded suspends until it is there.
   */
  initialNamespaces?: readonly string[],
): Promise<I18n> {
  const loaders = new Map<string, Array<() => Promise<unknown>>>();
  const namespaces = new Set<string>();
  for (const [path, load] of Object.entries(modules)) {
    const found = namespaceOf(path);
    if (!found) continue;
    namespaces.add(found.namespace);
    const key = `${found.language}|${found.namespace}`;
    loaders.set(key, [...(loaders.get(key) ?? []), load]);
  }
  const preloaded = bundled?.language === initial ? bundled : undefined;
  const resources = textResources(preloaded?.files ?? {});
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
          .then((loaded) => callback(null, loaded.reduce<TextTree>((texts, file) => mergeTexts(texts, file as TextTree), {})))
          .catch((error) => callback(error, null));
      },
    })
    .init({
      lng: initial,
      ...(preloaded ? { resources, partialBundledLanguages: true, fallbackLng: false as const } : { fallbackLng: FALLBACK_LANGUAGE }),
      supportedLngs: [...LANGUAGES],
      ns: [...(initialNamespaces ?? namespaces)],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  if (preloaded && initial !== FALLBACK_LANGUAGE) instance.options.fallbackLng = [FALLBACK_LANGUAGE];
  instance.on('languageChanged', setPageLanguage);
  setPageLanguage(initial);
  return instance;
}

/** `<html lang>`, set only when it changes: setting it makes the browser recalculate the style of the whole page (`:lang()`). */
function setPageLanguage(language: string): void {
  if (document.documentElement.lang !== language) document.documentElement.lang = language;
}

/**
 * Loads the fallback language's texts the first time a text is missing in
 * the page's language, not before: every key exists in every language
 * (tests/ui/locales.test.ts), so a first visit never downloads them (about
 * 19 kB compressed of the storefront's first load otherwise, Lighthouse
 * counts them). A text found missing shows its key until its component
 * renders again, then the fallback's text.
 */
export function loadFallbackLanguageOnMissingText(instance: I18n): void {
  let asked = false;
  instance.options.saveMissing = true;
  instance.options.missingKeyHandler = (_languages, namespace) => {
    // A namespace not loaded yet (one a page loads on demand) is not a missing text: the screen shows its default meanwhile.
    if (asked || !instance.hasLoadedNamespace(namespace) || instance.hasLoadedNamespace('common', { lng: FALLBACK_LANGUAGE })) return;
    asked = true;
    void instance.loadLanguages(FALLBACK_LANGUAGE);
  };
}
