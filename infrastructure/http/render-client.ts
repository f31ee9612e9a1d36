import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';

/**
 * The visitor a storefront page is rendered for (storefront-render.ts): the
 * render's worker calls this process's API over the loopback address, and
 * the API's throttles must count the visitor who asked for the page, not the
 * loopback address every render shares. Its calls carry the visitor's
 * address with this process's secret (random at each start, held in memory
 * only, never in code or configuration); the API takes the address only from
 * a loopback connection carrying the secret, and strips both headers from
 * every request, so no one else can claim an address.
 */
const SECRET_HEADER = 'x-storefront-render-secret';
const CLIENT_HEADER = 'x-storefront-render-client';
const SECRET = randomBytes(32).toString('base64url');
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** Longer than any IPv6 address, with its zone. */
const MAX_ADDRESS_LENGTH = 64;

/** The headers of the render's API calls for a visitor at `clientAddress` (the page's request's `req.ip`). */
export function renderClientHeaders(clientAddress: string | undefined): Record<string, string> {
  return { [SECRET_HEADER]: SECRET, [CLIENT_HEADER]: (clientAddress ?? 'unknown').slice(0, MAX_ADDRESS_LENGTH) };
}

/** Middleware, first of the app: a render's call counts as its visitor's (`req.ip`); anyone else's claim is dropped. */
export function renderClientAddress(): RequestHandler {
  const expected = Buffer.from(SECRET);
  return (req, _res, next) => {
    const secret = req.headers[SECRET_HEADER];
    const client = req.headers[CLIENT_HEADER];
    if (secret === undefined && client === undefined) return next();
    delete req.headers[SECRET_HEADER];
    delete req.headers[CLIENT_HEADER];
    const given = typeof secret === 'string' ? Buffer.from(secret) : null;
    const trusted = given !== null && given.length === expected.length && timingSafeEqual(given, expected) && LOOPBACK.has(req.socket.remoteAddress ?? '');
    if (trusted && typeof client === 'string' && client.length > 0) Object.defineProperty(req, 'ip', { value: client, configurable: true, enumerable: true });
    next();
  };
}
