/** What the organizations part's routes answer (see application/views/schema.ts). */
import { CURRENCIES } from '../../domain/shared/money.js';
import { LOCALES, MODULE_TYPES, ORGANIZATION_TYPES, USER_TYPES } from '../../domain/organizations/events.js';
import { MENU_SECTIONS } from './menu.js';
import { DateTime, Nullable, StringEnum, Type, Uuid, type Static } from '../views/schema.js';

const ModuleType = StringEnum(MODULE_TYPES);

export const AccountSettingsView = Type.Object(
  {
    customerIdentityDocumentRequired: Type.Boolean(),
    cartMinValueInCents: Type.Integer({ minimum: 0 }),
    categoryNavigationEnabled: Type.Boolean(),
    warehouseCheckinRequirement: StringEnum(['disabled', 'optional', 'mandatory'] as const),
    enabledPremiumFeatures: Type.Array(Type.String()),
    /** The general settings' packing instructions the stores follow (null: none). */
    packingInstructions: Nullable(Type.String()),
    /** The buyback path asks the customer's ID at the retailer. */
    customerIdCollectionEnabled: Type.Boolean(),
  },
  { title: 'AccountSettings' },
);

export const MenuView = Type.Object(
  {
    sections: Type.Array(
      Type.Object({
        key: StringEnum(MENU_SECTIONS),
        label: Type.String(),
        entries: Type.Array(
          Type.Object({
            key: Type.String(),
            label: Type.String(),
            path: Type.String(),
            premium: Type.Optional(Type.String({ description: 'The premium feature the screen needs and the retailer lacks (the menu shows the premium badge).' })),
          }),
        ),
      }),
    ),
  },
  { title: 'Menu' },
);

/** GET /api/me: the signed-in user, their modules, their permissions per module and their menu. */
export const MeView = Type.Object(
  {
    id: Uuid,
    email: Type.String(),
    firstname: Type.String(),
    lastname: Type.String(),
    locale: StringEnum(LOCALES),
    types: Type.Array(StringEnum(USER_TYPES)),
    modules: Type.Record(Type.String(), StringEnum(USER_TYPES)),
    currentModule: Nullable(ModuleType),
    permissions: Type.Array(Type.String()),
    frontPermissions: Type.Record(Type.String(), Type.Array(Type.String())),
    currentOrganization: Nullable(
      Type.Object({ id: Type.String(), commonName: Type.String(), moduleType: ModuleType, type: StringEnum(ORGANIZATION_TYPES) }),
    ),
    account: Nullable(
      Type.Object({
        id: Type.String(),
        name: Type.String(),
        companyCountry: Type.String(),
        language: StringEnum(LOCALES),
        currency: StringEnum(CURRENCIES),
        mainColor: Type.String(),
        secondaryColor: Nullable(Type.String({ description: 'The design’s secondary colour (issue 23); none: the main colour.' })),
        logo: Nullable(Type.String()),
        favicon: Nullable(Type.String()),
        isRetailer: Type.Boolean(),
        isBuyerAndWorkshopsSupervisor: Type.Boolean(),
        settings: AccountSettingsView,
      }),
    ),
    menu: MenuView,
  },
  { title: 'Me' },
);
export type MeView = Static<typeof MeView>;

export const LoginView = Type.Object(
  {
    token: Type.String(),
    expiresAt: DateTime,
    user: Type.Union([MeView, Type.Object({ id: Uuid, email: Type.String() })]),
  },
  { title: 'Login' },
);
export type LoginView = Static<typeof LoginView>;

export const AnonymousTokenView = Type.Object(
  {
    token: Type.String(),
    expiresAt: DateTime,
    organization: Type.Object({ id: Nullable(Type.String()), accountId: Type.String(), name: Type.String(), currency: StringEnum(CURRENCIES) }),
  },
  { title: 'AnonymousToken' },
);

/** GET /api/white-label/config: what the storefront needs to start (must answer 200). */
export const WhiteLabelConfigView = Type.Object(
  {
    tagManagerId: Nullable(Type.String()),
    tagManagerUrl: Type.String({
      description: 'The tag manager’s script address (the installation’s TAG_MANAGER_URL, Google Tag Manager’s gtm.js by default), loaded with ?id=tagManagerId once the visitor allows audience measurement.',
    }),
    axeptioId: Nullable(Type.String()),
    externalWebsiteLink: Nullable(Type.Object({ url: Type.String(), text: Type.String() })),
    dropOffLocationsMapEnabled: Type.Boolean(),
    cookiesPolicy: Nullable(Type.String()),
    accessibilityStatement: Nullable(Type.String()),
    accountId: Type.String(),
    organizationId: Nullable(Type.String()),
    name: Type.String(),
    language: StringEnum(LOCALES),
    currency: StringEnum(CURRENCIES),
    mainColor: Type.String(),
    secondaryColor: Nullable(Type.String({ description: 'The design’s secondary colour (issue 23); none: the main colour.' })),
    logo: Nullable(Type.String()),
    favicon: Nullable(Type.String()),
    categoryNavigationEnabled: Type.Boolean(),
    customerIdentityDocumentRequired: Type.Boolean(),
    cartMinValueInCents: Type.Integer({ minimum: 0 }),
    enabledPremiumFeatures: Type.Array(Type.String()),
    buybackZeroDescription: Nullable(Type.String()),
    noSearchResultDescription: Nullable(Type.String()),
    customerIdCollectionEnabled: Type.Boolean(),
    documents: Type.Object({ serviceTerms: Nullable(Type.String()), faq: Nullable(Type.String()), personalData: Nullable(Type.String()), cookiesPolicy: Nullable(Type.String()) }),
  },
  { title: 'WhiteLabelConfig' },
);
export type WhiteLabelConfigView = Static<typeof WhiteLabelConfigView>;
