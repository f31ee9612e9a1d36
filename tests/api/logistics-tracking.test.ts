import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { createStoreBuyback, createWebBuyback, expectOk } from '../support/api-helpers.js';
import { startFakeCarrier, type FakeCarrier } from '../support/fake-carrier.js';
import { carrierReport, closedPackage, eventually, labelReadiness, LYON, ORLEANS, openPackage, packageWithLabel, PARIS, scan, sendCarrierReport, webhookSecretOf } from '../support/logistics-helpers.js';
import { signatureHeader } from '../../infrastructure/security/webhook-signature.js';

const labelReadinessOf = (client: ApiClient, buybackId: string) => labelReadiness(client, `/buybacks/${buybackId}/shipping-label`);

/**
 * The carriers' reports through the signed webhook (POST /api/transport/events):
 * a signed report moves the package and its buybacks' delivery status (and
 * the warehouse sees what arrives); an unsigned, wrongly signed, stale or
 * replayed one changes nothing. The transports list, and a failed label
 * asked again.
 */

let t: TestPlatform;
let seller: ApiClient;
let manager: ApiClient;
let operator: ApiClient;
let otherOperator: ApiClient;
let visitor: ApiClient;
let retailer: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  [seller, manager, operator, otherOperator, retailer] = await Promise.all([
    t.login('seller@demo.test'),
    t.login('manager@demo.test'),
    t.login('warehouse@demo.test', 'rps'),
    t.login('warehouse@other.test', 'rps'),
    t.login('retailer@demo.test', 'root'),
  ]);
  visitor = await t.anonymous();
});
afterAll(async () => {
  await t?.close();
});

/** What a report may change: the package's and its buybacks' delivery statuses, the package's status. */
async function deliveryOf(packageId: string, buybackIds: string[]) {
  const pkg = await expectOk(seller.get(`/packages/${packageId}`));
  const buybacks = await Promise.all(buybackIds.map(async (id) => (await expectOk(seller.get(`/buybacks/${id}`))).deliveryStatus as string | null));
  return { packageStatus: pkg.status as string, packageDelivery: pkg.deliveryStatus as string | null, buybacks };
}

/** Waits until the package's and its buybacks' delivery statuses are `status` (the process manager carries the report). */
async function deliveredAs(packageId: string, buybackIds: string[], status: string) {
  return eventually(
    () => deliveryOf(packageId, buybackIds),
    (d) => d.packageDelivery === status && d.buybacks.every((s) => s === status),
    { timeoutMs: 5_000 },
  );
}

async function listedIds(client: ApiClient, path: string): Promise<string[]> {
  const list = await expectOk(client.get(path));
  return list.items.map((row: { id?: string; buybackId?: string }) => row.id ?? row.buybackId);
}

