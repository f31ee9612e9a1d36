/**
 * A keyed e-mail is sent once across processes (issue 25): two SMTP
 * transports, each with its own store opened on one SQLite file (as two
 * processor processes on one data folder), send to one real SMTP server
 * (smtp-server, in process).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { SqliteDocumentStore } from '../../infrastructure/document-store/sqlite-document-store.js';
import { MAIL_DELIVERIES_COLLECTION, MailDeliveryClaims, type MailDeliveryDocument } from '../../infrastructure/mail/delivery-claims.js';
import { SmtpTransport } from '../../infrastructure/mail/smtp-transport.js';
import type { RenderedMail } from '../../infrastructure/mail/mailers.js';

const received: string[] = [];
let refuseNext = 0;
let smtp: SMTPServer;
let url: string;
let dataDir: string;
const stores: SqliteDocumentStore[] = [];
const transports: SmtpTransport[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refuseNext > 0) {
          refuseNext--;
          callback(Object.assign(new Error('Mailbox busy, try again'), { responseCode: 451 }));
          return;
        }
        received.push(/^Message-ID: (.*)$/im.exec(Buffer.concat(chunks).toString('utf8'))?.[1]?.trim() ?? '');
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  url = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'tradein-smtp-claims-'));
});

afterEach(async () => {
  for (const transport of transports.splice(0)) transport.close();
  for (const store of stores.splice(0)) await store.close();
  received.length = 0;
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});

/** A "process": its own store on the shared file, its own transport. */
function processOn(file: string, now?: () => number): { transport: SmtpTransport; deliveries: SqliteDocumentStore } {
  const store = new SqliteDocumentStore({ path: join(dataDir, file), synchronous: 'NORMAL' });
  stores.push(store);
  const transport = new SmtpTransport({ url, from: 'Trade-in <no-reply@tradein.test>', claims: new MailDeliveryClaims(store.collection<MailDeliveryDocument>(MAIL_DELIVERIES_COLLECTION), now) });
  transports.push(transport);
  return { transport, deliveries: store };
}

const mail = (key?: string): RenderedMail => ({
  to: 'client@example.test',
  subject: 'Votre reprise',
  text: 'Bonjour',
  template: 'buyback-registered',
  locale: 'fr-FR',
  subjectKey: null,
  ...(key ? { deduplicationKey: key } : {}),
});

describe('Given two processes sending through one SMTP relay, their claims on one shared store', () => {
  it('When both deliver the same keyed message ten times at once, then the relay receives it once', async () => {
    const [a, b] = [processOn('one.db'), processOn('one.db')];
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).transport.deliver(mail('k-race'))));
    expect(received).toEqual(['<k-race@tradein.test>']);
    // Mutation check: without the shared claims (each process's memory only), each process sent it once here.
  });

  it('When messages carry no key, then each is sent', async () => {
    const { transport } = processOn('two.db');
    await transport.deliver(mail());
    await transport.deliver(mail());
    expect(received).toHaveLength(2);
  });

  it('When the process that claimed a key died before sending, then after the claim expires another process sends it', async () => {
    let now = Date.parse('2026-11-27T10:00:00Z');
    const dead = processOn('three.db', () => now);
    await dead.deliveries.collection<MailDeliveryDocument>(MAIL_DELIVERIES_COLLECTION).insert({ _id: 'k-orphan', state: 'sending', at: now + 60_000 });
    const other = processOn('three.db', () => now);
    await other.transport.deliver(mail('k-orphan'));
    expect(received).toEqual([]);
    now += 61_000;
    await other.transport.deliver(mail('k-orphan'));
    await other.transport.deliver(mail('k-orphan'));
    expect(received).toEqual(['<k-orphan@tradein.test>']);
  });

  it('When the relay refuses a message, then the delivery fails and the next delivery of its key sends it', async () => {
    const { transport } = processOn('four.db');
    refuseNext = 1;
    await expect(transport.deliver(mail('k-refused'))).rejects.toThrow();
    expect(received).toEqual([]);
    await transport.deliver(mail('k-refused'));
    expect(received).toEqual(['<k-refused@tradein.test>']);
  });
});
