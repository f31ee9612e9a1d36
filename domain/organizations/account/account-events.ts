/**
 * The account (a client of the provider: a retailer) after it was opened
 * (AccountOpened, events.ts): its client details as the provider's staff
 * edit them (specification 002 §3 "Client fields", the client form's tabs),
 * its organization root details (§3, a merge-patch), and its deletion.
 */
import type { Currency } from '../../shared/money.js';
import type { CircuitType } from '../../catalog/events.js';
import type { PaymentType } from '../../buybacks/events.js';
import type { Locale, ModuleType, WhiteLabelConfiguration } from '../events.js';
import type { HomePageChanged, HomePageConfiguration } from './home-page.js';

export const ACCOUNT_STATUSES = ['active', 'inactive'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** Premium features the provider may enable per account (specification 002 §6). */
export const PREMIUM_FEATURES = [
  'custom_transfer_order',
  'imei_search_and_collect',
  'multi_product_cart',
  'payment_bonus',
  'absorption',
  'sftp_access',
  'deposit_bonus',
  'refurb_connector',
  'scan_searchbar',
  'retailer_bonus',
  'advanced_stocks',
  'refurb_steps',
  'refurb_diagnosis',
] as const;
export type PremiumFeature = (typeof PREMIUM_FEATURES)[number];

/** How a device may travel, offered per account on the transport tab. */
export const SHIPPING_TYPES = ['store_drop', 'home_collect', 'drop_off_point', 'postal'] as const;
export type ShippingType = (typeof SHIPPING_TYPES)[number];

export interface ClientAddress {
  street: string | null;
  streetComplement: string | null;
  zipCode: string | null;
  city: string | null;
}

export interface ClientTransport {
  shippingTypes: ShippingType[];
  /** The retailer's account number at the carrier, printed on its labels; null: the provider's. */
  carrierAccountNumber: string | null;
}

/** The storefront's home page (specification 002 §3 "Home page configuration"): typed widgets in order (home-page.ts). */
export type { HomePageChanged, HomePageConfiguration };

/** Every field of a client as the form shows it. `commonName`, `country`, `language`, `currency`, `whiteLabel` and `premiumFeatures` are AccountOpened's (name, companyCountry, …, settings.enabledPremiumFeatures). */
export interface ClientDetails {
  commonName: string;
  corporateName: string | null;
  /** 14 digits, Luhn-checked. */
  siret: string | null;
  /** Share capital in integer cents. */
  capitalInCents: number | null;
  status: AccountStatus;
  address: ClientAddress;
  country: string;
  language: Locale;
  currency: Currency;
  modules: ModuleType[];
  /** The storefront's address (the web channel). */
  webChannelUrl: string | null;
  /** The white-label site (tag manager and cookie-consent ids among it); null: none. */
  whiteLabel: WhiteLabelConfiguration | null;
  activeCircuits: CircuitType[];
  /** The payment types the account may offer. */
  paymentModes: PaymentType[];
  transport: ClientTransport;
  premiumFeatures: string[];
  homePage: HomePageConfiguration | null;
}

export type ClientChanges = Partial<ClientDetails>;

/** The client's details changed (its opening's too: AccountOpened then this, in one append); only the fields that changed, each whole. */
export interface ClientDetailsChanged {
  type: 'ClientDetailsChanged';
  data: { accountId: string; changes: ClientChanges; reason: string | null };
}

/** The organization root details (specification 002 §3), kept in the account's settings. */
export interface RootDetails {
  sellerSupportEmail: string | null;
  eula: string | null;
  serviceTerms: string | null;
  faqAndContact: string | null;
  isWarehouseCommentMandatory: boolean;
  isWarehouseCommentSharedToClient: boolean;
  buybackZeroDescription: string | null;
  noSearchResultDescription: string | null;
  enabledPremiumFeatures: string[];
  categoryNavigationEnabled: boolean;
  customerIdentityDocumentRequired: boolean;
  warehouseCheckinRequirement: 'disabled' | 'optional' | 'mandatory';
  barCodeEnabled: boolean;
  tagPriceEnabled: boolean;
  buyerPaymentEnabled: boolean;
  /** The specification's cartMinValue, in integer cents (default 0). */
  cartMinValueInCents: number;
  /** The packing instructions the stores follow when they pack devices for the warehouse (general settings; null: none). */
  packingInstructions: string | null;
  /** The buyback path asks the customer's ID at the retailer (loyalty or customer number), optional. */
  customerIdCollectionEnabled: boolean;
  /** The brand's PDFs (settings files, by id; null: none): terms of service, FAQ, personal data policy, cookies policy (/cookies-policy-document). */
  serviceTermsFileId: string | null;
  faqFileId: string | null;
  personalDataFileId: string | null;
  cookiesPolicyFileId: string | null;
}

/** The root details naming one of the brand's PDFs (a settings file of kind pdf, the account's own). */
export const BRAND_PDF_FIELDS = ['serviceTermsFileId', 'faqFileId', 'personalDataFileId', 'cookiesPolicyFileId'] as const satisfies ReadonlyArray<keyof RootDetails>;

export interface RootDetailsChanged {
  type: 'RootDetailsChanged';
  data: { accountId: string; changes: Partial<RootDetails>; reason: string | null };
}

/**
 * The retailer's design (issue 23, specification 002 "/design"): its primary
 * colour (AccountOpened's `mainColor`), a secondary colour, and the settings
 * files (`settings_file-<id>`) of its logo and favicon. An account opened
 * before it has no secondary colour and no files (its opening's logo and
 * favicon URLs stay until a file replaces them).
 */
export interface AccountDesign {
  mainColor: string;
  secondaryColor: string | null;
  logoFileId: string | null;
  faviconFileId: string | null;
}

/** The design changed: only the fields that changed, each whole. */
export interface AccountDesignChanged {
  type: 'AccountDesignChanged';
  data: { accountId: string; changes: Partial<AccountDesign> };
}

/** The account is deleted: gone from every list; its customers' personal data is forgotten next (AccountCustomersForgotten). */
export interface AccountDeleted {
  type: 'AccountDeleted';
  data: { accountId: string; reason: string | null };
}

/** Every customer of the deleted account was forgotten (their keys deleted), and its users deactivated. */
export interface AccountCustomersForgotten {
  type: 'AccountCustomersForgotten';
  data: { accountId: string; customers: number; users: number };
}

export type AccountEvent = ClientDetailsChanged | RootDetailsChanged | AccountDesignChanged | HomePageChanged | AccountDeleted | AccountCustomersForgotten;
