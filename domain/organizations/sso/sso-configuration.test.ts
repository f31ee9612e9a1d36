import { describe, expect, it } from 'vitest';
import { DomainError } from '../../shared/domain-error.js';
import type { ModuleType, UserType } from '../events.js';
import { identityFromClaims } from './claims.js';
import { decideSsoConfiguration, DEFAULT_FIELD_MATCHING, NO_SSO_CONFIGURATION, validateSsoSettings, type SsoSettings } from './sso-configuration.js';

const ROLES: Record<ModuleType, readonly UserType[]> = {
  root: ['root_management_unit_manager', 'root_management_unit_analyst'],
  tim: ['store_manager', 'store_seller'],
  rps: ['warehouse_manager', 'warehouse_operator'],
  lcm: ['buyer_manager'],
};
const rolesOf = (module: ModuleType) => ROLES[module];

const settings = (overrides: Partial<SsoSettings> = {}): SsoSettings => ({
  domains: ['retail.example'],
  clientId: 'client',
  discoveryEndpoint: 'https://idp.retail.example/.well-known/openid-configuration',
  scope: 'openid email',
  roleClaim: 'roles',
  entityClaim: 'entity',
  roleMatching: [{ claimValue: 'seller', module: 'tim', userType: 'store_seller' }],
  fieldMatching: { ...DEFAULT_FIELD_MATCHING },
  ...overrides,
});

function refusal(run: () => unknown): Array<{ field: string; code: string }> {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return (error as DomainError).details.fields as Array<{ field: string; code: string }>;
  }
  throw new Error('not refused');
}

describe('Given an SSO configuration being saved', () => {
  it('When its domains are typed loosely, then they are kept lower case, without @ nor duplicates', () => {
    expect(validateSsoSettings(settings({ domains: ['@Retail.Example', 'retail.example', ' shop.retail.example '] }), rolesOf).domains).toEqual(['retail.example', 'shop.retail.example']);
  });

  it('When fields break the rules, then every one is named at once', () => {
    const fields = refusal(() =>
      validateSsoSettings(
        settings({ domains: ['not a domain'], discoveryEndpoint: 'http://idp.example', scope: 'email profile', roleClaim: 'has space', roleMatching: [{ claimValue: 'x', module: 'tim', userType: 'buyer_manager' }] }),
        rolesOf,
      ),
    ).map((f) => `${f.field}:${f.code}`);
    expect(fields).toEqual(['domains.0:SSO_DOMAIN_INVALID', 'discoveryEndpoint:SSO_URL_INVALID', 'scope:SSO_SCOPE_OPENID_MISSING', 'roleClaim:SSO_CLAIM_INVALID', 'roleMatching.0.userType:SSO_ROLE_INVALID']);
  });

  it('When the provider is plain http on this machine, then it is accepted (a developer’s provider)', () => {
    expect(validateSsoSettings(settings({ discoveryEndpoint: 'http://localhost:4455/.well-known/openid-configuration' }), rolesOf).discoveryEndpoint).toMatch(/^http:\/\/localhost/);
  });

  it('When it is saved the first time without a secret, then it is refused; later saves keep the secret', () => {
    const command = { type: 'SaveSsoConfiguration', data: { organizationId: 'o', accountId: 'a', settings: settings(), clientSecret: null, reason: null } } as const;
    expect(refusal(() => decideSsoConfiguration(command, NO_SSO_CONFIGURATION))).toEqual([{ field: 'clientSecret', code: 'TEXT_REQUIRED' }]);
    const sealed = { $sealed: 'v1', subjectId: 's', iv: '', ciphertext: '', tag: '' } as const;
    expect(decideSsoConfiguration(command, { settings: settings(), clientSecret: sealed })).toEqual([]);
    const [changed] = decideSsoConfiguration({ ...command, data: { ...command.data, settings: settings({ scope: 'openid email profile' }) } }, { settings: settings(), clientSecret: sealed });
    expect(changed?.data.changedFields).toEqual(['scope']);
  });
});

describe('Given the claims of a signed-in user', () => {
  const configured = validateSsoSettings(settings({ roleMatching: [{ claimValue: 'seller', module: 'tim', userType: 'store_seller' }, { claimValue: 'hq', module: 'root', userType: 'root_management_unit_analyst' }] }), rolesOf);

  it('When they carry matched roles, names and an entity, then the user is read from them', () => {
    expect(identityFromClaims(configured, { email: 'Ana@Retail.Example', given_name: 'Ana', family_name: 'Lopez', roles: 'hq seller other', entity: 'PAR-1' })).toEqual({
      email: 'ana@retail.example',
      firstname: 'Ana',
      lastname: 'Lopez',
      roles: { tim: 'store_seller', root: 'root_management_unit_analyst' },
      entity: 'PAR-1',
    });
  });

  it('When the e-mail is of a domain the configuration does not own, then the sign-in fails', () => {
    expect(() => identityFromClaims(configured, { email: 'ana@elsewhere.example', roles: ['seller'] })).toThrowError(expect.objectContaining({ code: 'SSO_CALLBACK_FAILED', details: { reason: 'email_domain' } }));
  });

  it('When the role claim is nested, then its dotted name reads it', () => {
    const nested = { ...configured, roleClaim: 'realm_access.roles' };
    expect(identityFromClaims(nested, { email: 'ana@retail.example', realm_access: { roles: ['seller'] } }).roles).toEqual({ tim: 'store_seller' });
  });
});
