import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Request } from 'express';

/**
 * The UI build's storefront server rendering (ui/build/server-build.ts builds
 * ui/storefront/app/server.tsx there): loaded at run time from the built UI
 * folder, never imported from ui/ (the server does not depend on the UI's
 * sources).
 */
const SERVER_ENTRY = join('.ssr', 'storefront-server.js');
/** Past this, the page is sent without its server rendering (the browser renders it, as before). */
const RENDER_TIMEOUT_MS = 3_000;
/** index.html's preload of the configuration (and its comment): a server-rendered page holds it already. */
const CONFIG_PRELOAD = /(?:\s*<!--(?:(?!-->)[\s\S])*-->)?\s*<link rel="preload" href="\/api\/white-label\/config"[^>]*>/;
const ROOT = '<div id="root"></div>';

/** What the entry's renderStorefrontPage answers (ui/storefront/app/server.tsx's RenderedPage). */
interface RenderedPage {
  html: string;
  head: string;
  state: string;
  language: string;
  htmlStyle: string;
}

interface ServerEntry {
  renderStorefrontPage(request: { url: string; apiBaseUrl: string; cookie: string | undefined }): Promise<RenderedPage | null>;
}

export interface RenderLogger {
  warn(details: object, message: string): void;
}

export interface StorefrontRenderer {
  /** The storefront's index.html with the page rendered in it, or null: send index.html as it is. */
  page(req: Request): Promise<string | null>;
}

/**
 * The storefront's pages rendered on the server (issue 24): index.html with
 * the page's HTML in `#root`, its data beside it (a JSON script element) and
 * `<html lang>` in the page's language, so the first paint is the page and
 * the browser hydrates it. Null when the UI build has no server entry.
 */
export function storefrontRenderer(uiDir: string, logger: RenderLogger | null): StorefrontRenderer | null {
  const entryPath = join(uiDir, SERVER_ENTRY);
  if (!existsSync(entryPath)) return null;
  let loaded: Promise<{ entry: ServerEntry; template: string }> | null = null;
  const load = () =>
    (loaded ??= Promise.all([import(pathToFileURL(entryPath).href) as Promise<ServerEntry>, readFile(join(uiDir, 'index.html'), 'utf8')]).then(
      ([entry, template]) => ({ entry, template }),
    ));
  // Loaded at once, not on the first visitor's request (a few megabytes of JavaScript to compile).
  void load().catch((error: unknown) => logger?.warn({ err: error }, 'storefront server rendering not loaded: the browser renders every page'));
  return {
    async page(req) {
      try {
        const { entry, template } = await load();
        const rendered = await withTimeout(
          entry.renderStorefrontPage({ url: req.originalUrl, apiBaseUrl: `http://127.0.0.1:${req.socket.localPort}/api`, cookie: req.headers.cookie }),
        );
        return rendered ? pageHtml(template, rendered) : null;
      } catch (error) {
        logger?.warn({ err: error, path: req.path }, 'storefront page not rendered on the server: the browser renders it');
        return null;
      }
    },
  };
}

export function pageHtml(template: string, page: RenderedPage): string {
  if (!template.includes(ROOT)) throw new Error('index.html has no empty <div id="root">');
  const style = page.htmlStyle ? ` style="${escapeAttribute(page.htmlStyle)}"` : '';
  return template
    .replace(/<html lang="[^"]*">/, `<html lang="${escapeAttribute(page.language)}"${style}>`)
    .replace(CONFIG_PRELOAD, '')
    .replace('</head>', () => `${page.head}</head>`)
    .replace(ROOT, () => `<div id="root">${page.html}</div><script type="application/json" id="storefront-state">${page.state}</script>`);
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function withTimeout<T>(work: Promise<T>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), RENDER_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
