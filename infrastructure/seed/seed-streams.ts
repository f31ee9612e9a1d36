import type { DomainEvent } from '../../application/events/codec.js';

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

/** 32-bit FNV-1a with a seed, finished with the murmur3 mixer. */
function hash32(text: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A UUID-v4-shaped id (`xxxxxxxx-xxxx-4xxx-8xxx-xxxxxxxxxxxx`) derived from a name. */
export function seedId(name: string): string {
  const hex = [1, 2, 3, 4]
    .map((seed) => hash32(`trade-in-demo:${name}`, Math.imul(seed, 0x9e3779b9)).toString(16).padStart(8, '0'))
    .join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
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
