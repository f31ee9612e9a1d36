/**
 * E-mails through a real SMTP server (smtp-server, in process): with
 * SMTP_URL set, the platform's mailer sends the lost-password e-mail over
 * SMTP, in the user's language, and the link it carries opens.
 */
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { loadConfig } from '../../infrastructure/config.js';
import { createPlatform, type Platform } from '../../infrastructure/container.js';
import { createLogger } from '../../infrastructure/logger.js';
import { ApiClient } from '../support/test-platform.js';
import { ORGANIZATION_COLLECTIONS, type UserDocument } from '../../application/organizations/read-models.js';
import { appendUserFact } from '../../application/organizations/passwords/password-ports.js';
import { SystemClock, CryptoIdGenerator } from '../../infrastructure/system/clock.js';

interface Received {
  from: string;
  to: string[];
  mail: ParsedMail;
}

const received: Received[] = [];
let smtp: SMTPServer;
let platform: Platform;
let server: Server;
let api: ApiClient;
let dataDir: string;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), mail });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  dataDir = mkdtempSync(join(tmpdir(), 'tradein-smtp-'));
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, SQLITE_SYNCHRONOUS: 'NORMAL', LOG_LEVEL: 'silent', SEED_DEMO_ACTIVITY: 'false', SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: 'Trade-in <no-reply@tradein.test>' }),
  };
  platform = await createPlatform(config, { logger: createLogger('silent') });
  server = await new Promise((resolve) => {
    const s = platform.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  api = new ApiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await platform?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function arrival(to: string, after: number): Promise<Received> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = received.slice(after).find((r) => r.to.includes(to));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('the SMTP transport (SMTP_URL)', () => {
  it("delivers the reset e-mail to a real SMTP server, in the user's language, with a link that opens", async () => {
    const email = 'seller@demo.test';
    const before = received.length;
    expect((await api.post('/password/renew', { email })).status).toBe(202);
    const { from, mail } = await arrival(email, before);
    expect(from).toBe('no-reply@tradein.test');
    expect(mail.subject).toBe('Réinitialisation de votre mot de passe');
    expect(mail.headers.get('content-language')).toBe('fr-FR');
    expect(mail.text).toContain('Bonjour');
    const token = /\/dashboard\/renew\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
    expect(token).toBeTruthy();
    expect((await api.get(`/password/new/${token}`)).body).toMatchObject({ purpose: 'reset' });
  });

  it('writes in the language of the user the e-mail goes to (German here)', async () => {
    const [user] = await platform.documents.collection<UserDocument>(ORGANIZATION_COLLECTIONS.users).find({ email: 'warehouse@demo.test' }, { limit: 1 });
    const position = await appendUserFact(
      { eventStore: platform.eventStore, clock: new SystemClock(), ids: new CryptoIdGenerator() },
      user!,
      { type: 'UserChanged', data: { userId: user!._id, accountId: user!.accountId, changes: { locale: 'de-DE' }, reason: null } },
      { userId: null },
    );
    expect(await platform.runner.waitFor(position, 5_000)).toBe(true);
    const before = received.length;
    expect((await api.post('/password/renew', { email: user!.email })).status).toBe(202);
    const { mail } = await arrival(user!.email, before);
    expect(mail.subject).toBe('Passwort zurücksetzen');
    expect(mail.text).toMatch(/^Hallo /);
    expect(mail.headers.get('content-language')).toBe('de-DE');
  });
});
