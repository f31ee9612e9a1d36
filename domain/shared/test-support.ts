import { expect } from 'vitest';
import { DomainError } from './domain-error.js';

/** The DomainError `fn` throws; fails the test when it throws nothing or something else. */
export function domainErrorOf(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a DomainError, nothing was thrown');
}
