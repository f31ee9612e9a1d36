import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../domain/organizations/events.js';
import { streamCategory } from '../../application/events/streams.js';
import { MODULES } from '../../infrastructure/modules/index.js';
import { assemble, declaredRoutes } from '../../infrastructure/modules/assembly.js';
import type { PlatformModule } from '../../infrastructure/modules/platform-module.js';
import { CORE_ERRORS } from '../../infrastructure/http/error-catalogue.js';
import { readLocales, type TextTree } from '../../infrastructure/http/i18n.js';

/**
 * The parts of the platform declare what the platform must know about them
 * in their modules; these tests fail when a module leaves something out
 * (a code it raises, a text, a permission a route or the menu names) or two
 * modules claim the same thing.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const assembly = assemble(MODULES);
const CORE_TEXTS = readLocales(join(ROOT, 'infrastructure/http/locales'));
const [REFERENCE, ...OTHERS] = LOCALES;

/** Every leaf of a tree as [dotted path, value]. */
function leaves(tree: TextTree, prefix = ''): Array<[string, unknown]> {
  return Object.entries(tree).flatMap(([key, value]): Array<[string, unknown]> => {
    const path = prefix ? `${prefix}.${key}` : key;
    return value !== null && typeof value === 'object' ? leaves(value as TextTree, path) : [[path, value]];
  });
}

function placeholders(message: unknown): string {
  if (typeof message !== 'string') return '';
  return [...new Set([...message.matchAll(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g)].map((m) => m[1] as string))].sort().join(',');
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    const wanted = /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') && entry.name !== 'test-support.ts';
    return wanted ? [path] : [];
  });
}

/** The part a source file belongs to (its folder under a layer), or `core`. */
function partOf(file: string): string {
  const match = /^(?:domain|application|projections|infrastructure\/http\/routes|infrastructure\/modules)\/([a-z-]+)\//.exec(file);
  const part = match?.[1];
  return part && MODULES.some((m) => m.name === part) ? part : 'core';
}

