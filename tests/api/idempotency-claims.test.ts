import { afterEach, describe, expect, it } from 'vitest';
import { SqliteDocumentStore } from '../../infrastructure/document-store/sqlite-document-store.js';
import { IdempotencyKeys } from '../../infrastructure/http/idempotency.js';

/**
 * An Idempotency-Key is claimed by inserting its "in progress" record, so two
 * requests with one key never both run, whether they reach one server process
 * or two (two IdempotencyKeys over one store stand for two processes).
 */
const clock = { now: () => '2026-11-21T10:00:00.000Z' };
/** Two minutes later: an "in progress" claim of `clock` is stale by then (its request died). */
const later = { now: () => '2026-11-21T10:02:00.000Z' };
const opened: SqliteDocumentStore[] = [];
const store = () => {
  const documents = new SqliteDocumentStore({ path: ':memory:' });
  opened.push(documents);
  return documents;
};
afterEach(async () => {
  for (const documents of opened.splice(0)) await documents.close();
});

describe('Idempotency-Key claims', () => {
  it('Given two processes, When both begin the same key and request at once, Then one goes on and the other is told it is in progress', async () => {
    const documents = store();
    const first = new IdempotencyKeys(documents, clock);
    const second = new IdempotencyKeys(documents, clock);
    const outcomes = await Promise.allSettled([first.begin('account:user', 'key-1', 'hash'), second.begin('account:user', 'key-1', 'hash')]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled' && outcome.value === null)).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult | undefined;
    expect(refused?.reason).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_PROGRESS' });
  });

  it('Given an answered request, When another process receives the retry, Then it replays the stored answer', async () => {
    const documents = store();
    const first = new IdempotencyKeys(documents, clock);
    expect(await first.begin('account:user', 'key-1', 'hash')).toBeNull();
    await first.finish('account:user', 'key-1', 'hash', { status: 201, body: { id: 'b-1' }, headers: { ETag: 'W/"0"' } });
    const second = new IdempotencyKeys(documents, clock);
    expect(await second.begin('account:user', 'key-1', 'hash')).toEqual({ status: 201, body: { id: 'b-1' }, headers: { ETag: 'W/"0"' } });
    await expect(second.begin('account:user', 'key-1', 'another-hash')).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('Given a request that failed with a server error, When it is retried, Then the key can be claimed again', async () => {
    const documents = store();
    const keys = new IdempotencyKeys(documents, clock);
    expect(await keys.begin('account:user', 'key-1', 'hash')).toBeNull();
    await keys.finish('account:user', 'key-1', 'hash', { status: 500, body: null, headers: {} });
    expect(await new IdempotencyKeys(documents, clock).begin('account:user', 'key-1', 'hash')).toBeNull();
  });

  it('Given a claim left by a request that died, When two processes take it over at once, Then one goes on and the other is told it is in progress', async () => {
    const documents = store();
    expect(await new IdempotencyKeys(documents, clock).begin('account:user', 'key-1', 'hash')).toBeNull();
    const first = new IdempotencyKeys(documents, later);
    const second = new IdempotencyKeys(documents, later);

    const outcomes = await Promise.allSettled([first.begin('account:user', 'key-1', 'hash'), second.begin('account:user', 'key-1', 'hash')]);

    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled' && outcome.value === null)).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult | undefined;
    expect(refused?.reason).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_PROGRESS' });
  });

  it('Given a claim that is not stale yet, When another process begins the key, Then it is told it is in progress and the claim stays', async () => {
    const documents = store();
    expect(await new IdempotencyKeys(documents, clock).begin('account:user', 'key-1', 'hash')).toBeNull();
    await expect(new IdempotencyKeys(documents, clock).begin('account:user', 'key-1', 'hash')).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_PROGRESS' });
  });
});
