/**
 * Texts a retailer writes in the catalogue (a category's label, a question and
 * its answers, a circuit's instructions…), per language: French is the text
 * itself (required, the event's own field), the other languages optional and
 * falling back to French. An event or a document carries the French in its
 * fields and the others in `translations`, keyed by the field's path:
 *
 *   { label: 'Téléphones', translations: { 'en-GB': { label: 'Phones' }, 'de-DE': { label: 'Telefone' } } }
 *   answers: a question's answer `a1` is the path `answers.a1.title`.
 *
 * Pure: no I/O, no clock.
 */

/** The languages of the platform, French first (the default). */
export const TEXT_LOCALES = ['fr-FR', 'en-GB', 'nl-BE', 'de-DE'] as const;
export type TextLocale = (typeof TEXT_LOCALES)[number];

/** The languages a text may be translated into (French is the field itself). */
export const TRANSLATED_LOCALES = ['en-GB', 'nl-BE', 'de-DE'] as const;
export type TranslatedLocale = (typeof TRANSLATED_LOCALES)[number];

/** Per language, per field path, the translated text. Absent: French. */
export type Translations = Partial<Record<TranslatedLocale, Record<string, string>>>;

/** The longest translated text accepted for one field, whatever the field's own bound (the field's bound applies too). */
export const MAX_TRANSLATED_FIELDS = 200;

function isTranslated(locale: string): locale is TranslatedLocale {
  return (TRANSLATED_LOCALES as readonly string[]).includes(locale);
}

/**
 * The text of `path` in `locale`: its translation when written (non-blank),
 * else the French one. A locale written `en`, `nl`, `de` or `en-US` reads the
 * language's translation.
 */
export function translate(french: string, translations: Translations | null | undefined, path: string, locale: string | null | undefined): string;
export function translate(french: string | null, translations: Translations | null | undefined, path: string, locale: string | null | undefined): string | null;
export function translate(french: string | null, translations: Translations | null | undefined, path: string, locale: string | null | undefined): string | null {
  const language = localeOf(locale);
  if (language === null || translations == null) return french;
  const text = translations[language]?.[path];
  return text !== undefined && text.trim() !== '' ? text : french;
}

/** The translated locale a request's language names (`en`, `en-US` → `en-GB`), null for French or an unknown one. */
export function localeOf(locale: string | null | undefined): TranslatedLocale | null {
  if (!locale) return null;
  if (isTranslated(locale)) return locale;
  const language = locale.slice(0, 2).toLowerCase();
  return TRANSLATED_LOCALES.find((candidate) => candidate.startsWith(`${language}-`)) ?? null;
}

/**
 * Translations cleaned for an event: blank texts dropped, languages left
 * empty dropped, only the paths `allowed` accepts kept. Null when nothing is left.
 */
export function cleanTranslations(translations: Translations | null | undefined, allowed: (path: string) => boolean): Translations | null {
  if (translations == null) return null;
  const cleaned: Translations = {};
  for (const locale of TRANSLATED_LOCALES) {
    const fields = translations[locale];
    if (!fields) continue;
    const kept = Object.entries(fields).filter(([path, text]) => allowed(path) && text.trim() !== '');
    if (kept.length > 0) cleaned[locale] = Object.fromEntries(kept.map(([path, text]) => [path, text.trim()]));
  }
  return Object.keys(cleaned).length > 0 ? cleaned : null;
}
