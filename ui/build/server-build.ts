import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type UserConfig } from 'vite';
import { apiTexts } from './api-texts.js';
import { chakraLazyGlobal } from './chakra-lazy-global.js';

/** Where, under the UI's build folder, the storefront's server rendering is built (a dot folder: the server never serves it as a file). */
export const SERVER_BUILD_DIR = '.ssr';
/** Its entry, which infrastructure/http/storefront-render.ts loads. */
export const SERVER_ENTRY_FILE = 'storefront-server.js';

/**
 * Vite plugin: once the browsers' build is written, builds the storefront's
 * server rendering entry (`entry`, ui/storefront/app/server.tsx) into
 * `<outDir>/.ssr/storefront-server.js`, for Node, every package bundled in
 * (the build folder may be anywhere: a test's temp folder has no node_modules
 * above it). Same aliases and text plugin as the browsers' build, so the
 * server renders what the browser renders.
 */
export function serverBuild(entry: string, shared: Pick<UserConfig, 'resolve' | 'root'>): Plugin {
  let outDir = '';
  return {
    name: 'trade-in:server-build',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await build({
        configFile: false,
        ...shared,
        logLevel: 'warn',
        plugins: [react(), chakraLazyGlobal(), apiTexts()],
        ssr: { noExternal: true },
        build: {
          ssr: entry,
          outDir: resolve(outDir, SERVER_BUILD_DIR),
          emptyOutDir: true,
          sourcemap: true,
          copyPublicDir: false,
          minify: false,
          rollupOptions: { output: { format: 'es', entryFileNames: SERVER_ENTRY_FILE, codeSplitting: false } },
        },
      });
    },
  };
}
