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
 * It rewrites two lines of one file of the pinned Chakra version and fails
 * the build if they are not there, rather than silently doing nothing after an
 * upgrade (tests/ui/chakra-lazy-global.test.ts).
 */
export function chakraLazyGlobal(): Plugin {
  return {
    name: 'trade-in:chakra-lazy-global',
    enforce: 'pre',
    transform(code, id) {
      if (!SYSTEM_MODULE.test(id.split('?')[0] as string)) return null;
      return { code: lazyGlobal(code), map: null };
    },
  };
}

export function lazyGlobal(code: string): string {
  if (!code.includes(EAGER) || code.split(RETURNED).length !== 2) {
    throw new Error('chakraLazyGlobal: @chakra-ui/react styled-system/system.js no longer computes `_global` as this plugin expects; update ui/build/chakra-lazy-global.ts');
  }
  return code
    .replace(EAGER, 'let _global;')
    .replace(RETURNED, '    get _global() {\n      return (_global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]);\n    },\n');
}
