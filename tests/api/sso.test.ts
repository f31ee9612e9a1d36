import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { expectOk } from '../support/api-helpers.js';
import { callbackBody, signInAtProvider } from '../support/oidc-sign-in.js';
import { startIdentityProvider, type RunningIdentityProvider } from '../../scripts/dev-idp.js';
import { ORGANIZATION_DEMO_IDS } from '../../infrastructure/modules/organizations/demo-data.js';
import { ssoDomainKey } from '../../domain/organizations/sso/domain-reservation.js';

/**
 * Single sign-on end to end (issue 20) against a real OpenID provider
 * (oidc-provider, in process): the retailer's configuration (its secret
 * sealed and never answered), the start by e-mail domain, the provider's
 * login, the callback (state, nonce and PKCE checked), the user created from
 * the claims with the matched role and entity, then updated, and refusals.
 */

const ROOT = ORGANIZATION_DEMO_IDS.organizations.demoRoot;
const OTHER_ROOT = ORGANIZATION_DEMO_IDS.organizations.otherRoot;
const DOMAIN = 'sso-test.example';
const SECRET = 'a-client-secret-nobody-reads-back';

let t: TestPlatform;
let idp: RunningIdentityProvider;
let retailer: ApiClient;
let admin: ApiClient;
const claims: Record<string, Record<string, unknown>> = {
  'nina.seller': { email: `nina.seller@${DOMAIN}`, given_name: 'Nina', family_name: 'Vendeuse', roles: ['store-seller'], entity: 'DR-PAR-001' },
  'hugo.hq': { email: `hugo.hq@${DOMAIN}`, given_name: 'Hugo', family_name: 'Siège', roles: 'hq' },
  'no.role': { email: `no.role@${DOMAIN}`, given_name: 'Noé', family_name: 'Sansrôle', roles: ['visitor'] },
  'stranger': { email: 'someone@elsewhere.example', given_name: 'Sam', family_name: 'Ailleurs', roles: ['store-seller'] },
};

function configuration(overrides: Record<string, unknown> = {}) {
  return {
    domains: [DOMAIN],
    clientId: 'tradein-test',
    clientSecret: SECRET,
    discoveryEndpoint: idp.discoveryEndpoint,
    scope: 'openid email profile roles',
    roleClaim: 'roles',
    entityClaim: 'entity',
    roleMatching: [
      { claimValue: 'store-seller', module: 'tim', userType: 'store_seller' },
      { claimValue: 'hq', module: 'root', userType: 'root_management_unit_analyst' },
    ],
    fieldMatching: { firstname: 'given_name', lastname: 'family_name', email: 'email' },
    ...overrides,
  };
}

beforeAll(async () => {
  t = await startTestPlatform();
  [retailer, admin] = await Promise.all([t.login('retailer@demo.test', 'root'), t.login('admin@demo.test')]);
  const view = await expectOk(retailer.get(`/organizations/${ROOT}/sso-configuration`));
  idp = await startIdentityProvider({
    clientId: 'tradein-test',
    clientSecret: SECRET,
    redirectUris: [view.redirectUri],
    users: Object.entries(claims).map(([login, userClaims]) => ({ login, claims: userClaims })),
  });
  await expectOk(retailer.request('PUT', `/organizations/${ROOT}/sso-configuration`, configuration({ reason: 'Connexion Azure AD' })));
}, 60_000);
afterAll(async () => {
  await idp?.close();
  await t?.close();
});

/** Starts at the platform, signs in at the provider as `login`, and posts what came back to the callback. */
async function signIn(login: string, tamper?: (url: URL) => void) {
  const { url, organizationId } = await expectOk(t.api.get(`/open-id/authorization-url?domain=${encodeURIComponent(`${login}@${DOMAIN}`)}`));
  expect(organizationId).toBe(ROOT);
  const authorization = new URL(url);
  tamper?.(authorization);
  const callback = await signInAtProvider(authorization.href, login);
  const body = callbackBody(callback);
  return { body, answer: await t.api.post(`/open-id/${ROOT}/callback`, body) };
}

