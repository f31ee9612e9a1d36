import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { recipes, slotRecipes } from '@chakra-ui/react/theme';
import { describe, expect, it } from 'vitest';

/**
 * The design system carries only the recipes of the Chakra components the
 * apps import (ui/shared/theme/system.ts). A component imported without its
 * recipe would render unstyled: this test finds such a component.
 */
const ui = join(import.meta.dirname, '..', '..', 'ui');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Components whose recipe has another name, or that draw on a second recipe. */
const ALSO_NEEDS: Record<string, string[]> = {
  CloseButton: ['button'],
  IconButton: ['button'],
  Checkbox: ['checkbox', 'checkmark'],
  CheckboxCard: ['checkboxCard', 'checkmark'],
  RadioGroup: ['radioGroup', 'radiomark'],
  RadioCard: ['radioCard', 'radiomark'],
  InputGroup: ['inputAddon'],
  Toaster: ['toast'],
};

/** The keys of USED_RECIPES and USED_SLOT_RECIPES, read from the source (the root type check uses Node resolution, not the bundler's). */
function usedRecipeKeys(): string[] {
  const source = readFileSync(join(ui, 'shared', 'theme', 'system.ts'), 'utf8');
  return ['USED_RECIPES', 'USED_SLOT_RECIPES'].flatMap((name) => {
    const block = new RegExp(`export const ${name} = \\{([^}]*)\\}`).exec(source)?.[1] ?? '';
    return [...block.matchAll(/^\s*(\w+):/gm)].map((m) => m[1] as string);
  });
}

const imported = new Set(
  sources(ui).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/import \{([^}]+)\} from '@chakra-ui\/react'/g)].flatMap((m) =>
      (m[1] as string).split(',').map((name) => name.trim().split(/\s+as\s+/)[0] as string).filter(Boolean),
    ),
  ),
);

describe('Given the Chakra components the two apps import', () => {
  it('Then every one that has a recipe in Chakra’s theme has it in ours', () => {
    expect(imported.size).toBeGreaterThan(10);
    const known = new Set([...Object.keys(recipes), ...Object.keys(slotRecipes)]);
    const ours = new Set(usedRecipeKeys());
    expect(ours.size).toBeGreaterThan(20);
    const missing = [...imported].flatMap((component) => {
      const key = component.charAt(0).toLowerCase() + component.slice(1);
      const needed = [...(ALSO_NEEDS[component] ?? []), ...(known.has(key) ? [key] : [])];
      return needed.filter((recipe) => !ours.has(recipe)).map((recipe) => `${component} → ${recipe}`);
    });
    expect(missing).toEqual([]);
  });
});

/** DASHBOARD_ONLY_PALETTES, read from the source as the recipes' keys are. */
function dashboardOnlyPalettes(): string[] {
  const source = readFileSync(join(ui, 'shared', 'theme', 'system.ts'), 'utf8');
  const list = /export const DASHBOARD_ONLY_PALETTES = \[([^\]]*)\]/.exec(source)?.[1] ?? '';
  return [...list.matchAll(/'(\w+)'/g)].map((m) => m[1] as string);
}

describe('Given the storefront’s design system, without the palettes only the dashboard names', () => {
  const left = dashboardOnlyPalettes();

  it('Then no storefront or shared module names one of them', () => {
    expect(left).toContain('teal');
    const named = ['storefront', 'shared'].flatMap((dir) =>
      sources(join(ui, dir)).filter((file) => !file.endsWith(join('theme', 'system.ts'))).flatMap((file) =>
        left.filter((palette) => new RegExp(`['"\`]${palette}(\\.|['"\`])`).test(readFileSync(file, 'utf8'))).map((palette) => `${file}: ${palette}`),
      ),
    );
    expect(named).toEqual([]);
  });

  it('Then no recipe the apps use draws on one of them (the alerts’ and toasts’ statuses among others)', () => {
    const used = new Set(usedRecipeKeys());
    const all: Record<string, unknown> = { ...recipes, ...slotRecipes };
    const drawn = [...used].flatMap((key) => left.filter((palette) => JSON.stringify(all[key]).includes(`"${palette}`)).map((palette) => `${key}: ${palette}`));
    expect(drawn).toEqual([]);
    // What the statuses do need is kept.
    expect(JSON.stringify(slotRecipes.alert)).toContain('"orange"');
  });
});
