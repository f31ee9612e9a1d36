import { DomainError } from '../../shared/domain-error.js';
import type { Decider } from '../../shared/decider.js';
import { CIRCUIT_TYPES } from '../../catalog/events.js';
import { PAYMENT_TYPES } from '../../buybacks/events.js';
import { MODULE_TYPES, type AccountOpened } from '../events.js';
import { SHIPPING_TYPES, type AccountDesign, type AccountEvent, type ClientChanges, type ClientDetails, type RootDetails } from './account-events.js';
import { checkDeletion, type DeletionFacts } from './deletion.js';
import { decideHomePage, evolveHomePage, type HomePageConfiguration } from './home-page.js';

/**
 * The account as an aggregate: opened with its client details, then
 * changed, then deleted (and its customers forgotten). Its stream is
 * `account-<id>`.
 */
export interface AccountState {
  accountId: string | null;
  details: ClientDetails | null;
  root: RootDetails | null;
  /** Its design (issue 23); an account opened before it: its main colour, nothing else. */
  design: AccountDesign | null;
  deleted: boolean;
  customersForgotten: boolean;
}

export type AccountCommand =
  | { type: 'OpenClient'; data: { opened: AccountOpened['data']; details: ClientChanges } }
  | { type: 'ChangeClientDetails'; data: { accountId: string; changes: ClientChanges; reason: string | null } }
  | { type: 'ChangeRootDetails'; data: { accountId: string; changes: Partial<RootDetails>; reason: string | null } }
  | { type: 'ChangeDesign'; data: { accountId: string; changes: Partial<AccountDesign> } }
  | { type: 'ChangeHomePage'; data: { accountId: string; homePage: HomePageConfiguration; reason: string | null } }
  | { type: 'DeleteAccount'; data: { accountId: string; links: Omit<DeletionFacts, 'status'>; reason: string | null } }
  | { type: 'RecordCustomersForgotten'; data: { accountId: string; customers: number; users: number } };

type Event = AccountOpened | AccountEvent;

/** The client details of an account opened before they existed (or with none said): everything allowed, active. */
export function clientDetailsOf(opened: AccountOpened['data']): ClientDetails {
  return {
    commonName: opened.name,
    corporateName: null,
    siret: null,
    capitalInCents: null,
    status: 'active',
    address: { street: null, streetComplement: null, zipCode: null, city: null },
    country: opened.companyCountry,
    language: opened.language,
    currency: opened.currency,
    modules: [...MODULE_TYPES],
    webChannelUrl: null,
    whiteLabel: opened.whiteLabel,
    activeCircuits: [...CIRCUIT_TYPES],
    paymentModes: [...PAYMENT_TYPES],
    transport: { shippingTypes: [...SHIPPING_TYPES], carrierAccountNumber: null },
    premiumFeatures: [...opened.settings.enabledPremiumFeatures],
    homePage: null,
  };
}

/** The design of an account as opened: its main colour, no secondary colour, no files. */
export function designOf(opened: AccountOpened['data']): AccountDesign {
  return { mainColor: opened.mainColor, secondaryColor: null, logoFileId: null, faviconFileId: null };
}

/** The root details of an account's settings, the ones it never had at their defaults. */
export function rootDetailsOf(settings: AccountOpened['data']['settings'] & Partial<RootDetails>): RootDetails {
  return {
    sellerSupportEmail: settings.sellerSupportEmail ?? null,
    eula: settings.eula ?? null,
    serviceTerms: settings.serviceTerms ?? null,
    faqAndContact: settings.faqAndContact ?? null,
    isWarehouseCommentMandatory: settings.isWarehouseCommentMandatory,
    isWarehouseCommentSharedToClient: settings.isWarehouseCommentSharedToClient,
    buybackZeroDescription: settings.buybackZeroDescription ?? null,
    noSearchResultDescription: settings.noSearchResultDescription ?? null,
    enabledPremiumFeatures: [...settings.enabledPremiumFeatures],
    categoryNavigationEnabled: settings.categoryNavigationEnabled,
    customerIdentityDocumentRequired: settings.customerIdentityDocumentRequired,
    warehouseCheckinRequirement: settings.warehouseCheckinRequirement,
    barCodeEnabled: settings.barCodeEnabled ?? false,
    tagPriceEnabled: settings.tagPriceEnabled ?? false,
    buyerPaymentEnabled: settings.buyerPaymentEnabled ?? false,
    cartMinValueInCents: settings.cartMinValueInCents,
    packingInstructions: settings.packingInstructions ?? null,
    customerIdCollectionEnabled: settings.customerIdCollectionEnabled ?? false,
    serviceTermsFileId: settings.serviceTermsFileId ?? null,
    faqFileId: settings.faqFileId ?? null,
    personalDataFileId: settings.personalDataFileId ?? null,
    cookiesPolicyFileId: settings.cookiesPolicyFileId ?? null,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Only the fields whose value differs from the current one. */
function changed<T extends object>(current: T, changes: Partial<T>): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([key, value]) => value !== undefined && !same(current[key as keyof T], value))) as Partial<T>;
}