describe('Given a retailer’s SSO configuration', () => {
  it('When it is read, then the secret is never answered, only that one is set; its history says who changed what and why', async () => {
    const read = await retailer.get(`/organizations/${ROOT}/sso-configuration`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ configured: true, secretSet: true, domains: [DOMAIN], clientId: 'tradein-test', entityClaim: 'entity' });
    expect(JSON.stringify(read.body)).not.toContain(SECRET);
    expect(read.body).not.toHaveProperty('clientSecret');
    const history = await expectOk(retailer.get(`/organizations/${ROOT}/sso-configuration/history`));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ userName: 'Julien Bernard', reason: 'Connexion Azure AD' });
    expect(history[0].changedFields).toEqual(expect.arrayContaining(['domains', 'clientId', 'clientSecret', 'roleMatching']));
    expect(JSON.stringify(history)).not.toContain(SECRET);
  });

  it('When it is stored, then its secret is sealed in the event: the stream never holds it in clear', async () => {
    const events = await t.platform.eventStore.readStream(`ssoconfiguration-${ROOT}`);
    expect(events.length).toBeGreaterThan(0);
    expect(JSON.stringify(events)).not.toContain(SECRET);
    expect(events[0]!.data.clientSecret).toMatchObject({ $sealed: 'v1' });
  });

  it('When it is saved again without a secret, then the secret is kept; nothing changed writes nothing', async () => {
    const { clientSecret: _omitted, ...withoutSecret } = configuration();
    const saved = await expectOk(retailer.request('PUT', `/organizations/${ROOT}/sso-configuration`, withoutSecret));
    expect(saved.revision).toBe(0);
    expect((await retailer.get(`/organizations/${ROOT}/sso-configuration`)).body.secretSet).toBe(true);
  });

  it('When a field breaks the rules, then 422 names each field in the caller’s language', async () => {
    const refused = await retailer.request(
      'PUT',
      `/organizations/${ROOT}/sso-configuration`,
      configuration({ domains: ['not a domain'], scope: 'email', discoveryEndpoint: 'http://idp.example/', roleMatching: [{ claimValue: 'x', module: 'tim', userType: 'warehouse_operator' }] }),
      { 'Accept-Language': 'en-GB' },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('SSO_CONFIGURATION_INVALID');
    const fields = (refused.body.details.fields as Array<{ field: string; code: string }>).map((f) => `${f.field}:${f.code}`);
    expect(fields).toEqual(expect.arrayContaining(['domains.0:SSO_DOMAIN_INVALID', 'scope:SSO_SCOPE_OPENID_MISSING', 'discoveryEndpoint:SSO_URL_INVALID', 'roleMatching.0.userType:SSO_ROLE_INVALID']));
  });

  it('When another retailer’s root claims one of its domains, then 409 SSO_DOMAIN_TAKEN (a domain maps to one organization)', async () => {
    const taken = await admin.request('PUT', `/organizations/${OTHER_ROOT}/sso-configuration`, configuration({ domains: ['other-retail.example', DOMAIN] }));
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'SSO_DOMAIN_TAKEN', details: { domains: [DOMAIN] } });
  });

  it('When two retailers’ roots name one new domain at the same instant, then exactly one is written, the other answers 409; the domain is reserved once; dropped, it is free for the other', async () => {
    const RACE = 'race-retail.example';
    const saves = {
      [ROOT]: (domains: string[]) => retailer.request('PUT', `/organizations/${ROOT}/sso-configuration`, configuration({ domains })),
      [OTHER_ROOT]: (domains: string[]) => admin.request('PUT', `/organizations/${OTHER_ROOT}/sso-configuration`, configuration({ domains })),
    };
    const [mine, theirs] = await Promise.all([saves[ROOT]!([DOMAIN, RACE]), saves[OTHER_ROOT]!([RACE])]);
    expect([mine.status, theirs.status].sort()).toEqual([200, 409]);
    const [winner, loser] = mine.status === 200 ? [ROOT, OTHER_ROOT] : [OTHER_ROOT, ROOT];
    expect((mine.status === 409 ? mine : theirs).body).toMatchObject({ code: 'SSO_DOMAIN_TAKEN', details: { domains: [RACE] } });
    const reservation = `ssodomain-${ssoDomainKey(RACE)}`;
    const reserved = await t.platform.eventStore.readStream(reservation);
    expect(reserved.map((event) => [event.type, event.data.organizationId])).toEqual([['SsoDomainReserved.v1', winner]]);
    const [held] = await t.platform.documents.collection<{ _id: string }>('sso_configurations').find({ domains: RACE });
    expect(held?._id).toBe(winner);

    expect((await saves[winner]!(winner === ROOT ? [DOMAIN] : ['other-retail.example'])).status).toBe(200);
    expect((await saves[loser]!(loser === ROOT ? [DOMAIN, RACE] : [RACE])).status).toBe(200);
    const events = await t.platform.eventStore.readStream(reservation);
    expect(events.map((event) => [event.type, event.data.organizationId])).toEqual([
      ['SsoDomainReserved.v1', winner],
      ['SsoDomainReleased.v1', winner],
      ['SsoDomainReserved.v1', loser],
    ]);
    expect((await t.api.get(`/open-id/authorization-url?domain=someone@${RACE}`)).body.organizationId).toBe(loser);
  });

  it('When another retailer’s administrator asks for it, then 404 on every configuration route; a seller is refused', async () => {
    const seller = await t.login('seller@demo.test');
    for (const other of [
      retailer.get(`/organizations/${OTHER_ROOT}/sso-configuration`),
      retailer.get(`/organizations/${OTHER_ROOT}/sso-configuration/history`),
      retailer.request('PUT', `/organizations/${OTHER_ROOT}/sso-configuration`, configuration({ domains: ['other-retail.example'] })),
    ]) {
      const answer = await other;
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe('SSO_ROOT_ORGANIZATION_NOT_FOUND');
    }
    expect((await seller.get(`/organizations/${ROOT}/sso-configuration`)).status).toBe(403);
  });
});

