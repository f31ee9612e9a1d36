import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { MailDelivery, MailMessage, Mailer } from '../../application/ports/mailer.js';
import type { Locale } from '../../domain/organizations/events.js';
import type { Translator } from '../http/i18n.js';

/** A message as it leaves: its words written in the recipient's language. */
export interface RenderedMail {
  to: string;
  subject: string;
  text: string;
  template: string;
  locale: Locale;
  /** Keyed hash of the data subject, so their copies can be found and erased without naming them. */
  subjectKey: string | null;
  /** The message's deduplication key (hashed), when it has one: a transport delivers a key once. */
  deduplicationKey?: string;
}

/** Where rendered messages go: a folder (the embedded default), memory (tests), an SMTP relay (production). */
export interface MailTransport {
  /** Delivers the message; one whose deduplication key was delivered before is not delivered again. */
  deliver(mail: RenderedMail): Promise<void>;
  /** Erases every kept copy of the messages about this subject key; answers how many. */
  erase(subjectKey: string): Promise<number>;
}

/**
 * The Mailer port: renders a template in the recipient's language from the
 * API texts (`mail.<template>.subject|text`), formatting money and dates in
 * that language, and hands it to a transport. A failed delivery is logged and
 * does not fail the command that sent it: the command's events are already
 * stored, and answering an error would invite a retry that repeats it.
 */
export class TemplateMailer implements Mailer {
  constructor(
    private readonly translator: Translator,
    private readonly transport: MailTransport,
    private readonly logger: Pick<Logger, 'error'>,
  ) {}

  async send(message: MailMessage): Promise<MailDelivery> {
    const mail = this.render(message);
    try {
      await this.transport.deliver(mail);
      return { delivered: true, failure: null };
    } catch (error) {
      this.logger.error({ err: error, template: message.template }, 'e-mail not delivered');
      return { delivered: false, failure: 'transport_failed' };
    }
  }

  forgetSubject(subjectId: string): Promise<number> {
    return this.transport.erase(subjectKey(subjectId));
  }

  render(message: MailMessage): RenderedMail {
    const values = Object.fromEntries(Object.entries(message.params).map(([name, value]) => [name, this.format(value, message.locale)]));
    const template = `mail.${message.template}`;
    return {
      to: message.to,
      subject: this.translator.text(message.locale, `${template}.subject`, values),
      text: this.translator.text(message.locale, `${template}.text`, values),
      template: message.template,
      locale: message.locale,
      subjectKey: message.subjectId ? subjectKey(message.subjectId) : null,
      ...(message.deduplicationKey ? { deduplicationKey: createHash('sha256').update(`mail-key:${message.deduplicationKey}`).digest('hex').slice(0, 32) } : {}),
    };
  }

  /** Formatters are costly to make and cheap to reuse: one per locale (and currency). */
  private readonly formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

  private formatter<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
    let found = this.formatters.get(key) as F | undefined;
    if (!found) this.formatters.set(key, (found = make()));
    return found;
  }

  private format(value: unknown, locale: Locale): unknown {
    if (isMoney(value)) {
      return this.formatter(`money:${locale}:${value.currency}`, () => new Intl.NumberFormat(locale, { style: 'currency', currency: value.currency })).format(
        value.amountInCents / 100,
      );
    }
    if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(value)) {
      return this.formatter(`date:${locale}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Paris' })).format(new Date(value));
    }
    if (value !== null && typeof value === 'object' && typeof (value as { $text?: unknown }).$text === 'string') {
      return this.translator.text(locale, (value as { $text: string }).$text);
    }
    return value;
  }
}

function isMoney(value: unknown): value is { amountInCents: number; currency: string } {
  return value !== null && typeof value === 'object' && typeof (value as { amountInCents?: unknown }).amountInCents === 'number';
}

/** Subject ids are already keyed hashes; hashing again keeps the outbox's file names free of them. */
function subjectKey(subjectId: string): string {
  return createHash('sha256').update(`mail:${subjectId}`).digest('hex').slice(0, 32);
}

/**
 * The embedded default: each message is written as a JSON file in
 * `<DATA_DIR>/outbox` (owner-only), for a developer to open. Production
 * plugs an SMTP transport behind the same interface.
 */
export class OutboxTransport implements MailTransport {
  private sequence = 0;
  private readonly instance = randomBytes(6).toString('hex');
  constructor(private readonly directory: string) {
    mkdirSync(directory, { recursive: true, mode: 0o700 });
  }

  async deliver(mail: RenderedMail): Promise<void> {
    if (mail.deduplicationKey) {
      // One file per key: writing it exclusively fails when it exists, so a second delivery sends nothing.
      try {
        writeFileSync(join(this.directory, `keyed-${mail.deduplicationKey}-${mail.template}.json`), JSON.stringify(mail, null, 2), { mode: 0o600, flag: 'wx' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      return;
    }
    // Replicas share the folder: the instance's own random part keeps two messages written in the same millisecond apart, and 'wx' never overwrites one.
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${this.instance}-${String(++this.sequence).padStart(6, '0')}-${mail.template}.json`;
    writeFileSync(join(this.directory, name), JSON.stringify(mail, null, 2), { mode: 0o600, flag: 'wx' });
  }

  async erase(key: string): Promise<number> {
    let erased = 0;
    for (const name of readdirSync(this.directory)) {
      if (!name.endsWith('.json')) continue;
      const path = join(this.directory, name);
      try {
        if ((JSON.parse(readFileSync(path, 'utf8')) as RenderedMail).subjectKey === key) {
          unlinkSync(path);
          erased += 1;
        }
      } catch {
        // A file being written or not ours: left as is.
      }
    }
    return erased;
  }
}

/** Keeps messages in memory (tests). */
export class MemoryMailer implements MailTransport {
  readonly sent: RenderedMail[] = [];
  /** When set, every delivery fails with it (a mail server that is down). */
  failWith: Error | null = null;
  async deliver(mail: RenderedMail): Promise<void> {
    if (this.failWith) throw this.failWith;
    if (mail.deduplicationKey && this.sent.some((m) => m.deduplicationKey === mail.deduplicationKey)) return;
    this.sent.push(mail);
  }
  async erase(key: string): Promise<number> {
    const before = this.sent.length;
    this.sent.splice(0, this.sent.length, ...this.sent.filter((m) => m.subjectKey !== key));
    return before - this.sent.length;
  }
}
