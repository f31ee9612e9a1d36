import { ChakraProvider } from '@chakra-ui/react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';
import { designSystem } from '../shared/theme/system.js';

/** The stylesheet each app's entry imports (`import 'virtual:design-system.css'`). */
export const DESIGN_SYSTEM_CSS = 'virtual:design-system.css';
const RESOLVED = `\0${DESIGN_SYSTEM_CSS}`;

/**
 * The design system's global styles (CSS layer order, reset, design tokens as
 * CSS variables, global styles, keyframes) exactly as ChakraProvider would
 * insert them at run time: rendered once here, through the same Emotion
 * pipeline, on the server side.
 */
export function designSystemGlobalCss(): string {
  const markup = renderToStaticMarkup(createElement(ChakraProvider, { value: designSystem(), children: null }));
  const sheets = [...markup.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '');
  if (sheets.length === 0) throw new Error('ChakraProvider rendered no global styles: has its server rendering changed?');
  return sheets.join('\n');
}

/**
 * Vite plugin: serves `virtual:design-system.css`, so the global styles ship
 * as a stylesheet (downloaded with the scripts, parsed by the browser) instead
 * of being serialised, hashed and inserted by Emotion in the first render,
 * about 50 kB of CSS. The apps' DesignSystemProvider leaves them out
 * (ui/shared/theme/provider.tsx). The theme is imported by the Vite config
 * itself: changing it restarts the dev server.
 */
export function designSystemCss(): Plugin {
  let css: string | null = null;
  return {
    name: 'trade-in:design-system-css',
    resolveId(id) {
      return id === DESIGN_SYSTEM_CSS ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      css ??= designSystemGlobalCss();
      return css;
    },
  };
}
