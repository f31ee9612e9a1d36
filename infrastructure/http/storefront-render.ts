import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Request } from 'express';
import type { DependencyContainer } from 'tsyringe';
import type { DocumentStore } from '../../application/ports/document-store.js';
import { TOKENS } from '../../application/tokens.js';
import type { PlatformMetrics } from '../observability/metrics.js';
import { renderClientHeaders } from './render-client.js';
import { RenderedPageCache, type RenderCacheOptions } from './storefront-render-cache.js';
import { RenderPoolBusy, renderPool, type RenderedPage, type RenderPoolOptions } from './storefront-render-pool.js';

/**
 * The UI build's storefront server rendering (ui/build/server-build.ts builds
 * ui/storefront/app/server.tsx there): loaded at run time from the built UI
 * folder by the render threads, never imported from ui/ (the server does not
 * depend on the UI's sources).
 */
const SERVER_ENTRY = join('.ssr', 'storefront-server.js');
/** Past this, the page is sent without its server rendering (the browser renders it, as before); the render goes on, kept for the next visitor. */
const RENDER_TIMEOUT_MS = 3_000;
/** A longer address is not rendered (nor kept): no search engine's page, and a cache key stays small. */
const MAX_URL_LENGTH = 2_048;
/** The visitor's language cookie (ui/shared/i18n's LANGUAGE_COOKIE), as the storefront writes it. */
const LANGUAGE_COOKIE = /(?:^|;\s*)language=([a-z]{2}-[A-Z]{2})(?:;|$)/;
/**
 * What the visitor's registrations answered (ui/storefront/features/tunnel/confirmation-cookie.ts's CONFIRMATIONS_COOKIE,
 * base64url JSON, sent to the confirmation page only): a page rendered from it is that visitor's, never kept nor shared.
 */
export const CONFIRMATIONS_COOKIE = /(?:^|;\s*)tradein_confirmations=([A-Za-z0-9_-]{1,3800})(?:;|$)/;
/** The confirmation page, the cookie's Path (CONFIRMATIONS_COOKIE_PATH there). */
export const CONFIRMATION_PATH = '/buyback-confirmation';
/** index.html's preload of the configuration (and its comment): a server-rendered page holds it already. */
const CONFIG_PRELOAD = /(?:\s*<!--(?:(?!-->)[\s\S])*-->)?\s*<link rel="preload" href="\/api\/white-label\/config"[^>]*>/;
const ROOT = '<div id="root"></div>';

export interface RenderLogger {
  warn(details: object, message: string): void;
}

export interface StorefrontRenderOptions {
  logger: RenderLogger | null;
  /** The account whose storefront the request is (the tenant): part of the cache's key, and the render reads that account's data; default: the API's default. */
  tenant?: (req: Request) => Promise<string | null>;
  /** Where the reference data's change marks are read: a change forgets the kept pages (storefront-render-cache.ts); null: they live their TTL. */
  documents?: DocumentStore | null;
  pool?: RenderPoolOptions;
  cache?: RenderCacheOptions;
  timeoutMs?: number;
  /** Told how each page was served (the platform's metrics: storefront_pages_total). */
  served?: (outcome: RenderOutcome) => void;
}

/**
 * The platform's rendering: the tenant is the storefront's account (the one
 * served at /, as GET /api/white-label/config resolves it), and the change
 * marks are read from the platform's document store.
 */
export function platformRendering(platform: { container: DependencyContainer; logger: RenderLogger }): StorefrontRenderOptions {
  const storefrontAccount = platform.container.resolve<() => Promise<string | null>>(TOKENS.DefaultWhiteLabelAccount);
  const metrics = platform.container.resolve<PlatformMetrics>(TOKENS.PlatformMetrics);
  return {
    logger: platform.logger,
    tenant: () => storefrontAccount(),
    documents: platform.container.resolve<DocumentStore>(TOKENS.DocumentStore),
    served: (outcome) => metrics.storefrontPage(outcome),
  };
}

/** How a page was answered (the X-Storefront-Render header): from the kept pages, rendered now, or sent unrendered. */
export type RenderOutcome = 'hit' | 'miss' | 'skipped';

export interface RenderAnswer {
  html: string | null;
  outcome: RenderOutcome;
  /** Rendered from the visitor's own data (its confirmations cookie): for that visitor alone, no cache may keep it. */
  personal?: boolean;
}

export interface StorefrontRenderer {
  /** The storefront's index.html with the page rendered in it, or null: send index.html as it is. */
  page(req: Request): Promise<RenderAnswer>;
  close(): Promise<void>;
}

