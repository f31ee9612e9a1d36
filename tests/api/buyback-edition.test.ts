import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type ApiResponse, type TestPlatform } from '../support/test-platform.js';
import { expectOk, historyOf } from '../support/api-helpers.js';
import { lowerAnswers as lowerAnswersOf } from '../support/edition-helpers.js';
import { checkedInItem, IPHONE_15, itemOf, registeredItem, shippedItem, type WarehouseActors } from '../support/warehouse-journeys.js';
import { toDomainEvent } from '../../application/events/codec.js';
import { BUYBACK_STREAMS } from '../../application/buybacks/streams.js';
import type { BuybackEvent } from '../../domain/buybacks/events.js';

/**
 * A buyback's edition over HTTP: the preview recomputes the estimate and
 * writes nothing, the merge-patch writes only what changed (the customer
 * sealed in the event store, in clear in the detail), the item's purchase
 * price and the buyback's history follow; refused once the device is checked
 * in, on a stale revision, and raced against the check-in.
 */
let t: TestPlatform;
let actors: WarehouseActors;
let lyonSeller: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  const [seller, operator] = await Promise.all([t.login('seller@demo.test'), t.login('warehouse@demo.test', 'rps')]);
  actors = { seller, operator };
  lyonSeller = await t.login('lyon-seller@demo.test');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const lowerAnswers = (buybackId: string) => lowerAnswersOf(actors.seller, buybackId, IPHONE_15);

const revisionOf = async (id: string) => (await expectOk(actors.seller.get(`/buybacks/${id}`))).revision as number;
const edit = (id: string, body: Record<string, unknown>, revision?: number) =>
  actors.seller.request('PATCH', `/buybacks/${id}`, body, {
    'Content-Type': 'application/merge-patch+json',
    ...(revision === undefined ? {} : { 'If-Match': `W/"${revision}"` }),
  });

