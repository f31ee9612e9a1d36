/**
 * The visitor's cookie consent (issue 24, specification 000 §2 and 002 §4):
 * the rules, pure and without React, so the first load carries only these few
 * lines. The CNIL's rules (délibération 2020-091 and its recommendation):
 * consent per purpose, refusing as easy as accepting, the choice (either way)
 * kept six months and then asked again. Nothing but the platform's own
 * working data is stored before a choice, and the tag manager loads only
 * once audience measurement is allowed.
 */

/** The purposes a visitor chooses one by one. */
export const PURPOSES = ['analytics', 'advertising'] as const;
export type Purpose = (typeof PURPOSES)[number];
export type Purposes = Record<Purpose, boolean>;

/** A choice as kept in the browser: each purpose and when it was made (UTC ISO-8601). */
export interface ConsentChoice {
  version: typeof CONSENT_VERSION;
  decidedAt: string;
  purposes: Purposes;
}

/** Bumped when the purposes change: a choice of an older version is asked again. */
export const CONSENT_VERSION = 1;
export const CONSENT_STORAGE_KEY = 'storefront.consent';
/** How long a choice holds before the visitor is asked again (CNIL: six months). */
export const CONSENT_VALIDITY_MONTHS = 6;

export const REFUSE_ALL: Purposes = { analytics: false, advertising: false };
export const ACCEPT_ALL: Purposes = { analytics: true, advertising: true };

/** The moment a choice made at `decidedAt` stops holding: six calendar months later (the last day of a shorter month). */
export function consentExpiresAt(decidedAt: Date): Date {
  const expiry = new Date(decidedAt.getTime());
  const day = expiry.getUTCDate();
  expiry.setUTCDate(1);
  expiry.setUTCMonth(expiry.getUTCMonth() + CONSENT_VALIDITY_MONTHS);
  const lastDay = new Date(Date.UTC(expiry.getUTCFullYear(), expiry.getUTCMonth() + 1, 0)).getUTCDate();
  expiry.setUTCDate(Math.min(day, lastDay));
  return expiry;
}

/** A stored value read back: the choice if well formed, of this version, and still holding at `now`; else null (ask again). */
export function validChoice(stored: string | null, now: Date): ConsentChoice | null {
  if (!stored) return null;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return null;
  }
  if (!isChoice(value)) return null;
  const decidedAt = new Date(value.decidedAt);
  // A date in the future (a clock set back, a hand-edited value) does not make a choice last longer.
  if (decidedAt.getTime() > now.getTime() + 60_000) return null;
  return now.getTime() < consentExpiresAt(decidedAt).getTime() ? value : null;
}

function isChoice(value: unknown): value is ConsentChoice {
  if (typeof value !== 'object' || value === null) return false;
  const { version, decidedAt, purposes } = value as Partial<ConsentChoice>;
  if (version !== CONSENT_VERSION || typeof decidedAt !== 'string' || Number.isNaN(Date.parse(decidedAt))) return false;
  return typeof purposes === 'object' && purposes !== null && PURPOSES.every((purpose) => typeof purposes[purpose] === 'boolean');
}

/** A new choice, made now. Only the known purposes, each explicitly true or false (nothing pre-ticked). */
export function makeChoice(purposes: Purposes, now: Date): ConsentChoice {
  return { version: CONSENT_VERSION, decidedAt: now.toISOString(), purposes: { analytics: purposes.analytics === true, advertising: purposes.advertising === true } };
}

/**
 * Saving a choice reloads the page when it allows audience measurement that
 * was not allowed before (specification 002 §4: the tag manager then starts
 * with the page), and when it withdraws it (the loaded tag manager stops with
 * the page). A first refusal, or a choice that changes nothing of it, does not.
 */
export function reloadAfterSaving(previous: ConsentChoice | null, next: ConsentChoice): boolean {
  return next.purposes.analytics !== (previous?.purposes.analytics ?? false);
}

/** What a storefront asks about: nothing when the retailer set no tag manager and no consent vendor (no tracker, no banner). */
export function consentMode(config: { tagManagerId: string | null; axeptioId: string | null }): 'none' | 'vendor' | 'built-in' {
  if (config.axeptioId?.trim()) return 'vendor';
  return config.tagManagerId?.trim() ? 'built-in' : 'none';
}

/** The browser's storage, as far as the rules need it (a Map in the tests). */
export interface ChoiceStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The choice kept in `storage`, forgotten once expired or unreadable. */
export function readChoice(storage: ChoiceStorage, now: Date): ConsentChoice | null {
  let stored: string | null;
  try {
    stored = storage.getItem(CONSENT_STORAGE_KEY);
  } catch {
    return null;
  }
  const choice = validChoice(stored, now);
  if (!choice && stored !== null) {
    try {
      storage.removeItem(CONSENT_STORAGE_KEY);
    } catch {
      /* storage refused: the choice is asked again anyway */
    }
  }
  return choice;
}

export function writeChoice(storage: ChoiceStorage, choice: ConsentChoice): void {
  try {
    storage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(choice));
  } catch {
    /* private browsing with storage refused: the choice holds for this page only */
  }
}
