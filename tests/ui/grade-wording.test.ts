import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRODUCT_STATES } from '../../domain/catalog/estimate.js';
import { LANGUAGES } from '../../ui/shared/i18n/namespaces.js';

/**
 * A grade reads the same on the storefront and on the dashboard: one wording,
 * the "format" namespace's (ui/shared/format/locales), shown through
 * useGradeLabel (ui/shared/format/grade.ts).
 */
const ui = join(import.meta.dirname, '..', '..', 'ui');

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path, pattern);
    return pattern.test(path) ? [path] : [];
  });
}

describe('Given the grades of a product (functional, grade_a … grade_e)', () => {
  it.each([...LANGUAGES])('Then in %s each has its one label, which says the condition and the letter', (language) => {
    const { grades } = JSON.parse(readFileSync(join(ui, 'shared', 'format', 'locales', `${language}.json`), 'utf8')) as { grades: Record<string, string> };
    expect(Object.keys(grades).sort()).toEqual([...PRODUCT_STATES].sort());
    for (const state of PRODUCT_STATES.filter((s) => s.startsWith('grade_'))) expect(grades[state]).toMatch(new RegExp(`\\(${state.slice(-1).toUpperCase()}\\)$`));
  });

  it('Then no other text file of either app names the grades its own way', () => {
    const others = files(ui, /\/locales\/[a-z]{2}-[A-Z]{2}\.json$/)
      .filter((file) => !file.includes(join('shared', 'format', 'locales')))
      .filter((file) => 'grades' in (JSON.parse(readFileSync(file, 'utf8')) as object));
    expect(others.map((file) => relative(ui, file))).toEqual([]);
  });

  it('Then every screen that shows a grade takes its label from useGradeLabel', () => {
    const sources = files(ui, /\.tsx?$/).filter((file) => !file.endsWith(join('format', 'grade.ts')));
    const ownKeys = sources.filter((file) => /grades\.\$\{/.test(readFileSync(file, 'utf8')));
    expect(ownKeys.map((file) => relative(ui, file))).toEqual([]);
    const users = sources.filter((file) => readFileSync(file, 'utf8').includes('useGradeLabel()')).map((file) => relative(ui, file));
    expect(users).toEqual(
      expect.arrayContaining([
        'shared/buyback-path/components/estimate-panel.tsx',
        'shared/buyback-path/components/buyback-summary.tsx',
        'dashboard/features/buybacks/components/buyback-info.tsx',
        'dashboard/features/buybacks/components/diagnosis-results.tsx',
      ]),
    );
  });
});
