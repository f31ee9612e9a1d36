import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformRendering } from '../../infrastructure/http/storefront-render.js';
import { uiStatic } from '../../infrastructure/http/ui-static.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';

/**
 * The storefront's server rendering on the whole platform: the render (a
 * stand-in entry, run in the render threads as the real one, calling the
 * platform's API over the loopback address with the headers it is given)
 * shows the retailer's configuration; a kept page is forgotten when the
 * retailer changes its settings (the reference data's change marks); two
 * retailers never see each other's page; and the API's throttles count the
 * visitor the page was rendered for, never the loopback address the renders
 * share.
 */
const DEMO = DEMO_IDS.accounts.demo;
const OTHER = DEMO_IDS.accounts.other;

const TEMPLATE = '<!doctype html>\n<html lang="fr-FR">\n  <head>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>';

/** `/`: the retailer's name and colour from GET /white-label/config; `/token…`: the answer of POST /anonymous-token for the visitor. */
const ENTRY = `
export async function renderStorefrontPage({ url, apiBaseUrl, accountId, headers, confirmations }) {
  if (url.startsWith('/buyback-confirmation')) {
    return { html: '<p>confirmations ' + (confirmations ?? 'none') + '</p>', head: '', state: '{}', language: 'fr-FR', htmlStyle: '' };
  }
  const json = { ...headers, 'Content-Type': 'application/json' };
  if (url.startsWith('/token')) {
    const minted = await fetch(apiBaseUrl + '/anonymous-token', { method: 'POST', headers: json, body: JSON.stringify({ accountId }) });
    return { html: '<p>token ' + minted.status + '</p>', head: '', state: '{}', language: 'fr-FR', htmlStyle: '' };
  }
  const config = await (await fetch(apiBaseUrl + '/white-label/config?accountId=' + accountId, { headers })).json();
  return { html: '<h1>' + config.name + '</h1><p>' + config.mainColor + '</p>', head: '', state: '{}', language: 'fr-FR', htmlStyle: '' };
}
`;

let t: TestPlatform;
let uiDir: string;
let retailer: ApiClient;

beforeAll(async () => {
  // Behind one proxy (X-Forwarded-For names the visitor), three visitor tokens per address.
  t = await startTestPlatform({ anonymousTokensPerAddress: 3, trustProxy: 1 });
  uiDir = mkdtempSync(join(tmpdir(), 'storefront-render-platform-'));
  mkdirSync(join(uiDir, '.ssr'));
  writeFileSync(join(uiDir, 'index.html'), TEMPLATE);
  writeFileSync(join(uiDir, '.ssr', 'storefront-server.js'), ENTRY);
  // The tenant: the platform's storefront account, or the one a test names (as a host would name it).
  const rendering = platformRendering(t.platform);
  const storefrontAccount = rendering.tenant!;
  t.platform.app.use(uiStatic(uiDir, null, undefined, { ...rendering, tenant: async (req) => req.get('x-test-tenant') ?? storefrontAccount(req) }));
  retailer = await t.login('retailer@demo.test', 'root');
}, 120_000);

