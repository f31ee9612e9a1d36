import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, namespaceOf } from '../../ui/shared/i18n/namespaces.js';

/** Every user-facing text of both applications exists in fr-FR, en-GB, nl-BE and de-DE. */
const root = join(import.meta.dirname, '..', '..');

function localeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return localeFiles(path);
    return /\/locales\/[a-z]{2}-[A-Z]{2}\.json$/.test(path) ? [path] : [];
  });
}

function keys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

const folders = new Map<string, Map<string, string>>();
for (const file of localeFiles(join(root, 'ui'))) {
  const folder = file.replace(/\/[a-z]{2}-[A-Z]{2}\.json$/, '');
  const language = file.slice(folder.length + 1, -'.json'.length);
  folders.set(folder, (folders.get(folder) ?? new Map()).set(language, file));
}

describe('Given the locale files of the user interfaces', () => {
  it('Then there are some, and each maps to an i18n namespace', () => {
    expect(folders.size).toBeGreaterThan(0);
    for (const files of folders.values()) for (const file of files.values()) expect(namespaceOf(relative(root, file)), file).not.toBeNull();
  });

  it.each([...folders.keys()].map((folder) => [relative(root, folder)]))('%s: every language has exactly the same keys, none empty', (folder) => {
    const files = folders.get(join(root, folder)) as Map<string, string>;
    expect([...files.keys()].sort()).toEqual([...LANGUAGES].sort());
    const reference = JSON.parse(readFileSync(files.get('en-GB') as string, 'utf8'));
    for (const language of LANGUAGES) {
      const content = JSON.parse(readFileSync(files.get(language) as string, 'utf8'));
      expect(keys(content).sort(), `${folder}/${language}`).toEqual(keys(reference).sort());
      const empty = keys(content).filter((key) => key.split('.').reduce<any>((node, part) => node?.[part], content) === '');
      expect(empty, `${folder}/${language} empty texts`).toEqual([]);
    }
  });
});
