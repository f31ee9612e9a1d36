import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lazyGlobal, systemInSteps, tokenDictionaryInSteps } from '../../ui/build/chakra-lazy-global.js';

/**
 * Chakra's createSystem as the build rewrites it (ui/build/chakra-lazy-global.ts): `createSystemSteps`, a generator
 * that pauses after each costly step, and `createSystem`, which runs them at once. The rewritten file of the pinned
 * Chakra is run here (its imports made absolute) and compared with the package's own createSystem.
 */
const require = createRequire(import.meta.url);
const chakraEsm = join(require.resolve('@chakra-ui/react'), '..', '..', 'esm');
const systemFile = join(chakraEsm, 'styled-system', 'system.js');
const systemSource = readFileSync(systemFile, 'utf8');
const dictionaryFile = join(chakraEsm, 'styled-system', 'token-dictionary.js');
const dictionarySource = readFileSync(dictionaryFile, 'utf8');

interface System {
  css(style: Record<string, unknown>): Record<string, unknown>;
  getRecipeFn(key: string): (props: Record<string, unknown>) => Record<string, unknown>;
  _global: unknown[];
}
type Configs = unknown[];
interface Rewritten {
  createSystemSteps(...configs: Configs): Generator<undefined, System, undefined>;
  createSystem: ((...configs: Configs) => System) & { steps?: unknown };
}

/** A module's source as a data: URL, its relative imports made absolute file URLs (`replaced`: imports given their own). */
function dataUrl(source: string, file: string, replaced: Record<string, string> = {}): string {
  const absolute = Object.entries(replaced)
    .reduce((code, [name, url]) => code.replace(`from '${name}'`, `from '${url}'`), source)
    .replace(/from '(\.\.?\/[^']+)'/g, (_, path: string) => `from '${pathToFileURL(join(dirname(file), path)).href}'`);
  return `data:text/javascript;base64,${Buffer.from(absolute).toString('base64')}`;
}

/** The rewritten system module, importing the rewritten token dictionary, loaded from data: URLs. */
async function rewrittenModule(): Promise<Rewritten> {
  const pandaProp = pathToFileURL(join(dirname(require.resolve('@pandacss/is-valid-prop')), 'index.mjs')).href;
  const dictionary = dataUrl(tokenDictionaryInSteps(dictionarySource), dictionaryFile);
  const source = dataUrl(systemInSteps(lazyGlobal(systemSource)), systemFile, { './token-dictionary.js': dictionary, '@pandacss/is-valid-prop': pandaProp });
  return (await import(source)) as Rewritten;
}

// The package's own, untyped: the root type check resolves packages for Node, not as the bundler does.
const chakraModule = '@chakra-ui/react';
const { createSystem, defaultConfig } = (await import(chakraModule)) as { createSystem: (...configs: Configs) => System; defaultConfig: unknown };
const STYLE = { p: 4, color: 'fg.muted', bg: { base: 'red.500/40', _hover: 'colorPalette.solid' }, fontSize: ['sm', 'md'], textStyle: 'lg', rounded: 'md' };

describe('Given Chakra’s createSystem as the build rewrites it in steps', () => {
  it('When an entry drives createSystemSteps, then it pauses seven times (after the configurations, four times in the token dictionary, after it and the utilities) and makes the system createSystem makes', async () => {
    const { createSystemSteps } = await rewrittenModule();
    const steps = createSystemSteps(defaultConfig);
    let pauses = 0;
    let step = steps.next();
    while (!step.done) {
      pauses++;
      step = steps.next();
    }
    const own = createSystem(defaultConfig);
    expect(pauses).toBe(7);
    expect(step.value.css(STYLE)).toEqual(own.css(STYLE));
    expect(step.value.getRecipeFn('button')({ size: 'sm', variant: 'outline' })).toEqual(own.getRecipeFn('button')({ size: 'sm', variant: 'outline' }));
    expect(step.value._global).toEqual(own._global);
  });

  it('When createSystem is called as before, then it runs every step at once; it names the steps for the apps (the package’s index exports only createSystem)', async () => {
    const { createSystem: rewritten, createSystemSteps } = await rewrittenModule();
    expect(rewritten.steps).toBe(createSystemSteps);
    expect(rewritten(defaultConfig).css(STYLE)).toEqual(createSystem(defaultConfig).css(STYLE));
  });

  it('When Chakra no longer writes a step’s line (an upgrade), then the build fails instead of silently making it in one task', () => {
    expect(() => systemInSteps(systemSource.replace('  const config = mergeConfigs(...configs);\n', '  const merged = mergeConfigs(...configs);\n'))).toThrow(/chakraLazyGlobal/);
    expect(() => systemInSteps(systemSource.replace('function createSystem(', 'function makeSystem('))).toThrow(/chakraLazyGlobal/);
    expect(() => tokenDictionaryInSteps(dictionarySource.replace('    addReferences();\n', '    addReferences(allTokens);\n'))).toThrow(/token-dictionary/);
    expect(() => tokenDictionaryInSteps(dictionarySource.replace('  build();\n', '  build(true);\n'))).toThrow(/token-dictionary/);
  });
});
