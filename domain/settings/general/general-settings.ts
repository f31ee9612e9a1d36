/**
 * The general settings (issue 23, specification 002 §2 "/settings/tim/general"
 * and "/settings/lcm/general", §3 "Brand settings"): the account's brand
 * settings as two pages, the store (brand) module's and the buyer and
 * workshop modules'. They are the account's state: a change is decided on
 * the account (its root details and, for currency, language, the
 * back-to-website link and the store locator map, its client details), as
 * RootDetailsChanged and ClientDetailsChanged holding only what changed, in
 * one append.
 */
import { DomainError } from '../../shared/domain-error.js';
import type { Decider } from '../../shared/decider.js';
import type { Currency } from '../../shared/money.js';
import type { AccountOpened, Locale, ModuleType } from '../../organizations/events.js';
import { accountDecider, type AccountCommand, type AccountState } from '../../organizations/account/account.js';
import { accountFlags } from '../../organizations/account/flags.js';
import type { AccountEvent, ClientChanges, ClientDetails, RootDetails } from '../../organizations/account/account-events.js';
import { validateClientChanges, validateRootDetailsChanges, type ClientFieldError } from '../../organizations/account/client-rules.js';

export { accountFlags };

/** The two pages: `tim` the store (brand) module's, `lcm` the buyer and workshop modules'. */
export const GENERAL_SETTINGS_PAGES = ['tim', 'lcm'] as const;
export type GeneralSettingsPage = (typeof GENERAL_SETTINGS_PAGES)[number];

/** The store (brand) module's page: what the storefront and the stores follow. */
export interface StoreGeneralSettings {
  /** The storefront's legal texts (plain text): terms of use (/cgu), terms of service (/cgs), FAQ and contact (/faq). */
  eula: string | null;
  serviceTerms: string | null;
  faqAndContact: string | null;
  serviceTermsFileId: string | null;
  faqFileId: string | null;
  personalDataFileId: string | null;
  cookiesPolicyFileId: string | null;
  buybackZeroDescription: string | null;
  noSearchResultDescription: string | null;
  currency: Currency;
  language: Locale;
  customerIdCollectionEnabled: boolean;
  barCodeEnabled: boolean;
  tagPriceEnabled: boolean;
  categoryNavigationEnabled: boolean;
  /** The back-to-website link: active when not null. Needs the white-label site. */
  externalWebsiteLink: { url: string; text: string } | null;
  /** The storefront's store locator map (the white-label site's dropOffLocationsMapEnabled). */
  storeLocatorMapEnabled: boolean;
  /** The white-label site's cookies policy (/cookies-policy-document) and accessibility statement (/accessibility-statement, its footer link only when set): plain text, or the address of the document. */
  cookiesPolicy: string | null;
  accessibilityStatement: string | null;
  cartMinValueInCents: number;
  customerIdentityDocumentRequired: boolean;
}

/** The buyer and workshop modules' page: what the warehouses follow, and the packing the stores do for them. */
export interface WorkshopGeneralSettings {
  packingInstructions: string | null;
  warehouseCheckinRequirement: RootDetails['warehouseCheckinRequirement'];
  isWarehouseCommentMandatory: boolean;
  isWarehouseCommentSharedToClient: boolean;
}

export type GeneralSettings = StoreGeneralSettings | WorkshopGeneralSettings;

export const STORE_FIELDS = [
  'eula',
  'serviceTerms',
  'faqAndContact',
  'serviceTermsFileId',
  'faqFileId',
  'personalDataFileId',
  'cookiesPolicyFileId',
  'buybackZeroDescription',
  'noSearchResultDescription',
  'currency',
  'language',
  'customerIdCollectionEnabled',
  'barCodeEnabled',
  'tagPriceEnabled',
  'categoryNavigationEnabled',
  'externalWebsiteLink',
  'storeLocatorMapEnabled',
  'cookiesPolicy',
  'accessibilityStatement',
  'cartMinValueInCents',
  'customerIdentityDocumentRequired',
] as const satisfies ReadonlyArray<keyof StoreGeneralSettings>;

