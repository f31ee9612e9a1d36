import type {
  AccountOpened,
  AccountSettings,
  ModuleType,
  OrganizationRegistered,
  OrganizationType,
  UserRegistered,
  UserType,
  WhiteLabelConfiguration,
} from '../../../domain/organizations/events.js';
import { ORGANIZATION_STREAMS } from '../../../application/organizations/streams.js';
import { ACCOUNT_KEYS, PLATFORM_ACCOUNT_ID, seedId, type AccountKey, type SeedContext, type SeedStream } from '../../seed/seed-streams.js';

/**
 * The organizations part's demo data: the two retailer accounts, their
 * organizations (root, management units, stores, warehouse, buyer) and their
 * users, plus the platform's super admin.
 */

export const organizationIds = {
  account: (account: AccountKey) => seedId(`account:${account}`),
  organization: (account: AccountKey, key: string) => seedId(`organization:${account}:${key}`),
  user: (email: string) => seedId(`user:${email}`),
};
const ids = organizationIds;

/** key, common name, corporate name, type, module, parent key, street, zip code, city, external id. Parents first. */
type OrganizationRow = readonly [
  string,
  string,
  string | null,
  OrganizationType,
  ModuleType,
  string | null,
  string,
  string,
  string,
  string,
];

const DEMO_ORGANIZATIONS: readonly OrganizationRow[] = [
  ['root', 'Demo Retail', 'Demo Retail SAS', 'root_management_unit', 'root', null, '10 Rue de la Paix', '75002', 'Paris', 'DR-ROOT'],
  ['france', 'Demo Retail France', 'Demo Retail France SAS', 'management_unit', 'root', 'root', '10 Rue de la Paix', '75002', 'Paris', 'DR-FR'],
  ['store-paris', 'Demo Store Paris', null, 'store', 'tim', 'france', '52 Rue de Rivoli', '75001', 'Paris', 'DR-PAR-001'],
  ['store-lyon', 'Demo Store Lyon', null, 'store', 'tim', 'france', '18 Rue de la République', '69002', 'Lyon', 'DR-LYS-001'],
  ['warehouse', 'Demo Warehouse Orléans', 'Demo Logistique SAS', 'warehouse', 'rps', 'root', '8 Rue de la Tuilerie', '45100', 'Orléans', 'DR-WH-ORL'],
  ['warehouse-lyon', 'Demo Atelier Lyon', 'Demo Logistique SAS', 'warehouse', 'rps', 'root', '25 Avenue Tony Garnier', '69007', 'Lyon', 'DR-WH-LYS'],
  ['buyer', 'Demo Buyer Refurb', 'Demo Refurb SAS', 'buyer', 'lcm', 'root', "3 Rue de l'Industrie", '93200', 'Saint-Denis', 'DR-BUY-001'],
];

const OTHER_ORGANIZATIONS: readonly OrganizationRow[] = [
  ['root', 'Other Retail', 'Other Retail SA', 'root_management_unit', 'root', null, '1 Place du Général de Gaulle', '59800', 'Lille', 'OR-ROOT'],
  ['nord', 'Other Retail Nord', null, 'management_unit', 'root', 'root', '1 Place du Général de Gaulle', '59800', 'Lille', 'OR-NORD'],
  ['store-lille', 'Other Store Lille', null, 'store', 'tim', 'nord', '31 Rue Neuve', '59800', 'Lille', 'OR-LIL-001'],
  ['warehouse', 'Other Warehouse Lens', 'Other Logistique SA', 'warehouse', 'rps', 'root', '2 Rue du Pont de la Deûle', '62300', 'Lens', 'OR-WH-LENS'],
  ['buyer', 'Other Buyer Recycle', 'Other Recycle SA', 'buyer', 'lcm', 'root', '15 Avenue de la Marne', '59200', 'Tourcoing', 'OR-BUY-001'],
];

interface AccountRow {
  name: string;
  mainColor: string;
  settings: AccountSettings;
  whiteLabel: WhiteLabelConfiguration | null;
  organizations: readonly OrganizationRow[];
}

