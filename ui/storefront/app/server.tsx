import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, skipToken, type Query, type QueryClient } from '@tanstack/react-query';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, isLanguage, textResources, type Language, type TextResources } from '../../shared/i18n';
import { brandingVariables } from '../../shared/theme/branding';
import { anonymousSession, callApiFromServer, publicApi } from '../lib/api';
import { primeHomePage, type StorefrontHomePage } from '../lib/home-page';
import { loadWhiteLabelConfig, type WhiteLabelConfig } from '../lib/white-label';
import germanTexts from './locale-bundles/de-DE';
import englishTexts from './locale-bundles/en-GB';
import frenchTexts from './locale-bundles/fr-FR';
import dutchTexts from './locale-bundles/nl-BE';
import { createQueryClient, StorefrontRoot } from './provider';
import { serverRendered } from './paths';
import { storefrontRoutes } from './router';
import { serializeServerState, type ServerState } from './server-state';

/**
 * The storefront's server rendering (issue 24): the Express server
 * (infrastructure/http/storefront-render.ts) loads this entry's build
 * (ui/build/server-build.ts) and answers a storefront page with its HTML
 * already rendered, from the same components, in the visitor's language, with
 * the data it was rendered from; the browser hydrates it (app/start.tsx).
 *
 * The data comes from the server's own API, as the browser's would: the
 * white-label configuration, the retailer's home page on the home, and the
 * page's queries (rendered once, the queries it asked for answered, rendered
 * again, until it asks for nothing new). A page it cannot render as the
 * browser would (a redirection, a query refused, the catch-all) is left to
 * the browser: the answer is null.
 */

export interface StorefrontRequest {
  /** The page's path and query (`/results?q=iphone`). */
  url: string;
  /** The server's own API, reached from the server (`http://127.0.0.1:3000/api`). */
  apiBaseUrl: string;
  /** The request's Cookie header: the visitor's language (LANGUAGE_COOKIE). */
  cookie: string | undefined;
}

export interface RenderedPage {
  /** The application's HTML, to put inside `<div id="root">`. */
  html: string;
  /** For the page's `<head>`: the preloads React writes for the page's first images. */
  head: string;
  /** Its data, the text of `<script type="application/json" id="storefront-state">` (app/server-state.ts). */
  state: string;
  language: Language;
  /** The retailer's colours as CSS variables, for `<html style>` (what shared/theme/branding.ts sets in the browser). */
  htmlStyle: string;
}

/** Passes of rendering and answering queries before giving up (a page asks for its queries in at most this many waves). */
const MAX_PASSES = 4;

const request = new AsyncLocalStorage<{ language: Language }>();
let apiBaseUrl: string | null = null;

const resources = [frenchTexts, englishTexts, dutchTexts, germanTexts].reduce<TextResources>((all, files) => textResources(files as Record<string, unknown>, all), {});
const texts = new Map<Language, Promise<I18n>>();

/** One i18next per language, every text loaded (the server renders in any language at once). */
function textsIn(language: Language): Promise<I18n> {
  let instance = texts.get(language);
  if (!instance) {
    const created = i18next.createInstance();
    instance = created
      .use(initReactI18next)
      .init({
        lng: language,
        resources,
        fallbackLng: language === FALLBACK_LANGUAGE ? false : FALLBACK_LANGUAGE,
        supportedLngs: [...LANGUAGES],
        ns: Object.keys(resources[DEFAULT_LANGUAGE] ?? {}),
        defaultNS: 'common',
        interpolation: { escapeValue: false },
        returnNull: false,
        react: { useSuspense: false },
      })
      .then(() => created);
    texts.set(language, instance);
  }
  return instance;
}

function cookieLanguage(cookie: string | undefined): Language | null {
  const value = cookie
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  return isLanguage(value) ? value : null;
}

