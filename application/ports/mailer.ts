import type { Locale } from '../../domain/organizations/events.js';

/**
 * An e-mail, by template: its subject and text are the API texts
 * `mail.<template>.subject` and `mail.<template>.text` of the part that
 * sends it, in the recipient's language, filled with `params` (the mailer
 * formats money `{ amountInCents, currency }` and UTC ISO-8601 dates in that
 * language). The application never writes a message's wording itself.
 */
export interface MailMessage {
  to: string;
  /** Stable template name, for tests and audits. */
  template: string;
  locale: Locale;
  params: Record<string, unknown>;
  /** The customer (data subject) it concerns: forgetting them erases the copies kept of it. */
  subjectId?: string | null;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Erases every kept copy of the messages sent about this data subject (right to be forgotten). */
  forgetSubject(subjectId: string): Promise<number>;
}