const ACCOUNTS: Record<AccountKey, AccountRow> = {
  demo: {
    name: 'Demo Retail',
    mainColor: '#1F8A5B',
    settings: {
      customerIdentityDocumentRequired: true,
      cartMinValueInCents: 0,
      categoryNavigationEnabled: true,
      warehouseCheckinRequirement: 'optional',
      isWarehouseCommentMandatory: false,
      isWarehouseCommentSharedToClient: true,
      enabledPremiumFeatures: ['imei_search_and_collect', 'absorption', 'multi_product_cart', 'payment_bonus'],
    },
    whiteLabel: {
      tagManagerId: null,
      axeptioId: null,
      externalWebsiteLink: { url: 'https://www.demo-retail.example', text: 'Retour au site Demo Retail' },
      dropOffLocationsMapEnabled: false,
      cookiesPolicy: null,
      accessibilityStatement: null,
    },
    organizations: DEMO_ORGANIZATIONS,
  },
  other: {
    name: 'Other Retail',
    mainColor: '#C0392B',
    settings: {
      customerIdentityDocumentRequired: false,
      cartMinValueInCents: 0,
      categoryNavigationEnabled: true,
      warehouseCheckinRequirement: 'mandatory',
      isWarehouseCommentMandatory: true,
      isWarehouseCommentSharedToClient: false,
      enabledPremiumFeatures: [],
      // Its buyer pays its customers (GET /payment/account/{id}/by-buyer-feature-available).
      buyerPaymentEnabled: true,
    },
    whiteLabel: {
      tagManagerId: null,
      axeptioId: null,
      externalWebsiteLink: null,
      dropOffLocationsMapEnabled: true,
      cookiesPolicy: null,
      accessibilityStatement: null,
    },
    organizations: OTHER_ORGANIZATIONS,
  },
};

/** e-mail, first name, last name, account, admin type, modules [module, role, organization key], login role, description. */
type UserRow = readonly [
  string,
  string,
  string,
  AccountKey | null,
  'super_admin' | 'admin' | null,
  ReadonlyArray<readonly [ModuleType, UserType, string]>,
  string,
  string,
];

const USERS: readonly UserRow[] = [
  ['admin@demo.test', 'Camille', 'Martin', null, 'super_admin', [],
    'super_admin', 'Super administrateur de la plateforme'],
  ['retailer@demo.test', 'Julien', 'Bernard', 'demo', null, [['root', 'root_management_unit_manager', 'root'], ['tim', 'store_manager', 'store-paris']],
    'root_management_unit_manager', 'Administrateur de Demo Retail, aussi responsable du magasin de Paris (deux modules)'],
  ['manager@demo.test', 'Sophie', 'Durand', 'demo', null, [['tim', 'store_manager', 'store-paris']],
    'store_manager', 'Responsable du magasin Demo Store Paris'],
  ['seller@demo.test', 'Lucas', 'Petit', 'demo', null, [['tim', 'store_seller', 'store-paris']],
    'store_seller', 'Vendeur du magasin Demo Store Paris'],
  ['warehouse@demo.test', 'Nadia', 'Robert', 'demo', null, [['rps', 'warehouse_operator', 'warehouse']],
    'warehouse_operator', "Opératrice de l'entrepôt Demo Warehouse Orléans"],
  ['warehouse-manager@demo.test', 'Karim', 'Moreau', 'demo', null, [['rps', 'warehouse_manager', 'warehouse']],
    'warehouse_manager', "Responsable de l'entrepôt Demo Warehouse Orléans (stocks, pertes, relances de litige)"],
  ['buyer@demo.test', 'Thomas', 'Richard', 'demo', null, [['lcm', 'buyer_manager', 'buyer']],
    'buyer_manager', 'Responsable du repreneur Demo Buyer Refurb'],
  ['seller@other.test', 'Emma', 'Lefebvre', 'other', null, [['tim', 'store_seller', 'store-lille']],
    'store_seller', 'Vendeuse du magasin Other Store Lille (autre enseigne)'],
  ['warehouse@other.test', 'Hugo', 'Lambert', 'other', null, [['rps', 'warehouse_operator', 'warehouse']],
    'warehouse_operator', "Opérateur de l'entrepôt Other Warehouse Lens (autre enseigne : réception obligatoire, commentaire interne obligatoire)"],
];

export const DEMO_LOGINS: Array<{ email: string; role: string; description: string }> = USERS.map(
  ([email, , , , , , role, description]) => ({ email, role, description }),
);

