import { describe, expect, it } from 'vitest';
import { deciderSpecification } from '../../shared/test-support.js';
import { sftpDecider } from './decide.js';
import { sftpUsernameOf, type SftpEvent } from './sftp.js';

const spec = deciderSpecification(sftpDecider);
const accountId = '1f2e3d4c-0000-4000-8000-000000000001';
const enabled = (passwordHash = '$argon2id$one'): SftpEvent => ({ type: 'SftpAccessEnabled', data: { accountId, username: 'demo-retail-1f2e3d4c', passwordHash } });
const configure = (changes: Record<string, unknown>, knownCategoryIds: string[] = ['c1', 'c2']) => ({ type: 'ConfigureSftpImport' as const, data: { accountId, changes, knownCategoryIds } });

describe('SFTP access', () => {
  it('Given nothing, when the access is enabled, then it is enabled with its user name and the password’s hash', () => {
    spec.given().when({ type: 'EnableSftpAccess', data: { accountId, username: 'demo-retail-1f2e3d4c', passwordHash: '$argon2id$one' } }).then([enabled()]);
  });

  it('Given an enabled access, when it is enabled again, then a new hash replaces the old one', () => {
    const { state } = spec
      .given(enabled())
      .when({ type: 'EnableSftpAccess', data: { accountId, username: 'demo-retail-1f2e3d4c', passwordHash: '$argon2id$two' } })
      .then([enabled('$argon2id$two')]);
    expect(state.enabled).toBe(true);
  });

  it('Given an enabled access, when it is disabled, then it is disabled; disabled again, it is refused', () => {
    const { state } = spec.given(enabled()).when({ type: 'DisableSftpAccess', data: { accountId } }).then([{ type: 'SftpAccessDisabled', data: { accountId } }]);
    expect(state.enabled).toBe(false);
    spec.given(enabled(), { type: 'SftpAccessDisabled', data: { accountId } }).when({ type: 'DisableSftpAccess', data: { accountId } }).thenRefused('SFTP_ACCESS_NOT_ENABLED');
  });

  it('The user name is the account’s name in letters and digits with the first 8 hex digits of its id', () => {
    expect(sftpUsernameOf('Démo Retail & Co', accountId)).toBe('demo-retail-co-1f2e3d4c');
    expect(sftpUsernameOf('***', accountId)).toBe('account-1f2e3d4c');
  });
});

describe('SFTP import configuration', () => {
  it('Given the defaults, when parent categories, a suffix and a status are set, then only those are recorded', () => {
    spec
      .given()
      .when(configure({ parentCategoryIds: ['c1', 'c1', 'c2'], suffix: ' -pro ', status: 'inactive' }))
      .then([{ type: 'SftpImportConfigurationChanged', data: { accountId, parentCategoryIds: ['c1', 'c2'], suffix: '-pro', status: 'inactive' } }]);
  });

  it('Given a configuration, when the same values are sent, then nothing is recorded; an empty suffix clears it', () => {
    const given: SftpEvent = { type: 'SftpImportConfigurationChanged', data: { accountId, parentCategoryIds: ['c1'], suffix: '-pro' } };
    spec.given(given).when(configure({ parentCategoryIds: ['c1'], suffix: '-pro', status: 'active' })).then([]);
    spec.given(given).when(configure({ suffix: '' })).then([{ type: 'SftpImportConfigurationChanged', data: { accountId, suffix: null } }]);
  });

  it('When a category is not the account’s, a suffix has other characters, or too many categories are named, then it is refused', () => {
    spec.given().when(configure({ parentCategoryIds: ['c1', 'other'] })).thenRefused('SFTP_IMPORT_CATEGORY_UNKNOWN', { categoryIds: ['other'] });
    spec.given().when(configure({ suffix: '../x y' })).thenRefused('SFTP_IMPORT_SUFFIX_INVALID');
    spec.given().when(configure({ suffix: 'x'.repeat(33) })).thenRefused('SFTP_IMPORT_SUFFIX_INVALID');
    const many = Array.from({ length: 21 }, (_, i) => `c${i}`);
    spec.given().when(configure({ parentCategoryIds: many }, many)).thenRefused('SFTP_IMPORT_TOO_MANY_CATEGORIES');
  });
});
