import type { Plugin } from 'vite';

const SYSTEM_MODULE = /@chakra-ui\/react\/dist\/esm\/styled-system\/system\.js$/;
const TOKEN_DICTIONARY_MODULE = /@chakra-ui\/react\/dist\/esm\/styled-system\/token-dictionary\.js$/;
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
      const file = id.split('?')[0] as string;
      if (TOKEN_DICTIONARY_MODULE.test(file)) return { code: tokenDictionaryInSteps(code), map: null };
      if (!SYSTEM_MODULE.test(file)) return null;
      return { code: systemInSteps(lazyGlobal(code)), map: null };
    },
  };
}

const STEPS: ReadonlyArray<readonly [string, string]> = [
  // The function, a generator: it pauses where a step ends.
  ['function createSystem(...configs) {\n', 'function* createSystemSteps(...configs) {\n'],
  // After the configurations are cloned and merged.
  ['  const config = mergeConfigs(...configs);\n', '  const config = mergeConfigs(...configs);\n  yield;\n'],
  // The token dictionary, itself in steps (tokenDictionaryInSteps).
  ["import { createTokenDictionary } from './token-dictionary.js';", "import { createTokenDictionarySteps } from './token-dictionary.js';"],
  ['  const tokens = createTokenDictionary({', '  const tokens = yield* createTokenDictionarySteps({'],
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
 * itself in steps (tokenDictionaryInSteps), the utilities), so that a
 * browser's entry can make the design system in eight tasks instead of one,
 * the main thread free in between (a phone's long task is Lighthouse's
 * blocking time); `createSystem` runs its steps at once, as
 * before, and names the generator as its property `steps` (what the apps
 * import is the package's index, which does not export the generator).
 * Fails the build if Chakra's file is no longer written so.
 */
export function systemInSteps(code: string): string {
  const stepped = rewritten(code, STEPS, 'system.js');
  return `${stepped}\n${atOnce('createSystem', 'createSystemSteps', '...configs')}createSystem.${STEPS_PROPERTY} = createSystemSteps;\n`;
}

/** `code` with each `found` replaced; the build fails if one is not there exactly once (a Chakra upgrade). */
function rewritten(code: string, steps: ReadonlyArray<readonly [string, string]>, file: string): string {
  for (const [found] of steps) {
    if (code.split(found).length !== 2) {
      throw new Error(`chakraLazyGlobal: @chakra-ui/react styled-system/${file} no longer has \`${found.trim().split('\n')[0]}\` once; update ui/build/chakra-lazy-global.ts`);
    }
  }
  return steps.reduce((source, [found, replaced]) => source.replace(found, replaced), code);
}

/** The function `name` that runs the generator `steps` to its end at once, as the package's own did. */
const atOnce = (name: string, steps: string, parameters: string) =>
  `function ${name}(${parameters}) {\n  const steps = ${steps}(${parameters});\n  for (;;) {\n    const step = steps.next();\n    if (step.done) return step.value;\n  }\n}\n`;

const BUILD = [
  '  function build() {',
  '    applyMiddlewares("pre");',
  '    applyTransforms("pre");',
  '    addConditionalTokens();',
  '    addReferences();',
  '    expandTokenReferences$1();',
  '    applyMiddlewares("post");',
  '    applyTransforms("post");',
  '    setupViews();',
  '  }\n',
].join('\n');
const DICTIONARY_STEPS: ReadonlyArray<readonly [string, string]> = [
  ['function createTokenDictionary(options) {\n', 'function* createTokenDictionarySteps(options) {\n'],
  // build()'s phases, as the package writes them (checked here, so that an upgrade that changes them fails the build).
  [BUILD, BUILD],
  // The same phases in order, a pause after the tokens are registered and between the costly ones.
  [
    '  registerMiddleware(...tokenMiddlewares);\n  build();\n  return dictionary;\n}\n',
    [
      '  registerMiddleware(...tokenMiddlewares);',
      '  yield;',
      '  applyMiddlewares("pre");',
      '  applyTransforms("pre");',
      '  yield;',
      '  addConditionalTokens();',
      '  addReferences();',
      '  yield;',
      '  expandTokenReferences$1();',
      '  yield;',
      '  applyMiddlewares("post");',
      '  applyTransforms("post");',
      '  setupViews();',
      '  return dictionary;',
      '}\n',
    ].join('\n'),
  ],
  ['export { createTokenDictionary, tokenCategories };', 'export { createTokenDictionary, createTokenDictionarySteps, tokenCategories };'],
];

/**
 * Chakra's `createTokenDictionary` as a generator, `createTokenDictionarySteps`,
 * that pauses after registering the tokens and between the phases of its
 * build (about 35 ms of a throttled phone's start in one task otherwise);
 * `createSystemSteps` delegates to it, and `createTokenDictionary` runs it at
 * once. Fails the build if Chakra's file is no longer written so.
 */
export function tokenDictionaryInSteps(code: string): string {
  const stepped = rewritten(code, DICTIONARY_STEPS, 'token-dictionary.js');
  return `${stepped}\n${atOnce('createTokenDictionary', 'createTokenDictionarySteps', 'options')}`;
}

export function lazyGlobal(code: string): string {
  if (!code.includes(EAGER) || code.split(RETURNED).length !== 2) {
    throw new Error('chakraLazyGlobal: @chakra-ui/react styled-system/system.js no longer computes `_global` as this plugin expects; update ui/build/chakra-lazy-global.ts');
  }
  return code
    .replace(EAGER, 'let _global;')
    .replace(RETURNED, '    get _global() {\n      return (_global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]);\n    },\n');
}
