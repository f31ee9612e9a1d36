import { DomainError } from '../../shared/domain-error.js';
import type { AccountStatus } from './account-events.js';

/** What the deletion's rules look at (specification 002 §4, §6, §8). */
export interface DeletionFacts {
  /** Null: no such account, or deleted already (and its customers forgotten). */
  status: AccountStatus | null;
  /** Buyer organizations of other accounts the account's organizations work with. */
  linkedBuyers: number;
  /** Organizations of other accounts that work with one of the account's buyers. */
  linkedRetailers: number;
}

/**
 * Whether the account may be deleted: not while it is active
 * (ACCOUNT_STILL_ACTIVE), nor while it is linked to another account's buyers
 * (ACCOUNT_HAS_LINKED_BUYERS) or another account's retailers work with its
 * buyers (ACCOUNT_HAS_LINKED_RETAILERS); an unknown one is not found. Each
 * refusal carries the specification's key in `details.reason`.
 */
export function checkDeletion(accountId: string, facts: DeletionFacts): void {
  if (facts.status === null) throw new DomainError('ACCOUNT_NOT_FOUND', { accountId, reason: 'account_not_found' });
  if (facts.status === 'active') throw new DomainError('ACCOUNT_STILL_ACTIVE', { accountId, reason: 'still_active' });
  if (facts.linkedBuyers > 0) throw new DomainError('ACCOUNT_HAS_LINKED_BUYERS', { accountId, reason: 'has_linked_buyers', count: facts.linkedBuyers });
  if (facts.linkedRetailers > 0) throw new DomainError('ACCOUNT_HAS_LINKED_RETAILERS', { accountId, reason: 'has_linked_retailers', count: facts.linkedRetailers });
}
