import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { createStoreBuyback, expectOk } from '../support/api-helpers.js';
import { startFakeCarrier, type FakeCarrier } from '../support/fake-carrier.js';
import { closedPackage, eventually, openPackage, scan } from '../support/logistics-helpers.js';
import { randomUUID } from 'node:crypto';
import { startFakePaymentProvider, type FakePaymentProvider } from '../support/fake-payment-provider.js';
import { toNewEvent, toDomainEvent } from '../../application/events/codec.js';
import { PAYMENT_STREAMS } from '../../application/payments/streams.js';
import type { PaymentCreated, PaymentEvent } from '../../domain/payments/events.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { EMBEDDED_CARRIER_NAME } from '../../infrastructure/transport/embedded-carrier.js';

/**
 * The carrier is resolved per organization (issue 23): the Paris store has
 * an active http-carrier configuration pointing at a carrier's API (a real
 * HTTP server on a free port), so its package's label comes from there; the
 * Nantes store has none (nor its ancestors), so the installation's default,
 * the embedded carrier, makes its label. Likewise a Paris payment goes to
 * the bank-transfer provider Paris's configuration names, while there is no
 * installation default: a web buyback's payment (no store) waits.
 */
let carrier: FakeCarrier;
let provider: FakePaymentProvider;
let t: TestPlatform;
let retailer: ApiClient;
let paris: ApiClient;
let nantes: ApiClient;
let manager: ApiClient;

beforeAll(async () => {
  [carrier, provider] = await Promise.all([startFakeCarrier(), startFakePaymentProvider()]);
  t = await startTestPlatform({ labelWorkerIntervalMs: 100, paymentWorkerIntervalMs: 50 });
  [retailer, paris, nantes, manager] = await Promise.all([t.login('retailer@demo.test', 'root'), t.login('seller@demo.test'), t.login('nantes-seller@demo.test'), t.login('manager@demo.test')]);
});
afterAll(async () => {
  await t?.close();
  await Promise.all([carrier?.close(), provider?.close()]);
});

const transportOf = async (client: ApiClient, packageId: string) =>
  (await expectOk(client.get('/transports?itemsPerPage=100'))).items.find((row: { packageId: string }) => row.packageId === packageId) as Record<string, any> | undefined;

describe('Given the Paris store with an active http-carrier configuration and the Nantes store with none', () => {
  it('when each closes a package, then Paris’s label comes from its carrier’s API and Nantes’s from the default embedded carrier', async () => {
    await expectOk(
      retailer.post('/connector-organizations', {
        organizationId: DEMO_IDS.stores.paris,
        connectorId: 'http-carrier',
        name: 'Transporteur de Paris',
        properties: [
          { name: 'baseUrl', value: carrier.url },
          { name: 'apiKey', value: carrier.apiKey },
          { name: 'timeoutMs', value: '2000' },
        ],
        active: true,
      }),
      201,
    );

    const { pkg: parisPackage } = await closedPackage(paris, 1);
    const parisReady = await eventually(() => transportOf(manager, parisPackage.id), (row) => row?.labelStatus === 'ready', { timeoutMs: 15_000 });
    expect(parisReady).toMatchObject({ carrier: 'Fake Carrier', trackingNumber: expect.stringMatching(/^FC\d{11}$/) });
    expect([...carrier.shipments.values()].map((s) => s.trackingNumber)).toContain(parisReady!.trackingNumber);

    const buyback = await createStoreBuyback(nantes, DEMO_IDS.stores.nantes);
    const nantesPackage = await openPackage(nantes);
    await expectOk(scan(nantes, nantesPackage.id, buyback.identificationNumber));
    await expectOk(nantes.post(`/packages/${nantesPackage.id}/close`, {}));
    const nantesReady = await eventually(() => transportOf(retailer, nantesPackage.id), (row) => row?.labelStatus === 'ready', { timeoutMs: 15_000 });
    expect(nantesReady?.carrier).toBe(EMBEDDED_CARRIER_NAME);
    expect([...carrier.shipments.values()].map((s) => s.trackingNumber)).not.toContain(nantesReady!.trackingNumber);
  });
});

/** A payment just created for a buyback of `storeId`, as the payment process creates it. */
async function createdPayment(storeId: string | null): Promise<{ paymentId: string; reference: string }> {
  const paymentId = randomUUID();
  const reference = `31${String(Date.now()).slice(-9)}${storeId ? '01' : '02'}`;
  const event: PaymentCreated = {
    type: 'PaymentCreated',
    data: {
      paymentId,
      buybackId: randomUUID(),
      accountId: DEMO_IDS.accounts.demo,
      buyback: { identificationNumber: reference, storeId, warehouseId: randomUUID(), buyerId: randomUUID(), organizationId: storeId },
      origin: 'buyback_completed',
      paymentModeId: randomUUID(),
      paymentType: 'bank_transfer',
      provider: 'bank_transfer_provider',
      validatedPrice: { amountInCents: 12_000, currency: 'EUR' },
      modifier: { kind: 'disabled' },
      circuitBonus: { amountInCents: 0, currency: 'EUR' },
      amount: { amountInCents: 12_000, currency: 'EUR' },
    },
  };
  const metadata = { accountId: DEMO_IDS.accounts.demo, organizationId: null, userId: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() };
  await t.platform.eventStore.appendToStream(PAYMENT_STREAMS.payment.name(paymentId), [toNewEvent(event, randomUUID(), metadata)], 'no_stream');
  return { paymentId, reference };
}

describe('Given the Paris store with an active bank-transfer provider configuration and no installation default', () => {
  it('when a Paris payment and a web payment are created, then the Paris one is paid by its provider and the web one waits', async () => {
    await expectOk(
      retailer.post('/connector-organizations', {
        organizationId: DEMO_IDS.stores.paris,
        connectorId: 'http-payment-provider',
        name: 'Virements de Paris',
        properties: [
          { name: 'baseUrl', value: provider.url },
          { name: 'apiKey', value: provider.apiKey },
        ],
        active: true,
      }),
      201,
    );
    const parisPayment = await createdPayment(DEMO_IDS.stores.paris);
    const webPayment = await createdPayment(null);
    const events = async (paymentId: string) => (await t.platform.eventStore.readStream(PAYMENT_STREAMS.payment.name(paymentId))).map((s) => toDomainEvent<PaymentEvent>(s).type);
    expect(await eventually(() => events(parisPayment.paymentId), (types) => types.includes('PaymentInitiated'), { timeoutMs: 10_000 })).toContain('PaymentInitiated');
    expect(provider.requests.some((r) => r.path === '/payments' && (r.body as { reference?: string })?.reference === parisPayment.reference)).toBe(true);
    expect(await events(webPayment.paymentId)).toEqual(['PaymentCreated']);
    expect(provider.requests.some((r) => (r.body as { reference?: string } | null)?.reference === webPayment.reference)).toBe(false);
  });
});
