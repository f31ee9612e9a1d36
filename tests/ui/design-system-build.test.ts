import { describe, expect, it } from 'vitest';
import { preloadEntryImports } from '../../ui/build/preload-entry-imports.js';
import { DEFAULT_BRAND_COLOR } from '../../ui/shared/theme/brand-color.js';

/**
 * The stylesheet is built from the design system (ui/shared/theme/system.ts), which imports Chakra:
 * loaded untyped here, as the root type check resolves packages for Node, not as the bundler does.
 */
const designSystemCssModule = '../../ui/build/design-system-css.js';
const { designSystemGlobalCss } = (await import(designSystemCssModule)) as { designSystemGlobalCss: () => string };

describe('Given the design system', () => {
  const css = designSystemGlobalCss();

  it('When its global styles are built as a stylesheet, then the CSS layer order comes first', () => {
    expect(css.startsWith('@layer reset,base,tokens,recipes;')).toBe(true);
  });

  it('Then the stylesheet defines the design tokens as CSS variables, the brand palette included, light and dark', () => {
    for (const declaration of [
      `--chakra-colors-brand-500:var(--brand-color, ${DEFAULT_BRAND_COLOR})`,
      `--chakra-colors-brand-700:color-mix(in srgb, var(--brand-color, ${DEFAULT_BRAND_COLOR}) 70%, black)`,
      // A design's colour checked to WCAG AA is drawn as is (branding.ts sets --brand-solid); else the darker shade.
      `--chakra-colors-brand-solid:var(--brand-solid, color-mix(in srgb, var(--brand-color, ${DEFAULT_BRAND_COLOR}) 70%, black))`,
      '--chakra-colors-fg-error:var(--chakra-colors-red-600)',
      '--chakra-spacing-4:',
      '--chakra-radii-md:',
      '--chakra-breakpoints-md:768px',
    ]) {
      expect(css.includes(declaration), declaration).toBe(true);
    }
    expect(css.includes('.dark,.dark .chakra-theme:not(.light){')).toBe(true);
  });

  it('Then the brand colour, before the tenant’s own replaces it, is green (specification 002)', () => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(DEFAULT_BRAND_COLOR.slice(i, i + 2), 16)) as [number, number, number];
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    // The hue, in degrees: green is around 120°.
    const hue = max === g ? 60 * ((b - r) / (max - min)) + 120 : max === r ? (60 * ((g - b) / (max - min)) + 360) % 360 : 60 * ((r - g) / (max - min)) + 240;
    expect(DEFAULT_BRAND_COLOR).toMatch(/^#[0-9A-F]{6}$/i);
    expect(hue).toBeGreaterThanOrEqual(90);
    expect(hue).toBeLessThanOrEqual(160);
    expect(css).not.toContain('#1F6FEB');
  });

  it('Then it carries the reset, the keyframes and the global styles (the brand colour palette on <html>)', () => {
    expect(css.includes('@layer reset{html{')).toBe(true);
    expect(css.includes('@keyframes spin{')).toBe(true);
    expect(css.includes('--chakra-colors-color-palette-solid:var(--chakra-colors-brand-solid)')).toBe(true);
  });
});

type Handler = (html: string, context: { path: string; bundle: Record<string, unknown> }) => Array<{ attrs: { href: string } }> | undefined;

function handlerOf(plugin: ReturnType<typeof preloadEntryImports>): Handler {
  return (plugin.transformIndexHtml as unknown as { handler: Handler }).handler;
}

const chunk = (fileName: string, moduleIds: string[], imports: string[] = []) => ({ type: 'chunk', fileName, moduleIds, imports });
const bundle = {
  'assets/main-1.js': chunk('assets/main-1.js', ['/ui/main.ts'], ['assets/helper-1.js']),
  'assets/helper-1.js': chunk('assets/helper-1.js', ['/vite/preload-helper.js']),
  'assets/system-1.js': chunk('assets/system-1.js', ['/ui/system.ts'], ['assets/runtime-1.js']),
  'assets/runtime-1.js': chunk('assets/runtime-1.js', ['/rolldown/runtime.js']),
  'assets/start-1.js': chunk('assets/start-1.js', ['/ui/start.tsx'], ['assets/vendor-1.js', 'assets/runtime-1.js']),
  'assets/vendor-1.js': chunk('assets/vendor-1.js', ['/node_modules/react-dom/index.js'], ['assets/runtime-1.js']),
  'assets/page-1.js': chunk('assets/page-1.js', ['/ui/lazy-page.tsx'], ['assets/vendor-1.js']),
};
const html = '<script type="module" src="/assets/main-1.js"></script><link rel="modulepreload" href="/assets/helper-1.js">';

describe('Given an HTML entry whose script imports modules dynamically at start', () => {
  const plugin = preloadEntryImports({ 'index.html': ['/ui/system.ts', '/ui/start.tsx'] });

  it('When the page is built, then it preloads those modules and what they import, in the order given, once each', () => {
    const links = handlerOf(plugin)(html, { path: '/index.html', bundle }) ?? [];

    expect(links.map((link) => link.attrs.href)).toEqual(['/assets/system-1.js', '/assets/runtime-1.js', '/assets/start-1.js', '/assets/vendor-1.js']);
  });

  it('Then another page, and the lazily loaded pages, are left alone', () => {
    expect(handlerOf(plugin)(html, { path: '/dashboard/index.html', bundle })).toBeUndefined();
  });

  it('Then a listed module that no chunk holds fails the build', () => {
    const broken = preloadEntryImports({ 'index.html': ['/ui/renamed.tsx'] });

    expect(() => handlerOf(broken)(html, { path: '/index.html', bundle })).toThrow(/no chunk holds \/ui\/renamed.tsx/);
  });
});
