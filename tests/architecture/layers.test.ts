import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The dependency rules of the hexagon, read from the sources: imports are
 * parsed with regular expressions over the code with its comments removed,
 * forbidden identifiers over the code with its comments and strings removed.
 * Every rule is also run on a made-up offender, so that a rule that can no
 * longer fail fails its test.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', 'coverage', 'data']);

interface SourceFile {
  /** Relative to the repository root, with forward slashes. */
  path: string;
  text: string;
}

function sourceFiles(directory = ROOT): SourceFile[] {
  const files: SourceFile[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIPPED_DIRECTORIES.has(entry.name)) continue;
    const path = join(directory, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(path));
    else if (/\.(ts|tsx|mts|cts)$/.test(entry.name)) {
      files.push({ path: relative(ROOT, path).split(sep).join('/'), text: readFileSync(path, 'utf8') });
    }
  }
  return files;
}

// ---------------------------------------------------------------------------
// A small scanner: comments out (strings kept, for import specifiers), or comments and strings out.

function stripComments(code: string): string {
  return scan(code, false);
}

function stripCommentsAndStrings(code: string): string {
  return scan(code, true);
}

/**
 * Blanks comments (and, if asked, the contents of string, template and regex
 * literals; template substitutions stay, they are code). Newlines are kept so
 * that positions stay meaningful.
 */
