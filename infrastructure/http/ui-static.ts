import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import compression from 'compression';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { DependencyContainer } from 'tsyringe';
import type { CatalogService, CategoryTreeNode } from '../../application/catalog/catalog-service.js';
import { productSlug } from '../../domain/catalog/product-slug.js';
import type { Principal } from '../../application/organizations/principal.js';
import { liveAccount, ORGANIZATION_COLLECTIONS, type AccountDocument } from '../../application/organizations/read-models.js';
import type { DocumentStore } from '../../application/ports/document-store.js';
import { TOKENS } from '../../application/tokens.js';
import { DEFAULT_TAG_MANAGER_URL } from '../config.js';
import { storefrontRenderer, type StorefrontRenderOptions } from './storefront-render.js';

/** The variants the UI build writes beside each text file (ui/build/precompress.ts), in the order the server prefers them. */
const PRECOMPRESSED = [
  { encoding: 'br', extension: '.br' },
  { encoding: 'gzip', extension: '.gz' },
] as const;

type Variant = (typeof PRECOMPRESSED)[number];
type SendFileOptions = Parameters<Response['sendFile']>[1];

const ASSETS = { immutable: true, maxAge: '365d' } as const;
const OTHER_FILES = { maxAge: '1h' } as const;

/**
 * The two single-page applications built by Vite into `uiDir`: the dashboard
 * under /dashboard/, the storefront everywhere else. Hashed assets are cached
 * for a year; the HTML entry points are never cached, so a deploy is picked up
 * on the next load. A file the build precompressed (`x.js.br`, `x.js.gz`) is
 * sent as such to a browser that accepts the encoding, brotli first; anything
 * else is compressed on the fly. /robots.txt and /sitemap.xml are the
 * storefront's, for search engines (never the application's page). The
 * pages' CSP allows the tag manager at `tagManagerUrl` (TAG_MANAGER_URL) and
 * the consent vendor, which the storefront loads only after consent.
 */
export function uiStatic(
  uiDir: string,
  site: StorefrontSite | null = null,
  tagManagerUrl: string = DEFAULT_TAG_MANAGER_URL,
  /** The storefront's server rendering (storefront-render.ts): its tenant, change marks and where its failures are told; null: none. */
  serverRendering: StorefrontRenderOptions | null = null,
): express.Router {
  const router = express.Router();
  const policy = contentSecurityPolicy(tagManagerUrl);
  router.use(compression());
  router.get('/robots.txt', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/plain').send(robotsTxt(site?.baseUrl ?? null));
  });
  router.get('/sitemap.xml', (_req, res, next) => {
    if (!site) return res.status(404).type('text/plain').send('No sitemap: PUBLIC_BASE_URL is not known here.');
    site.pages().then((pages) => {
      res.setHeader('Cache-Control', 'public, max-age=3600');
      res.type('application/xml').send(sitemapXml(site.baseUrl, pages));
    }, next);
  });
  const built = existsSync(join(uiDir, 'index.html'));
  if (!built) {
    router.get(/^(?!\/api(\/|$)).*/, (_req, res) => {
      res
        .status(503)
        .type('text/plain')
        .send(`The storefront and dashboard are not built (${uiDir} has no index.html). Run "npm run build:ui", or "npm start", which builds them.`);
    });
    return router;
  }
  const assets = join(uiDir, 'assets');
  router.use('/assets', precompressedFiles(assets, ASSETS));
  router.use('/assets', express.static(assets, { ...ASSETS, index: false, fallthrough: false }));
  router.use(precompressedFiles(uiDir, OTHER_FILES));
  router.use(express.static(uiDir, { ...OTHER_FILES, index: false }));
  const page = (file: string) => (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Content-Security-Policy', policy);
    const path = join(uiDir, file);
    sendPrecompressed(req, res, next, path, {}).then((sent) => {
      if (!sent) res.sendFile(path);
    }, next);
  };
  router.get(/^\/dashboard(\/.*)?$/, page('dashboard/index.html'));
  // The storefront's pages rendered on the server when the build has its server entry (storefront-render.ts), else index.html.
  const storefront = page('index.html');
  const renderer = serverRendering ? storefrontRenderer(uiDir, serverRendering) : null;
  router.get(/^(?!\/api(\/|$)).*/, (req, res, next) => {
    if (!renderer) return storefront(req, res, next);
    renderer.page(req).then(({ html, outcome, personal }) => {
      // Whether the page came from the kept pages, was rendered now, or is index.html unrendered (observed by the tests and the benchmarks).
      res.setHeader('X-Storefront-Render', outcome);
      if (html === null) return storefront(req, res, next);
      // A visitor's own page (its confirmations): kept by no cache, the browser's included.
      res.setHeader('Cache-Control', personal ? 'private, no-store' : 'no-cache');
      res.setHeader('Content-Security-Policy', policy);
      res.type('html').send(html);
    }, next);
  });
  return router;
}

