import createCache, { type EmotionCache } from '@emotion/cache';
import { KEY, SERVER_STYLES_ATTRIBUTE } from './server-styles';

/**
 * The browser's Emotion cache of the storefront (app/start.tsx provides it).
 * On a server-rendered page it starts knowing the rules the server's
 * `<style data-server-styles>` holds (app/server-styles.tsx), so hydration
 * inserts none of them again, and it leaves that tag where it is: Emotion's
 * own hydration would move it to the end of the head, a stylesheet removed
 * and added again, and so a style recalculation of the whole page. Rules
 * the server did not render go to a tag of its own after it, as usual.
 */
export function browserStyleCache(doc: Document = document): EmotionCache {
  const cache = createCache({ key: KEY });
  const serverTag = doc.querySelector(`style[${SERVER_STYLES_ATTRIBUTE}]`);
  for (const id of serverTag?.getAttribute(SERVER_STYLES_ATTRIBUTE)?.split(' ') ?? []) if (id) cache.inserted[id] = true;
  return cache;
}
