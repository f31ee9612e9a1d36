import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { HOME_PAGE_HTML_POLICY } from '../../../domain/settings/home-page/html-policy.js';
import { sanitiseWidgetHtml } from './sanitise-html.js';
import { XSS_PAYLOADS } from './xss-payloads.fixture.js';

interface Parsed {
  tags: string[];
  attributes: Array<{ tag: string; name: string; value: string }>;
  text: string;
}

/** The sanitised HTML as a browser's parser reads it (htmlparser2, entities decoded). */
function parse(html: string): Parsed {
  const parsed: Parsed = { tags: [], attributes: [], text: '' };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        parsed.tags.push(name);
        for (const [attribute, value] of Object.entries(attributes)) parsed.attributes.push({ tag: name, name: attribute.toLowerCase(), value });
      },
      ontext(text) {
        parsed.text += text;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return parsed;
}

const URL_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'cite', 'action', 'formaction', 'background', 'dynsrc', 'lowsrc', 'xlink:href', 'data']);
/** What a browser would make of an address: control characters and spaces it ignores removed, lower case. */
const scheme = (value: string) => [...value].filter((c) => c.charCodeAt(0) > 0x20 && (c.charCodeAt(0) < 0x7f || c.charCodeAt(0) > 0x9f)).join('').toLowerCase();

/** Every construct that could run a script in a visitor's browser, as found in the sanitised HTML. */
function executable(html: string): string[] {
  const parsed = parse(html);
  const found: string[] = [];
  const allowed = new Set<string>(HOME_PAGE_HTML_POLICY.allowedTags);
  for (const tag of parsed.tags) if (!allowed.has(tag)) found.push(`<${tag}>`);
  for (const { tag, name, value } of parsed.attributes) {
    if (name.startsWith('on') || name === 'style' || name === 'srcdoc' || name === 'id') found.push(`${tag}[${name}]`);
    if (URL_ATTRIBUTES.has(name)) {
      const address = scheme(value);
      if (/^(javascript|vbscript|data|livescript|mocha):/.test(address) || address.startsWith('//') || address.includes('javascript:')) found.push(`${tag}[${name}=${value}]`);
    }
  }
  return found;
}

describe('A home page widget’s HTML, sanitised on the server', () => {
  it('When it holds a script, then the script and its text go and the surrounding text stays', () => {
    expect(sanitiseWidgetHtml('<p>Nos offres <script>window.__pwned = true</script><b>du moment</b></p>')).toBe('<p>Nos offres <b>du moment</b></p>');
  });

  it('When it is harmless, then it is kept as written (headings, links, images, tables, classes)', () => {
    const html = '<h2 class="promo">Reprise</h2><p><a href="https://example.com/offre" target="_blank">Voir</a> <img src="https://cdn.example.com/a.png" alt="Offre" width="200" /></p><table><tr><td colspan="2">Prix</td></tr></table>';
    expect(sanitiseWidgetHtml(html)).toBe(
      '<h2 class="promo">Reprise</h2><p><a href="https://example.com/offre" target="_blank" rel="noopener noreferrer">Voir</a> <img alt="Offre" width="200" src="https://cdn.example.com/a.png" /></p><table><tr><td colspan="2">Prix</td></tr></table>',
    );
  });

  it.each(XSS_PAYLOADS.map((payload, index) => [index, payload]))('Given OWASP payload #%i, when sanitised, then nothing executable survives and the text around it stays', (_index, payload) => {
    const html = `<p>Offre de reprise du moment</p>${payload}<p>Fin du widget</p>`;
    const sanitised = sanitiseWidgetHtml(html);
    expect(executable(sanitised), sanitised).toEqual([]);
    expect(parse(sanitised).text).toContain('Offre de reprise du moment');
    // Sanitising its own output changes nothing: what is kept is stable.
    expect(sanitiseWidgetHtml(sanitised)).toBe(sanitised);
  });

  it('Given the detector itself, when it reads a dangerous construct, then it names it (the payload test can fail)', () => {
    expect(executable('<p onclick="x()">a</p><script>1</script><a href=" java&#x09;script:alert(1)">b</a><img src="//evil.example/x">')).toEqual([
      '<script>',
      'p[onclick]',
      'a[href= java\tscript:alert(1)]',
      'img[src=//evil.example/x]',
    ]);
  });
});