describe('Given a closed package whose label the carrier made', () => {
  it('when the carrier reports DELIVERY_INIT, IN_PROGRESS then DELIVERED_OK, signed, then the package and its buybacks follow, the buyback list filters by delivery status, and the warehouse sees the arrival', async () => {
    const { pkg, buybacks } = await closedPackage(seller, 2, { customer: { firstName: 'Énora', lastName: 'Kerjean', email: 'enora.kerjean@example.com' } });
    const ids = buybacks.map((b) => b.id);
    const { label } = await packageWithLabel(seller, pkg.id);
    expect(await deliveryOf(pkg.id, ids)).toEqual({ packageStatus: 'label_ready', packageDelivery: null, buybacks: [null, null] });

    const init = await sendCarrierReport(t, carrierReport(label.trackingNumber, 'DELIVERY_INIT'));
    expect(init.status, JSON.stringify(init.body)).toBe(200);
    expect(init.body).toEqual({ applied: true });
    // Read-your-writes: the answer waits for the read models and the process manager.
    expect(await deliveryOf(pkg.id, ids)).toEqual({ packageStatus: 'handed_to_carrier', packageDelivery: 'DELIVERY_INIT', buybacks: ['DELIVERY_INIT', 'DELIVERY_INIT'] });

    await expectOk(sendCarrierReport(t, carrierReport(label.trackingNumber, 'IN_PROGRESS')));
    expect(await deliveredAs(pkg.id, ids, 'IN_PROGRESS')).toMatchObject({ packageStatus: 'handed_to_carrier' });
    const inProgress = await listedIds(seller, '/buybacks?itemsPerPage=100&deliveryStatus[]=IN_PROGRESS');
    expect(inProgress.sort()).toEqual([...ids].sort());
    expect(await listedIds(seller, '/buybacks?itemsPerPage=100&deliveryStatus[]=DELIVERED_OK')).toEqual([]);

    const delivered = await sendCarrierReport(t, carrierReport(label.trackingNumber, 'DELIVERED_OK'));
    expect(delivered.body).toEqual({ applied: true });
    expect(await deliveredAs(pkg.id, ids, 'DELIVERED_OK')).toMatchObject({ packageStatus: 'delivered' });
    expect((await listedIds(seller, '/buybacks?itemsPerPage=100&deliveryStatus[]=DELIVERED_OK')).sort()).toEqual([...ids].sort());
    expect((await listedIds(seller, '/buybacks?itemsPerPage=100&deliveryStatus[]=IN_PROGRESS&deliveryStatus[]=DELIVERED_OK')).sort()).toEqual([...ids].sort());
    expect(await listedIds(seller, '/buybacks?itemsPerPage=100&deliveryStatus[]=IN_PROGRESS')).toEqual([]);

    // The buyback's history tells the carrier's reports.
    const history = (await expectOk(seller.get(`/buybacks/${ids[0]}/history`))).items as Array<{ type: string }>;
    expect(history.filter((h) => h.type === 'BuybackDeliveryStatusChanged')).toHaveLength(3);

    // The warehouse sees what has arrived at its door, to check it in: its transports delivered, the buybacks delivered to it.
    const arrivals = await expectOk(operator.get(`/transports?deliveryStatus[]=DELIVERED_OK&warehouseId=${ORLEANS}&itemsPerPage=100`));
    expect(arrivals.items.map((row: { packageId: string }) => row.packageId)).toContain(pkg.id);
    const arrival = arrivals.items.find((row: { packageId: string }) => row.packageId === pkg.id);
    expect(arrival).toMatchObject({ kind: 'package', identificationNumbers: buybacks.map((b) => b.identificationNumber), deliveryStatus: 'DELIVERED_OK', trackingNumber: label.trackingNumber });
    expect((await listedIds(operator, '/buybacks?itemsPerPage=100&deliveryStatus[]=DELIVERED_OK')).sort()).toEqual([...ids].sort());
    expect(await expectOk(operator.get(`/packages/${pkg.id}`))).toMatchObject({ status: 'delivered', deliveryStatus: 'DELIVERED_OK' });
    for (const buyback of buybacks) {
      const item = await expectOk(operator.get(`/items/by-code/${buyback.identificationNumber}`));
      expect(item.item.status).toBe('item_in_transit');
    }
  });

  it('when a report is unsigned, wrongly signed, signed with another secret, stale, or malformed, then it is refused with 401 and nothing changes', async () => {
    const { pkg, buybacks } = await closedPackage(seller, 1);
    const ids = buybacks.map((b) => b.id);
    const { label } = await packageWithLabel(seller, pkg.id);
    const before = await deliveryOf(pkg.id, ids);
    const now = Math.floor(Date.now() / 1000);
    const report = carrierReport(label.trackingNumber, 'DELIVERED_OK');
    const raw = JSON.stringify(report);

    const attempts: Array<[string, Awaited<ReturnType<typeof sendCarrierReport>>, string]> = [
      ['unsigned', await sendCarrierReport(t, report, { signature: 'none' }), 'missing'],
      ['another secret', await sendCarrierReport(t, report, { secret: 'not-the-carrier-secret' }), 'mismatch'],
      ['a signature of another body', await sendCarrierReport(t, raw, { signature: signatureHeader(webhookSecretOf(t), raw.replace('DELIVERED_OK', 'IN_PROGRESS'), now) }), 'mismatch'],
      ['ten minutes old', await sendCarrierReport(t, report, { nowSeconds: now - 600 }), 'expired'],
      ['ten minutes ahead', await sendCarrierReport(t, report, { nowSeconds: now + 600 }), 'expired'],
      ['malformed header', await sendCarrierReport(t, report, { signature: 'sha256=deadbeef' }), 'malformed'],
    ];
    for (const [what, answer, reason] of attempts) {
      expect({ what, status: answer.status, code: answer.body?.code, reason: answer.body?.details?.reason }).toEqual({ what, status: 401, code: 'CARRIER_SIGNATURE_INVALID', reason });
    }
    expect(await deliveryOf(pkg.id, ids)).toEqual(before);
    const transport = await expectOk(manager.get(`/transports?trackingNumber=${label.trackingNumber}`));
    expect(transport.items[0]).toMatchObject({ deliveryStatus: null, deliveryAt: null });

    // The same report, properly signed, is applied: what was refused was the signature only.
    expect((await expectOk(sendCarrierReport(t, report))).applied).toBe(true);
    expect(await deliveredAs(pkg.id, ids, 'DELIVERED_OK')).toMatchObject({ packageStatus: 'delivered' });
  });

  it('when a report is sent again (same eventId) or an older one arrives late, then it is answered 200 without changing anything', async () => {
    const { pkg, buybacks } = await closedPackage(seller, 1);
    const ids = buybacks.map((b) => b.id);
    const { label } = await packageWithLabel(seller, pkg.id);
    const inProgress = carrierReport(label.trackingNumber, 'IN_PROGRESS', { occurredAt: '2026-03-02T10:00:00.000Z' });
    expect((await expectOk(sendCarrierReport(t, inProgress))).applied).toBe(true);
    await deliveredAs(pkg.id, ids, 'IN_PROGRESS');
    const historyBefore = (await expectOk(seller.get(`/buybacks/${ids[0]}/history`))).items.length;

    // The same event again, even re-signed a moment later: nothing more.
    const replayed = await sendCarrierReport(t, inProgress, { nowSeconds: Math.floor(Date.now() / 1000) + 2 });
    expect(replayed.status).toBe(200);
    expect(replayed.body).toEqual({ applied: false, reason: 'duplicate_or_stale' });
    // Its id again with another status (a carrier's bug): still the first one's.
    const sameId = await sendCarrierReport(t, { ...inProgress, type: 'DELIVERY_FAILED' });
    expect(sameId.body).toEqual({ applied: false, reason: 'duplicate_or_stale' });
    // An older report, arrived late (its time written with an offset: 10:30 in Paris is 08:30 UTC, before 10:00 UTC).
    const late = await sendCarrierReport(t, carrierReport(label.trackingNumber, 'DELIVERY_INIT', { occurredAt: '2026-03-02T10:30:00+02:00' }));
    expect(late.body).toEqual({ applied: false, reason: 'duplicate_or_stale' });
    const lateUtc = await sendCarrierReport(t, carrierReport(label.trackingNumber, 'DELIVERY_INIT', { occurredAt: '2026-03-02T09:00:00.000Z' }));
    expect(lateUtc.body).toEqual({ applied: false, reason: 'duplicate_or_stale' });

    expect(await deliveryOf(pkg.id, ids)).toEqual({ packageStatus: 'handed_to_carrier', packageDelivery: 'IN_PROGRESS', buybacks: ['IN_PROGRESS'] });
    expect((await expectOk(seller.get(`/buybacks/${ids[0]}/history`))).items).toHaveLength(historyBefore);
    // The transport's history keeps the two late reports as set aside; the replays added nothing.
    const [row] = (await expectOk(manager.get(`/transports?trackingNumber=${label.trackingNumber}`))).items;
    const reports = (await expectOk(manager.get(`/transports/${row.id}`))).deliveryReports as Array<{ status: string; applied: boolean; reason: string | null }>;
    expect(reports.map(({ status, applied, reason }) => ({ status, applied, reason }))).toEqual([
      { status: 'IN_PROGRESS', applied: true, reason: null },
      { status: 'DELIVERY_INIT', applied: false, reason: 'older_than_latest' },
      { status: 'DELIVERY_INIT', applied: false, reason: 'older_than_latest' },
    ]);

    // A later report, with an offset too (12:30 in Paris is 10:30 UTC): applied.
    const later = await sendCarrierReport(t, carrierReport(label.trackingNumber, 'DELIVERED_OK', { occurredAt: '2026-03-02T12:30:00+02:00' }));
    expect(later.body).toEqual({ applied: true });
    expect(await deliveredAs(pkg.id, ids, 'DELIVERED_OK')).toMatchObject({ packageStatus: 'delivered' });
  });

  it('when a report names an unknown tracking number or an unknown status, then it is answered 200, not applied, and nothing changes', async () => {
    const { pkg, buybacks } = await closedPackage(seller, 1);
    const { label } = await packageWithLabel(seller, pkg.id);
    const before = await deliveryOf(pkg.id, [buybacks[0]!.id]);

    const unknown = await sendCarrierReport(t, carrierReport('TP199999999999990', 'DELIVERED_OK'));
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ applied: false, reason: 'unknown_tracking_number' });
    const strange = await sendCarrierReport(t, carrierReport(label.trackingNumber, 'TELEPORTED'));
    expect(strange.body).toEqual({ applied: false, reason: 'unknown_status' });
    // A body that breaks the contract (no tracking number), signed: refused as bad input.
    const broken = await sendCarrierReport(t, JSON.stringify({ eventId: 'evt_1', type: 'DELIVERED_OK', occurredAt: new Date().toISOString() }));
    expect(broken.status).toBe(400);

    expect(await deliveryOf(pkg.id, [buybacks[0]!.id])).toEqual(before);
  });
});

