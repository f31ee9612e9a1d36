import type { AccountOpened, OrganizationChanged, OrganizationRegistered, UserEvent } from '../../domain/organizations/events.js';
import {
  ORGANIZATION_COLLECTIONS,
  type OrganizationDocument,
  type UserDocument,
} from '../../application/organizations/read-models.js';
import type { AccountDeleted, AccountDesignChanged, ClientDetailsChanged, HomePageChanged, RootDetailsChanged } from '../../domain/organizations/account/account-events.js';
import { clientDetailsOf } from '../../domain/organizations/account/account.js';
import {
  applyClientChanges,
  applyDesignChanges,
  applyHomePageChanges,
  applyRootDetailsChanges,
  clientFieldsOf,
  type ClientAccountDocument,
} from '../../application/organizations/clients/client-read-model.js';
import { entityProjection } from '../shared/entity-projection.js';
import { USER_SEARCH_INDEXES, userSearchKeysOf } from '../../application/organizations/user-search-read-model.js';
import { ORGANIZATION_STREAMS } from '../../application/organizations/streams.js';

/** One document per account: its opening, its client details and root details as they change; gone once deleted. */
export const accountsProjection = entityProjection<ClientAccountDocument, AccountOpened | ClientDetailsChanged | RootDetailsChanged | AccountDesignChanged | HomePageChanged | AccountDeleted>({
  name: 'accounts',
  collection: ORGANIZATION_COLLECTIONS.accounts,
  stream: ORGANIZATION_STREAMS.account,
  eventTypes: ['AccountOpened', 'ClientDetailsChanged', 'RootDetailsChanged', 'AccountDesignChanged', 'HomePageChanged', 'AccountDeleted'],
  indexes: [{ name: 'by_name', fields: [['name', 1]] }],
  fold: (doc, event, stored) => {
    const at = stored.metadata.occurredAt;
    switch (event.type) {
      case 'AccountOpened':
        return { _id: event.data.accountId, ...event.data, createdAt: at, updatedAt: at, client: clientFieldsOf(clientDetailsOf(event.data)) };
      case 'ClientDetailsChanged':
        return doc ? applyClientChanges(doc, event.data.changes, at) : null;
      case 'RootDetailsChanged':
        return doc ? applyRootDetailsChanges(doc, event.data.changes, at) : null;
      case 'AccountDesignChanged':
        return doc ? applyDesignChanges(doc, event.data.changes, at) : null;
      case 'HomePageChanged':
        return doc ? applyHomePageChanges(doc, event.data.changes, at) : null;
      case 'AccountDeleted':
        // A tombstone, not a removal: a redelivered AccountOpened must find the account deleted (read-models.ts, liveAccount).
        return doc ? { ...doc, deletedAt: at, updatedAt: at } : null;
    }
  },
});

export const organizationsProjection = entityProjection<OrganizationDocument, OrganizationRegistered | OrganizationChanged>({
  name: 'organizations',
  collection: ORGANIZATION_COLLECTIONS.organizations,
  stream: ORGANIZATION_STREAMS.organization,
  eventTypes: ['OrganizationRegistered', 'OrganizationChanged'],
  indexes: [
    { name: 'by_account_type', fields: [['accountId', 1], ['type', 1], ['commonName', 1]] },
    { name: 'by_account_parent', fields: [['accountId', 1], ['parentOrganizationId', 1]] },
    { name: 'by_account_external_id', fields: [['accountId', 1], ['externalId', 1]] },
  ],
  fold: (doc, event, stored) => {
    const at = stored.metadata.occurredAt;
    if (event.type === 'OrganizationRegistered') return { _id: event.data.organizationId, ...event.data, createdAt: at, updatedAt: at };
    return doc ? { ...doc, ...event.data.changes, updatedAt: at } : null;
  },
});

export const usersProjection = entityProjection<UserDocument, UserEvent>({
  name: 'users',
  collection: ORGANIZATION_COLLECTIONS.users,
  stream: ORGANIZATION_STREAMS.user,
  eventTypes: ['UserRegistered', 'UserChanged', 'UserPasswordSet', 'UserInvited', 'UserSignedIn'],
  indexes: [
    { name: 'by_email', fields: [['email', 1]], unique: true },
    // The users list's orders and status filter within a tenant (bench/users-list.ts); by_account_name serves what by_account did.
    { name: 'by_account_name', fields: [['accountId', 1], ['lastname', 1], ['firstname', 1]] },
    { name: 'by_account_created', fields: [['accountId', 1], ['createdAt', 1]] },
    { name: 'by_account_last_login', fields: [['accountId', 1], ['lastLoginAt', 1]] },
    { name: 'by_account_status', fields: [['accountId', 1], ['status', 1], ['lastname', 1], ['firstname', 1]] },
    // The module, role, entity, name and e-mail filters (application/organizations/user-search-read-model.ts).
    ...USER_SEARCH_INDEXES,
  ],
  fold: (doc, event, stored) => {
    const at = stored.metadata.occurredAt;
    switch (event.type) {
      case 'UserRegistered':
        return {
          _id: event.data.userId,
          ...event.data,
          ...userSearchKeysOf(event.data),
          email: event.data.email.toLowerCase(),
          createdAt: at,
          updatedAt: at,
          lastLoginAt: null,
          invitedAt: null,
          passwordSetAt: null,
        };
      case 'UserChanged': {
        if (!doc) return null;
        const changes = event.data.changes;
        const changed = { ...doc, ...changes, ...(changes.email ? { email: changes.email.toLowerCase() } : {}), updatedAt: at };
        return { ...changed, ...userSearchKeysOf(changed) };
      }
      case 'UserPasswordSet':
        return doc ? { ...doc, passwordHash: event.data.passwordHash, passwordSetAt: at } : null;
      case 'UserInvited':
        return doc ? { ...doc, invitedAt: at } : null;
      case 'UserSignedIn':
        return doc ? { ...doc, lastLoginAt: at } : null;
    }
  },
});
