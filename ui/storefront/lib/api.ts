import { ApiError, createApiClient, type ApiClient, type RequestOptions } from '../../shared/api/client';
import { DEFAULT_LANGUAGE } from '../../shared/i18n/namespaces';
import { createAnonymousSession, type AnonymousSessionStore } from './anonymous-session';

/**
 * How the server rendering (app/server.tsx) calls the API, each asked on
 * every call: the render under way answers for itself (its own request's
 * state), so renders at once never share a language, a token or a visitor.
 */
export interface ServerApi {
  baseUrl: string;
  /** The language of the page being rendered. */
  language(): string;
  /** The headers of the page's calls (who the visitor is, for the API's throttles). */
  headers(): Record<string, string>;
  /** The visitor token of the page's retailer (the server's renders share one per retailer), instead of the browser's. */
  session(): AnonymousSessionStore;
}
let serverApi: ServerApi | null = null;

/** Set once by the server rendering's entry: calls go to the server's own API instead of the page's origin. */
export function callApiFromServer(api: ServerApi): void {
  serverApi = api;
}

/** The visitor's language, which i18n keeps on <html lang>: the API answers its error texts in it. */
const language = () => serverApi?.language() ?? (document.documentElement.lang || DEFAULT_LANGUAGE);
const getBaseUrl = () => serverApi?.baseUrl ?? null;
const getHeaders = () => serverApi?.headers() ?? {};

/** Calls that need no token: the configuration, the token itself, the price-proposal link. */
export const publicApi: ApiClient = createApiClient({ getToken: () => null, getLanguage: language, getBaseUrl, getHeaders });

/** POST /api/anonymous-token: a new visitor token for the retailer. */
export async function requestVisitorToken(accountId: string): Promise<{ token: string; expiresAt: string }> {
  const { data } = await publicApi.post<{ token: string; expiresAt: string }>('/anonymous-token', { accountId });
  return data;
}

export const anonymousSession = createAnonymousSession(requestVisitorToken);
/** The browser's visitor session, or on the server the rendered page's. */
const session = () => serverApi?.session() ?? anonymousSession;

const authenticated = createApiClient({ getToken: () => session().token(), getLanguage: language, getBaseUrl, getHeaders });

/**
 * The storefront's client: waits for the visitor's token when it is being
 * obtained, and on a 401 obtains a new one and retries once.
 */
async function request<T>(method: string, path: string, init?: RequestOptions) {
  const visitor = session();
  await visitor.ready();
  const sent = visitor.token();
  try {
    return await authenticated.request<T>(method, path, init);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    await visitor.renew(sent);
    return authenticated.request<T>(method, path, init);
  }
}

export const api: ApiClient = {
  request,
  get: <T>(path: string, init?: RequestOptions) => request<T>('GET', path, init).then((r) => r.data),
  post: <T>(path: string, body?: unknown, init?: RequestOptions) => request<T>('POST', path, { ...init, body: body ?? {} }),
};
