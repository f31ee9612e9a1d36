import { rootDetailsOf } from '../../domain/organizations/account/account.js';
import type { RootDetails } from '../../domain/organizations/account/account-events.js';
import { settingsFileUrl } from '../settings/design/settings-file-read-model.js';
import type { AccountDocument } from './read-models.js';

/**
 * The general settings the storefront's configuration carries (issue 23,
 * `GET /white-label/config`): the buyback-at-zero and no-result texts, the
 * customer ID question, and the brand's PDFs' addresses (settings files).
 */
export function storefrontSettingsOf(account: AccountDocument) {
  const root = rootDetailsOf(account.settings as AccountDocument['settings'] & Partial<RootDetails>);
  const url = (fileId: string | null) => (fileId ? settingsFileUrl(fileId) : null);
  return {
    buybackZeroDescription: root.buybackZeroDescription,
    noSearchResultDescription: root.noSearchResultDescription,
    customerIdCollectionEnabled: root.customerIdCollectionEnabled,
    documents: { serviceTerms: url(root.serviceTermsFileId), faq: url(root.faqFileId), personalData: url(root.personalDataFileId), cookiesPolicy: url(root.cookiesPolicyFileId) },
  };
}
