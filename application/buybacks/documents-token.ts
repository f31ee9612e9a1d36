import { timingSafeEqual } from 'node:crypto';
import type { LinkSecrets } from '../ports/link-secrets.js';

/**
 * The secret of a buyback's documents link (its shipping label, which
 * prints the customer's address): given to whoever registered it (the
 * storefront's confirmation page, the seller), derived from the server's key
 * and the buyback, so nothing is stored and the same buyback always has the
 * same link.
 */
export function documentsTokenOf(linkSecrets: LinkSecrets, buybackId: string): string {
  return linkSecrets.secretFor(`buyback-documents:${buybackId}`);
}

export function isDocumentsToken(linkSecrets: LinkSecrets, buybackId: string, token: string | undefined): boolean {
  if (!token) return false;
  const expected = Buffer.from(documentsTokenOf(linkSecrets, buybackId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
