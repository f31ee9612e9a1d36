/**
 * The browser tests' mail server: a real SMTP server (smtp-server) the
 * platform under test sends its e-mails to (SMTP_URL), writing each message
 * it receives, parsed (mailparser), as a JSON file in DATA_DIR/smtp-inbox,
 * where `mailbox.ts` reads them. Started by playwright.config.ts beside the
 * platform; no authentication, no TLS (it listens on 127.0.0.1 only).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const port = Number(process.env.E2E_SMTP_PORT ?? 3198);
const inbox = join(process.env.E2E_DATA_DIR ?? '.tmp/e2e-mail', 'smtp-inbox');
mkdirSync(inbox, { recursive: true });
let received = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  size: 1024 * 1024,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const headers = Object.fromEntries([...mail.headers].filter(([, v]) => typeof v === 'string').map(([k, v]) => [k, v]));
        const file = join(inbox, `${Date.now()}-${String(++received).padStart(6, '0')}.json`);
        writeFileSync(file, JSON.stringify({ to, from: mail.from?.text ?? null, subject: mail.subject ?? '', text: mail.text ?? '', headers }));
        callback();
      })
      .catch((error: Error) => callback(error));
  },
});
server.listen(port, '127.0.0.1', () => console.log(`smtp sink on ${port}, writing to ${inbox}`));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
