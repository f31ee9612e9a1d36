import { ApplicationError } from '../commands/errors.js';
import type { Clock } from '../ports/clock.js';
import type { LinkSecrets } from '../ports/link-secrets.js';
import { sameSecret, signedLinkToken, signedLinkVerdict, type SignedLinkVerdict } from './signed-link.js';

/**
 * The secret of a buyback's documents link (its shipping label, which prints
 * the customer's name, address and phone): given only to whoever registered
 * it (the storefront's confirmation page, the cart's owner, the seller).
 *
 * A token is `<expiry>.<signature>`: the expiry in seconds since the epoch,
 * and an HMAC (signed-link.ts: the installation's link secret, infrastructure/security/
 * hmac-link-secrets.ts) of the buyback's id and that expiry. Nothing is
 * stored; a token opens one buyback's documents, until its expiry
 * (DOCUMENTS_LINK_TTL_DAYS after it was given). Tokens of the first shape
 * (the bare HMAC of the id, which never expired) are refused as expired.
 */
export const DEFAULT_DOCUMENTS_LINK_TTL_DAYS = 30;

/** The first tokens: the bare HMAC of the buyback's id (32 bytes, base64url). */
const FIRST_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const PURPOSE = 'buyback-documents:v2';

export type DocumentsTokenVerdict = SignedLinkVerdict;

/** Gives buybacks' documents tokens, each valid `ttlDays` from when it is given (or from `issuedAt`). */
export class DocumentsLinks {
  constructor(
    private readonly linkSecrets: LinkSecrets,
    private readonly clock: Clock,
    private readonly ttlDays: number = DEFAULT_DOCUMENTS_LINK_TTL_DAYS,
  ) {}

  /**
   * `issuedAt` (UTC ISO-8601) signs the token from a recorded moment instead of
   * now: the answer to a registration signs it from the registration, so a
   * retried request gets the very token the first attempt got.
   */
  tokenFor(buybackId: string, issuedAt: string = this.clock.now()): string {
    return signedLinkToken(this.linkSecrets, PURPOSE, buybackId, issuedAt, this.ttlDays);
  }
}

/** Whether `token` opens `buybackId`'s documents at `now`: signed for it and not expired. */
export function documentsTokenVerdict(linkSecrets: LinkSecrets, buybackId: string, token: string, now: string): DocumentsTokenVerdict {
  const verdict = signedLinkVerdict(linkSecrets, PURPOSE, buybackId, token, now);
  if (verdict) return verdict;
  // A token given before links expired: genuine, but it would never expire; the owner gets a new one.
  if (FIRST_SHAPE.test(token) && sameSecret(token, linkSecrets.secretFor(`buyback-documents:${buybackId}`))) return 'expired';
  return 'invalid';
}

/** The refusal of a token that does not open the documents: DOCUMENTS_LINK_EXPIRED (410) or DOCUMENTS_LINK_INVALID (404). */
export function documentsTokenRefusal(verdict: Exclude<DocumentsTokenVerdict, 'valid'>, buybackId: string): ApplicationError {
  return verdict === 'expired' ? new ApplicationError('DOCUMENTS_LINK_EXPIRED', { buybackId }) : new ApplicationError('DOCUMENTS_LINK_INVALID', { buybackId });
}
