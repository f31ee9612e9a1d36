import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storefrontSite, uiStatic, type StorefrontPages, type StorefrontSite } from '../../infrastructure/http/ui-static.js';
import { startTestPlatform } from '../support/test-platform.js';

/** A raw HTTP exchange: node's fetch would decode the body and choose Accept-Encoding itself. */
interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

let server: Server;
let port: number;
let uiDir: string;

/** The storefront the server describes to search engines (a stand-in for the platform's, below). */
let sitePages: StorefrontPages = { categoryNavigationEnabled: true, accessibilityStatement: false, categories: [], products: [] };
const site: StorefrontSite = { baseUrl: 'https://reprise.example.com', pages: async () => sitePages };

const script = Buffer.from(`export const text = ${JSON.stringify('storefront '.repeat(400))};\n`);
const html = Buffer.from(`<!doctype html><html><head><title>Reprise</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`);
const dashboardHtml = Buffer.from(`<!doctype html><html><head><title>Dashboard</title></head><body>${'<!-- dashboard -->'.repeat(100)}</body></html>`);
const notPrecompressed = Buffer.from(JSON.stringify({ texts: 'bonjour '.repeat(500) }));
// Distinct bytes per variant, so a test can tell which file was sent.
const scriptBrotli = brotliCompressSync(script);
const scriptGzip = gzipSync(script, { level: 9 });
const htmlBrotli = brotliCompressSync(html);

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

beforeAll(async () => {
  uiDir = mkdtempSync(join(tmpdir(), 'ui-static-'));
  mkdirSync(join(uiDir, 'assets'));
  mkdirSync(join(uiDir, 'dashboard'));
  writeFileSync(join(uiDir, 'index.html'), html);
  writeFileSync(join(uiDir, 'index.html.br'), htmlBrotli);
  writeFileSync(join(uiDir, 'index.html.gz'), gzipSync(html, { level: 9 }));
  writeFileSync(join(uiDir, 'dashboard', 'index.html'), dashboardHtml);
  writeFileSync(join(uiDir, 'dashboard', 'index.html.br'), brotliCompressSync(dashboardHtml));
  writeFileSync(join(uiDir, 'assets', 'start-abc123.js'), script);
  writeFileSync(join(uiDir, 'assets', 'start-abc123.js.br'), scriptBrotli);
  writeFileSync(join(uiDir, 'assets', 'start-abc123.js.gz'), scriptGzip);
  writeFileSync(join(uiDir, 'assets', 'texts-abc123.json'), notPrecompressed);
  const app = express();
  app.use('/without-site', uiStatic(uiDir));
  app.use(uiStatic(uiDir, site));
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  rmSync(uiDir, { recursive: true, force: true });
});