describe('Given a user of the retailer’s domain signing in through the provider', () => {
  it('When they sign in for the first time, then they are created from the claims with the matched role and entity, forced to SSO, and signed in', async () => {
    const { answer } = await signIn('nina.seller');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.token).toEqual(expect.any(String));
    const me = await expectOk(new (retailer.constructor as typeof ApiClient)(t.baseUrl, answer.body.token).get('/me'));
    expect(me).toMatchObject({ email: `nina.seller@${DOMAIN}`, firstname: 'Nina', lastname: 'Vendeuse', modules: { tim: 'store_seller' } });
    expect(me.currentOrganization.id).toBe(ORGANIZATION_DEMO_IDS.stores.paris);
    const user = await t.platform.documents.collection('users').find({ email: `nina.seller@${DOMAIN}` });
    expect(user[0]).toMatchObject({ forceSso: true, passwordHash: null, accountId: ORGANIZATION_DEMO_IDS.accounts.demo });
    expect(user[0]!.lastLoginAt).toEqual(expect.any(String));
  });

  it('When the same answer is posted again, then the replayed state is refused (single use)', async () => {
    const { body, answer } = await signIn('hugo.hq');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const replay = await t.api.post(`/open-id/${ROOT}/callback`, body, { 'Accept-Language': 'fr-FR' });
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ code: 'SSO_CALLBACK_FAILED', details: { reason: 'state_unknown' } });
    expect(replay.body.message).toBe('La connexion avec votre organisation a échoué. Veuillez recommencer.');
  });

  it('When the ID token carries another nonce than the one sent, then the sign-in is refused', async () => {
    const { answer } = await signIn('hugo.hq', (url) => url.searchParams.set('nonce', 'a-nonce-the-platform-never-sent'));
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ code: 'SSO_CALLBACK_FAILED', details: { reason: 'nonce_mismatch' } });
  });

  it('When the PKCE challenge was not the platform’s, then the code exchange is refused', async () => {
    const { answer } = await signIn('hugo.hq', (url) => url.searchParams.set('code_challenge', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'));
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ code: 'SSO_CALLBACK_FAILED', details: { reason: 'invalid_grant' } });
  });

  it('When the state was given for another organization, then it is refused', async () => {
    const { url } = await expectOk(t.api.get(`/open-id/authorization-url?domain=hugo.hq@${DOMAIN}`));
    const callback = await signInAtProvider(url, 'hugo.hq');
    const answer = await t.api.post(`/open-id/${OTHER_ROOT}/callback`, callbackBody(callback));
    expect(answer.status).toBe(401);
    expect(answer.body.details.reason).toBe('state_unknown');
  });

  it('When the provider changes a name, then the next sign-in updates the user (UserChanged), and a user without a matched role is not created', async () => {
    claims['hugo.hq']!.family_name = 'Direction';
    expect((await signIn('hugo.hq')).answer.status).toBe(200);
    const [hugo] = await t.platform.documents.collection('users').find({ email: `hugo.hq@${DOMAIN}` });
    expect(hugo).toMatchObject({ lastname: 'Direction', modules: { root: { userType: 'root_management_unit_analyst', organizationId: ROOT } } });
    const noRole = await signIn('no.role');
    expect(noRole.answer.status).toBe(401);
    expect(noRole.answer.body.details.reason).toBe('no_role');
    expect(await t.platform.documents.collection('users').find({ email: `no.role@${DOMAIN}` })).toEqual([]);
  });

  it('When the provider vouches for an e-mail outside the organization’s domains, then nobody is signed in', async () => {
    const { url } = await expectOk(t.api.get(`/open-id/authorization-url?domain=${DOMAIN}`));
    const answer = await t.api.post(`/open-id/${ROOT}/callback`, callbackBody(await signInAtProvider(url, 'stranger')));
    expect(answer.status).toBe(401);
    expect(answer.body.details.reason).toBe('email_domain');
  });

  it('When the e-mail’s domain belongs to no organization, then 404 SSO_ORGANIZATION_NOT_FOUND in the caller’s language', async () => {
    const unknown = await t.api.get('/open-id/authorization-url?domain=someone@unknown-domain.example', { 'Accept-Language': 'de-DE' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'SSO_ORGANIZATION_NOT_FOUND', message: 'Keine Organisation passt zu dieser E-Mail-Adresse.' });
  });

  it('When a user signed in by SSO logs out, then the provider’s end-session URL is given once; without a session, none', async () => {
    const { answer } = await signIn('nina.seller');
    const client = new (retailer.constructor as typeof ApiClient)(t.baseUrl, answer.body.token);
    const logout = await expectOk(client.get('/open-id/logout'));
    expect(logout.url).toMatch(new RegExp(`^${idp.issuer}/session/end\\?`));
    expect(new URL(logout.url).searchParams.get('id_token_hint')).toEqual(expect.any(String));
    expect((await expectOk(client.get('/open-id/logout'))).url).toBeNull();
    expect((await expectOk(t.api.get('/open-id/logout'))).url).toBeNull();
  });
});