describe('Given a Paris buyback awaiting shipment', () => {
  it('when its customer’s name and its answers are corrected, then the preview shows the new estimate, writes nothing, and the edition writes only what changed', async () => {
    const { buyback, itemId } = await registeredItem(actors);
    const worn = await lowerAnswers(buyback.id);
    const revision = await revisionOf(buyback.id);

    const preview = await expectOk(actors.seller.post(`/buybacks/${buyback.id}/edition-preview`, { customer: { lastName: 'Martin', city: 'Paris' }, responses: worn }));
    expect(preview.customerFields).toEqual(['lastName']);
    expect(preview.answersChanged).toBe(true);
    expect(preview.before.declaredPrice.amountInCents).toBe(buyback.declaredPriceInCents);
    expect(preview.after.declaredPrice.amountInCents).toBeLessThan(buyback.declaredPriceInCents);
    expect(Number.isInteger(preview.after.price.amountInCents)).toBe(true);
    expect(await revisionOf(buyback.id)).toBe(revision);

    const saved = await edit(buyback.id, { reason: 'Nom mal orthographié, écran rayé', customer: { lastName: 'Martin', city: 'Paris' }, responses: worn }, revision);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const detail = await expectOk(actors.seller.get(`/buybacks/${buyback.id}`));
    expect(detail.customer.lastName).toBe('Martin');
    expect(detail.declaredPrice).toEqual(preview.after.declaredPrice);
    expect(detail.responses).toEqual(worn);

    const history = await historyOf(actors.seller, buyback.id);
    const entry = history.find((e) => e.type === 'BuybackEdited');
    expect(entry).toMatchObject({ reason: 'edition', comment: 'Nom mal orthographié, écran rayé', user: { id: expect.any(String) } });
    expect(entry?.changes.customerFields).toEqual({ from: null, to: ['lastName'] });
    expect(entry?.changes.declaredPrice).toEqual({ from: preview.before.declaredPrice, to: preview.after.declaredPrice });
    expect(JSON.stringify(entry)).not.toContain('Martin');

    const stored = await t.platform.eventStore.readStream(BUYBACK_STREAMS.buyback.name(buyback.id));
    const event = toDomainEvent<BuybackEvent>(stored.at(-1)!);
    expect(event.type).toBe('BuybackEdited');
    expect(JSON.stringify(stored.at(-1)!.data)).not.toContain('Martin');

    const item = await itemOf(actors.operator, itemId);
    expect(item.purchasePrice).toEqual(preview.after.declaredPrice);
  });

  it('when nothing changes, then nothing is written', async () => {
    const { buyback } = await registeredItem(actors);
    const revision = await revisionOf(buyback.id);
    const saved = await edit(buyback.id, { reason: 'Vérification', customer: { city: 'Paris' } }, revision);
    expect(saved.status).toBe(200);
    expect(await revisionOf(buyback.id)).toBe(revision);
  });

  it('when the reason is missing or an invalid postcode is sent, then it is refused with the field named', async () => {
    const { buyback } = await registeredItem(actors);
    expect((await edit(buyback.id, { customer: { lastName: 'Martin' } })).status).toBe(400);
    const bad = await edit(buyback.id, { reason: 'Adresse', customer: { zipCode: 'ABC' } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(bad.body.details)).toContain('customer.zipCode');
  });

  it('when it was changed since the revision sent, then it is refused with 412', async () => {
    const { buyback } = await registeredItem(actors);
    const revision = await revisionOf(buyback.id);
    await expectOk(edit(buyback.id, { reason: 'Prénom', customer: { firstName: 'Camilla' } }, revision));
    const stale = await edit(buyback.id, { reason: 'Nom', customer: { lastName: 'Martin' } }, revision);
    expect(stale.status).toBe(412);
    expect(stale.body.code).toBe('PRECONDITION_FAILED');
  });

  it('when another store’s seller tries, then it does not exist for them', async () => {
    const { buyback } = await registeredItem(actors);
    const answer = await lyonSeller.request('PATCH', `/buybacks/${buyback.id}`, { reason: 'x', customer: { lastName: 'Volé' } });
    expect(answer.status).toBe(404);
  });
});

describe('Given a buyback whose device was checked in at the warehouse', () => {
  it('when it is corrected, then it is refused with BUYBACK_NOT_EDITABLE in the caller’s language, and the preview too', async () => {
    const { buyback } = await checkedInItem(actors);
    const answer = await actors.seller.request('PATCH', `/buybacks/${buyback.id}`, { reason: 'Trop tard', customer: { lastName: 'Martin' } }, { 'Accept-Language': 'de-DE' });
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('BUYBACK_NOT_EDITABLE');
    expect(answer.headers.get('content-language')).toBe('de-DE');
    expect(answer.body.message).toMatch(/Ankauf/);
    expect((await actors.seller.post(`/buybacks/${buyback.id}/edition-preview`, { customer: { lastName: 'Martin' } })).body.code).toBe('BUYBACK_NOT_EDITABLE');
    expect((await expectOk(actors.seller.get(`/buybacks/${buyback.id}`))).allowedCommands).not.toContain('EditBuyback');
  });
});

describe('Given a shipped buyback, when its edition and its check-in are fired at once', () => {
  it('then the edition is never written after the check-in: either it came first, or it is refused', async () => {
    for (let race = 0; race < 6; race++) {
      const { buyback, itemId } = await shippedItem(actors);
      const worn = await lowerAnswers(buyback.id);
      const revision = await revisionOf(buyback.id);
      const [edition, checkIn] = (await Promise.all([
        edit(buyback.id, { reason: 'Écran rayé', responses: worn }, revision),
        actors.operator.post('/warehouse/check-ins', { code: buyback.identificationNumber }),
      ])) as [ApiResponse, ApiResponse];
      expect(checkIn.status, JSON.stringify(checkIn.body)).toBe(201);
      expect([200, 409, 412], JSON.stringify(edition.body)).toContain(edition.status);
      const types = (await t.platform.eventStore.readStream(BUYBACK_STREAMS.buyback.name(buyback.id))).map((e) => toDomainEvent<BuybackEvent>(e).type);
      const edited = types.indexOf('BuybackEdited');
      expect(types).toContain('BuybackCheckedIn');
      if (edition.status === 200) expect(edited).toBeLessThan(types.indexOf('BuybackCheckedIn'));
      else expect(edited).toBe(-1);
      // The item agrees: its purchase price is the buyback's declared price.
      const [detail, item] = await Promise.all([expectOk(actors.seller.get(`/buybacks/${buyback.id}`)), itemOf(actors.operator, itemId)]);
      expect(item.purchasePrice).toEqual(detail.declaredPrice);
    }
  }, 120_000);
});
