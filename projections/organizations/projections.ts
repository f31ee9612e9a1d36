import type { AccountOpened, OrganizationRegistered, UserRegistered } from '../../domain/organizations/events.js';
import {
  ORGANIZATION_COLLECTIONS,
  type AccountDocument,
  type OrganizationDocument,
  type UserDocument,
} from '../../application/organizations/read-models.js';
import { entityProjection } from '../shared/entity-projection.js';
import { ORGANIZATION_STREAMS } from '../../application/organizations/streams.js';

export const accountsProjection = entityProjection<AccountDocument, AccountOpened>({
  name: 'accounts',
  collection: ORGANIZATION_COLLECTIONS.accounts,
  stream: ORGANIZATION_STREAMS.account,
  eventTypes: ['AccountOpened'],
  indexes: [],
  fold: (_doc, event, stored) => ({ _id: event.data.accountId, ...event.data, createdAt: stored.metadata.occurredAt }),
});

export const organizationsProjection = entityProjection<OrganizationDocument, OrganizationRegistered>({
  name: 'organizations',
  collection: ORGANIZATION_COLLECTIONS.organizations,
  stream: ORGANIZATION_STREAMS.organization,
  eventTypes: ['OrganizationRegistered'],
  indexes: [{ name: 'by_account_type', fields: [['accountId', 1], ['type', 1], ['commonName', 1]] }],
  fold: (_doc, event, stored) => ({ _id: event.data.organizationId, ...event.data, createdAt: stored.metadata.occurredAt }),
});

export const usersProjection = entityProjection<UserDocument, UserRegistered>({
  name: 'users',
  collection: ORGANIZATION_COLLECTIONS.users,
  stream: ORGANIZATION_STREAMS.user,
  eventTypes: ['UserRegistered'],
  indexes: [
    { name: 'by_email', fields: [['email', 1]], unique: true },
    { name: 'by_account', fields: [['accountId', 1], ['lastname', 1]] },
  ],
  fold: (_doc, event, stored) => ({
    _id: event.data.userId,
    ...event.data,
    email: event.data.email.toLowerCase(),
    createdAt: stored.metadata.occurredAt,
  }),
});

