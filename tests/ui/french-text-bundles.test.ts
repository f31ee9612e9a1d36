import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Each app's French texts come in two files (ui/<app>/app/locale-bundles): the first load's, `fr-FR.ts`, and every other
 * namespace's, `fr-FR-on-demand.ts` ("all of those folders but the first load's"). Vite's globs are literals, so each
 * braced list is written in both files: if they differ, a namespace's texts are in both files, or in neither and its
 * French screens show their keys. Together the two files must cover every folder of texts the app has (index.ts).
 */
const ui = join(import.meta.dirname, '..', '..', 'ui');

function patterns(app: string, file: string): string[] {
  const source = readFileSync(join(ui, app, 'app', 'locale-bundles', file), 'utf8');
  return [...source.matchAll(/'(!?[^']+\.json)'/g)].map((match) => (match[1] as string).replace(/\*\.json$/, 'fr-FR.json'));
}

describe.each(['storefront', 'dashboard'])('Given the %s’s French texts in two files', (app) => {
  const first = patterns(app, 'fr-FR.ts');
  const onDemand = patterns(app, 'fr-FR-on-demand.ts');
  const everyFolder = patterns(app, 'index.ts').filter((pattern) => pattern.endsWith('/fr-FR.json'));

  it('Then a braced list of the first load is left out of the on-demand file in the same words', () => {
    const braced = first.filter((pattern) => pattern.includes('{'));
    expect(braced.length).toBeGreaterThan(0);
    for (const pattern of braced) {
      expect(onDemand).toContain(`!${pattern}`);
      expect(onDemand).toContain(pattern.replace(/\{[^}]+\}/, '*'));
    }
  });

  it('Then the two files together name every folder of texts, and no whole folder twice', () => {
    const widened = (list: string[]) => list.filter((pattern) => !pattern.startsWith('!')).map((pattern) => pattern.replace(/\{[^}]+\}/, '*'));
    expect(new Set([...widened(first), ...widened(onDemand)])).toEqual(new Set(everyFolder));
    const whole = first.filter((pattern) => !pattern.includes('{'));
    for (const pattern of whole) expect(onDemand).not.toContain(pattern);
  });
});