export const ORGANIZATION_DEMO_IDS = {
  accounts: { demo: ids.account('demo'), other: ids.account('other') },
  organizations: {
    demoRoot: ids.organization('demo', 'root'),
    demoFrance: ids.organization('demo', 'france'),
    otherRoot: ids.organization('other', 'root'),
    otherNord: ids.organization('other', 'nord'),
  },
  stores: {
    paris: ids.organization('demo', 'store-paris'),
    lyon: ids.organization('demo', 'store-lyon'),
    lille: ids.organization('other', 'store-lille'),
  },
  warehouses: { demo: ids.organization('demo', 'warehouse'), demoLyon: ids.organization('demo', 'warehouse-lyon'), other: ids.organization('other', 'warehouse') },
  buyers: { demo: ids.organization('demo', 'buyer'), other: ids.organization('other', 'buyer') },
  users: {
    admin: ids.user('admin@demo.test'),
    retailer: ids.user('retailer@demo.test'),
    manager: ids.user('manager@demo.test'),
    seller: ids.user('seller@demo.test'),
    warehouse: ids.user('warehouse@demo.test'),
    warehouseManager: ids.user('warehouse-manager@demo.test'),
    buyer: ids.user('buyer@demo.test'),
    otherSeller: ids.user('seller@other.test'),
    otherWarehouse: ids.user('warehouse@other.test'),
  },
} as const;

function organizationEvent(account: AccountKey, row: OrganizationRow): OrganizationRegistered {
  const [key, commonName, corporateName, type, moduleType, parent, street, zipCode, city, externalId] = row;
  return {
    type: 'OrganizationRegistered',
    data: {
      organizationId: ids.organization(account, key),
      accountId: ids.account(account),
      commonName,
      corporateName,
      type,
      moduleType,
      parentOrganizationId: parent === null ? null : ids.organization(account, parent),
      street,
      zipCode,
      city,
      country: 'FR',
      externalId,
      status: 'active',
      streetComplement: null,
      email: null,
      siret: null,
      capitalInCents: null,
      latitude: null,
      longitude: null,
      manualGeocoding: false,
      buyerId: null,
      stock: null,
    },
  };
}

function userEvent(row: UserRow, passwordHash: string): UserRegistered {
  const [email, firstname, lastname, account, adminType, modules] = row;
  const userModules: UserRegistered['data']['modules'] = {};
  for (const [module, userType, organization] of modules) {
    if (account === null) throw new Error(`Platform user ${email} cannot have modules`);
    userModules[module] = { userType, organizationId: ids.organization(account, organization) };
  }
  return {
    type: 'UserRegistered',
    data: {
      userId: ids.user(email),
      accountId: account === null ? null : ids.account(account),
      email,
      firstname,
      lastname,
      passwordHash,
      adminType,
      modules: userModules,
      locale: 'fr-FR',
      status: 'active',
      forceSso: false,
    },
  };
}

function accountStreams(account: AccountKey, passwordHash: string): SeedStream[] {
  const row = ACCOUNTS[account];
  const accountId = ids.account(account);
  const rootId = ids.organization(account, 'root');
  const stream = (streamName: string, event: SeedStream['events'][number]): SeedStream => ({
    streamName,
    accountId,
    organizationId: rootId,
    events: [event],
  });
  const opened: AccountOpened = {
    type: 'AccountOpened',
    data: {
      accountId,
      name: row.name,
      companyCountry: 'FR',
      language: 'fr-FR',
      currency: 'EUR',
      mainColor: row.mainColor,
      // Served by the UI build (ui/public/branding).
      logoUrl: `/branding/${account === 'demo' ? 'demo-retail' : 'other-retail'}.svg`,
      faviconUrl: null,
      webOrganizationId: rootId,
      settings: { ...row.settings, enabledPremiumFeatures: [...row.settings.enabledPremiumFeatures] },
      whiteLabel: row.whiteLabel === null ? null : structuredClone(row.whiteLabel),
    },
  };
  return [
    stream(ORGANIZATION_STREAMS.account.name(accountId), opened),
    ...row.organizations.map((organization) => {
      const event = organizationEvent(account, organization);
      return stream(ORGANIZATION_STREAMS.organization.name(event.data.organizationId), event);
    }),
    ...USERS.filter((user) => user[3] === account).map((user) => {
      const event = userEvent(user, passwordHash);
      return stream(ORGANIZATION_STREAMS.user.name(event.data.userId), event);
    }),
  ];
}

/** Per account the account, its organizations (parents first) and its users; the platform super admin last. */
export function organizationsDemoData({ passwordHash }: SeedContext): SeedStream[] {
  const platformUsers = USERS.filter((user) => user[3] === null).map((user): SeedStream => {
    const event = userEvent(user, passwordHash);
    return {
      streamName: ORGANIZATION_STREAMS.user.name(event.data.userId),
      accountId: PLATFORM_ACCOUNT_ID,
      organizationId: null,
      events: [event],
    };
  });
  return [...ACCOUNT_KEYS.flatMap((account) => accountStreams(account, passwordHash)), ...platformUsers];
}
