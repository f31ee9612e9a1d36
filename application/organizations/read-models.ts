/**
 * The organizations part's read models: what its projections write and its
 * queries (and other parts) read. Types and collection names only.
 */
import type { UserSearchKeys } from './user-search-read-model.js';
import type { AccountOpened, OrganizationRegistered, UserRegistered } from '../../domain/organizations/events.js';

type Doc<T> = T & { _id: string; [key: string]: unknown };

export const ORGANIZATION_COLLECTIONS = {
  accounts: 'accounts',
  organizations: 'organizations',
  users: 'users',
} as const;

export type AccountDocument = Doc<AccountOpened['data'] & { createdAt: string }>;
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
