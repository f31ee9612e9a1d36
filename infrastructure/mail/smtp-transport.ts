import nodemailer, { type Transporter } from 'nodemailer';
import type { MailTransport, RenderedMail } from './mailers.js';

export interface SmtpTransportOptions {
  /** smtp://user:password@host:port or smtps://… (SMTP_URL). */
  url: string;
  /** The sender (MAIL_FROM). */
  from: string;
  /** Keys delivered that this process remembers, at most (a key sent once is not sent again). */
  rememberedKeys?: number;
}

/**
 * Sends the rendered messages through an SMTP relay (nodemailer), used when
 * SMTP_URL is set. Plain text, UTF-8, in the recipient's language (the
 * message's Content-Language). A message with a deduplication key is sent
 * once per key while this process remembers it, and always carries a
 * Message-ID derived from its key, so a relay or mailbox that deduplicates by
 * Message-ID drops a copy sent again after a restart. The relay keeps the
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
    if (key && this.delivered.has(key)) return;
    await this.transporter.sendMail({
      from: this.options.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      headers: { 'Content-Language': mail.locale, 'X-Template': mail.template },
      ...(key ? { messageId: `<${key}@${this.domain}>` } : {}),
    });
    if (key) {
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