/** Every error code raised in the source tree, with the files raising it. */
function raisedCodes(): Map<string, string[]> {
  const codes = new Map<string, string[]>();
  for (const top of ['domain', 'application', 'infrastructure', 'projections']) {
    for (const path of sourceFiles(join(ROOT, top))) {
      const file = relative(ROOT, path).split(sep).join('/');
      const text = readFileSync(path, 'utf8');
      const found = [...text.matchAll(/(?:DomainError|ApplicationError|HttpError)\(\s*'([A-Z0-9_]+)'/g)].map((m) => m[1] as string);
      if (file.startsWith('infrastructure/http/')) found.push(...[...text.matchAll(/(?:errors\.http\(|code: )'([A-Z0-9_]+)'/g)].map((m) => m[1] as string));
      for (const code of found) codes.set(code, [...new Set([...(codes.get(code) ?? []), file])]);
    }
  }
  return codes;
}

/** The module declaring a code, or `core`. */
function ownerOf(code: string): string | null {
  if (code in CORE_ERRORS) return 'core';
  return MODULES.find((m) => code in m.errors)?.name ?? null;
}

const upstreamOf = (part: string): string[] => {
  const index = MODULES.findIndex((m) => m.name === part);
  return ['core', ...MODULES.slice(0, index + 1).map((m) => m.name)];
};

describe('each module', () => {
  describe.each(MODULES.map((m) => [m.name, m] as const))('%s', (_name, module: PlatformModule) => {
    it('has the same texts in the four locales, all non-empty, with the same placeholders', () => {
      const keysOf = (locale: Locale) => leaves(module.texts[locale]).map(([path]) => path).sort();
      for (const locale of OTHERS) expect(keysOf(locale), `${locale} against ${REFERENCE}`).toEqual(keysOf(REFERENCE as Locale));
      for (const locale of LOCALES) {
        const empty = leaves(module.texts[locale]).filter(([, value]) => typeof value !== 'string' || value.trim() === '');
        expect(empty.map(([path]) => path), locale).toEqual([]);
      }
      const mismatches = leaves(module.texts[REFERENCE as Locale]).flatMap(([path, message]) =>
        OTHERS.filter((locale) => placeholders(leaves(module.texts[locale]).find(([p]) => p === path)?.[1]) !== placeholders(message)).map(
          (locale) => `${locale} ${path}`,
        ),
      );
      expect(mismatches).toEqual([]);
    });

    it('gives each of its error codes a message in every locale, and no message to a code it does not declare', () => {
      for (const locale of LOCALES) {
        const errors = (module.texts[locale].errors ?? {}) as TextTree;
        const missing = Object.keys(module.errors).filter((code) => typeof errors[code] !== 'string');
        const unknown = Object.keys(errors).filter((code) => !(code in module.errors));
        expect({ locale, missing, unknown }).toEqual({ locale, missing: [], unknown: [] });
      }
    });

    it('labels each of its menu entries in every locale, and names only declared permissions there', () => {
      for (const entry of module.menu ?? []) {
        for (const locale of LOCALES) expect(typeof (module.texts[locale].menu as TextTree | undefined)?.[entry.key], `${locale} menu.${entry.key}`).toBe('string');
        if (entry.permission !== null) expect(assembly.permissions.has(entry.permission), entry.permission).toBe(true);
      }
    });

    it('gives every permission it declares to at least one user type', () => {
      const unheld = Object.entries(module.permissions).filter(([, declaration]) => declaration.holders.length === 0);
      expect(unheld.map(([permission]) => permission)).toEqual([]);
    });

    it('names its stream categories by the one separator rule', () => {
      for (const stream of module.streams) expect(stream.category).toMatch(/^[a-z][a-z0-9_]*$/);
    });
  });
});

describe('the assembled tables', () => {
  const routes = declaredRoutes(assembly);

  it('declare, with a status and a message in every locale, every error code raised in the source tree, by its part or one upstream', () => {
    const raised = raisedCodes();
    expect(raised.size).toBeGreaterThan(50);
    const problems: string[] = [];
    for (const [code, files] of raised) {
      const owner = ownerOf(code);
      if (owner === null) {
        problems.push(`${code} is raised (${files.join(', ')}) but declared by no module`);
        continue;
      }
      for (const file of files) {
        if (!upstreamOf(partOf(file)).includes(owner)) problems.push(`${code} raised in ${file} belongs to ${owner}, downstream of it`);
      }
      for (const locale of LOCALES) {
        if (assembly.translator.find(locale, `errors.${code}`) === null) problems.push(`${code} has no ${locale} message`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('name only declared permissions in routes, and every declared permission is needed by a route', () => {
    const named = routes.flatMap((r) => (r.access.kind === 'authenticated' && r.access.permission ? [r.access.permission] : []));
    expect(named.filter((p) => !assembly.permissions.has(p))).toEqual([]);
    // Permissions read by handlers rather than route access: seeing customer documents, the health details, a loss by its place.
    const readInHandlers = [
      'buyback.read_customer_documents',
      'platform.monitor',
      'item.declare_lost_store',
      'item.declare_lost_transport',
      'item.declare_lost_warehouse',
      // The user's rules: who may set the force-SSO flag, who may create or change admin users (domain/organizations/user/user.ts).
      'user.force_sso',
      'user.assign_admin',
    ];
    expect(assembly.permissions.all().filter((p) => !named.includes(p) && !readInHandlers.includes(p))).toEqual([]);
  });

  it('refuse a stream category, permission, error code, collection or operation declared twice', () => {
    const [first] = MODULES as [PlatformModule];
    const twin = (changes: Partial<PlatformModule>): PlatformModule => ({
      name: 'twin',
      streams: [],
      projections: [],
      permissions: {},
      errors: {},
      texts: Object.fromEntries(LOCALES.map((l) => [l, {}])) as PlatformModule['texts'],
      routes: () => [],
      ...changes,
    });
    expect(() => assemble([...MODULES, twin({ streams: [first.streams[0]!] })])).toThrow(/declared twice/);
    expect(() => assemble([...MODULES, twin({ permissions: { 'catalog.read': { description: 'again', holders: ['admin'] } } })])).toThrow(
      /declared twice/,
    );
    expect(() => assemble([...MODULES, twin({ errors: { NOT_FOUND: 404 } })])).toThrow(/declared twice/);
    expect(() => assemble([...MODULES, twin({ projections: [{ ...first.projections[0]!, name: 'copy' }] })])).toThrow(/Collection .* declared twice/);
    expect(() => assemble([...MODULES, twin({ name: first.name })])).toThrow(/listed twice/);
  });

  it('give every JSON-schema keyword a message', () => {
    const keywords = ['required', 'type', 'minLength', 'maxLength', 'minimum', 'maximum', 'enum', 'format', 'pattern', 'additionalProperties', 'minItems', 'maxItems', 'uniqueItems', 'maxProperties', 'propertyNames', 'anyOf'];
    for (const locale of LOCALES) {
      const schema = ((CORE_TEXTS[locale].errors as TextTree).schema ?? {}) as TextTree;
      expect({ locale, missing: keywords.filter((k) => typeof schema[k] !== 'string') }).toEqual({ locale, missing: [] });
    }
  });

  it('label every field path a route body names', () => {
    const paths = new Set<string>();
    const walk = (schema: unknown, prefix: string) => {
      if (!schema || typeof schema !== 'object') return;
      const node = schema as { properties?: Record<string, unknown>; anyOf?: unknown[] };
      for (const option of node.anyOf ?? []) walk(option, prefix);
      for (const [name, child] of Object.entries(node.properties ?? {})) {
        const path = prefix ? `${prefix}.${name}` : name;
        paths.add(path);
        walk(child, path);
      }
    };
    for (const route of routes) walk(route.body, '');
    const missing = [...paths].filter((path) => LOCALES.some((locale) => assembly.translator.find(locale, `fields.${path}`) === null));
    expect(missing).toEqual([]);
  });
});

describe('stream names', () => {
  it('can never be confused across categories: no category reads another’s names, whatever the ids', () => {
    const categories = assembly.streams;
    const ids = ['42', 'mode-42', 'number-2000000000011', '3f1c9a7e-0000-4000-8000-000000000000'];
    for (const a of categories) {
      for (const b of categories) {
        if (a === b) continue;
        for (const id of ids) expect(b.owns(a.name(id)), `${b.category} owns ${a.name(id)}`).toBe(false);
      }
      for (const id of ids) expect(a.idOf(a.name(id))).toBe(id);
    }
  });

  it('refuse a category that would break the rule: `payment-mode` would make `payment` own its names', () => {
    expect(() => streamCategory('payment-mode')).toThrow(/must match/);
    expect(() => streamCategory('Payment')).toThrow(/must match/);
    expect(streamCategory('payment').owns(streamCategory('payment_mode').name('1'))).toBe(false);
  });
});