/** Serves the precompressed variant of the requested file under `root` when there is one the browser accepts; otherwise passes on. */
function precompressedFiles(root: string, options: SendFileOptions): RequestHandler {
  const base = resolve(root);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = resolve(base, `.${path}`);
    if (path.includes('\0') || !file.startsWith(base + sep)) return next();
    sendPrecompressed(req, res, next, file, options).then((sent) => {
      if (!sent) next();
    }, next);
  };
}

/**
 * Sends `file`'s best precompressed variant that the request accepts, with the
 * original's Content-Type; answers false (nothing sent) when there is none.
 * Whenever a variant exists, the answer varies with Accept-Encoding, whichever
 * representation is finally sent.
 */
async function sendPrecompressed(req: Request, res: Response, next: NextFunction, file: string, options: SendFileOptions): Promise<boolean> {
  const existing = (await Promise.all(PRECOMPRESSED.map(async (variant) => ((await isFile(file + variant.extension)) ? variant : null)))).filter(
    (variant): variant is Variant => variant !== null,
  );
  if (existing.length === 0) return false;
  res.vary('Accept-Encoding');
  const chosen = existing.find(({ encoding }) => req.acceptsEncodings(encoding) === encoding);
  if (!chosen) return false;
  res.setHeader('Content-Encoding', chosen.encoding);
  res.type(extname(file));
  res.sendFile(file + chosen.extension, options, (error) => {
    if (error && !res.headersSent) {
      res.removeHeader('Content-Encoding');
      next(error);
    }
  });
  return true;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The consent vendor's SDK (Axeptio, when the retailer sets axeptioId) and where it keeps the visitor's choice. */
const CONSENT_VENDOR = { script: ['https://static.axept.io'], connect: ['https://client.axept.io', 'https://api.axept.io'] };
/** Where Google's tags, once the tag manager loaded them, send their measures. */
const GOOGLE_COLLECTORS = ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'];

/**
 * Emotion (Chakra UI) writes style elements at run time, hence 'unsafe-inline'
 * for styles only. Scripts: the application's own, the tag manager's origin
 * (TAG_MANAGER_URL; Google's collectors with Google's) and the consent
 * vendor's, which the storefront adds only after consent or when configured;
 * never an inline script (a tag manager's "custom HTML" tags are blocked).
 */
export function contentSecurityPolicy(tagManagerUrl: string): string {
  const tagManager = new URL(tagManagerUrl).origin;
  const collectors = tagManagerUrl === DEFAULT_TAG_MANAGER_URL ? GOOGLE_COLLECTORS : [];
  return [
    "default-src 'self'",
    ['script-src', "'self'", tagManager, ...CONSENT_VENDOR.script].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    ['connect-src', "'self'", tagManager, ...collectors, ...CONSENT_VENDOR.connect].join(' '),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** What robots.txt and the sitemap need to know of the storefront served at /. */
export interface StorefrontSite {
  /** The storefront's absolute address (PUBLIC_BASE_URL), without a trailing slash. */
  baseUrl: string;
  /** What the sitemap lists besides the fixed pages, read on each request (the catalogue changes). */
  pages(): Promise<StorefrontPages>;
}

export interface StorefrontPages {
  /** The retailer's search by category (/categories answers not-found without it). */
  categoryNavigationEnabled: boolean;
  /** The accessibility statement page exists only when the retailer wrote one. */
  accessibilityStatement: boolean;
  /** The categories a visitor can buy something back in, each a /category/{id}/{identifier} page. */
  categories: Array<{ id: string; identifier: string }>;
  /** The published products, each a /diag/{id}/{slug} page (its diagnosis, the first page of its buyback). */
  products: Array<{ id: string; label: string }>;
}

/** A sitemap lists at most 50,000 addresses; the products get what the other pages leave, with room to spare. */
export const SITEMAP_MAX_PRODUCTS = 45_000;
const PRODUCTS_PER_READ = 1_000;

/**
 * The storefront's pages outside the catalogue that search engines may list
 * (specification 000, section 2): home, search and the legal texts; then the
 * categories and each product's diagnosis (its canonical address, without a
 * step or a cart item). The rest is a visitor's own path (cart,
 * confirmation, a price-proposal link with its secret), an internal search's
 * results, or an error page.
 */
const FIXED_PAGES = ['/', '/search', '/cgu', '/cgs', '/faq', '/cookies-policy', '/cookies-policy-document'];
const NOT_FOR_CRAWLERS = ['/api/', '/dashboard/', '/cart/', '/buyback/', '/buyback-confirmation', '/results', '/estimate-error', '/not-available', '/404'];

export function robotsTxt(baseUrl: string | null): string {
  return [
    'User-agent: *',
    ...NOT_FOR_CRAWLERS.map((path) => `Disallow: ${path}`),
    ...(baseUrl ? ['', `Sitemap: ${baseUrl}/sitemap.xml`] : []),
    '',
  ].join('\n');
}

export function sitemapPaths(pages: StorefrontPages): string[] {
  return [
    ...FIXED_PAGES,
    ...(pages.accessibilityStatement ? ['/accessibility-statement'] : []),
    ...(pages.categoryNavigationEnabled ? ['/categories'] : []),
    ...pages.categories.map((category) => `/category/${encodeURIComponent(category.id)}/${encodeURIComponent(category.identifier)}`),
    ...pages.products.slice(0, SITEMAP_MAX_PRODUCTS).map((product) => `/diag/${encodeURIComponent(product.id)}/${productSlug(product.label)}`),
  ];
}

export function sitemapXml(baseUrl: string, pages: StorefrontPages): string {
  const urls = sitemapPaths(pages).map((path) => `  <url><loc>${escapeXml(`${baseUrl}${path}`)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/**
 * The storefront served at / as the platform knows it: the default
 * white-label account's settings, its categories that hold published
 * products (what the storefront's category pages show) and its published
 * products, read as its visitors read them.
 */
export function storefrontSite(platform: { container: DependencyContainer; config: { publicBaseUrl: string } }): StorefrontSite {
  const { container } = platform;
  return {
    baseUrl: platform.config.publicBaseUrl,
    async pages() {
      const accountId = await container.resolve<() => Promise<string | null>>(TOKENS.DefaultWhiteLabelAccount)();
      const documents = container.resolve<DocumentStore>(TOKENS.DocumentStore);
      const account = accountId ? liveAccount(await documents.collection<AccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(accountId)) : null;
      if (!account?.whiteLabel) return { categoryNavigationEnabled: false, accessibilityStatement: false, categories: [], products: [] };
      const visitor: Principal = {
        kind: 'anonymous',
        userId: null,
        accountId: account._id,
        module: null,
        userType: 'pseudo_anonymous',
        organizationId: account.webOrganizationId,
        permissions: new Set(),
        visibleStoreIds: null,
      };
      const catalog = container.resolve<CatalogService>(TOKENS.CatalogService);
      const tree = await catalog.categoryTree(visitor);
      const products: Array<{ id: string; label: string }> = [];
      for (let page = 1; products.length < SITEMAP_MAX_PRODUCTS; page++) {
        const read = await catalog.searchProducts(visitor, { status: 'published', page, itemsPerPage: PRODUCTS_PER_READ, sort: [['_id', 1]] });
        products.push(...read.items.map((product) => ({ id: product._id, label: product.label })));
        if (read.items.length < PRODUCTS_PER_READ) break;
      }
      const withProducts = (nodes: CategoryTreeNode[]): Array<{ id: string; identifier: string }> =>
        nodes
          .filter((node) => node.publishedProducts > 0)
          .flatMap((node) => [{ id: node.category._id, identifier: node.category.identifier }, ...withProducts(node.children)]);
      return {
        categoryNavigationEnabled: account.settings.categoryNavigationEnabled,
        accessibilityStatement: Boolean(account.whiteLabel.accessibilityStatement),
        categories: withProducts(tree),
        products,
      };
    },
  };
}
