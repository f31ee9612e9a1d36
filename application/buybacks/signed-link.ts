import { timingSafeEqual } from 'node:crypto';
import type { LinkSecrets } from '../ports/link-secrets.js';

/**
 * A link given to a buyback's customer, signed and expiring, with nothing
 * stored: `<expiry>.<signature>`, the expiry in seconds since the epoch and
 * an HMAC (the installation's link secret) of the link's purpose, the
 * buyback's id and that expiry. A token of one purpose never opens another
 * (the documents link is not the tracking link), nor another buyback.
 */
export type SignedLinkVerdict = 'valid' | 'expired' | 'invalid';

export const SIGNED_LINK_SHAPE = /^(?<expiry>\d{1,12})\.(?<signature>[A-Za-z0-9_-]{43})$/;

const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

function signature(linkSecrets: LinkSecrets, purpose: string, buybackId: string, expiry: number): string {
  return linkSecrets.secretFor(`${purpose}:${buybackId}:${expiry}`);
}

export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A token of `purpose` for `buybackId`, valid `ttlDays` from `now`. */
export function signedLinkToken(linkSecrets: LinkSecrets, purpose: string, buybackId: string, now: string, ttlDays: number): string {
  const expiry = epochSeconds(now) + ttlDays * 86_400;
  return `${expiry}.${signature(linkSecrets, purpose, buybackId, expiry)}`;
}

/** Whether `token` is a link of `purpose` signed for `buybackId` and not expired at `now`; null when it does not have a signed link's shape. */
export function signedLinkVerdict(linkSecrets: LinkSecrets, purpose: string, buybackId: string, token: string, now: string): SignedLinkVerdict | null {
  const match = SIGNED_LINK_SHAPE.exec(token);
  if (!match?.groups) return null;
  const expiry = Number(match.groups.expiry);
  if (!sameSecret(match.groups.signature as string, signature(linkSecrets, purpose, buybackId, expiry))) return 'invalid';
  return expiry > epochSeconds(now) ? 'valid' : 'expired';
}
