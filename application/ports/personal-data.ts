import type { SealedPersonalData } from '../../domain/buybacks/events.js';

/** What a sealed value turns into once its subject has been forgotten. */
export interface ForgottenPersonalData {
  forgotten: true;
}

export const FORGOTTEN: ForgottenPersonalData = Object.freeze({ forgotten: true });

export function isForgotten(value: unknown): value is ForgottenPersonalData {
  return typeof value === 'object' && value !== null && (value as { forgotten?: unknown }).forgotten === true;
}

/**
 * Crypto-shredding. Personal data enters events only sealed with its
 * subject's key; the keys live outside the event store. `forget` deletes the
 * key, after which every sealed value of that subject reveals as FORGOTTEN.
 */
export interface PersonalDataVault {
  /** A stable, non-reversible subject id for a customer of one tenant (keyed hash of account and e-mail). */
  subjectIdFor(accountId: string, email: string): string;
  seal(subjectId: string, data: object): Promise<SealedPersonalData>;
  /** A deep copy of `value` with every sealed envelope opened (or replaced by FORGOTTEN). */
  reveal<T>(value: T): Promise<T>;
  /**
   * A revealer for one pass over many events (a projection batch, a rebuild):
   * it reveals values in bulk and keeps the keys it read while it lives.
   */
  revealer(): Revealer;
  forget(subjectId: string): Promise<boolean>;
}

/**
 * Reveals many values at once: the keys of the subjects it has not seen yet
 * are read in one go, and kept (a bounded number) for the revealer's life
 * only, so that a key deleted by `forget` is never held beyond the pass that
 * read it. A pass that outlives a `forget` still ends right: the
 * CustomerForgotten event that follows the deletion in the log blanks the
 * documents.
 */
export interface Revealer {
  /**
   * Each value with every sealed envelope opened (or replaced by FORGOTTEN), in
   * order. A value holding nothing sealed is handed back as is; otherwise only
   * the objects on the way to an envelope are copied, the rest is shared.
   */
  revealAll<T>(values: readonly T[]): Promise<T[]>;
}
