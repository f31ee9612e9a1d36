import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Logger, Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What the browser fetches as text; source maps are left to the server's on-the-fly compression (only developer tools ask for them). */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest', '.ico', '.wasm']);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside
 * every compressible file under `dir` (the names infrastructure/http/ui-static.ts
 * looks for), each only when it is smaller than the
 * file. Quality 11 is too slow to run per request but is paid once here: the
 * first load's JavaScript is about 14 % smaller than at the quality a server
 * compresses with on the fly.
 */
export async function precompressDirectory(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.has(extname(file)));
  const sizes = await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < content.length) await writeFile(`${file}.br`, br);
      if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
      return { bytes: content.length, brotliBytes: Math.min(br.length, content.length) };
    }),
  );
  return {
    files: files.length,
    bytes: sizes.reduce((sum, s) => sum + s.bytes, 0),
    brotliBytes: sizes.reduce((sum, s) => sum + s.brotliBytes, 0),
  };
}

/** Vite plugin: precompresses the build output once it is written (public files included). */
export function precompress(): Plugin {
  let outDir = '';
  let logger: Logger | null = null;
  return {
    name: 'trade-in:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    async closeBundle() {
      const started = performance.now();
      const { files, bytes, brotliBytes } = await precompressDirectory(outDir);
      logger?.info(`precompressed ${files} files (${Math.round(bytes / 1024)} kB → ${Math.round(brotliBytes / 1024)} kB brotli) in ${Math.round(performance.now() - started)} ms`);
    },
  };
}
