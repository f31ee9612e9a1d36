/**
 * The embedded outbox folder is shared by the API replicas of one data
 * folder (issue 25): each replica's transport writes its messages there.
 * Two messages written in the same millisecond by two replicas are both
 * kept (a replicas run in CI once lost a confirmation e-mail this way:
 * same time, same per-process sequence, same file name).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OutboxTransport, type RenderedMail } from '../../infrastructure/mail/mailers.js';

let directory: string;

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'tradein-outbox-'));
});

afterEach(() => {
  vi.useRealTimers();
  rmSync(directory, { recursive: true, force: true });
});

function mail(code: string, deduplicationKey?: string): RenderedMail {
  return { to: 'jeanne@example.test', subject: code, text: `Buyback ${code}`, template: 'buybackConfirmation', locale: 'fr-FR', subjectKey: null, deduplicationKey };
}

function codesInOutbox(): string[] {
  return readdirSync(directory)
    .map((name) => (JSON.parse(readFileSync(join(directory, name), 'utf8')) as RenderedMail).subject)
    .sort();
}

describe('Given two replicas whose outbox transports share one folder', () => {
  it('when each writes messages at the very same instant, then every message is kept in its own file', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T07:30:00.000Z'));
    const [first, second] = [new OutboxTransport(directory), new OutboxTransport(directory)] as const;
    const sent: string[] = [];
    for (let n = 0; n < 5; n++) {
      sent.push(`A${n}`, `B${n}`);
      await Promise.all([first.deliver(mail(`A${n}`)), second.deliver(mail(`B${n}`))]);
    }
    expect(codesInOutbox()).toEqual(sent.sort());
  });

  it('when both deliver a message with one deduplication key, then it is written once', async () => {
    const [first, second] = [new OutboxTransport(directory), new OutboxTransport(directory)] as const;
    await Promise.all([first.deliver(mail('K1', 'key-1')), second.deliver(mail('K1', 'key-1'))]);
    expect(codesInOutbox()).toEqual(['K1']);
  });
});
