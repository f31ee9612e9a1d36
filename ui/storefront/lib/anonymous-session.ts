import type { AnonymousTokenView } from '@server/application/organizations/organization-views.js';
import type { Static } from '@server/application/views/schema.js';

/**
 * The storefront visitor's pseudo-anonymous token (POST /api/anonymous-token),
 * kept in local storage for its lifetime (30 days by default), per retailer.
 * A new one is asked for when none is stored, when the stored one expired, or
 * when the API answers 401 to it.
 */

const STORAGE_KEY = 'storefront.anonymous-session';

export interface AnonymousSession {
  accountId: string;
  token: string;
  expiresAt: string;
}

/** What POST /api/anonymous-token answers (the session keeps the token and its expiry). */
type TokenAnswer = Pick<Static<typeof AnonymousTokenView>, 'token' | 'expiresAt'>;

function read(accountId: string, now: number): AnonymousSession | null {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as AnonymousSession | null;
    if (!stored || stored.accountId !== accountId || typeof stored.token !== 'string') return null;
    return Date.parse(stored.expiresAt) > now ? stored : null;
  } catch {
    return null;
  }
}

function write(session: AnonymousSession | null): void {
  try {
    if (session) localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // No storage (private browsing): the token lives as long as the page.
  }
}

export function createAnonymousSession(requestToken: (accountId: string) => Promise<TokenAnswer>) {
  let accountId: string | null = null;
  let current: AnonymousSession | null = null;
  let pending: Promise<AnonymousSession | null> | null = null;

  function obtain(): Promise<AnonymousSession | null> {
    if (!accountId) return Promise.resolve(null);
    const forAccount = accountId;
    pending ??= requestToken(forAccount)
      .then(({ token, expiresAt }) => {
        current = { accountId: forAccount, token, expiresAt };
        write(current);
        return current;
      })
      .catch(() => null) // The calls that need it will answer 401 and say so.
      .finally(() => {
        pending = null;
      });
    return pending;
  }

  return {
    /** Restores the stored token of this retailer, or asks for one; resolves once there is one (or it failed). */
    start(forAccount: string): Promise<AnonymousSession | null> {
      accountId = forAccount;
      current = read(forAccount, Date.now());
      return current ? Promise.resolve(current) : obtain();
    },
    token(): string | null {
      return current?.token ?? null;
    },
    /** Waits for a token being obtained, if one is. */
    ready(): Promise<unknown> {
      return pending ?? Promise.resolve();
    },
    /** The API refused the token (401): forget it and obtain another. */
    renew(refused: string | null): Promise<AnonymousSession | null> {
      if (current && current.token !== refused) return Promise.resolve(current); // Another call renewed it already.
      current = null;
      write(null);
      return obtain();
    },
  };
}

export type AnonymousSessionStore = ReturnType<typeof createAnonymousSession>;
