import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, skipToken, type Query, type QueryClient } from '@tanstack/react-query';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGES, isLanguage, textResources, type Language, type TextResources } from '../../shared/i18n';
import { ApiError } from '../../shared/api/client';
import { brandingVariables } from '../../shared/theme/branding';
import { createAnonymousSession, type AnonymousSessionStore } from '../lib/anonymous-session';
import { callApiFromServer, publicApi, requestVisitorToken } from '../lib/api';
import { homePageFromServer, type StorefrontHomePage } from '../lib/home-page';
import { decodeConfirmations } from '../features/tunnel/confirmation-cookie';
import { confirmationsFromServer } from '../features/tunnel/confirmation-storage';
import { tunnelPaths } from '../features/tunnel/paths';
import type { ConfirmedBuyback } from '../../shared/buyback-path/components/confirmation-codes';
import type { WhiteLabelConfig } from '../lib/white-label';
import germanTexts from './locale-bundles/de-DE';
import englishTexts from './locale-bundles/en-GB';
import frenchTexts from './locale-bundles/fr-FR';
import frenchTextsOnDemand from './locale-bundles/fr-FR-on-demand';
import dutchTexts from './locale-bundles/nl-BE';
import { createQueryClient, StorefrontRoot } from './provider';
import { rendersFromConfirmations, serverRendered } from './paths';
import { storefrontRoutes } from './router';
import { serializeServerState, type ServerState } from './server-state';
import { serverStyles } from './server-styles';

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
  /** The visitor's language cookie (LANGUAGE_COOKIE), if any. */
  language: string | null;
  /** The retailer whose storefront the page is (the server's tenant for the request); null: the API's default. */
  accountId: string | null;
  /** Headers for the page's calls to the API: which visitor it is rendered for (infrastructure/http/render-client.ts). */
  headers: Record<string, string>;
  /** The visitor's confirmations cookie (features/tunnel/confirmation-cookie.ts), if any: the confirmation page is rendered from it. */
  confirmations?: string | null;
}

export interface RenderedPage {
  /** The application's HTML, to put inside `<div id="root">`. */
  html: string;
  /** For the page's `<head>`: the preloads React writes for the page's first images, and the page's styles (server-styles.tsx). */
  head: string;
  /** Its data, the text of `<script type="application/json" id="storefront-state">` (app/server-state.ts). */
  state: string;
  language: Language;
  /** The retailer's colours as CSS variables, for `<html style>` (what shared/theme/branding.ts sets in the browser). */
  htmlStyle: string;
}

/** Passes of rendering and answering queries before giving up (a page asks for its queries in at most this many waves). */
const MAX_PASSES = 4;

/**
 * Everything one render reads, per request (never a module's value: a
 * worker may render pages of several retailers and languages in turn).
 */
interface RenderState {
  language: Language;
  headers: Record<string, string>;
  session: AnonymousSessionStore;
  /** The retailer's home page, once read (undefined: not on the home, or not yet). */
  homePage?: StorefrontHomePage | null;
  /** What the visitor's registrations answered, from its cookie (the confirmation page's data). */
  confirmations: readonly ConfirmedBuyback[];
}

const request = new AsyncLocalStorage<RenderState>();
let apiBaseUrl: string | null = null;
/** One visitor token per retailer, shared by this process's renders (obtained once, renewed on a 401): never a token per page. */
const sessions = new Map<string, AnonymousSessionStore>();

function sessionOf(accountId: string): AnonymousSessionStore {
  let session = sessions.get(accountId);
  if (!session) {
    session = createAnonymousSession(requestVisitorToken);
    void session.start(accountId);
    sessions.set(accountId, session);
  }
  return session;
}

/** Before the configuration tells the retailer: calls without a token. */
const NO_SESSION = createAnonymousSession(() => Promise.reject(new Error('no visitor token before the configuration')));

const resources = [frenchTexts, frenchTextsOnDemand, englishTexts, dutchTexts, germanTexts].reduce<TextResources>((all, files) => textResources(files as Record<string, unknown>, all), {});
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

export async function renderStorefrontPage(page: StorefrontRequest): Promise<RenderedPage | null> {
  if (apiBaseUrl !== page.apiBaseUrl) {
    apiBaseUrl = page.apiBaseUrl;
    callApiFromServer({
      baseUrl: page.apiBaseUrl,
      language: () => request.getStore()?.language ?? DEFAULT_LANGUAGE,
      headers: () => request.getStore()?.headers ?? {},
      session: () => request.getStore()?.session ?? NO_SESSION,
    });
    homePageFromServer(() => request.getStore()?.homePage);
    confirmationsFromServer(() => request.getStore()?.confirmations ?? []);
  }
  const chosen = isLanguage(page.language) ? page.language : null;
  const confirmations = page.confirmations ? decodeConfirmations(page.confirmations) : [];
  const first: RenderState = { language: chosen ?? DEFAULT_LANGUAGE, headers: page.headers, session: NO_SESSION, confirmations };
  return request.run(first, async () => {
    // No storefront published: left to the browser (its /not-available); the API failing: thrown, never kept.
    const configuration = await publicApi.get<WhiteLabelConfig>('/white-label/config', { query: { accountId: page.accountId } }).catch((error: unknown) => {
      if (passingFailure(error)) throw error;
      return null;
    });
    if (!configuration) return null;
    // The browser's rule: the visitor's choice, else the retailer's language, else French.
    const language = chosen ?? (isLanguage(configuration.language) ? configuration.language : DEFAULT_LANGUAGE);
    const state: RenderState = { language, headers: page.headers, session: sessionOf(configuration.accountId), confirmations };
    return request.run(state, () => render(page.url, configuration, state));
  });
}

