import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '../../infrastructure/event-store/sqlite-event-store.js';
import { SqliteDocumentStore } from '../../infrastructure/document-store/sqlite-document-store.js';
import { MemoryMailer, TemplateMailer } from '../../infrastructure/mail/mailers.js';
import { HmacLinkSecrets } from '../../infrastructure/security/hmac-link-secrets.js';
import { ProcessManagerRunner, PROCESS_MANAGER_CHECKPOINTS, PROCESS_MANAGER_CONFLICTS } from '../../application/process-managers/process-manager-runner.js';
import { BuybackItemProcess } from '../../application/warehouse/buyback-item-process.js';
import { itemCreation } from '../../application/warehouse/item-creation.js';
import { toNewEvent } from '../../application/events/codec.js';
import type { EventMetadata, StoredEvent } from '../../application/ports/event-store.js';
import { BUYBACKS_COLLECTION } from '../../application/buybacks/read-models.js';
import { cancelled, checkedIn, registered, shipped, BUYBACK_ID } from '../../domain/buybacks/test-support.js';
import type { BuybackEvent } from '../../domain/buybacks/events.js';
import type { ItemEvent } from '../../domain/warehouse/items/events.js';
import { itemIdOf } from '../../domain/warehouse/buyback-item-sync.js';
import { nativeStockId } from '../../domain/warehouse/stocks/native-stocks.js';
import { ASSEMBLY } from '../support/assembly.js';

/**
 * The buyback-item process manager on its own, over real (in-memory) stores:
 * its follow-ups, a real conflict recorded once, a second delivery of every
 * event changing nothing, and the proposal e-mail sent once.
 */
const SILENT = { info: () => undefined, warn: () => undefined, error: () => undefined };
const ITEM_ID = itemIdOf(BUYBACK_ID);
const WAREHOUSE = 'warehouse-lyon';

let events: SqliteEventStore;
let documents: SqliteDocumentStore;
let transport: MemoryMailer;
let runner: ProcessManagerRunner;
let sync: BuybackItemProcess;

function metadata(): EventMetadata {
  return { accountId: 'account', organizationId: null, userId: 'someone', correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() };
}

async function onBuyback(...domainEvents: BuybackEvent[]) {
  const history = await events.readStream(`buyback-${BUYBACK_ID}`);
  await events.appendToStream(`buyback-${BUYBACK_ID}`, domainEvents.map((e) => toNewEvent(e, randomUUID(), metadata())), history.length === 0 ? 'no_stream' : history.length - 1);
}

async function onItem(...domainEvents: ItemEvent[]) {
  const history = await events.readStream(`item-${ITEM_ID}`);
  await events.appendToStream(`item-${ITEM_ID}`, domainEvents.map((e) => toNewEvent(e, randomUUID(), metadata())), history.length - 1);
}

/** Registration as the application writes it: the buyback and its item, in one append. */
async function register() {
  const event = registered({ warehouseId: WAREHOUSE });
  if (event.type !== 'BuybackRegistered') throw new Error('registration');
  await events.appendToStreams([
    { streamName: `buyback-${BUYBACK_ID}`, events: [toNewEvent(event, randomUUID(), metadata())], expectedRevision: 'no_stream' },
    itemCreation(event.data, metadata(), randomUUID),
  ]);
}

async function caughtUp() {
  expect(await runner.waitFor(await events.lastGlobalPosition(), 5_000)).not.toBeNull();
}

async function typesOf(stream: string): Promise<string[]> {
  return (await events.readStream(stream)).map((e: StoredEvent) => e.type.replace(/\.v\d+$/, ''));
}

beforeEach(async () => {
  events = new SqliteEventStore({ path: ':memory:', pollIntervalMs: 20 });
  documents = new SqliteDocumentStore({ path: ':memory:' });
  transport = new MemoryMailer();
  sync = new BuybackItemProcess({
    eventStore: events,
    documents,
    mailer: new TemplateMailer(ASSEMBLY.translator, transport, SILENT),
    linkSecrets: new HmacLinkSecrets(Buffer.alloc(32, 7)),
    publicBaseUrl: 'http://shop.example',
    clock: { now: () => new Date().toISOString() },
    ids: { uuid: randomUUID, digits: () => '0', secret: () => 'x' },
    logger: SILENT,
  });
  runner = new ProcessManagerRunner(events, documents, [sync], SILENT, { retryDelayMs: 5 });
  await runner.start();
});

afterEach(async () => {
  await runner.stop();
  await events.close();
  await documents.close();
});

