/**
 * What the clients' routes answer (TypeBox): the handlers' return types,
 * the OpenAPI schemas, the types the dashboard imports.
 */
import { CURRENCIES } from '../../../domain/shared/money.js';
import { CIRCUIT_TYPES } from '../../../domain/catalog/events.js';
import { PAYMENT_TYPES } from '../../../domain/buybacks/events.js';
import { LOCALES, MODULE_TYPES } from '../../../domain/organizations/events.js';
import { ACCOUNT_STATUSES, SHIPPING_TYPES } from '../../../domain/organizations/account/account-events.js';
import { JobView } from '../../jobs/jobs.js';
import { RebuildJobView } from '../../platform/support-views.js';
import { DateTime, ListPage, Nullable, StringEnum, Type, Uuid, type Static } from '../../views/schema.js';

export const WhiteLabelView = Type.Object(
  {
    tagManagerId: Nullable(Type.String()),
    axeptioId: Nullable(Type.String()),
    externalWebsiteLink: Nullable(Type.Object({ url: Type.String(), text: Type.String() })),
    dropOffLocationsMapEnabled: Type.Boolean(),
    cookiesPolicy: Nullable(Type.String()),
    accessibilityStatement: Nullable(Type.String()),
  },
  { title: 'WhiteLabelConfiguration' },
);

export const ClientView = Type.Object(
  {
    id: Uuid,
    commonName: Type.String(),
    corporateName: Nullable(Type.String()),
    siret: Nullable(Type.String()),
    capitalInCents: Nullable(Type.Integer({ minimum: 0 })),
    status: StringEnum(ACCOUNT_STATUSES),
    address: Type.Object({ street: Nullable(Type.String()), streetComplement: Nullable(Type.String()), zipCode: Nullable(Type.String()), city: Nullable(Type.String()) }),
    country: Type.String(),
    language: StringEnum(LOCALES),
    currency: StringEnum(CURRENCIES),
    modules: Type.Array(StringEnum(MODULE_TYPES)),
    webChannelUrl: Nullable(Type.String()),
    whiteLabel: Nullable(WhiteLabelView),
    activeCircuits: Type.Array(StringEnum(CIRCUIT_TYPES)),
    paymentModes: Type.Array(StringEnum(PAYMENT_TYPES)),
    transport: Type.Object({ shippingTypes: Type.Array(StringEnum(SHIPPING_TYPES)), carrierAccountNumber: Nullable(Type.String()) }),
    premiumFeatures: Type.Array(Type.String()),
    /** The root organization (root_management_unit) of its tree, when it has one. */
    rootOrganizationId: Nullable(Type.String()),
    createdAt: DateTime,
    updatedAt: DateTime,
    revision: Type.Integer({ minimum: 0, description: 'Its stream revision, also the ETag: send it back as If-Match.' }),
  },
  { title: 'Client' },
);
export type ClientView = Static<typeof ClientView>;

export const ClientListItemView = Type.Object(
  {
    id: Uuid,
    commonName: Type.String(),
    corporateName: Nullable(Type.String()),
    siret: Nullable(Type.String()),
    status: StringEnum(ACCOUNT_STATUSES),
    country: Type.String(),
    modules: Type.Array(StringEnum(MODULE_TYPES)),
    createdAt: DateTime,
  },
  { title: 'ClientListItem' },
);
export type ClientListItemView = Static<typeof ClientListItemView>;
export const ClientPage = ListPage(ClientListItemView, 'ClientPage');
export type ClientPage = Static<typeof ClientPage>;

