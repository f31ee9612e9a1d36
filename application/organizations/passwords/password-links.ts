/**
 * The single-use, expiring links e-mailed to staff to set a password: a
 * reset (`/renew/{token}`) or an invitation's first password
 * (`/new/password?token=`). Only the token's SHA-256 is stored, in a
 * collection of its own (not a read model: never rebuilt from events, so a
 * rebuild neither revives a used link nor forgets a live one). A link is
 * consumed by one compare-and-set: of two uses at once, exactly one wins.
 */
import { createHash } from 'node:crypto';
import type { Clock, IdGenerator } from '../../ports/clock.js';
import type { DocumentStore } from '../../ports/document-store.js';
import { ApplicationError } from '../../commands/errors.js';

export const PASSWORD_LINKS_COLLECTION = 'password_links';

export type PasswordLinkPurpose = 'reset' | 'invitation';

export interface PasswordLinkDocument {
  /** SHA-256 of the token: a leaked table opens no link. */
  _id: string;
  userId: string;
  purpose: PasswordLinkPurpose;
  createdAt: string;
  expiresAt: string;
  /** When it was used; a used link opens nothing. */
  consumedAt: string | null;
  [key: string]: unknown;
}

/** How long each kind of link opens (infrastructure/config.ts: PASSWORD_RESET_TTL_MINUTES, INVITATION_TTL_MINUTES). */
export interface PasswordLinkConfig {
  resetTtlMinutes: number;
  invitationTtlMinutes: number;
}

export interface PasswordLinkPorts {
  documents: DocumentStore;
  clock: Clock;
  ids: IdGenerator;
  linkConfig: PasswordLinkConfig;
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(`password-link:${token}`).digest('hex');
}

function links(documents: DocumentStore) {
  return documents.collection<PasswordLinkDocument>(PASSWORD_LINKS_COLLECTION);
}

/**
 * A new link for the user; their earlier unused links of the same purpose
 * stop opening (the last e-mail is the one that works).
 */
export async function issuePasswordLink(
  deps: PasswordLinkPorts,
  userId: string,
  purpose: PasswordLinkPurpose,
): Promise<{ token: string; expiresAt: string }> {
  const collection = links(deps.documents);
  for (const earlier of await collection.find({ userId, purpose, consumedAt: null }, { limit: 100 })) await collection.delete(earlier._id);
  const token = deps.ids.secret();
  const now = deps.clock.now();
  const minutes = purpose === 'reset' ? deps.linkConfig.resetTtlMinutes : deps.linkConfig.invitationTtlMinutes;
  const expiresAt = new Date(Date.parse(now) + minutes * 60_000).toISOString();
  await collection.insert({ _id: hashLinkToken(token), userId, purpose, createdAt: now, expiresAt, consumedAt: null });
  return { token, expiresAt };
}

/** The link a token opens: PASSWORD_LINK_INVALID (404) when unknown or used, PASSWORD_LINK_EXPIRED (410) once expired. */
export async function openPasswordLink(deps: Pick<PasswordLinkPorts, 'documents' | 'clock'>, token: string): Promise<PasswordLinkDocument> {
  const link = await links(deps.documents).get(hashLinkToken(token));
  if (!link || link.consumedAt !== null) throw new ApplicationError('PASSWORD_LINK_INVALID');
  if (link.expiresAt <= deps.clock.now()) throw new ApplicationError('PASSWORD_LINK_EXPIRED');
  return link;
}

/** Uses the link, once: false when another use took it first. */
export async function consumePasswordLink(deps: Pick<PasswordLinkPorts, 'documents' | 'clock'>, link: PasswordLinkDocument): Promise<boolean> {
  return links(deps.documents).replaceWhere({ ...link, consumedAt: deps.clock.now() }, { _id: link._id, consumedAt: null });
}