export async function renderStorefrontPage(page: StorefrontRequest): Promise<RenderedPage | null> {
  if (apiBaseUrl !== page.apiBaseUrl) {
    apiBaseUrl = page.apiBaseUrl;
    callApiFromServer({ baseUrl: page.apiBaseUrl, language: () => request.getStore()?.language ?? DEFAULT_LANGUAGE });
  }
  const fromCookie = cookieLanguage(page.cookie);
  return request.run({ language: fromCookie ?? DEFAULT_LANGUAGE }, async () => {
    const configuration = await loadWhiteLabelConfig(publicApi);
    if (!configuration) return null;
    // The browser's rule: the visitor's choice, else the retailer's language, else French.
    const language = fromCookie ?? (isLanguage(configuration.language) ? configuration.language : DEFAULT_LANGUAGE);
    return request.run({ language }, () => render(page.url, configuration, language));
  });
}

async function render(url: string, configuration: WhiteLabelConfig, language: Language): Promise<RenderedPage | null> {
  const location = new URL(url, 'http://storefront.invalid');
  const handler = createStaticHandler(storefrontRoutes(async () => configuration));
  const context = await handler.query(new Request(location));
  if (context instanceof Response || context.statusCode !== 200) return null;
  // Only the pages that render from the address and the API alone, not from the visitor's browser storage (cart, confirmation).
  if (!serverRendered(context.matches.at(-1)?.route.handle)) return null;
  anonymousSession.start(configuration.accountId);
  let homePage: StorefrontHomePage | null | undefined;
  if (location.pathname === '/') homePage = await publicApi.get<StorefrontHomePage>('/white-label/home-page').catch(() => null);
  const [i18n, queryClient] = [await textsIn(language), createQueryClient()];
  const router = createStaticRouter(handler.dataRoutes, context);
  const pass = async () => {
    // The home page is a module's value the home reads in its first render (lib/home-page.ts), set right before.
    if (homePage !== undefined) primeHomePage(homePage);
    return html(
      <StorefrontRoot i18n={i18n} queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </StorefrontRoot>,
    );
  };
  for (let passes = 1; ; passes++) {
    const rendered = await pass();
    if (!rendered) return null;
    const asked = unanswered(queryClient);
    if (asked.length === 0) {
      const state: ServerState = { language, configuration, ...(homePage !== undefined ? { homePage } : {}), queries: dehydrate(queryClient) };
      return { html: rendered.body, head: rendered.head, state: serializeServerState(state), language, htmlStyle: brandingStyle(configuration) };
    }
    if (passes === MAX_PASSES) return null;
    await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)));
    // A refused or failed query renders an error the browser would not show before asking again itself.
    if (asked.some((query) => query.state.status !== 'success')) return null;
  }
}

/** The queries the render asked for (enabled ones) that have no answer yet. */
function unanswered(queryClient: QueryClient): Query[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => {
      if (query.state.status !== 'pending' || query.options.queryFn === skipToken) return false;
      const enabled = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
      return (typeof enabled === 'function' ? enabled(query) : enabled) !== false;
    });
}

/** What React writes before the application's HTML (the preloads of its images): for the page's head. */
const HOISTED = /^(?:<link [^>]*>)+/;

/**
 * The whole page's HTML once everything in it is ready, every Suspense
 * boundary inline (none left to a script: the CSP runs no inline script);
 * null if a component failed (the browser would render that part itself).
 */
async function html(element: React.ReactNode): Promise<{ head: string; body: string } | null> {
  let failed = false;
  const { prelude } = await prerenderToNodeStream(element, { progressiveChunkSize: Number.MAX_SAFE_INTEGER, onError: () => void (failed = true) });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  const text = Buffer.concat(chunks).toString('utf8');
  if (failed || text.includes('<script')) return null;
  const head = HOISTED.exec(text)?.[0] ?? '';
  return { head, body: text.slice(head.length) };
}

/** The CSS variables shared/theme/branding.ts's applyBranding sets on <html>, as a style attribute. */
function brandingStyle(configuration: WhiteLabelConfig): string {
  return Object.entries(brandingVariables(configuration))
    .map(([name, value]) => `${name}: ${value}`)
    .join('; ');
}