/**
 * The storefront's pages rendered on the server (issue 24): index.html with
 * the page's HTML in `#root`, its data beside it (a JSON script element) and
 * `<html lang>` in the page's language, so the first paint is the page and
 * the browser hydrates it. Rendered in worker threads (storefront-render-pool.ts),
 * kept per tenant, language and address (storefront-render-cache.ts); the
 * render's API calls count as the visitor's (render-client.ts). A saturated
 * pool, a render over three seconds or a failure: index.html as it is. Null
 * when the UI build has no server entry.
 */
export function storefrontRenderer(uiDir: string, options: StorefrontRenderOptions): StorefrontRenderer | null {
  const entryPath = join(uiDir, SERVER_ENTRY);
  if (!existsSync(entryPath)) return null;
  const { logger } = options;
  // The threads start, and load the entry, at once: not on the first visitor's request (a few megabytes of JavaScript to compile).
  const pool = renderPool(pathToFileURL(entryPath).href, options.pool);
  const cache = new RenderedPageCache(options.documents ?? null, options.cache);
  const template = readFile(join(uiDir, 'index.html'), 'utf8');
  template.catch(() => undefined);
  const skipped = { html: null, outcome: 'skipped' } as const;
  async function answer(req: Request): Promise<RenderAnswer> {
    const url = req.originalUrl;
    if (url.length > MAX_URL_LENGTH) return skipped;
    try {
      const cookies = req.headers.cookie ?? '';
      const language = LANGUAGE_COOKIE.exec(cookies)?.[1] ?? null;
      // Read on its page only (the browser sends it nowhere else): on any other address, anyone could skip the kept pages with it.
      const confirmations = req.path === CONFIRMATION_PATH ? (CONFIRMATIONS_COOKIE.exec(cookies)?.[1] ?? null) : null;
      const tenant = options.tenant ? await options.tenant(req) : null;
      const key = RenderedPageCache.key(tenant, language, url);
      // A visitor's own page is neither read from nor written to the kept pages.
      const fresh = confirmations === null && (await cache.fresh());
      const kept = fresh ? cache.get(key) : undefined;
      if (kept) return { html: kept.html, outcome: kept.html === null ? 'skipped' : 'hit' };
      const page = await template;
      const task = { url, apiBaseUrl: `http://127.0.0.1:${req.socket.localPort}/api`, language, accountId: tenant, headers: renderClientHeaders(req.ip), confirmations };
      const work = () => pool.render(task).then((rendered) => (rendered ? pageHtml(page, rendered) : null));
      // Marks that could not be read, or the visitor's own page: rendered for this visitor alone, never kept.
      const rendering = fresh ? cache.render(key, work) : work();
      const html = await withTimeout(
        rendering.catch((error: unknown) => {
          // A busy pool is the load's, not a fault: the header says the page went unrendered.
          if (!(error instanceof RenderPoolBusy)) logger?.warn({ err: error, path: req.path }, 'storefront page not rendered on the server: the browser renders it');
          return null;
        }),
        options.timeoutMs ?? RENDER_TIMEOUT_MS,
      );
      return html === null ? skipped : { html, outcome: 'miss', ...(confirmations !== null ? { personal: true } : {}) };
    } catch (error) {
      logger?.warn({ err: error, path: req.path }, 'storefront page not rendered on the server: the browser renders it');
      return skipped;
    }
  }
  return {
    async page(req) {
      const answered = await answer(req);
      options.served?.(answered.outcome);
      return answered;
    },
    close: () => pool.close(),
  };
}

export function pageHtml(template: string, page: RenderedPage): string {
  if (!template.includes(ROOT)) throw new Error('index.html has no empty <div id="root">');
  const style = page.htmlStyle ? ` style="${escapeAttribute(page.htmlStyle)}"` : '';
  return scriptsAfterPaint(template)
    .replace(/<html lang="[^"]*">/, `<html lang="${escapeAttribute(page.language)}"${style}>`)
    .replace(CONFIG_PRELOAD, '')
    .replace('</head>', () => `${page.head}</head>`)
    .replace(ROOT, () => `<div id="root">${page.html}</div><script type="application/json" id="storefront-state">${page.state}</script>`);
}

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
/** ui/public/storefront-after-paint.js */
export const AFTER_PAINT_SCRIPT = '/storefront-after-paint.js';

/**
 * A rendered page paints from its HTML and stylesheet; its scripts only hydrate it. Instead of its entry script and
 * module preloads, it asks for them once it has painted (ui/public/storefront-after-paint.js), so that on a slow
 * connection the scripts do not share the bandwidth with the stylesheet and the images of the first view.
 */
function scriptsAfterPaint(template: string): string {
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  if (!entry) return template;
  const preloads = [...template.matchAll(MODULE_PRELOAD)].map((match) => match[1] as string);
  const starter = `<script defer src="${AFTER_PAINT_SCRIPT}" data-entry="${escapeAttribute(entry)}" data-preloads="${escapeAttribute(preloads.join(' '))}"></script>`;
  return template.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, () => starter);
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function withTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
