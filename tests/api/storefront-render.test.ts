import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AFTER_PAINT_SCRIPT, pageHtml } from '../../infrastructure/http/storefront-render.js';
import { uiStatic } from '../../infrastructure/http/ui-static.js';

/**
 * The storefront's server rendering as the server serves it: the UI build's
 * entry (here a stand-in written into the build folder, as
 * ui/build/server-build.ts writes the real one) renders a page, in a worker
 * thread, into index.html; the page is kept per tenant, language and address;
 * a page it leaves to the browser, fails on, takes too long for, or finds no
 * free thread for, is index.html as it is; the entry itself is never served.
 * (The kept pages' invalidation and the throttles: storefront-render-platform.test.ts.)
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

/**
 * The stand-in entry, run in the render threads as the real one is: it asks
 * the test's API (below) for the tenant's name, as the real one asks for the
 * configuration, with the headers it was given; `/hold` waits until the test
 * releases it, `/busy` holds its thread (a long render's CPU) until a file
 * appears.
 */
const ENTRY = `
import { existsSync } from 'node:fs';
export async function renderStorefrontPage({ url, apiBaseUrl, language, accountId, headers }) {
  if (url.startsWith('/broken')) throw new Error('render failed');
  if (url.startsWith('/hold')) await fetch(apiBaseUrl + '/hold', { headers });
  if (url.startsWith('/busy')) {
    await fetch(apiBaseUrl + '/started', { headers });
    while (!existsSync(new URL(url, 'http://x').searchParams.get('until'))) {}
  }
  if (url !== '/' && !url.startsWith('/results') && !url.startsWith('/hold') && !url.startsWith('/busy')) return null;
  const tenant = await (await fetch(apiBaseUrl + '/tenant?accountId=' + (accountId ?? ''), { headers })).json();
  return {
    html: '<main><h1>' + (language === 'de-DE' ? 'Willkommen' : 'Bienvenue') + ' ' + tenant.name + '</h1><p>' + apiBaseUrl + '</p></main>',
    head: '<link rel="preload" as="image" href="/logo.svg"/>',
    state: JSON.stringify({ url }).replace(/</g, '\\\\u003c'),
    language: language ?? 'fr-FR',
    htmlStyle: '--brand-color: #15803D',
  };
}
`;

let server: Server;
let base: string;
let uiDir: string;
const warnings: string[] = [];
/** The tenants' names, and how many times a render asked for one (one per page rendered). */
const TENANTS: Record<string, string> = { a: 'Alpha Reprise', b: 'Beta Occasion' };
let renders = 0;
const held: Array<() => void> = [];
let started: () => void = () => undefined;

beforeAll(async () => {
  uiDir = mkdtempSync(join(tmpdir(), 'storefront-render-'));
  mkdirSync(join(uiDir, '.ssr'));
  writeFileSync(join(uiDir, 'index.html'), TEMPLATE);
  writeFileSync(join(uiDir, '.ssr', 'storefront-server.js'), ENTRY);
  const app = express();
  app.get('/api/health', (_req, res) => void res.json({ status: 'ok' }));
  app.get('/api/tenant', (req, res) => {
    renders++;
    res.json({ name: TENANTS[String(req.query.accountId)] ?? 'Default' });
  });
  app.get('/api/hold', (_req, res) => {
    held.push(() => res.json({}));
    started();
  });
  app.get('/api/started', (_req, res) => {
    started();
    res.json({});
  });
  const logger = { warn: (_details: object, message: string) => void warnings.push(message) };
  // One thread and no queue: a second render while one runs is refused at once (the pool saturated).
  app.use(uiStatic(uiDir, null, undefined, { logger, tenant: async (req) => req.get('x-tenant') ?? null, pool: { threads: 1, queue: 0 }, timeoutMs: 1_500 }));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
  rmSync(uiDir, { recursive: true, force: true });
});

const renderedBy = (response: Response) => response.headers.get('x-storefront-render');
const nextStart = () => new Promise<void>((resolve) => (started = resolve));
function release() {
  for (const answer of held.splice(0)) answer();
}

