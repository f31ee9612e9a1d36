import type { AccountOpened } from '../events.js';

/** The platform's colour (green) for an account that chose none. */
export const DEFAULT_ACCOUNT_COLOR = '#1F8A5B';

/** What a new client opens with before its own choices: French, euros, the default colour, every path allowed, no premium feature. */
export function newAccountOpening(accountId: string, name: string, companyCountry: string): AccountOpened['data'] {
  return {
    accountId,
    name,
    companyCountry,
    language: 'fr-FR',
    currency: 'EUR',
    mainColor: DEFAULT_ACCOUNT_COLOR,
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
  };
}
