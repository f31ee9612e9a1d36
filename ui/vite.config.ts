import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const ui = fileURLToPath(new URL('.', import.meta.url));

/**
 * One build, two applications: the storefront (index.html, served at /) and
 * the dashboard (dashboard/index.html, served at /dashboard/). They share
 * chunks (React, Chakra UI, i18next, the API client) and the `ui/public`
 * assets. The Express server serves `dist/ui` (infrastructure/http/ui-static.ts).
 */
export default defineConfig({
  root: ui,
  base: '/',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('../dist/ui', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      input: {
        storefront: fileURLToPath(new URL('index.html', import.meta.url)),
        dashboard: fileURLToPath(new URL('dashboard/index.html', import.meta.url)),
      },
    },
  },
  server: {
    // `npm run dev:ui`: the API runs on :3000 (npm start) and Vite proxies to it.
    proxy: { '/api': 'http://localhost:3000' },
  },
});