export const WORKSHOP_FIELDS = ['packingInstructions', 'warehouseCheckinRequirement', 'isWarehouseCommentMandatory', 'isWarehouseCommentSharedToClient'] as const satisfies ReadonlyArray<
  keyof WorkshopGeneralSettings
>;

export const FIELDS_OF: Record<GeneralSettingsPage, readonly string[]> = { tim: STORE_FIELDS, lcm: WORKSHOP_FIELDS };

/** The fields kept in the client details (the rest are root details). */
const CLIENT_FIELDS = new Set(['currency', 'language', 'externalWebsiteLink', 'storeLocatorMapEnabled', 'cookiesPolicy', 'accessibilityStatement']);
/** The fields that live on the white-label site. */
const WHITE_LABEL_FIELDS = new Set(['externalWebsiteLink', 'storeLocatorMapEnabled', 'cookiesPolicy', 'accessibilityStatement']);

/** Whether the page exists for the account (specification 002 §6: some settings only for isRetailer, some only for isBuyerAndWorkshopsSupervisor). */
export function pageApplies(page: GeneralSettingsPage, modules: readonly ModuleType[]): boolean {
  const flags = accountFlags(modules);
  return page === 'tim' ? flags.isRetailer : flags.isBuyerAndWorkshopsSupervisor;
}

/** A page's settings as the account holds them. */
export function generalSettingsOf(page: GeneralSettingsPage, details: ClientDetails, root: RootDetails): GeneralSettings {
  if (page === 'lcm') {
    return {
      packingInstructions: root.packingInstructions,
      warehouseCheckinRequirement: root.warehouseCheckinRequirement,
      isWarehouseCommentMandatory: root.isWarehouseCommentMandatory,
      isWarehouseCommentSharedToClient: root.isWarehouseCommentSharedToClient,
    };
  }
  return {
    eula: root.eula,
    serviceTerms: root.serviceTerms,
    faqAndContact: root.faqAndContact,
    serviceTermsFileId: root.serviceTermsFileId,
    faqFileId: root.faqFileId,
    personalDataFileId: root.personalDataFileId,
    cookiesPolicyFileId: root.cookiesPolicyFileId,
    buybackZeroDescription: root.buybackZeroDescription,
    noSearchResultDescription: root.noSearchResultDescription,
    currency: details.currency,
    language: details.language,
    customerIdCollectionEnabled: root.customerIdCollectionEnabled,
    barCodeEnabled: root.barCodeEnabled,
    tagPriceEnabled: root.tagPriceEnabled,
    categoryNavigationEnabled: root.categoryNavigationEnabled,
    externalWebsiteLink: details.whiteLabel?.externalWebsiteLink ?? null,
    storeLocatorMapEnabled: details.whiteLabel?.dropOffLocationsMapEnabled ?? false,
    cookiesPolicy: details.whiteLabel?.cookiesPolicy ?? null,
    accessibilityStatement: details.whiteLabel?.accessibilityStatement ?? null,
    cartMinValueInCents: root.cartMinValueInCents,
    customerIdentityDocumentRequired: root.customerIdentityDocumentRequired,
  };
}

/** The settings of a general-settings page the caller changes, whole (the merge-patch already applied); `named`: the fields the patch named. */
export interface ChangeGeneralSettings {
  type: 'ChangeGeneralSettings';
  data: { accountId: string; page: GeneralSettingsPage; settings: Record<string, unknown>; named: string[]; reason: string | null };
}

/**
 * The events of a page's change: refused when the page is not the account's
 * (GENERAL_SETTINGS_NOT_APPLICABLE), when the patch names another page's
 * field (GENERAL_SETTINGS_INVALID, `GENERAL_SETTING_UNKNOWN` at the field),
 * the white-label fields without a white-label site
 * (`GENERAL_SETTING_NEEDS_WHITE_LABEL`), or a value breaking the rules
 * (GENERAL_SETTINGS_INVALID naming each field); else the root and client
 * details' changes, only what differs.
 */
