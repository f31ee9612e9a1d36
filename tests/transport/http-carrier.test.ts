import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CarrierRefusedError, CarrierUnavailableError, type Shipment, type ShipmentRequest } from '../../application/ports/transport.js';
import { HttpCarrier } from '../../infrastructure/transport/http-carrier.js';
import { freePort } from '../support/server-process.js';
import { startFakeCarrier, type FakeCarrier } from '../support/fake-carrier.js';

/**
 * The HTTP carrier against a fake carrier speaking docs/carrier-contract.md
 * over real HTTP: what it sends, and how each kind of answer (or silence)
 * becomes a shipment, a label, CarrierUnavailableError (retry later) or
 * CarrierRefusedError (do not).
 */

let fake: FakeCarrier;
let carrier: HttpCarrier;

beforeEach(async () => {
  fake = await startFakeCarrier();
  carrier = new HttpCarrier({ baseUrl: fake.url, apiKey: fake.apiKey, timeoutMs: 2_000 });
});
afterEach(async () => {
  await fake?.close();
});

function request(reference = '2167692792717', recipientZipCode = '69003'): ShipmentRequest {
  return {
    reference,
    kind: 'customer',
    sender: {
      name: 'Łukasz Ørsted-Ğül',
      attention: null,
      street: 'Avenue Louise 231',
      streetComplement: 'Boîte 5',
      zipCode: '1050',
      city: 'Ixelles',
      country: 'BE',
      phone: '+32 2 123 45 67',
    },
    recipient: {
      name: 'Entrepôt Trade-in',
      attention: 'Réception',
      street: '12 rue de la Part-Dieu',
      streetComplement: null,
      zipCode: recipientZipCode,
      city: 'Lyon',
      country: 'FR',
      phone: null,
    },
    weightGrams: 1250,
    contents: ['2 167692 792717 · Apple iPhone 15 128 Go'],
  };
}

async function failureOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure, got an answer');
}

describe('Given a carrier that answers', () => {
  it('when a shipment is created, then the key goes in the Authorization header and the body is the contract’s, and the answer is the shipment', async () => {
    const shipment = await carrier.createShipment(request());

    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent).toMatchObject({ method: 'POST', path: '/shipments', authorization: `Bearer ${fake.apiKey}` });
    expect(sent?.contentType).toMatch(/^application\/json/);
    expect(sent?.body).toEqual({
      reference: '2167692792717',
      kind: 'customer',
      sender: request().sender,
      recipient: request().recipient,
      weightGrams: 1250,
      contents: ['2 167692 792717 · Apple iPhone 15 128 Go'],
    });
    const created = fake.shipments.get(shipment.shipmentId);
    expect(shipment).toEqual({ shipmentId: created?.shipmentId, trackingNumber: created?.trackingNumber, trackingLink: created?.trackingLink, carrier: 'Fake Carrier' });
  });

  it('when the same reference is sent twice, then the carrier’s existing shipment (200) is answered the second time', async () => {
    const first = await carrier.createShipment(request());
    const second = await carrier.createShipment(request());

    expect(second).toEqual(first);
    expect(fake.shipments.size).toBe(1);
    expect(fake.requests).toHaveLength(2);
  });

  it('when the label is not ready (202), then it is pending, and ready once the carrier has made it', async () => {
    // Long enough that the first poll, right after the creation, comes before it even on a busy machine.
    fake.labelsReadyAfter({ milliseconds: 800 });
    const shipment = await carrier.createShipment(request());
    const started = Date.now();

    expect(await carrier.fetchLabel(shipment, request())).toEqual({ status: 'pending' });
    let label = await carrier.fetchLabel(shipment, request());
    while (label.status === 'pending' && Date.now() - started < 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      label = await carrier.fetchLabel(shipment, request());
    }

    expect(label.status).toBe('ready');
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
    if (label.status === 'ready') expect(label.pdf.toString('latin1')).toMatch(new RegExp(`^%PDF-[\\s\\S]*${shipment.trackingNumber}`));
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/shipments/${shipment.shipmentId}/label`, authorization: `Bearer ${fake.apiKey}` });
  });

  it('when the label is ready only after two polls, then the first two answers are pending and the third the PDF', async () => {
    fake.labelsReadyAfter({ polls: 2 });
    const shipment = await carrier.createShipment(request());

    const answers = [];
    for (let poll = 0; poll < 3; poll++) answers.push((await carrier.fetchLabel(shipment, request())).status);

    expect(answers).toEqual(['pending', 'pending', 'ready']);
  });

  it('when a shipment is cancelled (204), then the carrier has it cancelled', async () => {
    const shipment = await carrier.createShipment(request());

    await carrier.cancelShipment(shipment);

    expect(fake.shipments.get(shipment.shipmentId)?.cancelled).toBe(true);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/shipments/${shipment.shipmentId}` });
  });

  it('when the carrier does not know the shipment it is asked to cancel (404), then it counts as cancelled', async () => {
    const unknown: Shipment = { shipmentId: 'shp_gone', trackingNumber: 'FC0', trackingLink: null, carrier: 'Fake Carrier' };

    await expect(carrier.cancelShipment(unknown)).resolves.toBeUndefined();
    expect(fake.requests.at(-1)).toMatchObject({ method: 'DELETE', path: '/shipments/shp_gone' });
  });
});

