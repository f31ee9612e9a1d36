import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES, type Locale } from '../../domain/organizations/events.js';

export const DEFAULT_LOCALE: Locale = 'fr-FR';
export const FALLBACK_LOCALE: Locale = 'en-GB';

/** The API's texts of one locale: `errors`, `fields`, `mail`, `menu`… (see ModuleTexts). */
export type TextTree = { [key: string]: unknown };

/**
 * Reads `<directory>/<locale>.json` for the four locales. Compiled code runs
 * from dist/, where JSON files are not copied: they are read from the source tree.
 */
export function readLocales(directory: string): Record<Locale, TextTree> {
  const source = directory.includes('/dist/') ? directory.replace('/dist/', '/') : directory;
  return Object.fromEntries(
    LOCALES.map((locale) => [locale, JSON.parse(readFileSync(join(source, `${locale}.json`), 'utf8')) as TextTree]),
  ) as Record<Locale, TextTree>;
}

/** The folder `locales` beside a module file (`import.meta.url`). */
export function localesBeside(moduleUrl: string): Record<Locale, TextTree> {
  return readLocales(join(dirname(fileURLToPath(moduleUrl)), 'locales'));
}

/** The best supported locale for an Accept-Language header; French by default. */
export function negotiateLocale(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const wanted = header
    .slice(0, 512)
    .split(',')
    .slice(0, 20)
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.split('=')[1] ?? 1);
      return { tag: tag.toLowerCase(), q: Number.isFinite(q) ? q : 0 };
    })
    .filter((w) => w.tag && w.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of wanted) {
    const exact = LOCALES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const language = LOCALES.find((l) => l.slice(0, 2).toLowerCase() === tag.slice(0, 2));
    if (language) return language;
  }
  return DEFAULT_LOCALE;
}

function lookup(tree: TextTree, path: string): string | null {
  let node: unknown = tree;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return null;
    node = (node as TextTree)[part];
  }
  if (typeof node === 'string') return node;
  if (node && typeof node === 'object' && typeof (node as TextTree)._ === 'string') return (node as Record<string, string>)._ ?? null;
  return null;
}

function interpolate(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : Array.isArray(values[name]) ? (values[name] as unknown[]).join(', ') : String(values[name]),
  );
}

/** Deep merge of text trees; a key defined twice with two different strings is an error (two parts claiming one text). */
export function mergeTexts(trees: readonly TextTree[], where = ''): TextTree {
  const merged: TextTree = {};
  for (const tree of trees) {
    for (const [key, value] of Object.entries(tree)) {
      const existing = merged[key];
      if (existing !== undefined && value !== null && typeof value === 'object' && typeof existing === 'object' && existing !== null) {
        merged[key] = mergeTexts([existing as TextTree, value as TextTree], `${where}${key}.`);
      } else if (existing !== undefined && existing !== value) {
        throw new Error(`The API text ${where}${key} is defined twice`);
      } else {
        merged[key] = value;
      }
    }
  }
  return merged;
}

/** The API's texts in the four locales: the core's and every module's, merged. */
export class Translator {
  constructor(private readonly texts: Readonly<Record<Locale, TextTree>>) {}

  static merge(sets: ReadonlyArray<Readonly<Record<Locale, TextTree>>>): Translator {
    return new Translator(
      Object.fromEntries(LOCALES.map((locale) => [locale, mergeTexts(sets.map((set) => set[locale]))])) as Record<Locale, TextTree>,
    );
  }

  /** The text at `path` (dotted), falling back to English, then to null. */
  find(locale: Locale, path: string, values: Record<string, unknown> = {}): string | null {
    const template = lookup(this.texts[locale], path) ?? lookup(this.texts[FALLBACK_LOCALE], path);
    return template === null ? null : interpolate(template, values);
  }

  /** The text at `path`, or the path itself when no locale has it. */
  text(locale: Locale, path: string, values: Record<string, unknown> = {}): string {
    return this.find(locale, path, values) ?? path;
  }

  /** The message of an error code (or `schema.<keyword>`), falling back to English, then to the code. */
  error(locale: Locale, code: string, values: Record<string, unknown> = {}): string {
    return this.find(locale, `errors.${code}`, values) ?? code;
  }

  field(locale: Locale, field: string): string {
    return this.find(locale, `fields.${field}`) ?? field;
  }

  /** The whole tree of a locale (tests, documentation). */
  tree(locale: Locale): TextTree {
    return this.texts[locale];
  }
}
