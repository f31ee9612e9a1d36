import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uiStatic } from '../../infrastructure/http/ui-static.js';

/** A raw HTTP exchange: node's fetch would decode the body and choose Accept-Encoding itself. */
interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

let server: Server;
let port: number;
let uiDir: string;

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
  app.use(uiStatic(uiDir));
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
