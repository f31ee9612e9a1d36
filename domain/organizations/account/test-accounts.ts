import type { AccountOpened } from '../events.js';

/** An account as the provider opens it, for the account's and the settings' Given/When/Then tests (the defaults of a new client). */
export function openedAccount(accountId: string, name: string, overrides: Partial<AccountOpened['data']> = {}): AccountOpened['data'] {
  return {
    accountId,
    name,
    companyCountry: 'FR',
    language: 'fr-FR',
    currency: 'EUR',
    mainColor: '#1F8A5B',
    logoUrl: null,
    faviconUrl: null,
    webOrganizationId: null,
    settings: {
      customerIdentityDocumentRequired: true,
      cartMinValueInCents: 0,
      categoryNavigationEnabled: true,
      warehouseCheckinRequirement: 'optional',
      isWarehouseCommentMandatory: false,
      isWarehouseCommentSharedToClient: false,
      enabledPremiumFeatures: [],
    },
    whiteLabel: null,
    ...overrides,
  };
}