function scan(code: string, blankStrings: boolean): string {
  let out = '';
  let i = 0;
  /** Brace depth at which each open template substitution `${` returns to its template. */
  const templates: number[] = [];
  let depth = 0;
  const blank = (text: string) => text.replace(/[^\n]/g, ' ');
  const keep = (text: string) => (blankStrings ? blank(text) : text);

  const readQuoted = (quote: string): string => {
    let j = i + 1;
    while (j < code.length && code[j] !== quote && code[j] !== '\n') j += code[j] === '\\' ? 2 : 1;
    return code.slice(i, j + 1);
  };
  /** From a backtick or a closing `}` of a substitution to the next backtick or `${`. */
  const readTemplatePart = (): { text: string; opensSubstitution: boolean } => {
    let j = i + 1;
    while (j < code.length) {
      if (code[j] === '\\') j += 2;
      else if (code[j] === '`') return { text: code.slice(i, j + 1), opensSubstitution: false };
      else if (code[j] === '$' && code[j + 1] === '{') return { text: code.slice(i, j + 2), opensSubstitution: true };
      else j += 1;
    }
    return { text: code.slice(i), opensSubstitution: false };
  };
  const regexAllowed = (): boolean => {
    const before = out.replace(/\s+$/, '');
    if (before === '') return true;
    if (/[(,=:[!&|?{};+\-*%<>~^]$/.test(before)) return true;
    return /\b(return|typeof|case|do|else|in|of|new|delete|void|throw|yield|await)$/.test(before);
  };
  const readRegex = (): string => {
    let j = i + 1;
    let inClass = false;
    while (j < code.length && code[j] !== '\n') {
      if (code[j] === '\\') j += 2;
      else if (code[j] === '/' && !inClass) break;
      else {
        if (code[j] === '[') inClass = true;
        if (code[j] === ']') inClass = false;
        j += 1;
      }
    }
    j += 1;
    while (j < code.length && /[a-z]/i.test(code[j] as string)) j += 1;
    return code.slice(i, j);
  };

  while (i < code.length) {
    const c = code[i] as string;
    const next = code[i + 1];
    if (c === '/' && next === '/') {
      const end = code.indexOf('\n', i);
      const text = end === -1 ? code.slice(i) : code.slice(i, end);
      out += blank(text);
      i += text.length;
    } else if (c === '/' && next === '*') {
      const end = code.indexOf('*/', i + 2);
      const text = end === -1 ? code.slice(i) : code.slice(i, end + 2);
      out += blank(text);
      i += text.length;
    } else if (c === '"' || c === "'") {
      const text = readQuoted(c);
      out += blankStrings ? c + blank(text.slice(1, -1)) + c : text;
      i += text.length;
    } else if (c === '`' || (c === '}' && templates.length > 0 && templates[templates.length - 1] === depth)) {
      if (c === '}') templates.pop();
      const { text, opensSubstitution } = readTemplatePart();
      out += keep(text);
      i += text.length;
      if (opensSubstitution) templates.push(depth);
    } else if (c === '/' && regexAllowed()) {
      const text = readRegex();
      out += keep(text);
      i += text.length;
    } else {
      if (c === '{') depth += 1;
      if (c === '}') depth -= 1;
      out += c;
      i += 1;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------
// Imports

interface Import {
  file: string;
  specifier: string;
  /** Repository-relative path of a relative or `@server/` specifier; null for packages. */
  target: string | null;
  /** Through the UIs' alias for server code (`@server/…`, ui/tsconfig.json and ui/vite.config.ts). */
  viaAlias: boolean;
  /** `import type` / `export type`: erased at build time, nothing of the target ships. */
  typeOnly: boolean;
}

/** How the UIs name server code: `@server/<path from the repository root>`. */
const SERVER_ALIAS = '@server/';

const IMPORT_PATTERNS = [
  /\bimport\s+(?<type>type\s+)?[^;'"`]*?\bfrom\s*(['"])(?<specifier>[^'"]+)\2/g,
  /\bexport\s+(?<type>type\s+)?(?:\*|\{)[^;'"`]*?\bfrom\s*(['"])(?<specifier>[^'"]+)\2/g,
  /\bimport\s*(['"])(?<specifier>[^'"]+)\1/g,
  /\bimport\s*\(\s*(['"])(?<specifier>[^'"]+)\1\s*\)/g,
];

function importsOf(file: SourceFile): Import[] {
  const code = stripComments(file.text);
  const found = new Map<string, Import>();
  for (const pattern of IMPORT_PATTERNS) {
    for (const match of code.matchAll(pattern)) {
      const specifier = match.groups?.specifier as string;
      const viaAlias = specifier.startsWith(SERVER_ALIAS);
      const target = specifier.startsWith('.')
        ? normalize(join(dirname(file.path), specifier)).split(sep).join('/')
        : viaAlias
          ? normalize(specifier.slice(SERVER_ALIAS.length)).split(sep).join('/')
          : null;
      found.set(`${match.index}:${specifier}`, { file: file.path, specifier, target, viaAlias, typeOnly: match.groups?.type !== undefined });
    }
  }
  return [...found.values()];
}

const inside = (path: string | null, folder: string) => path !== null && (path === folder || path.startsWith(`${folder}/`));
const isTestCode = (path: string) => /\.test\.tsx?$/.test(path) || /(^|\/)test-support(-[a-z]+)?\.ts$/.test(path);
const describeImport = (i: Import) => `${i.file} → ${i.specifier}`;

// ---------------------------------------------------------------------------
// The rules: each returns its offenders.

/**
 * Packages the domain may use: xstate (the aggregates' machines) and pure
 * validation libraries that do no I/O, read no clock and hold no state, so
 * the domain stays as pure as its own code: ibantools (IBAN formats and
 * national check digits of every IBAN country, domain/values/iban.ts).
 */
const DOMAIN_PACKAGES = ['xstate', 'ibantools'];
const DOMAIN_TEST_PACKAGES = ['vitest', 'fast-check'];
const DOMAIN_FORBIDDEN_IDENTIFIERS = ['Date', 'Math.random', 'crypto', 'process', 'fetch', 'setTimeout'];

function domainImportOffenders(files: SourceFile[]): string[] {
  return files
    .filter((f) => inside(f.path, 'domain'))
    .flatMap((f) => {
      const packages = isTestCode(f.path) ? [...DOMAIN_PACKAGES, ...DOMAIN_TEST_PACKAGES] : DOMAIN_PACKAGES;
      return importsOf(f).filter((i) => (i.target === null ? !packages.includes(i.specifier) : !inside(i.target, 'domain')));
    })
    .map(describeImport);
}

function domainImpurityOffenders(files: SourceFile[]): string[] {
  return files
    .filter((f) => inside(f.path, 'domain') && !isTestCode(f.path))
    .flatMap((f) => {
      const code = stripCommentsAndStrings(f.text);
      return DOMAIN_FORBIDDEN_IDENTIFIERS.filter((name) => {
        const escaped = name.replace('.', '\\s*\\.\\s*');
        // Not a property (`x.fetch`) nor part of a longer name (`deliveryDate`, `processed`).
        return new RegExp(`(?<![\\w$.])${escaped}(?![\\w$])`).test(code);
      }).map((name) => `${f.path} uses ${name}`);
    });
}

/**
 * The arrow between the read side's two halves goes one way: projections
 * implement the read models the application declares (`read-model(s).ts`,
 * document types and collection names) and the application never imports a
 * projection.
 */
function applicationOffenders(files: SourceFile[]): string[] {
  return files
    .filter((f) => inside(f.path, 'application'))
    .flatMap(importsOf)
    .filter((i) => inside(i.target, 'infrastructure') || inside(i.target, 'projections'))
    .map(describeImport);
}

function projectionOffenders(files: SourceFile[]): string[] {
  return files
    .filter((f) => inside(f.path, 'projections'))
    .flatMap(importsOf)
    .filter(
      (i) =>
        inside(i.target, 'infrastructure') ||
        (inside(i.target, 'application') &&
          !inside(i.target, 'application/ports') &&
          !inside(i.target, 'application/events') &&
          !/\/(read-models?|[a-z-]+-read-models?|streams)\.js$/.test(i.target ?? '')),
    )
    .map(describeImport);
}

/**
 * Test code may be shared with the benchmarks (bench/ drives the API through
 * tests/support/test-platform.ts); nothing that ships (domain, application,
 * infrastructure, projections, scripts) may import it.
 */
const TEST_CODE_USERS = ['tests', 'bench'];

function testImportOffenders(files: SourceFile[]): string[] {
  return files
    .filter((f) => !TEST_CODE_USERS.some((folder) => inside(f.path, folder)))
    .flatMap(importsOf)
    .filter((i) => inside(i.target, 'tests'))
    .map(describeImport);
}

/** The server's folders: what ui/ may reach only through `@server/`, and only in part. */
const SERVER_FOLDERS = ['domain', 'application', 'infrastructure', 'projections', 'scripts', 'bench', 'tests'];

/**
 * Server modules the UIs may run besides the domain, each for a reason:
 * - application/buybacks/customer-validation.ts: the server's own customer
 *   rules, run unchanged in the customer form (ui/shared/buyback-path/customer).
 *   It is pure (domain values, validator and libphonenumber-js, no I/O, no
 *   clock: today comes in with the rules); it stays in application/ because
 *   it checks a request's input and reports field paths, which is the
 *   application's business, and the domain's packages stay few.
 */
const UI_SERVER_MODULES = ['application/buybacks/customer-validation'];

/**
 * What the UIs may take from server code, always through the `@server/` alias:
 * the domain's values (no test support), the application's views
 * (`application/**\/*-views.ts`, `application/views/schema.ts`) as types only
 * (their TypeBox schemas stay on the server), and UI_SERVER_MODULES.
 */
function uiServerImportAllowed(i: Import): boolean {
  const path = (i.target ?? '').replace(/\.(js|ts)$/, '');
  if (inside(path, 'domain')) return !isTestCode(`${path}.ts`);
  if (/^application\/(?:[a-z-]+\/)*[a-z-]+-views$/.test(path) || path === 'application/views/schema') return i.typeOnly;
  return UI_SERVER_MODULES.includes(path);
}

function uiServerImportOffenders(files: SourceFile[]): string[] {
  return files
    .filter((f) => inside(f.path, 'ui'))
    .flatMap(importsOf)
    .filter((i) => (i.viaAlias ? !uiServerImportAllowed(i) : SERVER_FOLDERS.some((folder) => inside(i.target, folder))))
    .map(describeImport);
}

// ---------------------------------------------------------------------------

const FILES = sourceFiles();

describe('the layers', () => {
  it('reads the sources and their imports', () => {
    expect(FILES.filter((f) => inside(f.path, 'domain')).length).toBeGreaterThan(10);
    expect(FILES.some((f) => f.path === 'tests/architecture/layers.test.ts')).toBe(true);
    const machine = FILES.find((f) => f.path === 'domain/buybacks/machine.ts') as SourceFile;
    expect(importsOf(machine).map((i) => i.specifier)).toContain('xstate');
    const parsed = importsOf({
      path: 'application/x/y.ts',
      text: [
        "import type { A } from '../a.js';",
        "import {\n  B,\n  type C,\n} from '../../b.js';",
        "import * as D from 'd';",
        "import 'side-effect';",
        "export { E } from './e.js';",
        "export * from './f.js';",
        "const g = await import('./g.js');",
        "// import { H } from '../../h.js';",
        "/* import I from 'i'; */",
        "const text = 'import J from \"j\"';",
      ].join('\n'),
    });
    expect(parsed.map((i) => [i.specifier, i.target])).toEqual(
      expect.arrayContaining([
        ['../a.js', 'application/a.js'],
        ['../../b.js', 'b.js'],
        ['d', null],
        ['side-effect', null],
        ['./e.js', 'application/x/e.js'],
        ['./f.js', 'application/x/f.js'],
        ['./g.js', 'application/x/g.js'],
      ]),
    );
    expect(parsed.map((i) => i.specifier)).not.toContain('../../h.js');
    expect(parsed.map((i) => i.specifier)).not.toContain('i');
  });

  it('domain/** imports only domain/, xstate and ibantools (tests: also vitest and fast-check)', () => {
    expect(domainImportOffenders(FILES)).toEqual([]);
    expect(
      domainImportOffenders([
        { path: 'domain/a/b.ts', text: "import { x } from '../../application/ports/clock.js';\nimport { y } from 'node:crypto';\nimport { z } from '../c.js';" },
        { path: 'domain/a/c.ts', text: "import { it } from 'vitest';\nexport * from '../../projections/index.js';\nconst m = import('pino');" },
        { path: 'domain/a/c.test.ts', text: "import { it } from 'vitest';\nimport fc from 'fast-check';\nimport { createMachine } from 'xstate';" },
        { path: 'domain/a/d.ts', text: "import { isValidIBAN } from 'ibantools';\nimport isIBAN from 'validator/lib/isIBAN.js';\nimport { x } from 'ibantools/extra';" },
      ]),
    ).toEqual([
      'domain/a/b.ts → ../../application/ports/clock.js',
      'domain/a/b.ts → node:crypto',
      'domain/a/c.ts → vitest',
      'domain/a/c.ts → ../../projections/index.js',
      'domain/a/c.ts → pino',
      'domain/a/d.ts → validator/lib/isIBAN.js',
      'domain/a/d.ts → ibantools/extra',
    ]);
  });

  it('domain/** reads no clock, draws no random number and does no I/O (Date, Math.random, crypto, process, fetch, setTimeout)', () => {
    expect(domainImpurityOffenders(FILES)).toEqual([]);
    const offender = [
      'export const now = () => new Date().toISOString();',
      'export const roll = () => Math . random();',
      'export const id = () => crypto.randomUUID();',
      'export const env = () => process.env.X;',
      "export const get = () => fetch('x');",
      'export const later = (f: () => void) => setTimeout(f, 1);',
    ].join('\n');
    expect(domainImpurityOffenders([{ path: 'domain/x.ts', text: offender }])).toEqual(
      DOMAIN_FORBIDDEN_IDENTIFIERS.map((name) => `domain/x.ts uses ${name}`),
    );
    const innocent = [
      '// new Date() in a comment, Math.random() too',
      '/* process.exit(1); fetch() */',
      "const message = 'no Date here, nor crypto';",
      'const template = `setTimeout is ${"only text"} in here`;',
      'const pattern = /Date|process/;',
      'const deliveryDate = x.fetch + processed + isCryptoValid + y.process;',
      'type Dated = { date: string };',
    ].join('\n');
    expect(domainImpurityOffenders([{ path: 'domain/y.ts', text: innocent }])).toEqual([]);
    // Code inside a template substitution is code.
    expect(domainImpurityOffenders([{ path: 'domain/z.ts', text: 'const s = `at ${Date.now()}`;' }])).toEqual(['domain/z.ts uses Date']);
  });

  it('application/** imports nothing from infrastructure/ nor projections/', () => {
    expect(applicationOffenders(FILES)).toEqual([]);
    expect(
      applicationOffenders([
        { path: 'application/a/b.ts', text: "import type { Logger } from '../../infrastructure/logger.js';\nimport { x } from '../ports/clock.js';" },
        { path: 'application/c.ts', text: "export { y } from '../infrastructure/config.js';" },
        { path: 'application/d/e.ts', text: "import { buybacksProjection } from '../../projections/buybacks/list-projection.js';\nimport type { BuybackDocument } from './read-models.js';" },
      ]),
    ).toEqual([
      'application/a/b.ts → ../../infrastructure/logger.js',
      'application/c.ts → ../infrastructure/config.js',
      'application/d/e.ts → ../../projections/buybacks/list-projection.js',
    ]);
  });

  it('projections/** imports nothing from infrastructure/, and from application/ only ports, events and read-model declarations', () => {
    expect(projectionOffenders(FILES)).toEqual([]);
    expect(
      projectionOffenders([
        {
          path: 'projections/p/projection.ts',
          text: [
            "import type { Projection } from '../../application/ports/projection.js';",
            "import { toDomainEvent } from '../../application/events/codec.js';",
            "import { BuybackService } from '../../application/buybacks/buyback-service.js';",
            "import { SqliteDocumentStore } from '../../infrastructure/document-store/sqlite-document-store.js';",
            "import { seedId } from '../../infrastructure/seed/demo-data.js';",
            "import type { BuybackEvent } from '../../domain/buybacks/events.js';",
            "import type { BuybackDocument } from '../../application/buybacks/read-models.js';",
            "import type { HistoryEntry } from '../../application/buybacks/history-read-model.js';",
          ].join('\n'),
        },
      ]),
    ).toEqual([
      'projections/p/projection.ts → ../../application/buybacks/buyback-service.js',
      'projections/p/projection.ts → ../../infrastructure/document-store/sqlite-document-store.js',
      'projections/p/projection.ts → ../../infrastructure/seed/demo-data.js',
    ]);
  });

  it('ui/** imports server code only through @server/: domain values, application views (types only) and the customer rules', () => {
    expect(uiServerImportOffenders(FILES)).toEqual([]);
    expect(FILES.some((f) => inside(f.path, 'ui') && importsOf(f).some((i) => i.viaAlias))).toBe(true);
    expect(
      uiServerImportOffenders([
        {
          path: 'ui/dashboard/x.ts',
          text: [
            "import { parseImei } from '../../domain/values/imei.js';",
            "import type { BuybackView } from '../../application/buybacks/buyback-views';",
            "import type { MeView } from '@server/application/organizations/organization-views';",
            "import { BuybackView as Schema } from '@server/application/buybacks/buyback-views';",
            "import type { MoneyView } from '@server/application/views/schema.js';",
            "import { Type } from '@server/application/views/schema';",
            "import { maskIban } from '@server/domain/values/iban';",
            "import { allowedCommandsAt } from '@server/domain/buybacks/allowed-commands.js';",
            "import { aBuyback } from '@server/domain/buybacks/test-support.js';",
            "import { validateCustomer } from '@server/application/buybacks/customer-validation.js';",
            "import type { BuybackDocument } from '@server/application/buybacks/read-models.js';",
            "import { presentBuyback } from '@server/application/buybacks/present-buyback';",
            "export type { Translator } from '@server/infrastructure/http/i18n.js';",
            "const p = await import('@server/projections/index.js');",
            "import { version } from '../../package.json';",
            "import { useQuery } from '@tanstack/react-query';",
            "import { paths } from './paths';",
          ].join('\n'),
        },
        { path: 'ui/shared/y.ts', text: "const t = await import('../../tests/support/x.js');" },
        { path: 'application/z.ts', text: "import { parseImei } from '../domain/values/imei.js';" },
      ]),
    ).toEqual([
      'ui/dashboard/x.ts → ../../domain/values/imei.js',
      'ui/dashboard/x.ts → ../../application/buybacks/buyback-views',
      'ui/dashboard/x.ts → @server/application/buybacks/buyback-views',
      'ui/dashboard/x.ts → @server/application/views/schema',
      'ui/dashboard/x.ts → @server/domain/buybacks/test-support.js',
      'ui/dashboard/x.ts → @server/application/buybacks/read-models.js',
      'ui/dashboard/x.ts → @server/application/buybacks/present-buyback',
      'ui/dashboard/x.ts → @server/infrastructure/http/i18n.js',
      'ui/dashboard/x.ts → @server/projections/index.js',
      'ui/shared/y.ts → ../../tests/support/x.js',
    ]);
  });

  it('nothing but tests (and the benchmarks) imports from tests/', () => {
    expect(testImportOffenders(FILES)).toEqual([]);
    expect(
      testImportOffenders([
        { path: 'infrastructure/seed/x.ts', text: "import { customer } from '../../tests/support/buyback-fixtures.js';" },
        { path: 'scripts/y.ts', text: "const t = await import('../tests/support/test-platform.js');" },
        { path: 'tests/api/z.test.ts', text: "import { customer } from '../support/buyback-fixtures.js';" },
        { path: 'bench/run.ts', text: "import { startTestPlatform } from '../tests/support/test-platform.js';" },
        { path: 'projections/p.ts', text: "export { x } from '../tests/support/x.js';" },
      ]),
    ).toEqual([
      'infrastructure/seed/x.ts → ../../tests/support/buyback-fixtures.js',
      'scripts/y.ts → ../tests/support/test-platform.js',
      'projections/p.ts → ../tests/support/x.js',
    ]);
  });
});
