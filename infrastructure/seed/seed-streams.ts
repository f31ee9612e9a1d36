import type { DomainEvent } from '../../application/events/codec.js';
import { derivedId, hash32 } from '../../domain/shared/derived-id.js';

/**
 * Demo data is written as the creation events of every aggregate, by each
 * part of the platform (its module's `demoData`). Pure and deterministic:
 * aggregate ids are UUID-v4-shaped strings derived from stable names (see
 * `seedId`), so the same call always yields the same data and tests can rely
 * on `DEMO_IDS`. Event ids are not chosen here: the code appending these
 * events gives them.
 */
export interface SeedStream {
  streamName: string;
  /** The tenant of the stream's events; `platform` for the platform super admin. */
  accountId: string;
  /** The account's root organization, or null for platform-level streams. */
  organizationId: string | null;
  events: DomainEvent[];
  /** When the events happened, relative to the seed's clock (negative: in the past). Default 0. */
  offsetMinutes?: number;
  /** The user the events are attributed to (a demo user's id), default none. */
  userId?: string | null;
}

export interface SeedContext {
  /** The argon2 hash of DEMO_PASSWORD, computed once. */
  passwordHash: string;
}

export const DEMO_PASSWORD = 'Demo2026!';

/** The metadata account id of platform-level streams (the super admin). */
export const PLATFORM_ACCOUNT_ID = 'platform';

/** The two demo tenants: Demo Retail, and Other Retail, so tenancy has data on both sides. */
export type AccountKey = 'demo' | 'other';
export const ACCOUNT_KEYS: readonly AccountKey[] = ['demo', 'other'];

/** A UUID-v4-shaped id derived from a name (the domain's `derivedId`, in the demo's own namespace). */
export function seedId(name: string): string {
  return derivedId(`trade-in-demo:${name}`);
}

/** `n` decimal digits derived from a name. */
export function digitsFrom(name: string, n: number): string {
  return String(hash32(name, 0x5eed) % 10 ** n).padStart(n, '0');
}

export function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
