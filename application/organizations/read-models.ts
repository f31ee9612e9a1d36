/**
 * The organizations part's read models: what its projections write and its
 * queries (and other parts) read. Types and collection names only.
 */
import type { AccountOpened, OrganizationRegistered, UserRegistered } from '../../domain/organizations/events.js';

type Doc<T> = T & { _id: string; [key: string]: unknown };

export const ORGANIZATION_COLLECTIONS = {
  accounts: 'accounts',
  organizations: 'organizations',
  users: 'users',
} as const;

export type AccountDocument = Doc<AccountOpened['data'] & { createdAt: string }>;
export type OrganizationDocument = Doc<OrganizationRegistered['data'] & { createdAt: string }>;
export type UserDocument = Doc<UserRegistered['data'] & { createdAt: string }>;
