import { ApplicationError } from '../commands/errors.js';
import type { Clock } from '../ports/clock.js';
import type { LinkSecrets } from '../ports/link-secrets.js';
import { DocumentsLinks } from './documents-token.js';
import { signedLinkToken, signedLinkVerdict, type SignedLinkVerdict } from './signed-link.js';

/**
 * The secret of a buyback's tracking link (the storefront's /tracking page,
 * e-mailed with the confirmation): it tells the buyback's journey, which
 * shows no personal data beyond a first name, and answers its price
 * proposal. A token of its own (signed-link.ts), not the documents token:
 * the documents open the customer's name, address and label, and are given
 * to whoever registered the buyback (a store's seller too), while only the
 * customer's e-mail carries this one, which may decide their price.
 * Valid TRACKING_LINK_TTL_DAYS after it was given.
 */
export const DEFAULT_TRACKING_LINK_TTL_DAYS = 90;

const PURPOSE = 'buyback-tracking:v1';

export class TrackingLinks {
  constructor(
    private readonly linkSecrets: LinkSecrets,
    private readonly clock: Clock,
    private readonly ttlDays: number = DEFAULT_TRACKING_LINK_TTL_DAYS,
  ) {}

  tokenFor(buybackId: string): string {
    return signedLinkToken(this.linkSecrets, PURPOSE, buybackId, this.clock.now(), this.ttlDays);
  }
}

/** Whether `token` opens `buybackId`'s tracking at `now`: signed for it, for tracking, and not expired. */
export function trackingTokenVerdict(linkSecrets: LinkSecrets, buybackId: string, token: string, now: string): SignedLinkVerdict {
  return signedLinkVerdict(linkSecrets, PURPOSE, buybackId, token, now) ?? 'invalid';
}

/** The refusal of a token that does not open the tracking: TRACKING_LINK_EXPIRED (410) or TRACKING_LINK_INVALID (404). */
export function trackingTokenRefusal(verdict: Exclude<SignedLinkVerdict, 'valid'>, buybackId: string): ApplicationError {
  return verdict === 'expired' ? new ApplicationError('TRACKING_LINK_EXPIRED', { buybackId }) : new ApplicationError('TRACKING_LINK_INVALID', { buybackId });
}

/** Throws the refusal unless `token` opens `buybackId`'s tracking at `now`. */
export function assertTrackingToken(linkSecrets: LinkSecrets, buybackId: string, token: string, now: string): void {
  const verdict = trackingTokenVerdict(linkSecrets, buybackId, token, now);
  if (verdict !== 'valid') throw trackingTokenRefusal(verdict, buybackId);
}

/**
 * The links e-mailed to a buyback's customer with its confirmation: its
 * documents (/buyback-confirmation-docs) and its tracking (/tracking), each
 * with its own signed, expiring token.
 */
export class CustomerLinks {
  constructor(
    readonly documents: DocumentsLinks,
    readonly tracking: TrackingLinks,
    private readonly publicBaseUrl: string,
  ) {}

  static of(linkSecrets: LinkSecrets, clock: Clock, publicBaseUrl: string, ttlDays: { documents: number; tracking: number }): CustomerLinks {
    return new CustomerLinks(new DocumentsLinks(linkSecrets, clock, ttlDays.documents), new TrackingLinks(linkSecrets, clock, ttlDays.tracking), publicBaseUrl);
  }

  documentsUrl(buybackId: string): string {
    return `${this.publicBaseUrl}/buyback-confirmation-docs?${new URLSearchParams({ id: buybackId, token: this.documents.tokenFor(buybackId) })}`;
  }

  trackingUrl(buybackId: string): string {
    return `${this.publicBaseUrl}/tracking?${new URLSearchParams({ id: buybackId, token: this.tracking.tokenFor(buybackId) })}`;
  }
}