describe('Given a buyback and its item kept in step', () => {
  it('when the buyback is shipped and checked in, then its item follows each step, once', async () => {
    await register();
    await onBuyback(shipped());
    await caughtUp();
    await onBuyback(checkedIn(WAREHOUSE));
    await caughtUp();
    expect(await typesOf(`item-${ITEM_ID}`)).toEqual(['ItemCreated', 'ItemShipped', 'ItemRegisteredInWarehouse']);
    const followUp = (await events.readStream(`item-${ITEM_ID}`)).at(-1)!;
    const cause = (await events.readStream(`buyback-${BUYBACK_ID}`)).at(-1)!;
    expect(followUp.metadata).toMatchObject({ causationId: cause.id, userId: 'someone', occurredAt: cause.metadata.occurredAt });
  });

  it('when every event is delivered again (a crash before the checkpoint), then nothing more is written and nothing is a conflict', async () => {
    await register();
    await onBuyback(shipped());
    await caughtUp();
    await onItem({
      type: 'ItemRegisteredInWarehouse',
      data: { itemId: ITEM_ID, warehouseId: WAREHOUSE, stock: { fromStockId: null, toStockId: nativeStockId(WAREHOUSE, 'to_approve'), receivedAt: new Date().toISOString() } },
    });
    await caughtUp();
    const head = await events.lastGlobalPosition();
    await runner.stop();
    await documents.collection(PROCESS_MANAGER_CHECKPOINTS).clear();
    runner = new ProcessManagerRunner(events, documents, [sync], SILENT, { retryDelayMs: 5 });
    await runner.start();
    await caughtUp();
    expect(await events.lastGlobalPosition()).toBe(head);
    expect(await documents.collection(PROCESS_MANAGER_CONFLICTS).count({})).toBe(0);
    expect(await typesOf(`buyback-${BUYBACK_ID}`)).toEqual(['BuybackRegistered', 'BuybackShipped', 'BuybackCheckedIn']);
  });

  it('when the item is completed and the buyback cancelled at once, then the conflict is recorded once, on the pair’s latest event, and shows in the status', async () => {
    await register();
    await onBuyback(shipped());
    await caughtUp();
    await onBuyback(checkedIn(WAREHOUSE));
    await caughtUp();
    await runner.stop();
    // Both sides change before the process manager sees either.
    await onItem({
      type: 'ItemCompletedByPrice',
      data: { itemId: ITEM_ID, check: null, validatedPrice: { amountInCents: 10_000, currency: 'EUR' }, stock: { fromStockId: nativeStockId(WAREHOUSE, 'to_approve'), toStockId: nativeStockId(WAREHOUSE, 'to_refurbish'), receivedAt: null } },
    });
    await onBuyback(cancelled());
    runner = new ProcessManagerRunner(events, documents, [sync], SILENT, { retryDelayMs: 5 });
    await runner.start();
    await caughtUp();
    const conflicts = await documents.collection(PROCESS_MANAGER_CONFLICTS).find({});
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({ sourceType: 'BuybackCancelled.v1', code: 'ITEM_TRANSITION_NOT_ALLOWED', itemStatus: 'item_completed', buybackState: 'bb_cancelled' });
    expect((await runner.status())[0]).toMatchObject({ name: 'buyback-item', lag: 0, conflicts: 1 });
  });

  it('when a proposal made at the check is delivered twice, then the buyback holds it once and its customer is e-mailed once, with a link that works', async () => {
    await register();
    await documents.collection(BUYBACKS_COLLECTION).upsert({
      _id: BUYBACK_ID,
      accountId: 'account',
      identificationNumber: '2000000000008',
      product: { productId: 'p', label: 'iPhone', brand: 'Apple', categoryId: 'c', ean: null },
      declaredPrice: { amountInCents: 10_000, currency: 'EUR' },
      customer: { firstName: 'Ada', lastName: 'L', email: 'ada@example.com' },
      customerSubjectId: 'subject',
      customerLocale: 'en-GB',
    });
    await onBuyback(shipped());
    await caughtUp();
    await onBuyback(checkedIn(WAREHOUSE));
    await caughtUp();
    await onItem({
      type: 'ItemNewPriceProposed',
      data: { itemId: ITEM_ID, check: null, previousPrice: { amountInCents: 10_000, currency: 'EUR' }, proposedPrice: { amountInCents: 8_000, currency: 'EUR' }, reason: 'Scratches', sharedComment: null },
    });
    await caughtUp();
    await runner.stop();
    await documents.collection(PROCESS_MANAGER_CHECKPOINTS).clear();
    runner = new ProcessManagerRunner(events, documents, [sync], SILENT, { retryDelayMs: 5 });
    await runner.start();
    await caughtUp();
    expect((await typesOf(`buyback-${BUYBACK_ID}`)).filter((t) => t === 'BuybackNewPriceProposed')).toHaveLength(1);
    const mails = transport.sent.filter((m) => m.template === 'priceProposal');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.locale).toBe('en-GB');
    const token = /token=([A-Za-z0-9_-]+)/.exec(mails[0]!.text)![1]!;
    const { hashSecret } = await import('../../application/buybacks/commands/propose-new-price.js');
    const proposed = (await events.readStream(`buyback-${BUYBACK_ID}`)).at(-1)!;
    expect((proposed.data as { decisionTokenHash: string }).decisionTokenHash).toBe(hashSecret(token));
  });
});
