/**
 * The accounts read model as the clients' screens read it: the account's
 * document (read-models.ts) with its client fields and its root details
 * (kept among its settings). Types, and how a change applies to it, so the
 * projection and the queries agree.
 */
import type { AccountOpened } from '../../../domain/organizations/events.js';
import type { AccountDesign, ClientChanges, ClientDetails, RootDetails } from '../../../domain/organizations/account/account-events.js';
import { clientDetailsOf, designOf, rootDetailsOf } from '../../../domain/organizations/account/account.js';
import { evolveHomePage, homePageOf, type HomePageConfiguration } from '../../../domain/organizations/account/home-page.js';
import { settingsFileUrl } from '../../settings/design/settings-file-read-model.js';
import type { AccountDocument } from '../read-models.js';

/** The client's fields the account's own (AccountOpened) fields do not hold. */
export type ClientFields = Omit<ClientDetails, 'commonName' | 'country' | 'language' | 'currency' | 'whiteLabel' | 'premiumFeatures'>;

export type ClientAccountDocument = AccountDocument & {
  settings: AccountDocument['settings'] & Partial<RootDetails>;
  client?: ClientFields;
  updatedAt?: string;
};

export function clientFieldsOf(details: ClientDetails): ClientFields {
  const { commonName: _n, country: _c, language: _l, currency: _cu, whiteLabel: _w, premiumFeatures: _p, ...fields } = details;
  return fields;
}

/** The whole client of an account document (an account written before its client fields: their defaults). */
export function clientOf(account: ClientAccountDocument): ClientDetails {
  const defaults = clientDetailsOf(account as AccountOpened['data']);
  return {
    ...defaults,
    ...(account.client ?? {}),
    commonName: account.name,
    country: account.companyCountry,
    language: account.language,
    currency: account.currency,
    whiteLabel: account.whiteLabel,
    premiumFeatures: [...account.settings.enabledPremiumFeatures],
  };
}

export function rootDetailsOfAccount(account: ClientAccountDocument): RootDetails {
  return rootDetailsOf(account.settings);
}

/** The account document after a ClientDetailsChanged. */
export function applyClientChanges(account: ClientAccountDocument, changes: ClientChanges, at: string): ClientAccountDocument {
  const { commonName, country, language, currency, whiteLabel, premiumFeatures, ...fields } = changes;
  return {
    ...account,
    ...(commonName === undefined ? {} : { name: commonName }),
    ...(country === undefined ? {} : { companyCountry: country }),
    ...(language === undefined ? {} : { language }),
    ...(currency === undefined ? {} : { currency }),
    ...(whiteLabel === undefined ? {} : { whiteLabel }),
    settings: premiumFeatures === undefined ? account.settings : { ...account.settings, enabledPremiumFeatures: premiumFeatures },
    client: { ...clientFieldsOf(clientOf(account)), ...fields },
    updatedAt: at,
  };
}

/** The account document after a RootDetailsChanged. */
export function applyRootDetailsChanges(account: ClientAccountDocument, changes: Partial<RootDetails>, at: string): ClientAccountDocument {
  return { ...account, settings: { ...account.settings, ...changes }, updatedAt: at };
}

/** The account document after a HomePageChanged: its home page (in the client's fields) with the changed fields. */
export function applyHomePageChanges(account: ClientAccountDocument, changes: Partial<HomePageConfiguration>, at: string): ClientAccountDocument {
  const current = clientOf(account);
  return { ...account, client: { ...clientFieldsOf(current), homePage: evolveHomePage(homePageOf(current.homePage), changes) }, updatedAt: at };
}

/** The account's design (one never changed: its opening's main colour, nothing else). */
export function designOfAccount(account: AccountDocument): AccountDesign {
  return account.design ?? designOf(account as AccountOpened['data']);
}

/** The account document after an AccountDesignChanged: its design, and the main colour, logo and favicon URLs everyone reads. */
export function applyDesignChanges(account: ClientAccountDocument, changes: Partial<AccountDesign>, at: string): ClientAccountDocument {
  const design = { ...designOfAccount(account), ...changes };
  const url = (fileId: string | null) => (fileId ? settingsFileUrl(fileId) : null);
  return {
    ...account,
    design,
    mainColor: design.mainColor,
    ...(changes.logoFileId === undefined ? {} : { logoUrl: url(changes.logoFileId) }),
    ...(changes.faviconFileId === undefined ? {} : { faviconUrl: url(changes.faviconFileId) }),
    updatedAt: at,
  };
}
