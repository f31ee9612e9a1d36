import type { AccountOpened } from '../events.js';
import { newAccountOpening } from './new-account.js';

/** An account as the provider opens it, for the account's and the settings' Given/When/Then tests (the defaults of a new client). */
export function openedAccount(accountId: string, name: string, overrides: Partial<AccountOpened['data']> = {}): AccountOpened['data'] {
  return { ...newAccountOpening(accountId, name, 'FR'), ...overrides };
}
