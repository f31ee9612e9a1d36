/** What the general settings' routes answer (issue 23; see application/views/schema.ts). */
import { CURRENCIES } from '../../../domain/shared/money.js';
import { LOCALES } from '../../../domain/organizations/events.js';
import { GENERAL_SETTINGS_PAGES } from '../../../domain/settings/general/general-settings.js';
import { DateTime, Nullable, StringEnum, Type, Uuid, type Static } from '../../views/schema.js';

const Opt = Type.Optional;

/** The settings of a page: the store (brand) module's members, or the buyer and workshop modules' (only its own page's are present). */
export const GeneralSettingsValues = Type.Object(
  {
    eula: Opt(Nullable(Type.String())),
    serviceTerms: Opt(Nullable(Type.String())),
    faqAndContact: Opt(Nullable(Type.String())),
    serviceTermsFileId: Opt(Nullable(Type.String())),
    faqFileId: Opt(Nullable(Type.String())),
    personalDataFileId: Opt(Nullable(Type.String())),
    cookiesPolicyFileId: Opt(Nullable(Type.String())),
    buybackZeroDescription: Opt(Nullable(Type.String())),
    noSearchResultDescription: Opt(Nullable(Type.String())),
    currency: Opt(StringEnum(CURRENCIES)),
    language: Opt(StringEnum(LOCALES)),
    customerIdCollectionEnabled: Opt(Type.Boolean()),
    barCodeEnabled: Opt(Type.Boolean()),
    tagPriceEnabled: Opt(Type.Boolean()),
    categoryNavigationEnabled: Opt(Type.Boolean()),
    externalWebsiteLink: Opt(Nullable(Type.Object({ url: Type.String(), text: Type.String() }))),
    storeLocatorMapEnabled: Opt(Type.Boolean()),
    cookiesPolicy: Opt(Nullable(Type.String())),
    accessibilityStatement: Opt(Nullable(Type.String())),
    cartMinValueInCents: Opt(Type.Integer({ minimum: 0 })),
    customerIdentityDocumentRequired: Opt(Type.Boolean()),
    packingInstructions: Opt(Nullable(Type.String())),
    warehouseCheckinRequirement: Opt(StringEnum(['disabled', 'optional', 'mandatory'] as const)),
    isWarehouseCommentMandatory: Opt(Type.Boolean()),
    isWarehouseCommentSharedToClient: Opt(Type.Boolean()),
  },
  { title: 'GeneralSettingsValues' },
);

export const GeneralSettingsView = Type.Object(
  {
    accountId: Uuid,
    page: StringEnum(GENERAL_SETTINGS_PAGES),
    isRetailer: Type.Boolean(),
    isBuyerAndWorkshopsSupervisor: Type.Boolean(),
    /** The white-label site is active (the back-to-website link and the store locator map need it). */
    whiteLabelActive: Type.Boolean(),
    settings: GeneralSettingsValues,
    /** The brand's PDFs' addresses (null: none). */
    files: Type.Object({ serviceTerms: Nullable(Type.String()), faq: Nullable(Type.String()), personalData: Nullable(Type.String()), cookiesPolicy: Nullable(Type.String()) }),
    revision: Type.Integer({ minimum: 0 }),
  },
  { title: 'GeneralSettings', description: 'A general-settings page of an account (specification 002 §3 "Brand settings"); its ETag: the account stream’s revision for If-Match.' },
);
export type GeneralSettingsView = Static<typeof GeneralSettingsView>;

export const GeneralSettingsHistoryEntryView = Type.Object(
  {
    eventId: Type.String(),
    at: DateTime,
    userId: Nullable(Type.String()),
    userName: Nullable(Type.String()),
    /** The page's settings it changed, each with its new value. */
    changes: Type.Record(Type.String(), Type.Unknown()),
    reason: Nullable(Type.String()),
  },
  { title: 'GeneralSettingsHistoryEntry' },
);
export type GeneralSettingsHistoryEntryView = Static<typeof GeneralSettingsHistoryEntryView>;
export const GeneralSettingsHistoryView = Type.Object({ items: Type.Array(GeneralSettingsHistoryEntryView) }, { title: 'GeneralSettingsHistory' });