describe('Given parcels on their way', () => {
  it('when the carrier reports a failure, then the package is in carrier failure, and a later delivery still lands', async () => {
    const { pkg, buybacks } = await closedPackage(seller, 1);
    const ids = buybacks.map((b) => b.id);
    const { label } = await packageWithLabel(seller, pkg.id);
    await expectOk(sendCarrierReport(t, carrierReport(label.trackingNumber, 'DELIVERY_INIT', { occurredAt: '2026-04-01T08:00:00.000Z' })));
    await expectOk(sendCarrierReport(t, carrierReport(label.trackingNumber, 'DELIVERY_FAILED', { occurredAt: '2026-04-01T15:00:00.000Z' })));
    expect(await deliveredAs(pkg.id, ids, 'DELIVERY_FAILED')).toMatchObject({ packageStatus: 'carrier_failure' });
    await expectOk(sendCarrierReport(t, carrierReport(label.trackingNumber, 'DELIVERED_OK', { occurredAt: '2026-04-02T10:00:00.000Z' })));
    expect(await deliveredAs(pkg.id, ids, 'DELIVERED_OK')).toMatchObject({ packageStatus: 'delivered' });
  });

  it('when a web customer’s parcel is reported delivered, then their buyback says so and the warehouse sees the arrival among its transports', async () => {
    const posted = await createWebBuyback(visitor, operator, { circuitType: 'web_post', customer: { zipCode: '45000', city: 'Orléans' } });
    const tracked = await eventually(async () => expectOk(operator.get(`/buybacks/${posted.id}`)), (b) => Boolean(b.tracking?.number), { timeoutMs: 10_000 });
    expect(tracked.deliveryStatus).toBeNull();
    const delivered = await sendCarrierReport(t, carrierReport(tracked.tracking.number, 'DELIVERED_OK'));
    expect(delivered.body).toEqual({ applied: true });
    expect((await expectOk(operator.get(`/buybacks/${posted.id}`))).deliveryStatus).toBe('DELIVERED_OK');
    const arrivals = await expectOk(operator.get(`/transports?kind[]=customer&deliveryStatus[]=DELIVERED_OK&identificationNumber=${posted.identificationNumber}`));
    expect(arrivals.items).toEqual([expect.objectContaining({ kind: 'customer', reference: posted.identificationNumber, warehouseId: ORLEANS, buybackIds: [posted.id], packageId: null })]);
  });

  // Carriers' times are often to the second: a report of the same time but another status is applied everywhere, as the transport does.
  it('when two reports carry the same time, then the package and its buybacks take the second as the transport did', async () => {
    const { pkg, buybacks } = await closedPackage(seller, 1);
    const ids = buybacks.map((b) => b.id);
    const { label } = await packageWithLabel(seller, pkg.id);
    const at = '2026-05-04T09:15:00Z';
    await expectOk(sendCarrierReport(t, carrierReport(label.trackingNumber, 'IN_PROGRESS', { occurredAt: at })));
    expect((await expectOk(sendCarrierReport(t, carrierReport(label.trackingNumber, 'DELIVERED_OK', { occurredAt: at })))).applied).toBe(true);
    const transport = (await expectOk(manager.get(`/transports?trackingNumber=${label.trackingNumber}`))).items[0];
    expect(transport.deliveryStatus).toBe('DELIVERED_OK');
    expect(await deliveryOf(pkg.id, ids)).toEqual({ packageStatus: 'delivered', packageDelivery: 'DELIVERED_OK', buybacks: ['DELIVERED_OK'] });
  });
});

