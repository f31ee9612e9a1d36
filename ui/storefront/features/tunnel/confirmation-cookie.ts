import type { ConfirmedBuyback } from '../../../shared/buyback-path/types.js';

/**
 * The cookie `tradein_confirmations`: what this browser's last registrations
 * answered (confirmation-storage.ts's records, newest first) as base64url
 * JSON, sent only to the confirmation page (its Path), kept until the browser
 * closes (a session cookie: on a shared computer, the next person finds
 * nothing, as with the tab's storage it doubles). The server
 * renders that page from it for this visitor alone (app/server.tsx; a page
 * never kept for anyone else: infrastructure/http/storefront-render.ts), so a
 * reloaded confirmation paints without waiting for the scripts. It holds no
 * more than the tab's storage does: no name, no address, no e-mail.
 */
export const CONFIRMATIONS_COOKIE = 'tradein_confirmations';
/** Exactly the confirmation page: `/buyback-confirmation-docs` is not under it (a cookie's path ends at a `/`). */
export const CONFIRMATIONS_COOKIE_PATH = '/buyback-confirmation';
/** Under the browsers' 4,096 bytes a cookie, its name and attributes included: the oldest records go first. */
export const MAX_COOKIE_VALUE_LENGTH = 3_800;
/** The records a cookie holds at most (the tab's storage keeps as many). */
export const MAX_COOKIE_RECORDS = 20;

/** The `document.cookie` assignment that keeps `records` (those that fit), or removes the cookie when none fits. */
export function confirmationsCookie(records: readonly ConfirmedBuyback[], secure: boolean): string {
  let kept = records.slice(0, MAX_COOKIE_RECORDS);
  let value = encode(kept);
  while (kept.length > 0 && value.length > MAX_COOKIE_VALUE_LENGTH) {
    kept = kept.slice(0, -1);
    value = encode(kept);
  }
  const attributes = `Path=${CONFIRMATIONS_COOKIE_PATH}; SameSite=Strict${secure ? '; Secure' : ''}`;
  return kept.length === 0 ? `${CONFIRMATIONS_COOKIE}=; ${attributes}; Max-Age=0` : `${CONFIRMATIONS_COOKIE}=${value}; ${attributes}`;
}

/** The records of a `Cookie` header (or `document.cookie`): none when it has no such cookie, or one that is not ours. */
export function confirmationsInCookies(cookies: string): ConfirmedBuyback[] {
  const prefix = `${CONFIRMATIONS_COOKIE}=`;
  const value = cookies
    .split(';')
    .map((cookie) => cookie.trim())
    .find((cookie) => cookie.startsWith(prefix))
    ?.slice(prefix.length);
  return value ? decodeConfirmations(value) : [];
}

/** The value's well-formed records; anything else (edited, truncated, too long) reads as none. */
export function decodeConfirmations(value: string): ConfirmedBuyback[] {
  if (value.length > MAX_COOKIE_VALUE_LENGTH || !/^[A-Za-z0-9_-]+$/.test(value)) return [];
  try {
    const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
    const records = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))) as unknown;
    return Array.isArray(records) && records.length <= MAX_COOKIE_RECORDS && records.every(isConfirmedBuyback) ? records : [];
  } catch {
    return [];
  }
}

function encode(records: readonly ConfirmedBuyback[]): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(JSON.stringify(records))) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const text = (value: unknown, max: number): value is string => typeof value === 'string' && value.length <= max;
const record = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function isConfirmedBuyback(value: unknown): value is ConfirmedBuyback {
  if (!record(value) || !record(value.price) || !record(value.shippingMethod) || !record(value.paymentMode)) return false;
  const { price, shippingMethod, paymentMode } = value;
  return (
    text(value.id, 64) &&
    text(value.identificationNumber, 32) &&
    text(value.productLabel, 500) &&
    Number.isSafeInteger(price.amountInCents) &&
    text(price.currency, 3) &&
    text(shippingMethod.label, 500) &&
    (shippingMethod.description === null || text(shippingMethod.description, 2_000)) &&
    text(paymentMode.label, 500) &&
    (value.documentsToken === undefined || value.documentsToken === null || text(value.documentsToken, 1_000))
  );
}
