import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { apiTexts } from './build/api-texts.js';
import { chakraLazyGlobal } from './build/chakra-lazy-global.js';
import { designSystemCss } from './build/design-system-css.js';
import { firstLoadChunks, pageChunk } from './build/first-load-chunks.js';
import { firstLoadSteps } from './build/first-load-steps.js';
import { precompress } from './build/precompress.js';
import { preloadEntryImports } from './build/preload-entry-imports.js';
import { serverBuild } from './build/server-build.js';

const ui = fileURLToPath(new URL('.', import.meta.url));
/** The repository root: `@server/…` is how the UIs import server code (domain values, application views). */
const server = fileURLToPath(new URL('..', import.meta.url));
const path = (file: string) => fileURLToPath(new URL(file, import.meta.url));
/** What each app's entry runs at once: the storefront's entry imports three module graphs dynamically, all preloaded. */
const storefrontStart = [path('shared/theme/system.ts'), path('storefront/app/start-up.ts'), path('storefront/app/start.tsx')];

/**
 * One build, two applications: the storefront (index.html, served at /) and
 * the dashboard (dashboard/index.html, served at /dashboard/). They share
 * chunks (React, Chakra UI, i18next, the API client) and the `ui/public`
 * assets. The Express server serves `dist/ui` (infrastructure/http/ui-static.ts).
 *
 * For the storefront's first load (bench/lighthouse.ts):
 * - the design system's global styles are a stylesheet (build/design-system-css.ts);
 * - its entry (storefront/app/main.ts) imports three module graphs dynamically
 *   (the design system, the start-up, the application) and index.html preloads
 *   them all (build/preload-entry-imports.ts), so the first two run while the
 *   application still downloads;
 * - each app's first load is a few files (build/first-load-chunks.ts),
 *   not forty small common chunks;
 * - every text file gets brotli and gzip variants beside it
 *   (build/precompress.ts), which the server sends to browsers that accept them;
 * - of the API's texts, only the error messages are bundled (build/api-texts.ts).
 */
/**
 * React Router's package exports name only its development build (react-router#14753), with its checks and
 * warnings. The browsers' build takes its production build (same API, same markup), the dev server keeps the other.
 */
const reactRouterProduction = [
  { find: /^react-router$/, replacement: path('../node_modules/react-router/dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: path('../node_modules/react-router/dist/production/dom-export.mjs') },
];

export default defineConfig(({ command }) => ({
  root: ui,
  base: '/',
  resolve: { alias: [{ find: /^@server\//, replacement: server }, ...(command === 'build' ? reactRouterProduction : [])] },
  plugins: [
    react(),
    chakraLazyGlobal(),
    apiTexts(),
    designSystemCss(),
    preloadEntryImports({ 'index.html': storefrontStart }),
    precompress(),
    // After the browsers' build (and its precompression): the storefront's server rendering (ui/storefront/app/server.tsx).
    serverBuild(path('storefront/app/server.tsx'), { root: ui, resolve: { alias: [{ find: /^@server\//, replacement: server }] } }),
  ],
  build: {
    outDir: path('../dist/ui'),
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      input: {
        storefront: path('index.html'),
        dashboard: path('dashboard/index.html'),
      },
      output: {
        codeSplitting: {
          groups: [
            // The design system's stylesheet under its own name (it would take the name of the chunk it lands in).
            { name: 'design-system', test: /virtual:design-system\.css/, priority: 9 },
            // The storefront's start runs in steps, each a task of its own (storefront/app/main.ts): React's modules
            // in a file of their own, run in the first step without the rest of the first load.
            { name: 'react', test: /\/node_modules\/(react|react-dom|scheduler)\//, priority: 8 },
            // What the entry itself imports (Vite's preload helper, nextTask), in a file of its own: in a first-load file,
            // it would make the entry run that whole file before its first step.
            { name: 'entry-helpers', test: /(vite\/preload-helper|\/ui\/shared\/next-task\.ts$)/, priority: 8 },
            // The first load's libraries in steps, each file run in a task of its own (build/first-load-steps.ts).
            ...firstLoadSteps(7),
            // Each app's first load in a few files (build/first-load-chunks.ts).
            ...firstLoadChunks({ storefront: [path('storefront/app/main.ts'), ...storefrontStart], dashboard: [path('dashboard/app/main.tsx')] }, 1, path('dashboard/')),
            // A product's diagnosis, the tunnel's first page (and a landing page from search engines), in fewer files: what it
            // alone uses (not the catalogue's pages it is reached from, the tunnel's next pages, nor the dashboard's first load,
            // which would all download it).
            pageChunk(
              'storefront-diagnostic',
              path('storefront/features/tunnel/routes/diagnostic.tsx'),
              [
                ...['search', 'results', 'categories', 'category'].map((page) => path(`storefront/app/routes/${page}.tsx`)),
                ...['customer-infos', 'summary', 'confirmation'].map((page) => path(`storefront/features/tunnel/routes/${page}.tsx`)),
                path('dashboard/app/main.tsx'),
              ],
              0,
            ),
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev:ui`: the API runs on :3000 (npm start) and Vite proxies to it.
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