async function render(url: string, configuration: WhiteLabelConfig, state: RenderState): Promise<RenderedPage | null> {
  const { language } = state;
  const location = new URL(url, 'http://storefront.invalid');
  const handler = createStaticHandler(storefrontRoutes(async () => configuration));
  const context = await handler.query(new Request(location));
  if (context instanceof Response || context.statusCode !== 200) return null;
  // Only the pages that render from the address and the API alone, not from the visitor's browser storage (the cart), and
  // the confirmation when the visitor's cookie holds every buyback the address names (else the browser shows what it knows).
  const handle = context.matches.at(-1)?.route.handle;
  if (!serverRendered(handle) && !(rendersFromConfirmations(handle) && knowsAll(location, state.confirmations))) return null;
  if (location.pathname === '/') {
    state.homePage = await publicApi
      .get<StorefrontHomePage>('/white-label/home-page', { query: { accountId: configuration.accountId } })
      .catch((error: unknown) => {
        // None configured: the default home; the API failing: not a home to keep.
        if (passingFailure(error)) throw error;
        return null;
      });
  }
  const homePage = state.homePage;
  const [i18n, queryClient] = [await textsIn(language), createQueryClient()];
  const router = createStaticRouter(handler.dataRoutes, context);
  const pass = () =>
    html(
      <StorefrontRoot i18n={i18n} queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </StorefrontRoot>,
    );
  for (let passes = 1; ; passes++) {
    const rendered = await pass();
    if (!rendered) return null;
    const asked = unanswered(queryClient);
    if (asked.length === 0) {
      const data: ServerState = { language, configuration, ...(homePage !== undefined ? { homePage } : {}), queries: dehydrate(queryClient) };
      return { html: rendered.body, head: rendered.head, state: serializeServerState(data), language, htmlStyle: brandingStyle(configuration) };
    }
    if (passes === MAX_PASSES) return null;
    await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)));
    const failures = asked.filter((query) => query.state.status !== 'success').map((query) => query.state.error);
    // Refused for this visitor (its throttles, the token), or the server failing: a failure, never kept for the next visitors.
    const passing = failures.find(passingFailure);
    if (passing !== undefined) throw passing instanceof Error ? passing : new Error('a query of the page failed');
    // A refused query (a product not found…) renders an error the browser would not show before asking again itself.
    if (failures.length > 0) return null;
  }
}

function knowsAll(location: URL, confirmations: readonly ConfirmedBuyback[]): boolean {
  const ids = tunnelPaths.confirmation.ids(location.searchParams);
  return ids.length > 0 && ids.every((id) => confirmations.some((buyback) => buyback.id === id));
}

/**
 * A failure of this render, not an answer about the page: the API failing or unreachable, or refusing this visitor (its
 * throttles, the token). The server keeps a page the render left to the browser for the next visitors, never such a one.
 */
function passingFailure(error: unknown): boolean {
  return !(error instanceof ApiError) || error.isServerError || error.status === 401 || error.status === 429;
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

/** What React writes before the application's HTML (the preloads of its images): for the page's head, with the page's styles (server-styles.tsx). */
const HOISTED = /^(?:<link [^>]*>)+/;

/**
 * The whole page's HTML once everything in it is ready, every Suspense
 * boundary inline (none left to a script: the CSP runs no inline script);
 * null if a component failed (the browser would render that part itself).
 */
async function html(element: React.ReactNode): Promise<{ head: string; body: string } | null> {
  let failed = false;
  const styles = serverStyles();
  const { prelude } = await prerenderToNodeStream(styles.wrap(element), { progressiveChunkSize: Number.MAX_SAFE_INTEGER, onError: () => void (failed = true) });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  const text = Buffer.concat(chunks).toString('utf8');
  if (failed || text.includes('<script')) return null;
  const head = HOISTED.exec(text)?.[0] ?? '';
  const body = text.slice(head.length);
  return { head: head + styles.tags(body), body };
}

/** The CSS variables shared/theme/branding.ts's applyBranding sets on <html>, as a style attribute. */
function brandingStyle(configuration: WhiteLabelConfig): string {
  return Object.entries(brandingVariables(configuration))
    .map(([name, value]) => `${name}: ${value}`)
    .join('; ');
}