describe('Given a UI build whose files have brotli and gzip variants beside them', () => {
  it('When a browser that accepts brotli asks for a script, then it gets the brotli file, typed as JavaScript, cached for a year', async () => {
    const response = await get('/assets/start-abc123.js', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });

    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['content-length']).toBe(String(scriptBrotli.length));
    expect(response.headers.vary).toContain('Accept-Encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body.equals(scriptBrotli)).toBe(true);
  });

  it('When the browser accepts gzip only, then it gets the gzip file', async () => {
    const response = await get('/assets/start-abc123.js', { 'Accept-Encoding': 'gzip, deflate' });

    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-length']).toBe(String(scriptGzip.length));
    expect(response.body.equals(scriptGzip)).toBe(true);
  });

  it('When the browser refuses brotli (q=0), then it gets gzip', async () => {
    const response = await get('/assets/start-abc123.js', { 'Accept-Encoding': 'br;q=0, gzip' });

    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('When the client accepts no encoding, then it gets the file itself, and the answer still varies with Accept-Encoding', async () => {
    const response = await get('/assets/start-abc123.js');

    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toContain('Accept-Encoding');
    expect(response.body.equals(script)).toBe(true);
  });

  it('When a HEAD request is made, then it gets the headers of the variant and no body', async () => {
    const response = await get('/assets/start-abc123.js', { 'Accept-Encoding': 'br' }, 'HEAD');

    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-length']).toBe(String(scriptBrotli.length));
    expect(response.body.length).toBe(0);
  });

  it('When a storefront page is asked, then the precompressed HTML comes with the security policy and is never cached', async () => {
    for (const path of ['/', '/search']) {
      const response = await get(path, { 'Accept-Encoding': 'gzip, deflate, br' });

      expect(response.status, path).toBe(200);
      expect(response.headers['content-encoding'], path).toBe('br');
      expect(response.headers['content-type'], path).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control'], path).toBe('no-cache');
      expect(response.headers['content-security-policy'], path).toContain("script-src 'self'");
      expect(response.body.equals(htmlBrotli), path).toBe(true);
    }
  });

  it('When a dashboard page is asked, then the dashboard HTML is sent', async () => {
    const response = await get('/dashboard/buybacks', { 'Accept-Encoding': 'br' });

    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.body.equals(brotliCompressSync(dashboardHtml))).toBe(true);
  });

  it('When a file has no variant, then it is compressed on the fly', async () => {
    const response = await get('/assets/texts-abc123.json', { 'Accept-Encoding': 'gzip' });

    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('When an asset does not exist, then the answer is 404, not the application page', async () => {
    const response = await get('/assets/missing-000000.js', { 'Accept-Encoding': 'br' });

    expect(response.status).toBe(404);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('When a path climbs out of the build folder, then nothing outside it is sent', async () => {
    const response = await get('/assets/..%2f..%2findex.html', { 'Accept-Encoding': 'br' });

    expect([400, 403, 404]).toContain(response.status);
    expect(response.body.equals(htmlBrotli)).toBe(false);
  });
});

describe('Given the storefront as search engines see it', () => {
  it('When a crawler asks for /robots.txt, then it gets a robots file (not the application page) that keeps it off private paths, not off the products’ diagnoses, and names the sitemap', async () => {
    const response = await get('/robots.txt', { 'Accept-Encoding': 'gzip' });
    const { gunzipSync } = await import('node:zlib');
    const text = (response.headers['content-encoding'] === 'gzip' ? gunzipSync(response.body) : response.body).toString('utf8');

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(text.startsWith('User-agent: *\n')).toBe(true);
    for (const path of ['/api/', '/dashboard/', '/cart/', '/buyback/', '/buyback-confirmation', '/results']) expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).not.toMatch(/Disallow: \/diag/);
    expect(text).toContain('Sitemap: https://reprise.example.com/sitemap.xml\n');
    expect(text).not.toContain('<html');
  });

  it('When it asks for /sitemap.xml, then it gets the public pages with absolute addresses: home, search, categories, each category, each product’s diagnosis, legal texts', async () => {
    sitePages = {
      categoryNavigationEnabled: true,
      accessibilityStatement: true,
      categories: [
        { id: '5a8eceda-a0b6-4a54-81c9-199331a57415', identifier: 'smartphones' },
        { id: 'c-2', identifier: 'tv_&_son' },
      ],
      products: [
        { id: '9b7c1f7e-2f4e-4f0a-9d3e-0c6d2b1a5e11', label: 'Apple iPhone 15 128 Go' },
        { id: 'p-2', label: 'Télé & Son « Écran » 55"' },
      ],
    };
    const response = await get('/sitemap.xml');
    const xml = response.body.toString('utf8');

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locations).toEqual([
      'https://reprise.example.com/',
      'https://reprise.example.com/search',
      'https://reprise.example.com/cgu',
      'https://reprise.example.com/cgs',
      'https://reprise.example.com/faq',
      'https://reprise.example.com/cookies-policy',
      'https://reprise.example.com/cookies-policy-document',
      'https://reprise.example.com/accessibility-statement',
      'https://reprise.example.com/categories',
      'https://reprise.example.com/category/5a8eceda-a0b6-4a54-81c9-199331a57415/smartphones',
      'https://reprise.example.com/category/c-2/tv_%26_son',
      'https://reprise.example.com/diag/9b7c1f7e-2f4e-4f0a-9d3e-0c6d2b1a5e11/apple-iphone-15-128-go',
      'https://reprise.example.com/diag/p-2/tele-son-ecran-55',
    ]);
  });

  it('When the retailer has no category search and no accessibility statement, then those pages are left out', async () => {
    sitePages = { categoryNavigationEnabled: false, accessibilityStatement: false, categories: [], products: [] };
    const xml = (await get('/sitemap.xml')).body.toString('utf8');

    expect(xml).not.toContain('/categories');
    expect(xml).not.toContain('/accessibility-statement');
    expect(xml).toContain('<loc>https://reprise.example.com/faq</loc>');
  });

  it('When the server does not know the storefront’s address, then robots.txt names no sitemap and /sitemap.xml is not found, never the application page', async () => {
    const robots = await get('/without-site/robots.txt');
    const sitemap = await get('/without-site/sitemap.xml');

    expect(robots.status).toBe(200);
    expect(robots.body.toString('utf8')).not.toContain('Sitemap:');
    expect(sitemap.status).toBe(404);
    expect(sitemap.body.toString('utf8')).not.toContain('<html');
  });
});

describe('Given the platform with its demo retailer', () => {
  it('Then the sitemap’s category and product pages are the categories a storefront visitor can buy something back in and the products it can find, under PUBLIC_BASE_URL', async () => {
    const t = await startTestPlatform({ publicBaseUrl: 'https://reprise.demo-retail.example' });
    try {
      const described = storefrontSite(t.platform);
      const pages = await described.pages();
      const visitor = await t.anonymous();
      const tree = (await visitor.get('/categories/tree')).body.items as Array<{ id: string; identifier: string; numberOfPublishedProducts: number; children: any[] }>;
      const shown = (nodes: typeof tree): Array<{ id: string; identifier: string }> =>
        nodes.filter((node) => node.numberOfPublishedProducts > 0).flatMap((node) => [{ id: node.id, identifier: node.identifier }, ...shown(node.children)]);

      expect(described.baseUrl).toBe('https://reprise.demo-retail.example');
      expect(pages.categoryNavigationEnabled).toBe(true);
      expect(pages.categories.length).toBeGreaterThan(3);
      expect(pages.categories.map((c) => c.id).sort()).toEqual(shown(tree).map((c) => c.id).sort());
      expect(pages.categories).toContainEqual(expect.objectContaining({ identifier: 'smartphones' }));
      // Every published product, however many pages of the search they fill (the demo has a few hundred).
      const published = await visitor.get('/products?itemsPerPage=1');
      expect(pages.products.length).toBe(published.body.totalItems);
      expect(pages.products.length).toBeGreaterThan(100);
      expect(new Set(pages.products.map((p) => p.id)).size).toBe(pages.products.length);
      const product = (await visitor.get(`/products/${pages.products[0]!.id}`)).body;
      expect(pages.products[0]).toEqual({ id: product.id, label: product.label });
    } finally {
      await t.close();
    }
  });
});
