// .js: Node tests load this file (through the forms' models).
import { TRANSLATED_LOCALES, type TranslatedLocale, type Translations } from '@server/domain/shared/translations.js';

/** Per language, per path, the text as typed in a form's Translations section (blank: French). */
export type TranslatedTexts = Record<TranslatedLocale, Record<string, string>>;

/** The texts of these paths as the form edits them, from the translations read. */
export function translatedTexts(translations: Translations | null | undefined, paths: readonly string[]): TranslatedTexts {
  return Object.fromEntries(
    TRANSLATED_LOCALES.map((locale) => [locale, Object.fromEntries(paths.map((path) => [path, translations?.[locale]?.[path] ?? '']))]),
  ) as TranslatedTexts;
}

/** The translations as the API takes them: texts trimmed, blank ones left out (French then), null when none is written. */
export function translationsOf(texts: TranslatedTexts): Translations | null {
  const translations: Translations = {};
  for (const locale of TRANSLATED_LOCALES) {
    const written = Object.fromEntries(
      Object.entries(texts[locale])
        .map(([path, text]) => [path, text.trim()] as const)
        .filter(([, text]) => text !== ''),
    );
    if (Object.keys(written).length > 0) translations[locale] = written;
  }
  return Object.keys(translations).length > 0 ? translations : null;
}

/** One text changed in the texts (a new object: React state). */
export function withTranslatedText(texts: TranslatedTexts, locale: TranslatedLocale, path: string, text: string): TranslatedTexts {
  return { ...texts, [locale]: { ...texts[locale], [path]: text } };
}
