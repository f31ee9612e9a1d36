import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MailMessage, Mailer } from '../../application/ports/mailer.js';

/**
 * The embedded default: each message is written as a JSON file in
 * `<DATA_DIR>/outbox`, for a developer to open. Production plugs an SMTP
 * mailer behind the same port.
 */
export class OutboxMailer implements Mailer {
  private sequence = 0;
  constructor(private readonly directory: string) {
    mkdirSync(directory, { recursive: true });
  }
  async send(message: MailMessage): Promise<void> {
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${++this.sequence}-${message.template}.json`;
    writeFileSync(join(this.directory, name), JSON.stringify(message, null, 2), { mode: 0o600 });
  }
}

/** Keeps messages in memory (tests). */
export class MemoryMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }
}
