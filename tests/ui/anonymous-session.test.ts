import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAnonymousSession } from '../../ui/storefront/lib/anonymous-session.js';

const KEY = 'storefront.anonymous-session';
const ACCOUNT = '71177dd2-0141-4940-8a43-d3f606c3ab0d';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** The browser's local storage, as much of it as the session uses. */
class MemoryStorage {
  private readonly values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
}

let issued = 0;
const requestToken = vi.fn(async (_accountId: string) => ({ token: `token-${++issued}`, expiresAt: inDays(30) }));

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  requestToken.mockClear();
});

describe('Given a visitor without a stored token', () => {
  it('When the storefront starts, then it asks for one and keeps it for the next visit', async () => {
    const session = createAnonymousSession(requestToken);

    await session.start(ACCOUNT);

    expect(requestToken).toHaveBeenCalledWith(ACCOUNT);
    expect(JSON.parse(localStorage.getItem(KEY) as string)).toMatchObject({ accountId: ACCOUNT, token: session.token() });
    await createAnonymousSession(requestToken).start(ACCOUNT);
    expect(requestToken).toHaveBeenCalledTimes(1);
  });
});

describe('Given a stored token', () => {
  it('When it is still valid, then it is used as is', async () => {
    localStorage.setItem(KEY, JSON.stringify({ accountId: ACCOUNT, token: 'kept', expiresAt: inDays(3) }));

    const session = createAnonymousSession(requestToken);
    await session.start(ACCOUNT);

    expect(session.token()).toBe('kept');
    expect(requestToken).not.toHaveBeenCalled();
  });

  it('When it expired, or belongs to another retailer, then a new one is obtained', async () => {
    localStorage.setItem(KEY, JSON.stringify({ accountId: ACCOUNT, token: 'old', expiresAt: inDays(-1) }));
    const expired = createAnonymousSession(requestToken);
    await expired.start(ACCOUNT);
    expect(expired.token()).not.toBe('old');

    localStorage.setItem(KEY, JSON.stringify({ accountId: 'another-account', token: 'theirs', expiresAt: inDays(3) }));
    const other = createAnonymousSession(requestToken);
    await other.start(ACCOUNT);
    expect(other.token()).not.toBe('theirs');
    expect(requestToken).toHaveBeenCalledTimes(2);
  });

  it('When the API refuses it (401) on several calls at once, then one new token replaces it', async () => {
    localStorage.setItem(KEY, JSON.stringify({ accountId: ACCOUNT, token: 'revoked', expiresAt: inDays(3) }));
    const session = createAnonymousSession(requestToken);
    await session.start(ACCOUNT);

    const [first, second] = await Promise.all([session.renew('revoked'), session.renew('revoked')]);

    expect(requestToken).toHaveBeenCalledTimes(1);
    expect(first?.token).toBe(second?.token);
    expect(session.token()).not.toBe('revoked');
    // A call that failed with the old token after the renewal gets the new one, not a third token.
    await session.renew('revoked');
    expect(requestToken).toHaveBeenCalledTimes(1);
  });

  it('When obtaining a token fails, then the session has none and the calls that need it will say so', async () => {
    const session = createAnonymousSession(async () => {
      throw new Error('network down');
    });

    await expect(session.start(ACCOUNT)).resolves.toBeNull();
    expect(session.token()).toBeNull();
  });
});
