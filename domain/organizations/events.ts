import type { Currency } from '../shared/money.js';
import type { OpeningHours } from './organization/opening-hours.js';

export const MODULE_TYPES = ['root', 'tim', 'lcm', 'rps'] as const;
export type ModuleType = (typeof MODULE_TYPES)[number];

export const ORGANIZATION_TYPES = ['root_management_unit', 'management_unit', 'store', 'warehouse', 'buyer'] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];

export const USER_TYPES = [
  'super_admin',
  'admin',
  'root_management_unit_manager',
  'root_management_unit_analyst',
  'management_unit_manager',
  'management_unit_analyst',
  'store_manager',
  'store_seller',
  'warehouse_manager',
  'warehouse_operator',
  'buyer_manager',
  'pseudo_anonymous',
] as const;
export type UserType = (typeof USER_TYPES)[number];

export const LOCALES = ['fr-FR', 'en-GB', 'nl-BE', 'de-DE'] as const;
export type Locale = (typeof LOCALES)[number];

export interface WhiteLabelConfiguration {
  tagManagerId: string | null;
  axeptioId: string | null;
  externalWebsiteLink: { url: string; text: string } | null;
  dropOffLocationsMapEnabled: boolean;
  cookiesPolicy: string | null;
  accessibilityStatement: string | null;
}

export interface AccountSettings {
  customerIdentityDocumentRequired: boolean;
  cartMinValueInCents: number;
  categoryNavigationEnabled: boolean;
  warehouseCheckinRequirement: 'disabled' | 'optional' | 'mandatory';
  /** The compliance check's warehouse comment is required (else optional). */
  isWarehouseCommentMandatory: boolean;
  /** The warehouse comment is shared with the customer (shown with a price proposal), else internal. */
  isWarehouseCommentSharedToClient: boolean;
  enabledPremiumFeatures: string[];
  /**
   * The buyer pays the customers instead of the retailer (specification 001,
   * `GET /payment/account/{id}/by-buyer-feature-available`); absent (accounts
   * opened before it) means false.
   */
  buyerPaymentEnabled?: boolean;
  /** The transfer order prints the buyback's code as a barcode (general settings); absent means false. */
  barCodeEnabled?: boolean;
  /** The transfer order carries a price tag to stick on the device (general settings); absent means false. */
  tagPriceEnabled?: boolean;
}

/** A retailer (tenant). */
export interface AccountOpened {
  type: 'AccountOpened';
  data: {
    accountId: string;
    name: string;
    companyCountry: string;
    language: Locale;
    currency: Currency;
    mainColor: string;
    logoUrl: string | null;
    faviconUrl: string | null;
    /** The organization a storefront visitor's buybacks belong to. */
    webOrganizationId: string | null;
    settings: AccountSettings;
    whiteLabel: WhiteLabelConfiguration | null;
  };
}

export interface OrganizationRegistered {
  type: 'OrganizationRegistered';
  data: {
    organizationId: string;
    accountId: string;
    commonName: string;
    corporateName: string | null;
    type: OrganizationType;
    moduleType: ModuleType;
    parentOrganizationId: string | null;
    street: string | null;
    zipCode: string | null;
    city: string | null;
    country: string;
    externalId: string | null;
    status: 'active' | 'inactive';
  } & OrganizationDetailsV2 &
    OrganizationDetailsV3 &
    OrganizationDetailsV4;
}

/**
 * What OrganizationRegistered.v2 added (specification 002 §3, the entity's
 * fields); an organization registered at v1 has them null (false for the
 * manual geocoding flag).
 */
export interface OrganizationDetailsV2 {
  streetComplement: string | null;
  /** The place's e-mail address (placeEmail). */
  email: string | null;
  siret: string | null;
  /** Share capital in integer cents. */
  capitalInCents: number | null;
  latitude: number | null;
  longitude: number | null;
  /** The coordinates were typed by a user, not found by geocoding. */
  manualGeocoding: boolean;
  /** The buyer organization a store or warehouse works with; fixed after creation. */
  buyerId: string | null;
  /** A warehouse's default stock name, when it has one. */
  stock: string | null;
}