describe('storefront pages rendered on the server', () => {
  it('Given a page the entry renders, When it is asked for, Then index.html holds its HTML, its state, its language and the retailer colours, without the configuration preload', async () => {
    const response = await fetch(`${base}/`);
    const html = await response.text();

    expect(response.status).toBe(200);
    expect(renderedBy(response)).toBe('miss');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(html).toContain('<div id="root"><main><h1>Bienvenue Default</h1>');
    expect(html).toContain('<script type="application/json" id="storefront-state">{"url":"/"}</script>');
    expect(html).toContain('<html lang="fr-FR" style="--brand-color: #15803D">');
    expect(html).toContain('<link rel="preload" as="image" href="/logo.svg"/></head>');
    expect(html).not.toContain('/api/white-label/config');
    expect(html).not.toContain('The storefront cannot start without it');
  });

  it("Given the visitor's language cookie, Then the page is rendered in it, and the entry calls the server's own API", async () => {
    const html = await (await fetch(`${base}/results?q=iphone`, { headers: { Cookie: 'consent=all; language=de-DE' } })).text();

    expect(html).toContain('<html lang="de-DE"');
    expect(html).toMatch(/<h1>Willkommen Default<\/h1><p>http:\/\/127\.0\.0\.1:\d+\/api<\/p>/);
  });

  it('Given a page rendered once, When it is asked again (any other cookie), Then it comes from the kept pages without a render; another language is its own page', async () => {
    const first = await fetch(`${base}/results?q=ipad`, { headers: { 'x-tenant': 'a' } });
    const before = renders;
    const again = await fetch(`${base}/results?q=ipad`, { headers: { 'x-tenant': 'a', Cookie: 'consent=none' } });
    const german = await fetch(`${base}/results?q=ipad`, { headers: { 'x-tenant': 'a', Cookie: 'language=de-DE' } });

    expect([renderedBy(first), renderedBy(again), renderedBy(german)]).toEqual(['miss', 'hit', 'miss']);
    expect(await again.text()).toBe(await first.text());
    expect(await german.text()).toContain('Willkommen Alpha Reprise');
    expect(renders).toBe(before + 1);
  });

  it('Given two tenants, When each asks for the same page, Then each gets its own, rendered from its own data, again from the kept pages', async () => {
    for (let round = 0; round < 2; round++) {
      // One after the other: this pool renders one page at a time, and refuses a second (the saturation test below).
      const alpha = await fetch(`${base}/results?q=pixel`, { headers: { 'x-tenant': 'a' } });
      const beta = await fetch(`${base}/results?q=pixel`, { headers: { 'x-tenant': 'b' } });
      const [alphaHtml, betaHtml] = [await alpha.text(), await beta.text()];
      expect(alphaHtml).toContain('<h1>Bienvenue Alpha Reprise</h1>');
      expect(alphaHtml).not.toContain('Beta Occasion');
      expect(betaHtml).toContain('<h1>Bienvenue Beta Occasion</h1>');
      expect(betaHtml).not.toContain('Alpha Reprise');
      if (round === 1) expect([renderedBy(alpha), renderedBy(beta)]).toEqual(['hit', 'hit']);
    }
  });

  it('Given a page the entry leaves to the browser, or fails to render, Then index.html is sent as it is', async () => {
    for (const path of ['/cart/summary', '/broken']) {
      const response = await fetch(`${base}${path}`);
      expect(await response.text()).toBe(TEMPLATE);
      expect(renderedBy(response)).toBe('skipped');
    }
    expect(warnings).toContain('storefront page not rendered on the server: the browser renders it');
    // A failed render is not kept: the next visitor's page is rendered again (and fails again).
    const failed = warnings.length;
    expect(renderedBy(await fetch(`${base}/broken`))).toBe('skipped');
    expect(warnings.length).toBe(failed + 1);
  });

  it('Given a render holding its thread (CPU), When the API is asked meanwhile, Then it answers before the render ends: renders never run on the event loop', async () => {
    const flag = join(uiDir, 'busy-done');
    const running = nextStart();
    let pageAnswered = false;
    const page = fetch(`${base}/busy?until=${encodeURIComponent(flag)}`).then((response) => {
      pageAnswered = true;
      return response;
    });
    await running;

    const health = await fetch(`${base}/api/health`);

    expect(health.status).toBe(200);
    expect(pageAnswered).toBe(false);
    writeFileSync(flag, '');
    await page;
  });

  it('Given every render thread busy and no room in the queue, When another page is asked, Then it is sent unrendered at once; rendered once the pool is free', async () => {
    const running = nextStart();
    const holding = fetch(`${base}/hold?n=1`);
    await running;

    const warned = warnings.length;
    const refused = await fetch(`${base}/results?q=saturated`);

    expect(renderedBy(refused)).toBe('skipped');
    expect(await refused.text()).toBe(TEMPLATE);
    expect(warnings.length, 'a busy pool is not a failure to log').toBe(warned);
    release();
    await holding;
    // The thread is free once piscina has taken its answer in, a moment after the page was sent: a refusal is not kept.
    await expect.poll(async () => renderedBy(await fetch(`${base}/results?q=saturated`)), { timeout: 5_000 }).toBe('miss');
  });

  it('Given a render slower than the timeout, Then the page is sent unrendered, and the render, once done, is kept for the next visitor', async () => {
    const running = nextStart();
    const slow = await fetch(`${base}/hold?n=2`).then(async (response) => ({ outcome: renderedBy(response), html: await response.text() }));
    await running;

    expect(slow).toEqual({ outcome: 'skipped', html: TEMPLATE });
    release();
    await expect.poll(async () => renderedBy(await fetch(`${base}/hold?n=2`))).toBe('hit');
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

  it('asks for the scripts once the page has painted, instead of linking them (ui/public/storefront-after-paint.js)', () => {
    const built = TEMPLATE.replace(
      '    <title>Reprise</title>',
      '    <title>Reprise</title>\n    <script type="module" crossorigin src="/assets/storefront-1.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/react-1.js">\n    <link rel="stylesheet" crossorigin href="/assets/design-system-1.css">\n    <link rel="modulepreload" crossorigin href="/assets/first-load-1.js">',
    );
    const html = pageHtml(built, { html: '<p>x</p>', head: '', state: '{}', language: 'fr-FR', htmlStyle: '' });
    expect(html).toContain(`<script defer src="${AFTER_PAINT_SCRIPT}" data-entry="/assets/storefront-1.js" data-preloads="/assets/react-1.js /assets/first-load-1.js"></script>`);
    expect(html).not.toMatch(/type="module"|modulepreload/);
    // The stylesheet still blocks the first paint, as it must.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/design-system-1.css">');
    expect(existsSync(join(import.meta.dirname, '..', '..', 'ui', 'public', AFTER_PAINT_SCRIPT))).toBe(true);
  });

  it('escapes what it puts in attributes', () => {
    const html = pageHtml(TEMPLATE, { html: '<p>x</p>', head: '', state: '{}', language: 'fr-FR', htmlStyle: '--x: "a" <b>' });
    expect(html).toContain('style="--x: &quot;a&quot; &lt;b>"');
  });
});
