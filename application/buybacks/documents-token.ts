import { timingSafeEqual } from 'node:crypto';
import { ApplicationError } from '../commands/errors.js';
import type { Clock } from '../ports/clock.js';
import type { LinkSecrets } from '../ports/link-secrets.js';

/**
 * The secret of a buyback's documents link (its shipping label, which prints
 * the customer's name, address and phone): given only to whoever registered
 * it (the storefront's confirmation page, the cart's owner, the seller).
 *
 * A token is `<expiry>.<signature>`: the expiry in seconds since the epoch,
 * and an HMAC (the installation's link secret, infrastructure/security/
 * hmac-link-secrets.ts) of the buyback's id and that expiry. Nothing is
 * stored; a token opens one buyback's documents, until its expiry
 * (DOCUMENTS_LINK_TTL_DAYS after it was given). Tokens of the first shape
 * (the bare HMAC of the id, which never expired) are refused as expired.
 */
export const DEFAULT_DOCUMENTS_LINK_TTL_DAYS = 30;

const SHAPE = /^(?<expiry>\d{1,12})\.(?<signature>[A-Za-z0-9_-]{43})$/;
/** The first tokens: the bare HMAC of the buyback's id (32 bytes, base64url). */
const FIRST_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export type DocumentsTokenVerdict = 'valid' | 'expired' | 'invalid';

function signature(linkSecrets: LinkSecrets, buybackId: string, expiry: number): string {
  return linkSecrets.secretFor(`buyback-documents:v2:${buybackId}:${expiry}`);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** Gives buybacks' documents tokens, each valid `ttlDays` from now. */
export class DocumentsLinks {
  constructor(
    private readonly linkSecrets: LinkSecrets,
    private readonly clock: Clock,
    private readonly ttlDays: number = DEFAULT_DOCUMENTS_LINK_TTL_DAYS,
  ) {}

  tokenFor(buybackId: string): string {
    const expiry = epochSeconds(this.clock.now()) + this.ttlDays * 86_400;
    return `${expiry}.${signature(this.linkSecrets, buybackId, expiry)}`;
  }
}

/** Whether `token` opens `buybackId`'s documents at `now`: signed for it and not expired. */
export function documentsTokenVerdict(linkSecrets: LinkSecrets, buybackId: string, token: string, now: string): DocumentsTokenVerdict {
  const match = SHAPE.exec(token);
  if (match?.groups) {
    const expiry = Number(match.groups.expiry);
    if (!sameSecret(match.groups.signature as string, signature(linkSecrets, buybackId, expiry))) return 'invalid';
    return expiry > epochSeconds(now) ? 'valid' : 'expired';
  }
  // A token given before links expired: genuine, but it would never expire; the owner gets a new one.
  if (FIRST_SHAPE.test(token) && sameSecret(token, linkSecrets.secretFor(`buyback-documents:${buybackId}`))) return 'expired';
  return 'invalid';
}

/** The refusal of a token that does not open the documents: DOCUMENTS_LINK_EXPIRED (410) or DOCUMENTS_LINK_INVALID (404). */
export function documentsTokenRefusal(verdict: Exclude<DocumentsTokenVerdict, 'valid'>, buybackId: string): ApplicationError {
  return verdict === 'expired' ? new ApplicationError('DOCUMENTS_LINK_EXPIRED', { buybackId }) : new ApplicationError('DOCUMENTS_LINK_INVALID', { buybackId });
}
