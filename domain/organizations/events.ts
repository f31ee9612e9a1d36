import type { Currency } from '../shared/money.js';

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
  };
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
    passwordHash: string;
    /** Platform-wide role for provider staff, else null. */
    adminType: 'super_admin' | 'admin' | null;
    /** The user's role and organization in each module they can work in. */
    modules: Partial<Record<ModuleType, { userType: UserType; organizationId: string }>>;
    locale: Locale;
    status: 'active' | 'inactive';
  };
}

export type OrganizationEvent = AccountOpened | OrganizationRegistered | UserRegistered;
