import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The storefront's French texts come in two files (ui/storefront/app/locale-bundles): the first load's features,
 * named in fr-FR.ts, and every other feature's, in fr-FR-on-demand.ts ("all features but those"). Vite's globs are
 * literals, so the list is written in both: if they differ, a feature's texts are in both files, or in neither and
 * its French screens show their keys.
 */
const folder = join(import.meta.dirname, '..', '..', 'ui', 'storefront', 'app', 'locale-bundles');

function featureLists(file: string): string[] {
  const source = readFileSync(join(folder, file), 'utf8');
  return [...source.matchAll(/\/storefront\/features\/\{([^}]+)\}\/locales\/fr-FR\.json/g)].map((match) => match[1] as string);
}

describe('Given the storefront’s French texts in two files', () => {
  it('Then the first load’s features are the same list in both, taken in one and left out of the other', () => {
    const first = featureLists('fr-FR.ts');
    const onDemand = featureLists('fr-FR-on-demand.ts');
    expect(first).toHaveLength(1);
    expect(onDemand).toEqual(first);
    expect(readFileSync(join(folder, 'fr-FR-on-demand.ts'), 'utf8')).toContain(`'!/storefront/features/{${first[0]}}/locales/fr-FR.json'`);
    expect(readFileSync(join(folder, 'fr-FR-on-demand.ts'), 'utf8')).toContain(`'/storefront/features/*/locales/fr-FR.json'`);
  });
});
