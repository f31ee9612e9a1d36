/**
 * Lost password and invitations through the API: the same answer for an
 * unknown e-mail, a single-use link under a race, expiry by the clock, the
 * policy's refusals, the user's sessions ended, and a force-SSO user refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../support/test-platform.js';
import { DEMO_PASSWORD } from '../../infrastructure/seed/demo-data.js';
import { ORGANIZATION_COLLECTIONS, type UserDocument } from '../../application/organizations/read-models.js';
import { ORGANIZATION_STREAMS } from '../../application/organizations/streams.js';
import { sendInvitation } from '../../application/organizations/passwords/invitation.js';
import { appendUserFact } from '../../application/organizations/passwords/password-ports.js';
import { passwordPortsOf } from '../../infrastructure/modules/organizations/password-wiring.js';
import { MovableClock } from '../support/movable-clock.js';

const clock = new MovableClock();
let t: TestPlatform;
const NEW_PASSWORD = 'Nouveau2026';

beforeAll(async () => {
  t = await startTestPlatform({ passwordLinks: { resetTtlMinutes: 60, invitationTtlMinutes: 7 * 24 * 60, renewPerAddressPerHour: 1000, renewPerEmailPerHour: 5 } }, { clock });
});
afterAll(async () => {
  await t?.close();
});

async function userByEmail(email: string): Promise<UserDocument> {
  const [user] = await t.platform.documents.collection<UserDocument>(ORGANIZATION_COLLECTIONS.users).find({ email }, { limit: 1 });
  if (!user) throw new Error(`no user ${email}`);
  return user;
}

async function until<T>(read: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Asks for a reset of `email` and answers the token of the link e-mailed. */
async function resetToken(email: string): Promise<string> {
  const before = t.mailer.sent.length;
  const answer = await t.api.post('/password/renew', { email });
  expect(answer.status).toBe(202);
  const mail = await until(() => t.mailer.sent.slice(before).find((m) => m.to === email && m.template === 'password_reset'), `the reset e-mail to ${email}`);
  const match = /\/dashboard\/renew\/([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no link in ${mail.text}`);
  return match[1]!;
}

async function setForceSso(email: string, forceSso: boolean) {
  const user = await userByEmail(email);
  const position = await appendUserFact(
    { eventStore: t.platform.eventStore, clock, ids: { uuid: () => crypto.randomUUID(), digits: () => '0', secret: () => 's' } },
    user,
    { type: 'UserChanged', data: { userId: user._id, accountId: user.accountId, changes: { forceSso }, reason: null } },
    { userId: null },
  );
  expect(await t.platform.runner.waitFor(position, 5_000)).toBe(true);
}

describe('POST /password/renew', () => {
  it('answers the same, at about the same time, whether the e-mail exists or not, and e-mails only a known user', async () => {
    const before = t.mailer.sent.length;
    const timings = { known: [] as number[], unknown: [] as number[] };
    const bodies = new Set<string>();
    for (let i = 0; i < 4; i++) {
      for (const [kind, email] of [['known', 'seller@demo.test'], ['unknown', `nobody.${i}@demo.test`]] as const) {
        const started = performance.now();
        const answer = await t.api.post('/password/renew', { email });
        timings[kind].push(performance.now() - started);
        expect(answer.status).toBe(202);
        bodies.add(JSON.stringify(answer.body));
      }
    }
    expect([...bodies]).toEqual([JSON.stringify({ accepted: true })]);
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    expect(Math.abs(median(timings.known) - median(timings.unknown))).toBeLessThan(50);
    await until(() => (t.mailer.sent.slice(before).filter((m) => m.template === 'password_reset').length >= 4 ? true : undefined), 'four e-mails');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const sent = t.mailer.sent.slice(before).filter((m) => m.template === 'password_reset');
    expect(sent.map((m) => m.to)).toEqual(Array(4).fill('seller@demo.test'));
    expect(sent[0]!.locale).toBe('fr-FR');
    expect(sent[0]!.subject).toBe('Réinitialisation de votre mot de passe');
  });

  it('throttles the requests for one e-mail (429 with Retry-After), known or not', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await t.api.post('/password/renew', { email: 'Throttled@Example.com' })).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    const refused = await t.api.post('/password/renew', { email: 'throttled@example.com' });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('GET and POST /password/new/{token}', () => {
  it('answers 404 PASSWORD_LINK_INVALID for an unknown token', async () => {
    for (const answer of [await t.api.get('/password/new/not-a-token'), await t.api.post('/password/new/not-a-token', { password: NEW_PASSWORD, repeat: NEW_PASSWORD })]) {
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe('PASSWORD_LINK_INVALID');
    }
  });

  it("shows the link's first name and purpose, refuses what the policy refuses, then sets the password once under a race and ends the user's sessions", async () => {
    const email = 'retailer@demo.test';
    const session = await t.login(email, 'root');
    expect((await session.get('/me')).status).toBe(200);
    const token = await resetToken(email);

    const details = await t.api.get(`/password/new/${token}`);
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({ firstname: (await userByEmail(email)).firstname, purpose: 'reset' });

    const weak = await t.api.post(`/password/new/${token}`, { password: 'abcdefgh', repeat: 'abcdefgh' }, { 'Accept-Language': 'en-GB' });
    expect(weak.status).toBe(422);
    expect(weak.body).toMatchObject({ code: 'PASSWORD_TOO_WEAK', details: { failed: ['uppercase', 'digit'] } });
    expect(weak.body.message).toContain('8 characters');
    const long = 'Aa1' + 'x'.repeat(1100);
    expect((await t.api.post(`/password/new/${token}`, { password: long, repeat: long })).body.code).toBe('PASSWORD_TOO_WEAK');
    const mismatch = await t.api.post(`/password/new/${token}`, { password: NEW_PASSWORD, repeat: `${NEW_PASSWORD}x` });
    expect([mismatch.status, mismatch.body.code]).toEqual([422, 'PASSWORD_REPEAT_MISMATCH']);
    const same = await t.api.post(`/password/new/${token}`, { password: DEMO_PASSWORD, repeat: DEMO_PASSWORD });
    expect([same.status, same.body.code]).toEqual([422, 'PASSWORD_SAME_AS_OLD']);

    // Two uses of one link at once: exactly one sets the password.
    const [first, second] = await Promise.all([
      t.api.post(`/password/new/${token}`, { password: NEW_PASSWORD, repeat: NEW_PASSWORD }),
      t.api.post(`/password/new/${token}`, { password: `${NEW_PASSWORD}b`, repeat: `${NEW_PASSWORD}b` }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 404]);
    const winner = first.status === 200 ? NEW_PASSWORD : `${NEW_PASSWORD}b`;
    const user = await userByEmail(email);
    const history = await t.platform.eventStore.readStream(ORGANIZATION_STREAMS.user.name(user._id));
    expect(history.filter((e) => e.type.startsWith('UserPasswordSet'))).toHaveLength(1);
    expect(history.find((e) => e.type.startsWith('UserPasswordSet'))!.data).toMatchObject({ reason: 'reset' });

    expect((await t.api.get(`/password/new/${token}`)).status).toBe(404);
    expect((await session.get('/me')).status).toBe(401);
    expect((await t.api.post('/login', { email, password: DEMO_PASSWORD })).status).toBe(401);
    const login = await t.api.post('/login', { email, password: winner });
    expect(login.status).toBe(200);
    const signedIn = (await t.platform.eventStore.readStream(ORGANIZATION_STREAMS.user.name(user._id))).filter((e) => e.type.startsWith('UserSignedIn'));
    expect(signedIn.at(-1)!.data).toEqual({ userId: user._id, method: 'password' });
  });

  it('expires with the clock: 410 PASSWORD_LINK_EXPIRED after its hour, and a newer link replaces the older', async () => {
    const email = 'warehouse@demo.test';
    const older = await resetToken(email);
    const token = await resetToken(email);
    expect((await t.api.get(`/password/new/${older}`)).status).toBe(404);
    expect((await t.api.get(`/password/new/${token}`)).status).toBe(200);
    clock.offsetMs = 61 * 60_000;
    try {
      const expired = await t.api.get(`/password/new/${token}`);
      expect([expired.status, expired.body.code]).toEqual([410, 'PASSWORD_LINK_EXPIRED']);
      const post = await t.api.post(`/password/new/${token}`, { password: NEW_PASSWORD, repeat: NEW_PASSWORD });
      expect([post.status, post.body.code]).toEqual([410, 'PASSWORD_LINK_EXPIRED']);
    } finally {
      clock.offsetMs = 0;
    }
  });
});

describe('a force-SSO user', () => {
  it('gets no reset e-mail (the same answer), cannot use a link sent before, and cannot log in with a password', async () => {
    const email = 'warehouse-manager@demo.test';
    const token = await resetToken(email);
    await setForceSso(email, true);
    const before = t.mailer.sent.length;
    const answer = await t.api.post('/password/renew', { email });
    expect([answer.status, answer.body]).toEqual([202, { accepted: true }]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.mailer.sent.slice(before).filter((m) => m.to === email)).toEqual([]);

    const refused = await t.api.post(`/password/new/${token}`, { password: NEW_PASSWORD, repeat: NEW_PASSWORD }, { 'Accept-Language': 'en-GB' });
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([403, 'AUTH_SSO_REQUIRED', 'SSO mandatory for the organization']);
    const login = await t.api.post('/login', { email, password: DEMO_PASSWORD }, { 'Accept-Language': 'de-DE' });
    expect([login.status, login.body.code, login.body.message]).toEqual([403, 'AUTH_SSO_REQUIRED', 'SSO für die Organisation verpflichtend']);
    // A wrong password answers as for anyone: nothing tells the e-mail is bound to SSO.
    const wrong = await t.api.post('/login', { email, password: 'Wrong2026' });
    expect([wrong.status, wrong.body.code]).toEqual([401, 'AUTH_INVALID_CREDENTIALS']);
  });
});

describe('sendInvitation', () => {
  it('e-mails a link to set the first password, which needs the terms accepted', async () => {
    const ports = passwordPortsOf(t.platform.container);
    const user = await userByEmail('nantes-seller@demo.test');
    const outcome = await sendInvitation(ports, user._id, 'nl-BE', { userId: null });
    expect(outcome).toMatchObject({ invited: true, delivered: true });
    const mail = t.mailer.sent.at(-1)!;
    expect([mail.to, mail.template, mail.locale, mail.subject]).toEqual([user.email, 'user_invitation', 'nl-BE', 'Uw account werd aangemaakt']);
    const token = /\/dashboard\/new\/password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const history = await t.platform.eventStore.readStream(ORGANIZATION_STREAMS.user.name(user._id));
    expect(history.at(-1)!.type).toMatch(/^UserInvited/);

    expect((await t.api.get(`/password/new/${token}`)).body).toMatchObject({ purpose: 'invitation' });
    const refused = await t.api.post(`/password/new/${token}`, { password: NEW_PASSWORD, repeat: NEW_PASSWORD });
    expect([refused.status, refused.body.code]).toEqual([422, 'PASSWORD_TERMS_NOT_ACCEPTED']);
    const set = await t.api.post(`/password/new/${token}`, { password: NEW_PASSWORD, repeat: NEW_PASSWORD, acceptTerms: true });
    expect([set.status, set.body]).toEqual([200, { email: user.email }]);
    expect((await t.api.post('/login', { email: user.email, password: NEW_PASSWORD })).status).toBe(200);
  });
});