export const RootDetailsView = Type.Object(
  {
    id: Uuid,
    sellerSupportEmail: Nullable(Type.String()),
    eula: Nullable(Type.String()),
    serviceTerms: Nullable(Type.String()),
    faqAndContact: Nullable(Type.String()),
    isWarehouseCommentMandatory: Type.Boolean(),
    isWarehouseCommentSharedToClient: Type.Boolean(),
    buybackZeroDescription: Nullable(Type.String()),
    noSearchResultDescription: Nullable(Type.String()),
    enabledPremiumFeatures: Type.Array(Type.String()),
    categoryNavigationEnabled: Type.Boolean(),
    customerIdentityDocumentRequired: Type.Boolean(),
    warehouseCheckinRequirement: StringEnum(['disabled', 'optional', 'mandatory'] as const),
    barCodeEnabled: Type.Boolean(),
    tagPriceEnabled: Type.Boolean(),
    buyerPaymentEnabled: Type.Boolean(),
    cartMinValueInCents: Type.Integer({ minimum: 0 }),
    packingInstructions: Nullable(Type.String()),
    customerIdCollectionEnabled: Type.Boolean(),
    serviceTermsFileId: Nullable(Type.String()),
    faqFileId: Nullable(Type.String()),
    personalDataFileId: Nullable(Type.String()),
    cookiesPolicyFileId: Nullable(Type.String()),
    revision: Type.Integer({ minimum: 0 }),
  },
  { title: 'OrganizationRootDetail', description: 'The organization root details of an account (specification 002 §3); its id is the account’s.' },
);
export type RootDetailsView = Static<typeof RootDetailsView>;

export const ClientHistoryEntryView = Type.Object(
  {
    eventId: Type.String(),
    type: StringEnum(['AccountOpened', 'ClientDetailsChanged', 'RootDetailsChanged', 'AccountDesignChanged', 'HomePageChanged', 'AccountDeleted', 'AccountCustomersForgotten'] as const),
    at: DateTime,
    userId: Nullable(Type.String()),
    userName: Nullable(Type.String()),
    /** The fields it changed (their names; none for an opening or a deletion). */
    fields: Type.Array(Type.String()),
    reason: Nullable(Type.String()),
  },
  { title: 'ClientHistoryEntry' },
);
export type ClientHistoryEntryView = Static<typeof ClientHistoryEntryView>;
export const ClientHistoryView = Type.Object({ items: Type.Array(ClientHistoryEntryView) }, { title: 'ClientHistory' });
export type ClientHistoryView = Static<typeof ClientHistoryView>;

export const LinkedBuyerView = Type.Object(
  {
    id: Uuid,
    commonName: Type.String(),
    corporateName: Nullable(Type.String()),
    status: StringEnum(['active', 'inactive'] as const),
    accountId: Type.String(),
    accountName: Nullable(Type.String()),
    /** Of another account: such a link stops the account's deletion (has_linked_buyers). */
    external: Type.Boolean(),
    /** How many of the account's organizations work with it. */
    linkedOrganizations: Type.Integer({ minimum: 0 }),
  },
  { title: 'LinkedBuyer' },
);
export type LinkedBuyerView = Static<typeof LinkedBuyerView>;
export const LinkedBuyersView = Type.Object(
  {
    items: Type.Array(LinkedBuyerView),
    /** Organizations of other accounts working with one of this account's buyers (has_linked_retailers). */
    linkedRetailers: Type.Integer({ minimum: 0 }),
  },
  { title: 'LinkedBuyers' },
);
export type LinkedBuyersView = Static<typeof LinkedBuyersView>;

export const AccountDeletionResultView = Type.Object(
  {
    accountId: Uuid,
    /** Customers whose personal data was forgotten (their keys deleted). */
    customersForgotten: Type.Integer({ minimum: 0 }),
    usersDeactivated: Type.Integer({ minimum: 0 }),
  },
  { title: 'AccountDeletionResult' },
);
export type AccountDeletionResultView = Static<typeof AccountDeletionResultView>;
export const AccountDeletionJobView = JobView(AccountDeletionResultView, 'AccountDeletionJob');
export type AccountDeletionJobView = Static<typeof AccountDeletionJobView>;

export const CatalogueReindexView = Type.Object(
  { accountId: Uuid, rebuilds: Type.Array(RebuildJobView) },
  { title: 'CatalogueReindex', description: 'The catalogue read models’ rebuilds, queued, running or done (each with its progress in events).' },
);
export type CatalogueReindexView = Static<typeof CatalogueReindexView>;
