import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageHtml } from '../../infrastructure/http/storefront-render.js';
import { uiStatic } from '../../infrastructure/http/ui-static.js';

/**
 * The storefront's server rendering as the server serves it: the UI build's
 * entry (here a stand-in written into the build folder, as
 * ui/build/server-build.ts writes the real one) renders a page into
 * index.html; a page it leaves to the browser, or fails on, is index.html as
 * it is; the entry itself is never served.
 */
const TEMPLATE = [
  '<!doctype html>',
  '<html lang="fr-FR">',
  '  <head>',
  '    <!-- The storefront cannot start without it (ui/storefront/app/start-up.ts). -->',
  '    <link rel="preload" href="/api/white-label/config" as="fetch" crossorigin="anonymous" />',
  '    <title>Reprise</title>',
  '  </head>',
  '  <body>',
  '    <div id="root"></div>',
  '  </body>',
  '</html>',
].join('\n');

const ENTRY = `
export async function renderStorefrontPage({ url, apiBaseUrl, cookie }) {
  if (url.startsWith('/broken')) throw new Error('render failed');
  if (url !== '/' && !url.startsWith('/results')) return null;
  return {
    html: '<main><h1>' + (cookie === 'language=de-DE' ? 'Willkommen' : 'Bienvenue') + '</h1><p>' + apiBaseUrl + '</p></main>',
    head: '<link rel="preload" as="image" href="/logo.svg"/>',
    state: JSON.stringify({ url }).replace(/</g, '\\\\u003c'),
    language: cookie === 'language=de-DE' ? 'de-DE' : 'fr-FR',
    htmlStyle: '--brand-color: #15803D',
  };
}
`;

let server: Server;
let base: string;
let uiDir: string;
const warnings: string[] = [];

beforeAll(async () => {
  uiDir = mkdtempSync(join(tmpdir(), 'storefront-render-'));
  mkdirSync(join(uiDir, '.ssr'));
  writeFileSync(join(uiDir, 'index.html'), TEMPLATE);
  writeFileSync(join(uiDir, '.ssr', 'storefront-server.js'), ENTRY);
  const app = express();
  app.use(uiStatic(uiDir, null, undefined, { logger: { warn: (_details, message) => void warnings.push(message) } }));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
  rmSync(uiDir, { recursive: true, force: true });
});

describe('storefront pages rendered on the server', () => {
  it('Given a page the entry renders, When it is asked for, Then index.html holds its HTML, its state, its language and the retailer colours, without the configuration preload', async () => {
    const response = await fetch(`${base}/`);
    const html = await response.text();

    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(html).toContain('<div id="root"><main><h1>Bienvenue</h1>');
    expect(html).toContain('<script type="application/json" id="storefront-state">{"url":"/"}</script>');
    expect(html).toContain('<html lang="fr-FR" style="--brand-color: #15803D">');
    expect(html).toContain('<link rel="preload" as="image" href="/logo.svg"/></head>');
    expect(html).not.toContain('/api/white-label/config');
    expect(html).not.toContain('The storefront cannot start without it');
  });

  it("Given the visitor's language cookie, Then the page is rendered in it, and the entry calls the server's own API", async () => {
    const html = await (await fetch(`${base}/results?q=iphone`, { headers: { Cookie: 'language=de-DE' } })).text();

    expect(html).toContain('<html lang="de-DE"');
    expect(html).toMatch(/<h1>Willkommen<\/h1><p>http:\/\/127\.0\.0\.1:\d+\/api<\/p>/);
  });

  it('Given a page the entry leaves to the browser, or fails to render, Then index.html is sent as it is', async () => {
    for (const path of ['/cart/summary', '/broken']) {
      const html = await (await fetch(`${base}${path}`)).text();
      expect(html).toBe(TEMPLATE);
    }
    expect(warnings).toContain('storefront page not rendered on the server: the browser renders it');
  });

  it('Given the entry in the build folder, Then it is never served as a file', async () => {
    const html = await (await fetch(`${base}/.ssr/storefront-server.js`)).text();
    expect(html).not.toContain('renderStorefrontPage');
  });
});

describe('pageHtml', () => {
  it('refuses a template without an empty root element (the build changed index.html)', () => {
    expect(() => pageHtml('<html lang="fr-FR"><body><div id="app"></div></body></html>', { html: '', head: '', state: '{}', language: 'fr-FR', htmlStyle: '' })).toThrow(/root/);
  });

  it('escapes what it puts in attributes', () => {
    const html = pageHtml(TEMPLATE, { html: '<p>x</p>', head: '', state: '{}', language: 'fr-FR', htmlStyle: '--x: "a" <b>' });
    expect(html).toContain('style="--x: &quot;a&quot; &lt;b>"');
  });
});
