// Imports end in .js: the Node unit tests (tests/ui) type-check this file too, with NodeNext resolution.
import type { KeyValueStorage } from '../../../shared/buyback-path/browser-storage.js';

/** A parcel checked in during this session, as it was then: enough to list it and open its confirmation. */
export interface CheckedIn {
  itemId: string;
  identificationNumber: string;
  shortCode: string;
  product: string;
  stockId: string | null;
  /** When it was checked in (ISO). */
  at: string;
}

/** The parcels the list keeps: a morning's delivery. Older ones are in the items list. */
export const SESSION_LOG_LIMIT = 100;

/** The latest first; a parcel checked in again (after a return) moves to the top instead of showing twice. */
export function withCheckedIn(log: readonly CheckedIn[], entry: CheckedIn): CheckedIn[] {
  return [entry, ...log.filter((other) => other.itemId !== entry.itemId)].slice(0, SESSION_LOG_LIMIT);
}

function isCheckedIn(value: unknown): value is CheckedIn {
  const entry = value as Partial<CheckedIn> | null;
  return (
    typeof entry?.itemId === 'string' &&
    typeof entry.identificationNumber === 'string' &&
    typeof entry.shortCode === 'string' &&
    typeof entry.product === 'string' &&
    (entry.stockId === null || typeof entry.stockId === 'string') &&
    typeof entry.at === 'string'
  );
}

/** The log kept in this tab (sessionStorage): what cannot be read is an empty log. */
export function readLog(storage: KeyValueStorage | null, key: string): CheckedIn[] {
  try {
    const value = JSON.parse(storage?.getItem(key) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter(isCheckedIn).slice(0, SESSION_LOG_LIMIT) : [];
  } catch {
    return [];
  }
}

export function writeLog(storage: KeyValueStorage | null, key: string, log: readonly CheckedIn[]): void {
  try {
    if (log.length === 0) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(log));
  } catch {
    // A full or refused storage: the list lives as long as the page.
  }
}
