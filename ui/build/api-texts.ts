import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

/**
 * The API's texts (`infrastructure/http/locales/<lng>.json`, the core's, and
 * `infrastructure/modules/<part>/locales/<lng>.json`, each part's) are the
 * apps' `api` namespace (ui/shared/i18n/namespaces.ts): a code reads the same
 * in the browser as in the API's answer. The bundles get the error messages
 * (`errors`) and the warehouse's words the screens share with the exports
 * (`items`: item statuses, quarantine reasons, places of loss; `stocks`: the
 * native stocks; `delivery`: the carriers' delivery statuses), so that a
 * status is named once; the e-mails (`mail`), the
 * export captions, the field and menu labels (the menu arrives translated in
 * /api/me) stay on the server. The storefront's first load has none of
 * them: its French `api` texts come on demand (ui/README.md, "Texts").
 */
export const API_TEXT_FILE = /\/infrastructure\/(?:http|modules\/[^/]+)\/locales\/[a-z]{2}-[A-Z]{2}\.json$/;
export const API_TEXT_KEYS_IN_BROWSER = ['errors', 'items', 'stocks', 'delivery'] as const;

/**
 * A locale file imported with this query becomes a module of its own, not
 * shared with the other app: the storefront's language bundles
 * (storefront/app/locale-bundles) import every text file so, and each
 * language is then one chunk, however many files (the API's core and parts,
 * the shared namespaces) fill it.
 */
export const BUNDLED_TEXTS_QUERY = '?bundled-texts';

export function browserTexts(path: string, json: string): string {
  if (!API_TEXT_FILE.test(path)) return json;
  const texts = JSON.parse(json) as Record<string, unknown>;
  return JSON.stringify(Object.fromEntries(API_TEXT_KEYS_IN_BROWSER.filter((key) => key in texts).map((key) => [key, texts[key]])));
}

export function apiTexts(): Plugin {
  return {
    name: 'api-texts',
    // Before Vite's JSON handling turns the file into a module.
    enforce: 'pre',
    async load(id) {
      if (!id.endsWith(`.json${BUNDLED_TEXTS_QUERY}`)) return null;
      const path = id.slice(0, -BUNDLED_TEXTS_QUERY.length);
      this.addWatchFile(path);
      return { code: `export default ${browserTexts(path, await readFile(path, 'utf8'))};`, map: null };
    },
    transform(code, id) {
      if (!API_TEXT_FILE.test(id)) return null;
      return { code: browserTexts(id, code), map: null };
    },
  };
}