describe('Given transports of several stores and warehouses', () => {
  it('when staff list transports, then the filters, the sorts and the paging work, each sees only their own, and no personal data is in them', async () => {
    const customer = { firstName: 'Gwenaëlle', lastName: 'Tréguier', email: 'gwenaelle.treguier@example.com', street: '8 impasse des Lilas', phone: '+33699887766' };
    const a = await closedPackage(seller, 2, { customer });
    const b = await closedPackage(seller, 1, { customer });
    const labelA = (await packageWithLabel(seller, a.pkg.id)).label;
    await packageWithLabel(seller, b.pkg.id);
    // A console for Lyon, collected by the retailer: no transport. A package for Lyon under a label: one.
    const forLyon = await createStoreBuyback(seller, PARIS, { customer });
    const lyonPkg = await openPackage(seller, { warehouseId: LYON, labelMode: 'with_label' });
    const lyonScan = await scan(seller, lyonPkg.id, forLyon.identificationNumber);
    expect(lyonScan.body.code).toBe('SHIPMENT_ERROR'); // it goes to Orléans: the rules chose
    await expectOk(sendCarrierReport(t, carrierReport(labelA.trackingNumber, 'IN_PROGRESS')));

    const all = await expectOk(manager.get('/transports?itemsPerPage=100'));
    const mine = all.items.filter((row: { packageId: string }) => [a.pkg.id, b.pkg.id].includes(row.packageId));
    expect(mine).toHaveLength(2);
    // Newest first.
    expect(mine.map((row: { packageId: string }) => row.packageId)).toEqual([b.pkg.id, a.pkg.id]);
    expect(mine[1]).toMatchObject({
      kind: 'package',
      reference: a.pkg.number,
      storeId: PARIS,
      warehouseId: ORLEANS,
      identificationNumbers: a.buybacks.map((x) => x.identificationNumber),
      labelStatus: 'ready',
      trackingNumber: labelA.trackingNumber,
      deliveryStatus: 'IN_PROGRESS',
    });
    const text = JSON.stringify(all);
    for (const personal of [customer.firstName, customer.lastName, customer.email, customer.street, customer.phone, 'Durand', 'camille.durand']) {
      expect(text, `no ${personal} in the transports`).not.toContain(personal);
    }
    const one = await expectOk(manager.get(`/transports/${mine[1].id}`));
    expect(one).toMatchObject({ id: mine[1].id, trackingNumber: labelA.trackingNumber });
    expect(JSON.stringify(one)).not.toContain(customer.lastName);
    expect(JSON.stringify(one)).not.toContain('"from"');

    const ids = async (query: string) => listedIds(manager, `/transports?itemsPerPage=100&${query}`);
    const idOf = (pkgId: string) => mine.find((row: { packageId: string }) => row.packageId === pkgId).id as string;
    expect(await ids('deliveryStatus[]=IN_PROGRESS')).toEqual([idOf(a.pkg.id)]);
    expect(await ids(`trackingNumber=${labelA.trackingNumber.toLowerCase()}`)).toEqual([idOf(a.pkg.id)]);
    expect(await ids(`identificationNumber=${a.buybacks[1]!.identificationNumber}`)).toEqual([idOf(a.pkg.id)]);
    expect(await ids(`identificationNumber=${b.buybacks[0]!.identificationNumber.slice(0, 12)}`)).toContain(idOf(b.pkg.id));
    expect(await ids('kind[]=customer&kind[]=return')).not.toContain(idOf(a.pkg.id));
    expect(await ids('kind[]=package')).toEqual(expect.arrayContaining([idOf(a.pkg.id), idOf(b.pkg.id)]));
    expect(await ids('labelStatus[]=failed')).toEqual([]);
    expect(await ids(`warehouseId=${LYON}`)).not.toContain(idOf(a.pkg.id));
    expect(await ids(`storeId=${PARIS}`)).toEqual(expect.arrayContaining([idOf(a.pkg.id), idOf(b.pkg.id)]));
    const createdA = mine[1].createdAt as string;
    const createdB = mine[0].createdAt as string;
    expect(await ids(`from=${encodeURIComponent(createdB)}`)).toContain(idOf(b.pkg.id));
    expect(await ids(`from=${encodeURIComponent(createdB)}`)).not.toContain(idOf(a.pkg.id));
    expect(await ids(`to=${encodeURIComponent(createdA)}`)).toContain(idOf(a.pkg.id));
    expect(await ids(`to=${encodeURIComponent(createdA)}`)).not.toContain(idOf(b.pkg.id));
    expect((await manager.get('/transports?deliveryStatus[]=LOST_AT_SEA')).status).toBe(400);
    expect((await manager.get('/transports?kind[]=pigeon')).status).toBe(400);

    // Sorted by buyback number, and paged one at a time.
    const byNumber = await ids(`storeId=${PARIS}&order[identificationNumber]=asc`);
    const numbers = await Promise.all(byNumber.map(async (id) => (await expectOk(manager.get(`/transports/${id}`))).identificationNumbers[0] as string));
    expect(numbers).toEqual([...numbers].sort());
    const first = await expectOk(manager.get('/transports?itemsPerPage=1&page=1'));
    const second = await expectOk(manager.get('/transports?itemsPerPage=1&page=2'));
    expect(first.items).toHaveLength(1);
    expect(first.hasNextPage).toBe(true);
    expect(second.items[0].id).not.toBe(first.items[0].id);
    expect(first.totalItems).toBe(all.totalItems);

    // Who sees what: the warehouse its arrivals, the root its tenant's, another tenant nothing of ours, a seller cannot list.
    expect(await listedIds(operator, `/transports?itemsPerPage=100&storeId=${PARIS}`)).toEqual(expect.arrayContaining([idOf(a.pkg.id), idOf(b.pkg.id)]));
    expect(await listedIds(retailer, '/transports?itemsPerPage=100')).toEqual(expect.arrayContaining([idOf(a.pkg.id), idOf(b.pkg.id)]));
    expect(await listedIds(otherOperator, '/transports?itemsPerPage=100')).not.toContain(idOf(a.pkg.id));
    expect((await otherOperator.get(`/transports/${idOf(a.pkg.id)}`)).status).toBe(404);
    expect((await seller.get('/transports')).status).toBe(403);
  });

  it('when a label did not fail, then retry-label is refused with TRANSPORT_LABEL_NOT_FAILED; a store seller may not ask', async () => {
    const { pkg } = await closedPackage(seller, 1);
    await packageWithLabel(seller, pkg.id);
    const transport = (await expectOk(retailer.get(`/transports?storeId=${PARIS}&itemsPerPage=100`))).items.find(
      (row: { packageId: string }) => row.packageId === pkg.id,
    );
    const refused = await retailer.post(`/transports/${transport.id}/retry-label`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('TRANSPORT_LABEL_NOT_FAILED');
    expect((await seller.post(`/transports/${transport.id}/retry-label`, {})).status).toBe(403);
  });
});

describe('Given an HTTP carrier that refuses a warehouse’s address', () => {
  let carrierPlatform: TestPlatform;
  let carrier: FakeCarrier;

  beforeAll(async () => {
    carrier = await startFakeCarrier();
    carrierPlatform = await startTestPlatform({
      carrier: { url: carrier.url, apiKey: carrier.apiKey, timeoutMs: 1_000, webhookSecret: 'the-carrier-s-shared-webhook-secret' },
      labelWorkerIntervalMs: 100,
    });
  });
  afterAll(async () => {
    await carrierPlatform?.close();
    await carrier?.close();
  });

  it('when the label failed for good and the refusal is lifted, then a warehouse manager asks again and the label is made', async () => {
    const [storeSeller, warehouseManager] = await Promise.all([carrierPlatform.login('seller@demo.test'), carrierPlatform.login('warehouse-manager@demo.test', 'rps')]);
    // The carrier refuses the shipment (a 4xx: not worth repeating), once.
    carrier.failNext(1, { status: 422, code: 'ADDRESS_NOT_SERVED', message: 'We do not deliver there' });
    const { pkg, buybacks } = await closedPackage(storeSeller, 1);
    const failed = await eventually(
      async () => (await expectOk(warehouseManager.get('/transports?itemsPerPage=100'))).items.find((row: { packageId: string }) => row.packageId === pkg.id),
      (row) => row?.labelStatus === 'failed',
      { timeoutMs: 10_000 },
    );
    expect(failed).toMatchObject({ labelStatus: 'failed', attempts: 1, lastError: expect.stringContaining('ADDRESS_NOT_SERVED'), trackingNumber: null });
    expect(await listedIds(warehouseManager, '/transports?labelStatus[]=failed&itemsPerPage=100')).toContain(failed.id);
    // No retry on its own: a refusal would be refused again.
    const posts = carrier.requests.filter((r) => r.method === 'POST').length;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(carrier.requests.filter((r) => r.method === 'POST').length).toBe(posts);
    expect((await storeSeller.request('HEAD', `/buybacks/${buybacks[0]!.id}/shipping-label`)).status).toBe(425);

    const retried = await warehouseManager.post(`/transports/${failed.id}/retry-label`, {});
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    const again = await eventually(
      async () => expectOk(warehouseManager.get(`/transports/${failed.id}`)),
      (row) => row.labelStatus === 'ready',
      { timeoutMs: 10_000 },
    );
    expect(again).toMatchObject({ labelStatus: 'ready', attempts: 0, lastError: null, trackingNumber: expect.stringMatching(/^FC\d{11}$/) });
    expect(await labelReadinessOf(storeSeller, buybacks[0]!.id)).toBe(200);
  });
});
