/**
 * The organizations part's read models: what its projections write and its
 * queries (and other parts) read. Types and collection names only.
 */
import type { UserSearchKeys } from './user-search-read-model.js';
import type { AccountOpened, OrganizationRegistered, UserRegistered } from '../../domain/organizations/events.js';
import type { AccountDesign } from '../../domain/organizations/account/account-events.js';

type Doc<T> = T & { _id: string; [key: string]: unknown };

export const ORGANIZATION_COLLECTIONS = {
  accounts: 'accounts',
  organizations: 'organizations',
  users: 'users',
} as const;

/**
 * A deleted account stays as a tombstone (`deletedAt`), so an event delivered
 * again after its deletion (at-least-once delivery) cannot bring it back;
 * readers treat it as gone (`liveAccount`).
 */
/** `design`: the account's design once changed (issue 23; AccountDesignChanged keeps `mainColor`, `logoUrl` and `faviconUrl` in step). */
export type AccountDocument = Doc<AccountOpened['data'] & { createdAt: string; deletedAt?: string | null; design?: AccountDesign }>;

/** The account, or null when there is none or it was deleted. */
export function liveAccount<A extends AccountDocument>(account: A | null | undefined): A | null {
  return account && !account.deletedAt ? account : null;
}

/** The filter of the accounts not deleted. */
export const LIVE_ACCOUNTS = { deletedAt: null } as const;
export type OrganizationDocument = Doc<OrganizationRegistered['data'] & { createdAt: string; updatedAt?: string }>;
export type UserDocument = Doc<
  UserRegistered['data'] & {
    createdAt: string;
    updatedAt?: string;
    /** The last successful sign-in (UserSignedIn); null before the first. */
    lastLoginAt?: string | null;
    /** The last invitation e-mail sent (UserInvited). */
    invitedAt?: string | null;
    passwordSetAt?: string | null;
  } & Partial<UserSearchKeys>
>;