describe('Given a carrier that fails for a while', () => {
  it('when it answers 500 and then 200, then the first call is CarrierUnavailableError and the second gets the shipment', async () => {
    fake.failNext(1);

    const failure = await failureOf(carrier.createShipment(request()));
    const shipment = await carrier.createShipment(request());

    expect(failure).toBeInstanceOf(CarrierUnavailableError);
    expect(failure.message).toContain('500');
    expect(shipment.trackingNumber).toMatch(/^FC\d+$/);
    expect(fake.requests).toHaveLength(2);
  });

  it.each([502, 503, 408, 429])('when it answers %i, then it is worth retrying: CarrierUnavailableError', async (status) => {
    fake.failNext(1, { status, code: 'TRY_LATER' });

    expect(await failureOf(carrier.createShipment(request()))).toBeInstanceOf(CarrierUnavailableError);
  });

  it('when it does not answer, then the call gives up after its timeout with CarrierUnavailableError, and does not retry', async () => {
    fake.hangNext(1);
    const impatient = new HttpCarrier({ baseUrl: fake.url, apiKey: fake.apiKey, timeoutMs: 200 });
    const started = Date.now();

    const failure = await failureOf(impatient.createShipment(request()));

    expect(failure).toBeInstanceOf(CarrierUnavailableError);
    expect(failure.message).toContain('200 ms');
    expect(Date.now() - started).toBeGreaterThanOrEqual(180);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(fake.requests).toHaveLength(1);
  });

  it('when nothing listens at its address, then it is CarrierUnavailableError', async () => {
    const nowhere = new HttpCarrier({ baseUrl: `http://127.0.0.1:${await freePort()}/api/v1`, apiKey: fake.apiKey });

    const failure = await failureOf(nowhere.createShipment(request()));

    expect(failure).toBeInstanceOf(CarrierUnavailableError);
    expect(failure.message).toContain('ECONNREFUSED');
  });
});

describe('Given a carrier that refuses', () => {
  it('when the recipient’s address is not served (422), then it is CarrierRefusedError with the carrier’s code', async () => {
    fake.refuseZipCode('20000');

    const failure = await failureOf(carrier.createShipment(request('2167692792717', '20000')));

    expect(failure).toBeInstanceOf(CarrierRefusedError);
    expect((failure as CarrierRefusedError).code).toBe('ADDRESS_NOT_SERVED');
    expect(failure.message).toContain('We do not deliver to 20000');
  });

  it('when the key is wrong (401), then it is CarrierRefusedError UNAUTHORIZED', async () => {
    const wrongKey = new HttpCarrier({ baseUrl: fake.url, apiKey: 'not-the-key' });

    const failure = await failureOf(wrongKey.createShipment(request()));

    expect(failure).toMatchObject({ name: 'CarrierRefusedError', code: 'UNAUTHORIZED' });
  });

  it('when a 4xx has no error body, then its code is HTTP_<status>', async () => {
    fake.answerNext({ status: 418, body: 'I am a teapot', contentType: 'text/plain' });

    expect(await failureOf(carrier.createShipment(request()))).toMatchObject({ name: 'CarrierRefusedError', code: 'HTTP_418' });
  });

  it('when the parcel is already handed over (409), then cancelling it is CarrierRefusedError', async () => {
    const shipment = await carrier.createShipment(request());
    fake.failNext(1, { status: 409, code: 'ALREADY_HANDED_OVER', message: 'The parcel is on its way' });

    expect(await failureOf(carrier.cancelShipment(shipment))).toMatchObject({ name: 'CarrierRefusedError', code: 'ALREADY_HANDED_OVER' });
  });

  it('when it redirects elsewhere, then the redirect is not followed (the key stays home) and the call is refused', async () => {
    const elsewhere = await startFakeCarrier();
    try {
      fake.answerNext({ status: 307, body: '', headers: { Location: `${elsewhere.url}/shipments` } });

      expect(await failureOf(carrier.createShipment(request()))).toMatchObject({ name: 'CarrierRefusedError', code: 'HTTP_307' });
      expect(elsewhere.requests).toHaveLength(0);
    } finally {
      await elsewhere.close();
    }
  });
});