export function decideGeneralSettings(command: ChangeGeneralSettings['data'], state: AccountState): AccountEvent[] {
  const { accountId, page, settings, named, reason } = command;
  if (!state.details || !state.root || state.deleted) throw new DomainError('ACCOUNT_NOT_FOUND', { accountId, reason: 'account_not_found' });
  if (!pageApplies(page, state.details.modules)) throw new DomainError('GENERAL_SETTINGS_NOT_APPLICABLE', { page });
  const problems: ClientFieldError[] = [];
  const fields = FIELDS_OF[page];
  for (const field of named) {
    if (!fields.includes(field)) problems.push({ field, code: 'GENERAL_SETTING_UNKNOWN' });
    else if (WHITE_LABEL_FIELDS.has(field) && !state.details.whiteLabel) problems.push({ field, code: 'GENERAL_SETTING_NEEDS_WHITE_LABEL' });
  }
  if (problems.length > 0) throw new DomainError('GENERAL_SETTINGS_INVALID', { fields: problems });
  const rootChanges: Record<string, unknown> = {};
  const clientNamed = named.filter((field) => CLIENT_FIELDS.has(field));
  for (const field of named) if (!CLIENT_FIELDS.has(field)) rootChanges[field] = settings[field] ?? null;
  const clientChanges: ClientChanges = {};
  if (clientNamed.includes('currency')) clientChanges.currency = settings.currency as Currency;
  if (clientNamed.includes('language')) clientChanges.language = settings.language as Locale;
  if (state.details.whiteLabel && clientNamed.some((field) => WHITE_LABEL_FIELDS.has(field))) {
    const link = settings.externalWebsiteLink as StoreGeneralSettings['externalWebsiteLink'] | undefined;
    const text = (field: 'cookiesPolicy' | 'accessibilityStatement') =>
      clientNamed.includes(field) ? ((settings[field] as string | null | undefined) ?? null) : (state.details?.whiteLabel?.[field] ?? null);
    clientChanges.whiteLabel = {
      ...state.details.whiteLabel,
      cookiesPolicy: text('cookiesPolicy'),
      accessibilityStatement: text('accessibilityStatement'),
      externalWebsiteLink: clientNamed.includes('externalWebsiteLink') ? (link ? { url: link.url ?? '', text: link.text ?? '' } : null) : state.details.whiteLabel.externalWebsiteLink,
      dropOffLocationsMapEnabled: clientNamed.includes('storeLocatorMapEnabled') ? settings.storeLocatorMapEnabled === true : state.details.whiteLabel.dropOffLocationsMapEnabled,
    };
  }
  const [validRoot, validClient] = [collect(problems, () => validateRootDetailsChanges(rootChanges as Partial<RootDetails>)), collect(problems, () => validateClientChanges(clientChanges))];
  if (problems.length > 0 || !validRoot || !validClient) throw new DomainError('GENERAL_SETTINGS_INVALID', { fields: problems.map(renamed) });
  const rootEvents = accountDecider.decide({ type: 'ChangeRootDetails', data: { accountId, changes: validRoot, reason } }, state);
  const afterRoot = rootEvents.reduce((s, e) => accountDecider.evolve(s, e), state);
  const clientEvents = accountDecider.decide({ type: 'ChangeClientDetails', data: { accountId, changes: validClient, reason } }, afterRoot);
  return [...rootEvents, ...clientEvents] as AccountEvent[];
}

/** The rule's value, or its problems added to the list. */
function collect<T>(problems: ClientFieldError[], rule: () => T): T | null {
  try {
    return rule();
  } catch (error) {
    if (!(error instanceof DomainError) || !Array.isArray(error.details.fields)) throw error;
    problems.push(...(error.details.fields as ClientFieldError[]));
    return null;
  }
}

/** A white-label field's problem named as the page names it. */
function renamed(problem: ClientFieldError): ClientFieldError {
  return problem.field.startsWith('whiteLabel.') ? { ...problem, field: problem.field.slice('whiteLabel.'.length) } : problem;
}

/** The account's decider, with the general settings' command besides its own. */
export const generalSettingsDecider: Decider<AccountState, AccountCommand | ChangeGeneralSettings, AccountOpened | AccountEvent> = {
  initialState: accountDecider.initialState,
  evolve: accountDecider.evolve,
  decide: (command, state) => (command.type === 'ChangeGeneralSettings' ? decideGeneralSettings(command.data, state) : accountDecider.decide(command, state)),
};
