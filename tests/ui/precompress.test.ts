import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../ui/build/precompress.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'precompress-'));
  mkdirSync(join(dir, 'assets'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('Given a UI build folder', () => {
  it('When it is precompressed, then each text file gets brotli and gzip variants that decode to the file', async () => {
    const script = `export const texts = ${JSON.stringify('Revendez votre appareil '.repeat(200))};`;
    writeFileSync(join(dir, 'assets', 'start-abc.js'), script);
    writeFileSync(join(dir, 'index.html'), `<!doctype html><title>Reprise</title>${'<p>Reprise</p>'.repeat(50)}`);

    await precompressDirectory(dir);

    expect(brotliDecompressSync(readFileSync(join(dir, 'assets', 'start-abc.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(dir, 'assets', 'start-abc.js.gz'))).toString()).toBe(script);
    expect(existsSync(join(dir, 'index.html.br'))).toBe(true);
    expect(existsSync(join(dir, 'index.html.gz'))).toBe(true);
  });

  it('Then source maps and binary files are left alone', async () => {
    writeFileSync(join(dir, 'assets', 'start-abc.js.map'), JSON.stringify({ mappings: 'AAAA;'.repeat(500) }));
    writeFileSync(join(dir, 'assets', 'photo.png'), Buffer.alloc(4096));

    await precompressDirectory(dir);

    expect(existsSync(join(dir, 'assets', 'start-abc.js.map.br'))).toBe(false);
    expect(existsSync(join(dir, 'assets', 'photo.png.br'))).toBe(false);
  });

  it('Then a variant that would not be smaller than its file is not written', async () => {
    writeFileSync(join(dir, 'assets', 'tiny.js'), 'x');

    await precompressDirectory(dir);

    expect(existsSync(join(dir, 'assets', 'tiny.js.br'))).toBe(false);
    expect(existsSync(join(dir, 'assets', 'tiny.js.gz'))).toBe(false);
  });
});
