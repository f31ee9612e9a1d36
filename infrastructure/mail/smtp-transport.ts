import nodemailer, { type Transporter } from 'nodemailer';
import type { MailDeliveryClaims } from './delivery-claims.js';
import type { MailTransport, RenderedMail } from './mailers.js';

export interface SmtpTransportOptions {
  /** smtp://user:password@host:port or smtps://… (SMTP_URL). */
  url: string;
  /** The sender (MAIL_FROM). */
  from: string;
  /** Keys delivered that this process remembers, at most (a key sent once is not sent again), without `claims`. */
  rememberedKeys?: number;
  /** The keys' claims shared by every process on the same document store (the platform's): a key is sent once across them. */
  claims?: MailDeliveryClaims;
}

/**
 * Sends the rendered messages through an SMTP relay (nodemailer), used when
 * SMTP_URL is set. Plain text, UTF-8, in the recipient's language (the
 * message's Content-Language). A message with a deduplication key is sent
 * once per key: across processes through the shared claims (the platform's
 * case), else while this process remembers it; and it always carries a
 * Message-ID derived from its key, so a relay or mailbox that deduplicates by
 * Message-ID drops a copy sent again all the same. The relay keeps the
 * messages, not this transport: erasing a subject's copies erases nothing
 * here (the relay's retention applies).
 */
export class SmtpTransport implements MailTransport {
  private readonly transporter: Transporter;
  private readonly delivered = new Set<string>();
  private readonly remembered: number;
  private readonly domain: string;

  constructor(private readonly options: SmtpTransportOptions) {
    this.transporter = nodemailer.createTransport(options.url);
    this.remembered = options.rememberedKeys ?? 10_000;
    this.domain = /@([^>\s]+)>?\s*$/.exec(options.from)?.[1] ?? 'localhost';
  }

  async deliver(mail: RenderedMail): Promise<void> {
    const key = mail.deduplicationKey;
    const claims = this.options.claims;
    if (key && (claims ? !(await claims.claim(key)) : this.delivered.has(key))) return;
    try {
      await this.transporter.sendMail({
        from: this.options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        headers: { 'Content-Language': mail.locale, 'X-Template': mail.template },
        ...(key ? { messageId: `<${key}@${this.domain}>` } : {}),
      });
    } catch (error) {
      if (key && claims) await claims.failed(key).catch(() => undefined);
      throw error;
    }
    if (key && claims) await claims.sent(key);
    else if (key) {
      this.delivered.add(key);
      if (this.delivered.size > this.remembered) this.delivered.delete(this.delivered.values().next().value as string);
    }
  }

  async erase(): Promise<number> {
    return 0;
  }

  close(): void {
    this.transporter.close();
  }
}