function live(state: AccountState, accountId: string): { details: ClientDetails; root: RootDetails } {
  if (!state.details || !state.root || state.deleted) throw new DomainError('ACCOUNT_NOT_FOUND', { accountId, reason: 'account_not_found' });
  return { details: state.details, root: state.root };
}

export const accountDecider: Decider<AccountState, AccountCommand, Event> = {
  initialState: () => ({ accountId: null, details: null, root: null, design: null, deleted: false, customersForgotten: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'AccountOpened':
        return { ...state, accountId: event.data.accountId, details: clientDetailsOf(event.data), root: rootDetailsOf(event.data.settings), design: designOf(event.data) };
      case 'ClientDetailsChanged': {
        if (!state.details || !state.root) return state;
        const details = { ...state.details, ...event.data.changes };
        const premium = event.data.changes.premiumFeatures;
        return { ...state, details, root: premium ? { ...state.root, enabledPremiumFeatures: premium } : state.root };
      }
      case 'RootDetailsChanged': {
        if (!state.details || !state.root) return state;
        const root = { ...state.root, ...event.data.changes };
        const premium = event.data.changes.enabledPremiumFeatures;
        return { ...state, root, details: premium ? { ...state.details, premiumFeatures: premium } : state.details };
      }
      case 'HomePageChanged':
        return state.details ? { ...state, details: { ...state.details, homePage: evolveHomePage(state.details.homePage, event.data.changes) } } : state;
      case 'AccountDesignChanged':
        return state.design ? { ...state, design: { ...state.design, ...event.data.changes } } : state;
      case 'AccountDeleted':
        return { ...state, deleted: true };
      case 'AccountCustomersForgotten':
        return { ...state, customersForgotten: true };
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'OpenClient': {
        if (state.details) throw new DomainError('ACCOUNT_ALREADY_EXISTS', { accountId: command.data.opened.accountId });
        const opened: AccountOpened = { type: 'AccountOpened', data: command.data.opened };
        const changes = changed(clientDetailsOf(command.data.opened), command.data.details);
        return [opened, { type: 'ClientDetailsChanged', data: { accountId: command.data.opened.accountId, changes, reason: null } }];
      }
      case 'ChangeClientDetails': {
        const { details } = live(state, command.data.accountId);
        const changes = changed(details, command.data.changes);
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'ClientDetailsChanged', data: { accountId: command.data.accountId, changes, reason: command.data.reason } }];
      }
      case 'ChangeRootDetails': {
        const { root } = live(state, command.data.accountId);
        const changes = changed(root, command.data.changes);
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'RootDetailsChanged', data: { accountId: command.data.accountId, changes, reason: command.data.reason } }];
      }
      case 'ChangeHomePage': {
        const { details } = live(state, command.data.accountId);
        return decideHomePage(command.data.accountId, details.homePage, command.data.homePage, command.data.reason);
      }
      case 'ChangeDesign': {
        live(state, command.data.accountId);
        const changes = changed(state.design as AccountDesign, command.data.changes);
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'AccountDesignChanged', data: { accountId: command.data.accountId, changes } }];
      }
      case 'DeleteAccount': {
        const status = state.details && !state.deleted ? state.details.status : null;
        checkDeletion(command.data.accountId, { status, ...command.data.links });
        return [{ type: 'AccountDeleted', data: { accountId: command.data.accountId, reason: command.data.reason } }];
      }
      case 'RecordCustomersForgotten': {
        if (!state.deleted || state.customersForgotten) return [];
        return [{ type: 'AccountCustomersForgotten', data: command.data }];
      }
    }
  },
};
