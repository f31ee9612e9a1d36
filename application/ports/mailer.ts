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
  /**
   * Sent once whatever the number of calls with this key (a process manager
   * sending again after a crash): a later call with it sends nothing and
   * answers as delivered.
   */
  deduplicationKey?: string;
}

/** Whether the message left: a failed delivery is reported, never thrown (the command's events are already stored). */
export interface MailDelivery {
  delivered: boolean;
  /** Why not, in a word the screens translate (`transport_failed`). */
  failure: string | null;
}

export interface Mailer {
  send(message: MailMessage): Promise<MailDelivery>;
  /** Erases every kept copy of the messages sent about this data subject (right to be forgotten). */
  forgetSubject(subjectId: string): Promise<number>;
}