describe('Given a carrier that answers outside the contract', () => {
  it.each([
    ['a field of the wrong type', 200, '{"shipmentId": 42, "trackingNumber": "FC1", "trackingLink": null, "carrier": "Fake Carrier"}', 'application/json'],
    ['a missing tracking number', 201, '{"shipmentId": "shp_1", "trackingLink": null, "carrier": "Fake Carrier"}', 'application/json'],
    ['an HTML page', 200, '<html><body>Maintenance</body></html>', 'text/html'],
    ['an unexpected 2xx status', 204, '', 'application/json'],
  ])('when a shipment’s creation is answered with %s, then it is CarrierUnavailableError', async (_what, status, body, contentType) => {
    fake.answerNext({ status, body, contentType });

    expect(await failureOf(carrier.createShipment(request()))).toBeInstanceOf(CarrierUnavailableError);
  });

  it('when a label answered 200 is not a PDF, then it is CarrierUnavailableError', async () => {
    const shipment = await carrier.createShipment(request());
    fake.answerNext({ status: 200, body: '{"url": "https://carrier.example/label.pdf"}', contentType: 'application/json' });

    expect(await failureOf(carrier.fetchLabel(shipment, request()))).toBeInstanceOf(CarrierUnavailableError);
  });
});

describe('Given the carrier’s API key', () => {
  it('when calls fail in every way, even with a carrier echoing the key, then no error (nor its cause) shows the key, nor does the carrier object', async () => {
    const key = fake.apiKey;
    const impatient = new HttpCarrier({ baseUrl: fake.url, apiKey: key, timeoutMs: 200 });
    const nowhere = new HttpCarrier({ baseUrl: `http://127.0.0.1:${await freePort()}/api/v1`, apiKey: key, timeoutMs: 200 });
    const failures: Error[] = [];

    fake.failNext(1, { status: 500, code: 'CARRIER_DOWN', message: `Upstream rejected Bearer ${key}` });
    failures.push(await failureOf(impatient.createShipment(request())));
    fake.failNext(1, { status: 403, code: 'KEY_SUSPENDED', message: `The key ${key} is suspended` });
    failures.push(await failureOf(impatient.createShipment(request())));
    fake.answerNext({ status: 200, body: `{"shipmentId": "${key}"}` });
    failures.push(await failureOf(impatient.createShipment(request())));
    fake.hangNext(1);
    failures.push(await failureOf(impatient.createShipment(request())));
    failures.push(await failureOf(nowhere.createShipment(request())));

    expect(failures.map((f) => f.name)).toEqual(['CarrierUnavailableError', 'CarrierRefusedError', 'CarrierUnavailableError', 'CarrierUnavailableError', 'CarrierUnavailableError']);
    for (const failure of failures) {
      expect(failure.message).not.toContain(key);
      expect(inspect(failure, { depth: 10 })).not.toContain(key);
    }
    expect(failures[1]?.message).toContain('The key [API key] is suspended');
    expect(inspect(impatient, { depth: 10, showHidden: true })).not.toContain(key);
    expect(JSON.stringify(impatient)).not.toContain(key);
  });

  it('when the key is no valid header value, then the carrier is not built, and the refusal does not quote it', () => {
    const bad = 'secret with spaces\n';

    expect(() => new HttpCarrier({ baseUrl: 'https://carrier.example', apiKey: bad })).toThrow(/printable ASCII/);
    try {
      new HttpCarrier({ baseUrl: 'https://carrier.example', apiKey: bad });
    } catch (error) {
      expect((error as Error).message).not.toContain('secret');
    }
  });
});
