import { describe, expect, it } from 'vitest';
import { DomainError } from '../../shared/domain-error.js';
import type { AccountOpened } from '../events.js';
import { openedAccount } from './test-accounts.js';
import { accountDecider, type AccountCommand, type AccountState } from './account.js';
import { checkDeletion } from './deletion.js';
import { isValidSiret, requireSiret } from './siret.js';
import { validateClientChanges, validateRootDetailsChanges } from './client-rules.js';

const ACCOUNT = '7d1f3c4e-0000-4000-8000-000000000001';

const opened: AccountOpened['data'] = openedAccount(ACCOUNT, 'Fnac Reprise');

function given(...commands: AccountCommand[]): AccountState {
  return commands.reduce((state, command) => accountDecider.decide(command, state).reduce(accountDecider.evolve, state), accountDecider.initialState());
}

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, reason: error.details.reason };
    throw error;
  }
  return null;
};

const open: AccountCommand = { type: 'OpenClient', data: { opened, details: { commonName: 'Fnac Reprise', siret: '73282932000074', modules: ['root', 'tim'] } } };

describe('SIRET', () => {
  it('accepts 14 digits passing the Luhn check, spaces removed', () => {
    expect(requireSiret('732 829 320 00074')).toBe('73282932000074');
    expect(isValidSiret('55208131766522')).toBe(true);
  });

  it('refuses a wrong check digit, and anything but 14 digits', () => {
    expect(refusal(() => requireSiret('73282932000075'))).toEqual({ code: 'SIRET_INVALID', reason: 'checksum' });
    expect(refusal(() => requireSiret('7328293200007'))).toEqual({ code: 'SIRET_INVALID', reason: 'format' });
    expect(refusal(() => requireSiret('7328293200007A'))).toEqual({ code: 'SIRET_INVALID', reason: 'format' });
  });

  it('checks La Poste’s establishments by their own rule (digits summing to a multiple of 5)', () => {
    expect(isValidSiret('35600000012345')).toBe(false);
    expect(isValidSiret('35600000000048')).toBe(true);
    expect(isValidSiret('35600000049837')).toBe(true);
  });
});

describe('client details', () => {
  it('Given a client form, when a field breaks a rule, then every problem is named at its field', () => {
    const error = (() => {
      try {
        validateClientChanges({ commonName: ' ', siret: '12345678901234', capitalInCents: -1, modules: [], address: { street: 'x', streetComplement: null, zipCode: null, city: null } });
      } catch (e) {
        return e as DomainError;
      }
      return null;
    })();
    expect(error?.code).toBe('CLIENT_INVALID');
    expect((error?.details.fields as Array<{ field: string; code: string }>).map((f) => `${f.field}:${f.code}`)).toEqual([
      'commonName:TEXT_REQUIRED',
      'siret:SIRET_INVALID',
      'capitalInCents:CLIENT_CAPITAL_INVALID',
      'address.street:TEXT_LENGTH',
      'modules:CLIENT_MODULES_REQUIRED',
    ]);
  });

  it('Given an open account, when details change, then only the fields that differ are recorded', () => {
    const state = given(open);
    const events = accountDecider.decide({ type: 'ChangeClientDetails', data: { accountId: ACCOUNT, changes: { commonName: 'Fnac Reprise', status: 'inactive' }, reason: null } }, state);
    expect(events).toEqual([{ type: 'ClientDetailsChanged', data: { accountId: ACCOUNT, changes: { status: 'inactive' }, reason: null } }]);
    expect(accountDecider.decide({ type: 'ChangeClientDetails', data: { accountId: ACCOUNT, changes: { siret: '73282932000074' }, reason: null } }, state)).toEqual([]);
  });

  it('Given premium features enabled on the client form, then the root details show them too', () => {
    const state = given(open, { type: 'ChangeClientDetails', data: { accountId: ACCOUNT, changes: { premiumFeatures: ['payment_bonus'] }, reason: null } });
    expect(state.root?.enabledPremiumFeatures).toEqual(['payment_bonus']);
    expect(refusal(() => validateRootDetailsChanges({ sellerSupportEmail: 'nope', cartMinValueInCents: 1.5 }))).toMatchObject({ code: 'ROOT_DETAILS_INVALID' });
  });
});

describe('account deletion', () => {
  const facts = { linkedBuyers: 0, linkedRetailers: 0 };

  it('Given an active account, when it is deleted, then it is refused: still_active', () => {
    expect(refusal(() => accountDecider.decide({ type: 'DeleteAccount', data: { accountId: ACCOUNT, links: facts, reason: null } }, given(open)))).toEqual({
      code: 'ACCOUNT_STILL_ACTIVE',
      reason: 'still_active',
    });
  });

  it('Given an inactive account linked to another account’s buyer or retailer, then it is refused with the link’s reason', () => {
    expect(refusal(() => checkDeletion(ACCOUNT, { status: 'inactive', linkedBuyers: 1, linkedRetailers: 0 }))).toEqual({ code: 'ACCOUNT_HAS_LINKED_BUYERS', reason: 'has_linked_buyers' });
    expect(refusal(() => checkDeletion(ACCOUNT, { status: 'inactive', linkedBuyers: 0, linkedRetailers: 2 }))).toEqual({ code: 'ACCOUNT_HAS_LINKED_RETAILERS', reason: 'has_linked_retailers' });
  });

  it('Given an inactive account with no links, then it is deleted once; again, it is not found', () => {
    const inactive = given(open, { type: 'ChangeClientDetails', data: { accountId: ACCOUNT, changes: { status: 'inactive' }, reason: null } });
    const events = accountDecider.decide({ type: 'DeleteAccount', data: { accountId: ACCOUNT, links: facts, reason: null } }, inactive);
    expect(events.map((e) => e.type)).toEqual(['AccountDeleted']);
    const deleted = events.reduce(accountDecider.evolve, inactive);
    expect(refusal(() => accountDecider.decide({ type: 'DeleteAccount', data: { accountId: ACCOUNT, links: facts, reason: null } }, deleted))).toEqual({
      code: 'ACCOUNT_NOT_FOUND',
      reason: 'account_not_found',
    });
    expect(refusal(() => checkDeletion(ACCOUNT, { status: null, ...facts }))).toEqual({ code: 'ACCOUNT_NOT_FOUND', reason: 'account_not_found' });
  });
});
