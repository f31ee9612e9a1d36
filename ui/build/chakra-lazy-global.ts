import type { Plugin } from 'vite';

const SYSTEM_MODULE = /@chakra-ui\/react\/dist\/esm\/styled-system\/system\.js$/;
const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const RETURNED = '    _global,\n';

/**
 * Vite plugin: Chakra UI's `createSystem` computes the global styles (reset,
 * every design token as a CSS variable, global CSS) as soon as the system is
 * made, the costliest part of its start (a third of the storefront's first
 * script task on a phone). The apps never use them at run time: they ship as a
 * stylesheet (build/design-system-css.ts) and DesignSystemProvider passes none.
 * In the browsers' and the server renderer's builds, `system._global` becomes a
 * getter computed on first read, so nothing is computed unless asked for.
 *
 * The same file's `createSystem` is also made a generator that pauses after
 * each costly step (systemInSteps, below).
 *
 * It rewrites a few lines of one file of the pinned Chakra version and fails
 * the build if they are not there, rather than silently doing nothing after an
 * upgrade (tests/ui/chakra-lazy-global.test.ts, chakra-system-steps.test.ts).
 */
export function chakraLazyGlobal(): Plugin {
  return {
    name: 'trade-in:chakra-lazy-global',
    enforce: 'pre',
    transform(code, id) {
      if (!SYSTEM_MODULE.test(id.split('?')[0] as string)) return null;
      return { code: systemInSteps(lazyGlobal(code)), map: null };
    },
  };
}

const STEPS: ReadonlyArray<readonly [string, string]> = [
  // The function, a generator: it pauses where a step ends.
  ['function createSystem(...configs) {\n', 'function* createSystemSteps(...configs) {\n'],
  // After the configurations are cloned and merged.
  ['  const config = mergeConfigs(...configs);\n', '  const config = mergeConfigs(...configs);\n  yield;\n'],
  // After the token dictionary.
  ['  const breakpoints = createBreakpoints(', '  yield;\n  const breakpoints = createBreakpoints('],
  // After the utilities (every style property's values).
  ['  function assignComposition() {\n', '  yield;\n  function assignComposition() {\n'],
  ['export { createSystem, isValidSystem };', 'export { createSystem, createSystemSteps, isValidSystem };'],
];

/** createSystem's own property that names the generator (ui/shared/theme/system.ts reads it: absent where the build did not rewrite Chakra). */
const STEPS_PROPERTY = 'steps';

/**
 * `createSystem` as a generator, `createSystemSteps`, that pauses after each of
 * its three costly steps (merging the configurations, the token dictionary,
 * the utilities), so that a browser's entry can make the design system in four
 * tasks instead of one, the main thread free in between (a phone's long task
 * is Lighthouse's blocking time); `createSystem` runs its steps at once, as
 * before, and names the generator as its property `steps` (what the apps
 * import is the package's index, which does not export the generator).
 * Fails the build if Chakra's file is no longer written so.
 */
export function systemInSteps(code: string): string {
  for (const [found] of STEPS) {
    if (code.split(found).length !== 2) {
      throw new Error(`chakraLazyGlobal: @chakra-ui/react styled-system/system.js no longer has \`${found.trim()}\` once; update ui/build/chakra-lazy-global.ts`);
    }
  }
  const stepped = STEPS.reduce((source, [found, replaced]) => source.replace(found, replaced), code);
  return `${stepped}\nfunction createSystem(...configs) {\n  const steps = createSystemSteps(...configs);\n  for (;;) {\n    const step = steps.next();\n    if (step.done) return step.value;\n  }\n}\ncreateSystem.${STEPS_PROPERTY} = createSystemSteps;\n`;
}

export function lazyGlobal(code: string): string {
  if (!code.includes(EAGER) || code.split(RETURNED).length !== 2) {
    throw new Error('chakraLazyGlobal: @chakra-ui/react styled-system/system.js no longer computes `_global` as this plugin expects; update ui/build/chakra-lazy-global.ts');
  }
  return code
    .replace(EAGER, 'let _global;')
    .replace(RETURNED, '    get _global() {\n      return (_global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]);\n    },\n');
}