afterAll(async () => {
  await t?.close();
  rmSync(uiDir, { recursive: true, force: true });
});

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${t.baseUrl}${path}`, { headers });
  return { outcome: response.headers.get('x-storefront-render'), cacheControl: response.headers.get('cache-control'), html: await response.text() };
}

describe('Given the storefront rendered on the server', () => {
  it('When the retailer changes its settings, then the next page shows them (the kept page forgotten), and is kept again', async () => {
    const first = await page('/');
    expect(first.outcome).toBe('miss');
    expect(first.html).toContain('<h1>Demo Retail</h1>');
    expect((await page('/')).outcome).toBe('hit');

    const saved = await retailer.patch(`/accounts/${DEMO}/design`, { mainColor: '#b91c1c' });
    expect(saved.status).toBe(200);

    const changed = await page('/');
    expect(changed.outcome).toBe('miss');
    expect(changed.html.toLowerCase()).toContain('<p>#b91c1c</p>');
    expect((await page('/')).outcome).toBe('hit');
  });

  it('Then the platform’s metrics count the pages by how they were served', async () => {
    const admin = await t.login('admin@demo.test', 'root');
    const counted = async () => {
      const text = String((await admin.get('/metrics')).body);
      const count = (outcome: string) => Number(new RegExp(`storefront_pages_total\\{[^}]*outcome="${outcome}"[^}]*\\} (\\d+)`).exec(text)?.[1] ?? 0);
      return { hit: count('hit'), miss: count('miss') };
    };
    const before = await counted();
    expect((await page('/metrics-count')).outcome).toBe('miss');
    expect((await page('/metrics-count')).outcome).toBe('hit');
    expect((await page('/metrics-count')).outcome).toBe('hit');
    expect(await counted()).toEqual({ hit: before.hit + 2, miss: before.miss + 1 });
  });

  it('When two retailers’ visitors ask for the same page, then each sees its own retailer, from the kept pages too', async () => {
    for (let round = 0; round < 2; round++) {
      const demo = await page('/results?q=iphone', { 'x-test-tenant': DEMO });
      const other = await page('/results?q=iphone', { 'x-test-tenant': OTHER });
      expect(demo.html).toContain('<h1>Demo Retail</h1>');
      expect(other.html).toContain('<h1>Other Retail</h1>');
      if (round === 1) expect([demo.outcome, other.outcome]).toEqual(['hit', 'hit']);
    }
  });

  it('When a visitor’s pages mint visitor tokens, then the throttle counts that visitor: another visitor, and the loopback address, still get theirs', async () => {
    const visitor = { 'X-Forwarded-For': '203.0.113.10' };
    const minted = [];
    for (let n = 1; n <= 4; n++) minted.push((await page(`/token?n=${n}`, visitor)).html);
    expect(minted.slice(0, 3).every((html) => html.includes('<p>token 201</p>'))).toBe(true);
    expect(minted[3]).toContain('<p>token 429</p>');

    expect((await page('/token?n=1', { 'X-Forwarded-For': '203.0.113.11' })).html).toContain('<p>token 201</p>');
    expect((await t.api.post('/anonymous-token', {})).status).toBe(201);
  });

  it('When someone else claims a visitor’s address with the render’s headers, then it is not believed: the claimed visitor keeps its tokens', async () => {
    const claimed = '203.0.113.20';
    for (let n = 0; n < 4; n++) {
      const forged = await t.api.post('/anonymous-token', {}, { 'X-Storefront-Render-Secret': 'guessed', 'X-Storefront-Render-Client': claimed, 'X-Forwarded-For': '198.51.100.7' });
      expect(forged.status).toBe(n < 3 ? 201 : 429);
    }

    expect((await page('/token?n=1', { 'X-Forwarded-For': claimed })).html).toContain('<p>token 201</p>');
  });

  it('When a visitor’s request carries its confirmations cookie, then the page is rendered from it for that visitor alone: never kept, never shared', async () => {
    const own = { cookie: 'language=fr-FR; tradein_confirmations=eyJvd24iOnRydWV9' };
    const path = '/buyback-confirmation?ids=4f0d6a1c-3b52-4c1e-9f4e-2a7d8c9b0e11';
    for (let round = 0; round < 2; round++) {
      const mine = await page(path, own);
      expect(mine).toMatchObject({ outcome: 'miss', cacheControl: 'private, no-store' });
      expect(mine.html).toContain('<p>confirmations eyJvd24iOnRydWV9</p>');
    }

    const stranger = await page(path, { cookie: 'language=fr-FR' });
    expect(stranger.html).toContain('<p>confirmations none</p>');
    expect(stranger.cacheControl).toBe('no-cache');
    expect((await page(path, { cookie: 'language=fr-FR' })).outcome).toBe('hit');
    // A value that is not one (another alphabet): read as no cookie, so the page kept for everyone.
    expect(await page(path, { cookie: 'language=fr-FR; tradein_confirmations=a%22b' })).toMatchObject({ outcome: 'hit', html: expect.stringContaining('<p>confirmations none</p>') });
    // Sent with another page, it is not read: that page comes from the kept pages as for anyone.
    expect((await page('/cookie-elsewhere', { cookie: 'language=fr-FR' })).outcome).toBe('miss');
    expect(await page('/cookie-elsewhere', own)).toMatchObject({ outcome: 'hit', cacheControl: 'no-cache' });
  });
});
