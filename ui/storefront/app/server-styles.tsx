import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { ReactNode } from 'react';

/**
 * The components' styles of a server-rendered page, in its `<head>` (issue 24).
 *
 * Left to itself, Emotion writes a `<style>` before every styled element of
 * the server's HTML, and in the browser, as soon as it loads, moves each of
 * them into the head, a stylesheet added and parsed again per move: on the
 * home, 55 of them, the longest part of the phone's first task. Instead the
 * server renders with a cache of its own that keeps the rules (Emotion's
 * "extract" mode, `compat`), and they go to the head as one tag for the
 * components' classes and one per global style.
 *
 * The classes' tag names its rules in an attribute of ours
 * (`data-server-styles`), not Emotion's `data-emotion`: an Emotion cache
 * that finds its own tag "hydrates" it by inserting it again at the end of
 * the head, and a stylesheet taken out and put back makes the browser
 * recalculate the style of the whole page (20 ms on a throttled phone, in
 * the middle of the start). The browser's cache (app/browser-styles.ts) reads
 * the attribute instead and inserts none of those rules again.
 */
export const KEY = 'css';
/** The attribute of the server's `<style>` of the components' classes: the ids of its rules (Emotion's names). */
export const SERVER_STYLES_ATTRIBUTE = 'data-server-styles';

export interface ServerStyles {
  /** Wraps the page so that its styles go to this cache. */
  wrap(element: ReactNode): ReactNode;
  /** The `<style>` tags of the rules the render inserted, for the page's head (`html`: the rendered HTML). */
  tags(html: string): string;
}

export function serverStyles(): ServerStyles {
  const cache: EmotionCache = createCache({ key: KEY });
  // Emotion's extract mode: the rules are kept in `cache.inserted` (id → CSS), no <style> is rendered in the tree.
  cache.compat = true;
  return {
    wrap: (element) => <CacheProvider value={cache}>{element}</CacheProvider>,
    tags(html) {
      const classes: string[] = [];
      const rules: string[] = [];
      const globals: string[] = [];
      for (const [id, css] of Object.entries(cache.inserted)) {
        if (typeof css !== 'string' || css === '') continue;
        const className = `${KEY}-${id}`;
        if (!css.includes(`.${className}`)) {
          // A global style (<Global>): no class of its own.
          globals.push(styleTag(`${KEY}-global ${id}`, css));
        } else if (html.includes(className)) {
          // A component's class, in the page (not one of a fallback the render replaced).
          classes.push(id);
          rules.push(css);
        }
      }
      // The global styles (a page's own <Global>s) first, then the classes' rules (the CSS layers' order is the stylesheet's).
      return globals.join('') + (classes.length > 0 ? `<style ${SERVER_STYLES_ATTRIBUTE}="${classes.join(' ')}">${escaped(rules.join(''))}</style>` : '');
    },
  };
}

function styleTag(emotion: string, css: string): string {
  // `data-s`: already where it belongs, Emotion's browser cache leaves it in place.
  return `<style data-emotion="${emotion}" data-s="">${escaped(css)}</style>`;
}

/** No `</style` can end the tag early. */
const escaped = (css: string) => css.replace(/<\/(style)/gi, '<\\/$1');
