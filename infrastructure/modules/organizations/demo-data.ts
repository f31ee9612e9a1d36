import type { AccountOpened, AccountSettings, OrganizationRegistered, UserRegistered, WhiteLabelConfiguration } from '../../../domain/organizations/events.js';
import { ORGANIZATION_STREAMS } from '../../../application/organizations/streams.js';
import { DEMO_OPENING_HOURS } from './demo-opening-hours.js';
import { DEMO_ORGANIZATIONS, OTHER_ORGANIZATIONS, USERS, type OrganizationRow, type UserRow } from './demo-tree.js';
import { ACCOUNT_KEYS, PLATFORM_ACCOUNT_ID, seedId, type AccountKey, type SeedContext, type SeedStream } from '../../seed/seed-streams.js';

/**
 * The organizations part's demo data: the two retailer accounts, their
 * organizations (root, management units, stores, warehouses, buyers) and
 * their users (the tables in demo-tree.ts), plus the platform's super admin.
 */

export const organizationIds = {
  account: (account: AccountKey) => seedId(`account:${account}`),
  organization: (account: AccountKey, key: string) => seedId(`organization:${account}:${key}`),
  user: (email: string) => seedId(`user:${email}`),
};
const ids = organizationIds;

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
      enabledPremiumFeatures: ['imei_search_and_collect', 'absorption', 'multi_product_cart', 'payment_bonus', 'refurb_steps', 'refurb_diagnosis', 'advanced_stocks', 'scan_searchbar', 'sftp_access'],
      // Its transfer orders print the buyback's code as a barcode (general settings).
      barCodeEnabled: true,
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

/** The logins the README lists (the other demo users fill the tree). */
export const DEMO_LOGINS: Array<{ email: string; role: string; description: string }> = USERS.filter((user) => user[8]?.listed).map(
  ([email, , , , , , role, description]) => ({ email, role, description }),
);

export const ORGANIZATION_DEMO_IDS = {
  accounts: { demo: ids.account('demo'), other: ids.account('other') },
  organizations: {
    demoRoot: ids.organization('demo', 'root'),
    demoFrance: ids.organization('demo', 'france'),
    demoOuest: ids.organization('demo', 'ouest'),
    otherRoot: ids.organization('other', 'root'),
    otherNord: ids.organization('other', 'nord'),
  },
  stores: {
    paris: ids.organization('demo', 'store-paris'),
    lyon: ids.organization('demo', 'store-lyon'),
    nantes: ids.organization('demo', 'store-nantes'),
    rennes: ids.organization('demo', 'store-rennes'),
    bordeaux: ids.organization('demo', 'store-bordeaux'),
    lille: ids.organization('other', 'store-lille'),
  },
  warehouses: { demo: ids.organization('demo', 'warehouse'), demoLyon: ids.organization('demo', 'warehouse-lyon'), other: ids.organization('other', 'warehouse') },
  buyers: { demo: ids.organization('demo', 'buyer'), demoRecycle: ids.organization('demo', 'buyer-recycle'), other: ids.organization('other', 'buyer') },
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
    analyst: ids.user('analyst@demo.test'),
    franceManager: ids.user('france-manager@demo.test'),
    ouestManager: ids.user('ouest-manager@demo.test'),
    nantesSeller: ids.user('nantes-seller@demo.test'),
    ssoUser: ids.user('sso.user@sso.demo.test'),
  },
} as const;

/**
 * The stores whose sellers build carts of several devices in the dashboard
 * (the "show cart" flag; Demo Retail has multi_product_cart): Paris only, so
 * the other stores show the one-device wizard.
 */
const CART_SHOWN: ReadonlySet<string> = new Set(['demo:store-paris']);

function organizationEvent(account: AccountKey, row: OrganizationRow): OrganizationRegistered {
  const [key, commonName, corporateName, type, moduleType, parent, street, zipCode, city, externalId, place] = row;
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
      email: place.email,
      siret: place.siret ?? null,
      capitalInCents: place.capitalInCents ?? null,
      latitude: place.at[0],
      longitude: place.at[1],
      openingHours: DEMO_OPENING_HOURS.get(`${account}:${key}`) ?? null,
      manualGeocoding: false,
      buyerId: null,
      stock: null,
      showCart: CART_SHOWN.has(`${account}:${key}`),
    },
  };
}

function userEvent(row: UserRow, passwordHash: string): UserRegistered {
  const [email, firstname, lastname, account, adminType, modules, , , options] = row;
  const forceSso = options?.forceSso ?? false;
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
      // A force-SSO user has no password: the identity provider signs them in.
      passwordHash: forceSso ? null : passwordHash,
      adminType,
      modules: userModules,
      locale: 'fr-FR',
      status: 'active',
      forceSso,
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
