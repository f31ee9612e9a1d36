import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/** A message the test SMTP server received (tests/e2e/support/smtp-sink.ts). */
export interface ReceivedMail {
  to: string[];
  from: string | null;
  subject: string;
  text: string;
  headers: Record<string, string>;
}

function inbox(): string {
  return join(process.env.E2E_DATA_DIR as string, 'smtp-inbox');
}

function received(): ReceivedMail[] {
  const folder = inbox();
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .sort()
    .map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as ReceivedMail);
}

/**
 * The last e-mail the SMTP server received for `to` that `matches` accepts
 * (its template is in the `x-template` header), waiting for it to arrive.
 */
export async function mailTo(to: string, matches: (mail: ReceivedMail) => boolean = () => true): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(() => {
      found = received()
        .filter((mail) => mail.to.includes(to.toLowerCase()) && matches(mail))
        .at(-1);
      return found !== undefined;
    }, { message: `an e-mail to ${to}`, timeout: 20_000 })
    .toBe(true);
  return found as ReceivedMail;
}

/** The mail's template (the platform's `X-Template` header). */
export function templateIs(template: string): (mail: ReceivedMail) => boolean {
  return (mail) => mail.headers['x-template'] === template;
}

/** The first link of a mail's text. */
export function linkIn(mail: ReceivedMail): string {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No link in the e-mail "${mail.subject}"`);
  return link;
}
