export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Stable template name, for tests and audits (the body may hold personal data). */
  template: string;
}
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