/** What OrganizationRegistered.v3 added; an organization registered before has it false. */
export interface OrganizationDetailsV3 {
  /**
   * The "show cart" flag (specification 000 §6, 002 §6): a store's sellers
   * and managers build a cart of several devices in the dashboard (with the
   * multi_product_cart premium feature); off, one device at a time.
   */
  showCart: boolean;
}

/** What OrganizationRegistered.v4 added; an organization registered before has none (null). */
export interface OrganizationDetailsV4 {
  /** A store's opening hours, day by day (issue 24: the storefront's /stores); null: not given. */
  openingHours: OpeningHours | null;
}

/** The fields of an organization that may change after its creation (type, module and buyer are fixed). */
export type OrganizationChanges = Partial<
  Pick<
    OrganizationRegistered['data'],
    | 'commonName'
    | 'corporateName'
    | 'parentOrganizationId'
    | 'street'
    | 'streetComplement'
    | 'zipCode'
    | 'city'
    | 'country'
    | 'externalId'
    | 'status'
    | 'email'
    | 'siret'
    | 'capitalInCents'
    | 'latitude'
    | 'longitude'
    | 'manualGeocoding'
    | 'stock'
    | 'showCart'
    | 'openingHours'
  >
>;

/** An organization's details changed (PATCH organizations/{id}); only the fields that changed, with why. */
export interface OrganizationChanged {
  type: 'OrganizationChanged';
  data: { organizationId: string; accountId: string; changes: OrganizationChanges; reason: string | null };
}

/** A staff member. Staff e-mails are stored in clear: crypto-shredding covers customers (see ARCHITECTURE.md). */
export interface UserRegistered {
  type: 'UserRegistered';
  data: {
    userId: string;
    accountId: string | null;
    email: string;
    firstname: string;
    lastname: string;
    /** Null until the user sets a password (an invitation) or for a user who only signs in with SSO. */
    passwordHash: string | null;
    /** Platform-wide role for provider staff, else null. */
    adminType: 'super_admin' | 'admin' | null;
    /** The user's role and organization in each module they can work in. */
    modules: Partial<Record<ModuleType, { userType: UserType; organizationId: string }>>;
    locale: Locale;
    status: 'active' | 'inactive';
    /** v2: the user signs in only through their organization's identity provider (no password login nor reset). */
    forceSso: boolean;
  };
}

export type UserModules = UserRegistered['data']['modules'];

/** The fields of a user that an administrator may change (PATCH users/{id}); the password has its own event. */
export type UserChanges = Partial<
  Pick<UserRegistered['data'], 'email' | 'firstname' | 'lastname' | 'adminType' | 'modules' | 'locale' | 'status' | 'forceSso'>
>;

export interface UserChanged {
  type: 'UserChanged';
  data: { userId: string; accountId: string | null; changes: UserChanges; reason: string | null };
}

/** A new password, from an invitation, a reset link, the user's own change, or an SSO-only user's none. */
export interface UserPasswordSet {
  type: 'UserPasswordSet';
  data: { userId: string; passwordHash: string; reason: 'invitation' | 'reset' | 'change' };
}

/** An invitation e-mail (or a new one) was sent; its link's token is never stored in clear, nor here. */
export interface UserInvited {
  type: 'UserInvited';
  data: { userId: string; expiresAt: string };
}

/** A successful sign-in (the last login shown on the users list). */
export interface UserSignedIn {
  type: 'UserSignedIn';
  data: { userId: string; method: 'password' | 'sso' };
}

export type UserEvent = UserRegistered | UserChanged | UserPasswordSet | UserInvited | UserSignedIn;

export type OrganizationEvent = AccountOpened | OrganizationRegistered | OrganizationChanged | UserEvent;
