import type { SealedPersonalData } from '../../domain/buyback/events.js';

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
  forget(subjectId: string): Promise<boolean>;
}
