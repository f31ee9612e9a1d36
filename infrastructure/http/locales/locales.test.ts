import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../../domain/organizations/events.js';
import { ERROR_STATUS } from '../error-catalogue.js';

type Tree = { [key: string]: string | Tree };

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..', '..');

const catalogues = Object.fromEntries(
  LOCALES.map((locale) => [locale, JSON.parse(readFileSync(join(here, `${locale}.json`), 'utf8')) as Tree]),
) as Record<Locale, Tree>;

const SCHEMA_KEYWORDS = [
  'required', 'type', 'minLength', 'maxLength', 'minimum', 'maximum', 'enum',
  'format', 'pattern', 'additionalProperties', 'minItems', 'maxItems', 'uniqueItems',
];

const FIELD_PATHS = [
  'customer.firstName', 'customer.lastName', 'customer.email', 'customer.phone', 'customer.street',
  'customer.streetComplement', 'customer.city', 'customer.zipCode', 'customer.country', 'customer.iban',
  'customer.identity', 'customer.identity.type', 'customer.identity.number',
  'customer.identity.issuingAuthority', 'customer.identity.deliveryDate',
  'imei', 'productId', 'responses', 'circuitId', 'shippingMethodId', 'paymentModeId', 'reason', 'comment',
  'email', 'password', 'identificationNumber', 'proposedPriceInCents', 'controlledPriceInCents', 'force', 'token',
];

/** Every leaf of a tree as [dotted path, value]; a non-string leaf is kept so the checks can reject it. */
function leaves(tree: Tree, prefix = ''): Array<[string, unknown]> {
  return Object.entries(tree).flatMap(([key, value]): Array<[string, unknown]> => {
    const path = prefix ? `${prefix}.${key}` : key;
    return value !== null && typeof value === 'object' ? leaves(value, path) : [[path, value]];
  });
}

function messageAt(tree: Tree, path: string): unknown {
  let node: unknown = tree;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Tree)[part];
  }
  return node !== null && typeof node === 'object' ? (node as Tree)._ : node;
}

function placeholders(message: unknown): string[] {
  if (typeof message !== 'string') return [];
  return [...new Set([...message.matchAll(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g)].map((m) => m[1] as string))].sort();
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    const wanted = entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && entry.name !== 'test-support.ts';
    return wanted ? [path] : [];
  });
}

/** Every error code raised in the source tree, with the files raising it. */
function raisedCodes(): Map<string, string[]> {
  const codes = new Map<string, string[]>();
  const add = (code: string, file: string) => codes.set(code, [...new Set([...(codes.get(code) ?? []), file])]);
  for (const top of ['domain', 'application', 'infrastructure', 'projections']) {
    for (const path of sourceFiles(join(root, top))) {
      const file = relative(root, path).split(sep).join('/');
      const text = readFileSync(path, 'utf8');
      for (const m of text.matchAll(/(?:DomainError|ApplicationError)\(\s*'([A-Z0-9_]+)'/g)) add(m[1] as string, file);
      if (file.startsWith('infrastructure/http/')) {
        for (const m of text.matchAll(/code: '([A-Z0-9_]+)'/g)) add(m[1] as string, file);
      }
    }
  }
  return codes;
}

const [reference, ...others] = LOCALES;
const codes = Object.keys(ERROR_STATUS);

describe('API error locales', () => {
  it('have the same keys in every locale', () => {
    const keysOf = (locale: Locale) => leaves(catalogues[locale]).map(([path]) => path).sort();
    for (const locale of others) {
      expect(keysOf(locale), `${locale} against ${reference}`).toEqual(keysOf(reference as Locale));
    }
  });

  it('hold only non-empty strings', () => {
    for (const locale of LOCALES) {
      const bad = leaves(catalogues[locale]).filter(([, value]) => typeof value !== 'string' || value.trim() === '');
      expect(bad.map(([path]) => path), locale).toEqual([]);
    }
  });

  it('give every code of the catalogue a message, and no other code', () => {
    for (const locale of LOCALES) {
      const errors = catalogues[locale].errors as Tree;
      const missing = codes.filter((code) => typeof errors[code] !== 'string' || (errors[code] as string).trim() === '');
      const unknown = Object.keys(errors).filter((key) => key !== 'schema' && !(key in ERROR_STATUS));
      expect({ locale, missing, unknown }).toEqual({ locale, missing: [], unknown: [] });
    }
  });

  it('give every JSON-schema keyword a message', () => {
    for (const locale of LOCALES) {
      const schema = (catalogues[locale].errors as Tree).schema as Tree;
      const missing = SCHEMA_KEYWORDS.filter((keyword) => typeof schema[keyword] !== 'string');
      expect({ locale, missing }).toEqual({ locale, missing: [] });
    }
  });

  it('label every field path the API names', () => {
    for (const locale of LOCALES) {
      const fields = catalogues[locale].fields as Tree;
      const missing = FIELD_PATHS.filter((path) => typeof messageAt(fields, path) !== 'string');
      expect({ locale, missing }).toEqual({ locale, missing: [] });
    }
  });

  it('use the same placeholders for a message in every locale', () => {
    const mismatches: string[] = [];
    for (const [path, message] of leaves(catalogues[reference as Locale])) {
      const expected = placeholders(message);
      for (const locale of others) {
        const actual = placeholders(messageAt(catalogues[locale], path));
        if (actual.join() !== expected.join()) {
          mismatches.push(`${locale} ${path}: {${actual.join(', ')}} instead of {${expected.join(', ')}}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe('the error catalogue', () => {
  it('lists every code raised in the source tree', () => {
    const raised = raisedCodes();
    expect(raised.size).toBeGreaterThan(0);
    const missing = [...raised]
      .filter(([code]) => !(code in ERROR_STATUS))
      .map(([code, files]) => `${code} (${files.join(', ')})`)
      .sort();
    expect(missing, 'codes raised but missing from ERROR_STATUS').toEqual([]);
  });
});
