import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES, type Locale } from '../../domain/organizations/events.js';

const DEFAULT_LOCALE: Locale = 'fr-FR';
const FALLBACK_LOCALE: Locale = 'en-GB';

type Messages = { errors: Record<string, unknown>; fields: Record<string, unknown> };

function localesDirectory(): string {
  // Compiled code runs from dist/, where JSON files are not copied: read them from the source tree.
  const here = dirname(fileURLToPath(import.meta.url));
  return here.includes(`${'/dist/'}`) ? here.replace('/dist/', '/') + '/locales' : join(here, 'locales');
}

const catalogue: Record<Locale, Messages> = Object.fromEntries(
  LOCALES.map((locale) => [locale, JSON.parse(readFileSync(join(localesDirectory(), `${locale}.json`), 'utf8')) as Messages]),
) as Record<Locale, Messages>;

/** The best supported locale for an Accept-Language header; French by default. */
export function negotiateLocale(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const wanted = header
    .split(',')
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

function lookup(tree: Record<string, unknown>, path: string): string | null {
  let node: unknown = tree;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return null;
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node === 'string') return node;
  if (node && typeof node === 'object' && typeof (node as Record<string, unknown>)._ === 'string') {
    return (node as Record<string, string>)._ ?? null;
  }
  return null;
}

function interpolate(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : Array.isArray(values[name]) ? (values[name] as unknown[]).join(', ') : String(values[name]),
  );
}

/** The message of an error code (or `schema.<keyword>`), falling back to English, then to the code. */
export function translateError(locale: Locale, code: string, values: Record<string, unknown> = {}): string {
  const template = lookup(catalogue[locale].errors, code) ?? lookup(catalogue[FALLBACK_LOCALE].errors, code);
  return template ? interpolate(template, values) : code;
}

export function fieldLabel(locale: Locale, field: string): string {
  return lookup(catalogue[locale].fields, field) ?? lookup(catalogue[FALLBACK_LOCALE].fields, field) ?? field;
}
