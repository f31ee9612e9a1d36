import { describe, expect, it } from 'vitest';
import { domainErrorOf } from '../../shared/test-support.js';
import type { AccountOpened, ModuleType } from '../../organizations/events.js';
import { openedAccount } from '../../organizations/account/test-accounts.js';
import { accountDecider, type AccountCommand, type AccountState } from '../../organizations/account/account.js';
import { accountFlags, decideGeneralSettings, generalSettingsOf, pageApplies, type ChangeGeneralSettings } from './general-settings.js';

const ACCOUNT = '7d1f3c4e-0000-4000-8000-000000000002';

const opened: AccountOpened['data'] = openedAccount(ACCOUNT, 'Reprise Express', {
  whiteLabel: { tagManagerId: null, axeptioId: null, externalWebsiteLink: { url: 'https://reprise.example', text: 'Retour' }, dropOffLocationsMapEnabled: false, cookiesPolicy: null, accessibilityStatement: null },
});

function given(modules: ModuleType[], whiteLabel = true): AccountState {
  const open: AccountCommand = { type: 'OpenClient', data: { opened: { ...opened, whiteLabel: whiteLabel ? opened.whiteLabel : null }, details: { modules } } };
  return accountDecider.decide(open, accountDecider.initialState()).reduce(accountDecider.evolve, accountDecider.initialState());
}

const change = (page: 'tim' | 'lcm', patch: Record<string, unknown>, state: AccountState): ChangeGeneralSettings['data'] => {
  const current = generalSettingsOf(page, state.details!, state.root!) as unknown as Record<string, unknown>;
  return { accountId: ACCOUNT, page, settings: { ...current, ...patch }, named: Object.keys(patch), reason: null };
};

describe('Given the account’s modules', () => {
  it('then stores make a retailer and buyers or workshops a supervisor, each with its own page', () => {
    expect(accountFlags(['root', 'tim'])).toEqual({ isRetailer: true, isBuyerAndWorkshopsSupervisor: false });
    expect(accountFlags(['root', 'rps'])).toEqual({ isRetailer: false, isBuyerAndWorkshopsSupervisor: true });
    expect(pageApplies('tim', ['root', 'lcm'])).toBe(false);
    expect(pageApplies('lcm', ['root', 'lcm'])).toBe(true);
  });
});

describe('Given a retailer with stores and workshops', () => {
  const state = given(['root', 'tim', 'rps']);

  it('when the store page changes currency and the cart minimum, then one RootDetailsChanged and one ClientDetailsChanged hold only what changed', () => {
    const events = decideGeneralSettings(change('tim', { currency: 'CHF', cartMinValueInCents: 1000, language: 'fr-FR' }, state), state);
    expect(events).toEqual([
      { type: 'RootDetailsChanged', data: { accountId: ACCOUNT, changes: { cartMinValueInCents: 1000 }, reason: null } },
      { type: 'ClientDetailsChanged', data: { accountId: ACCOUNT, changes: { currency: 'CHF' }, reason: null } },
    ]);
  });

  it('when the store locator map is switched on, then the white-label site changes, its link kept', () => {
    const [event] = decideGeneralSettings(change('tim', { storeLocatorMapEnabled: true }, state), state);
    expect(event).toMatchObject({ type: 'ClientDetailsChanged', data: { changes: { whiteLabel: { dropOffLocationsMapEnabled: true, externalWebsiteLink: { url: 'https://reprise.example', text: 'Retour' } } } } });
  });

  it('when the check-in is disabled on the workshop page, then the root details say so', () => {
    expect(decideGeneralSettings(change('lcm', { warehouseCheckinRequirement: 'disabled' }, state), state)).toEqual([
      { type: 'RootDetailsChanged', data: { accountId: ACCOUNT, changes: { warehouseCheckinRequirement: 'disabled' }, reason: null } },
    ]);
  });

  it('when nothing changes, then nothing is written', () => {
    expect(decideGeneralSettings(change('lcm', { isWarehouseCommentMandatory: false }, state), state)).toEqual([]);
  });

  it('when a page names another page’s setting or breaks a rule, then GENERAL_SETTINGS_INVALID names each field', () => {
    const error = domainErrorOf(() => decideGeneralSettings(change('tim', { packingInstructions: 'x' }, state), state));
    expect(error.code).toBe('GENERAL_SETTINGS_INVALID');
    expect(error.details.fields).toEqual([{ field: 'packingInstructions', code: 'GENERAL_SETTING_UNKNOWN' }]);
    const values = domainErrorOf(() => decideGeneralSettings(change('tim', { cartMinValueInCents: 1050, externalWebsiteLink: { url: 'ftp://x', text: 'Retour' } }, state), state));
    expect((values.details.fields as Array<{ field: string; code: string }>).map((f) => `${f.field}:${f.code}`)).toEqual(['cartMinValueInCents:CART_MIN_VALUE_NOT_WHOLE', 'externalWebsiteLink.url:CLIENT_URL_INVALID']);
  });
});

describe('Given accounts a page does not apply to', () => {
  it('when a stores-only retailer changes the workshop page, then GENERAL_SETTINGS_NOT_APPLICABLE', () => {
    const state = given(['root', 'tim']);
    expect(domainErrorOf(() => decideGeneralSettings(change('lcm', { packingInstructions: 'x' }, state), state)).code).toBe('GENERAL_SETTINGS_NOT_APPLICABLE');
  });

  it('when an account without a white-label site sets the back-to-website link, then it is refused at its field', () => {
    const state = given(['root', 'tim'], false);
    const error = domainErrorOf(() => decideGeneralSettings(change('tim', { externalWebsiteLink: null }, state), state));
    expect(error.details.fields).toEqual([{ field: 'externalWebsiteLink', code: 'GENERAL_SETTING_NEEDS_WHITE_LABEL' }]);
  });
});
