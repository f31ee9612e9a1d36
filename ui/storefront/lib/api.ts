import { ApiError, createApiClient, type ApiClient, type RequestOptions } from '../../shared/api/client';
import { DEFAULT_LANGUAGE } from '../../shared/i18n/namespaces';
import { createAnonymousSession } from './anonymous-session';

/** Where the server rendering (app/server.tsx) finds the API, and the language of the page it renders. */
export interface ServerApi {
  baseUrl: string;
  language(): string;
}
let serverApi: ServerApi | null = null;

/** Set once by the server rendering's entry: calls go to the server's own API instead of the page's origin. */
export function callApiFromServer(api: ServerApi): void {
  serverApi = api;
}

/** The visitor's language, which i18n keeps on <html lang>: the API answers its error texts in it. */
const language = () => serverApi?.language() ?? (document.documentElement.lang || DEFAULT_LANGUAGE);
const getBaseUrl = () => serverApi?.baseUrl ?? null;

/** Calls that need no token: the configuration, the token itself, the price-proposal link. */
export const publicApi: ApiClient = createApiClient({ getToken: () => null, getLanguage: language, getBaseUrl });

export const anonymousSession = createAnonymousSession(async (accountId) => {
  const { data } = await publicApi.post<{ token: string; expiresAt: string }>('/anonymous-token', { accountId });
  return data;
});

const authenticated = createApiClient({ getToken: () => anonymousSession.token(), getLanguage: language, getBaseUrl });

/**
 * The storefront's client: waits for the visitor's token when it is being
 * obtained, and on a 401 obtains a new one and retries once.
 */
async function request<T>(method: string, path: string, init?: RequestOptions) {
  await anonymousSession.ready();
  const sent = anonymousSession.token();
  try {
    return await authenticated.request<T>(method, path, init);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    await anonymousSession.renew(sent);
    return authenticated.request<T>(method, path, init);
  }
}

export const api: ApiClient = {
  request,
  get: <T>(path: string, init?: RequestOptions) => request<T>('GET', path, init).then((r) => r.data),
  post: <T>(path: string, body?: unknown, init?: RequestOptions) => request<T>('POST', path, { ...init, body: body ?? {} }),
};
