import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_DESCRIPTIONS, setMetaDescription } from '../../ui/storefront/app/page-descriptions.js';
import { LANGUAGES } from '../../ui/shared/i18n/namespaces.js';

const ui = join(import.meta.dirname, '..', '..', 'ui');
const texts = (language: string) => JSON.parse(readFileSync(join(ui, 'storefront', 'app', 'locales', `${language}.json`), 'utf8')) as { meta: Record<string, string> };
const VALUES: Record<string, string> = { name: 'Demo Retail', category: 'Smartphones', search: 'iphone 13' };
const fill = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => VALUES[name] ?? `{{${name}}}`);

/** The storefront's public pages (specification 000, section 2) that a visitor may land on from a search engine. */
const PUBLIC_PAGES = ['home', 'search', 'results', 'categories', 'category', 'termsOfUse', 'termsOfService', 'faq', 'cookiesPolicy', 'cookiesPolicyDocument', 'accessibilityStatement', 'stores', 'estimateError', 'notFound'];

describe('Given the meta descriptions of the storefront', () => {
  it('Then every public page has one of its own', () => {
    expect(Object.keys(PAGE_DESCRIPTIONS)).toEqual(expect.arrayContaining(PUBLIC_PAGES));
  });

  it.each([...LANGUAGES])('Then in %s each is written, names the retailer, is at most 160 characters, and no two pages share one', (language) => {
    const meta = texts(language).meta;
    const written = Object.entries(PAGE_DESCRIPTIONS).map(([page, key]) => {
      const text = meta[key.replace(/^meta\./, '')];
      expect(text, `${language} ${key}`).toBeTruthy();
      const filled = fill(text as string);
      expect(filled, `${language} ${key}: only name, category and search`).not.toMatch(/\{\{/);
      expect(filled.length, `${language} ${key}`).toBeLessThanOrEqual(160);
      if (page !== 'notAvailable') expect(filled, `${language} ${key}`).toContain('Demo Retail');
      return filled;
    });
    expect(new Set(written).size).toBe(written.length);
    expect(fill(meta.category as string)).toContain('Smartphones');
    expect(fill(meta.results as string)).toContain('iphone 13');
  });

  it('Then the languages say different things (each is translated)', () => {
    const home = LANGUAGES.map((language) => texts(language).meta.home);
    expect(new Set(home).size).toBe(LANGUAGES.length);
  });
});

describe('Given a page whose description is written', () => {
  function fakeHead(existing: boolean) {
    const made: Array<Record<string, string>> = [];
    const element = () => {
      const attributes: Record<string, string> = {};
      made.push(attributes);
      return { attributes, setAttribute: (name: string, value: string) => void (attributes[name] = value) };
    };
    const tags = existing ? [element()] : [];
    if (existing) tags[0]!.setAttribute('name', 'description');
    return {
      tags,
      head: {
        querySelector: (selector: string) => (selector === 'meta[name="description"]' ? (tags[0] ?? null) : null),
        appendChild: (node: never) => void tags.push(node),
        ownerDocument: { createElement: () => element() },
      },
    };
  }

  it('When index.html has the tag, then its content is replaced, and again on the next page', () => {
    const { tags, head } = fakeHead(true);
    setMetaDescription('first', head);
    setMetaDescription('second', head);
    expect(tags).toHaveLength(1);
    expect(tags[0]!.attributes).toEqual({ name: 'description', content: 'second' });
  });

  it('When there is none, then one is made, once', () => {
    const { tags, head } = fakeHead(false);
    setMetaDescription('first', head);
    setMetaDescription('second', head);
    expect(tags).toHaveLength(1);
    expect(tags[0]!.attributes).toEqual({ name: 'description', content: 'second' });
  });

  it('Then index.html carries a description before any page has rendered', () => {
    expect(readFileSync(join(ui, 'index.html'), 'utf8')).toMatch(/<meta name="description" content="[^"]{50,160}" \/>/);
  });
});
