import { randomBytes } from 'node:crypto';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { CarrierRefusedError, type ShipmentRequest } from '../../application/ports/transport.js';
import { EMBEDDED_CARRIER_NAME, EmbeddedCarrier, embeddedTrackingNumber, isEmbeddedTrackingNumber, trackingKeyOf } from '../../infrastructure/transport/embedded-carrier.js';

/**
 * The embedded carrier keeps nothing: a shipment is a keyed function of its
 * reference, so the same reference always answers the same shipment on one
 * installation, its tracking number cannot be told from the reference
 * without the installation's secret, and its label is printed at once from
 * the request.
 */

const clock = { now: () => '2026-11-21T09:30:00.000Z' };
/** This installation's server secret (the pepper), and another installation's. */
const serverSecret = randomBytes(32);
const otherServerSecret = randomBytes(32);
const key = trackingKeyOf(serverSecret);

function request(reference: string): ShipmentRequest {
  return {
    reference,
    kind: 'customer',
    sender: { name: 'Ørjan Ćosić', attention: null, street: '3 place Bellecour', streetComplement: null, zipCode: '69002', city: 'Lyon', country: 'FR', phone: null },
    recipient: { name: 'Entrepôt Trade-in', attention: 'Réception', street: '12 rue de la Part-Dieu', streetComplement: null, zipCode: '69003', city: 'Lyon', country: 'FR', phone: null },
    weightGrams: 480,
    contents: ['2 167692 792717 · Apple iPhone 15 128 Go'],
  };
}

/** The Luhn test, written out here rather than taken from the carrier, so that a wrong check digit there cannot pass. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  [...digits].reverse().forEach((character, index) => {
    const doubled = index % 2 === 1 ? Number(character) * 2 : Number(character);
    sum += doubled > 9 ? doubled - 9 : doubled;
  });
  return sum % 10 === 0;
}

describe('Given the embedded carrier', () => {
  const carrier = new EmbeddedCarrier(clock, { publicBaseUrl: 'https://trade-in.example/', serverSecret });

  it('when asked twice for the same reference, even by another instance, then it answers the same shipment', async () => {
    const first = await carrier.createShipment(request('2167692792717'));
    const second = await new EmbeddedCarrier(clock, { publicBaseUrl: 'https://trade-in.example', serverSecret }).createShipment(request('2167692792717'));

    expect(second).toEqual(first);
    expect(first.carrier).toBe(EMBEDDED_CARRIER_NAME);
    expect(first.trackingLink).toBe(`https://trade-in.example/tracking/${first.trackingNumber}`);
  });

  it('when asked for different references, then every shipment has its own id and tracking number', async () => {
    const references = Array.from({ length: 500 }, (_, index) => `PKG-${String(index).padStart(6, '0')}`);

    const shipments = await Promise.all(references.map((reference) => carrier.createShipment(request(reference))));

    expect(new Set(shipments.map((s) => s.trackingNumber)).size).toBe(references.length);
    expect(new Set(shipments.map((s) => s.shipmentId)).size).toBe(references.length);
  });

  it('then its tracking numbers are TP, fourteen digits and a Luhn check digit, and a mistyped digit is caught', async () => {
    const { trackingNumber } = await carrier.createShipment(request('2167692792717'));

    expect(trackingNumber).toMatch(/^TP\d{15}$/);
    expect(passesLuhn(trackingNumber.slice(2))).toBe(true);
    expect(isEmbeddedTrackingNumber(trackingNumber)).toBe(true);
    for (let position = 2; position < trackingNumber.length; position++) {
      const digit = Number(trackingNumber[position]);
      const mistyped = `${trackingNumber.slice(0, position)}${(digit + 1) % 10}${trackingNumber.slice(position + 1)}`;
      expect(isEmbeddedTrackingNumber(mistyped)).toBe(false);
    }
  });

  it('then the platform’s references (a package, a buyback, a return) can never share a tracking number', () => {
    const numbers = ['P000000001', 'P123456789', '0000000123456', '2167692792717', 'R2167692792717', 'R0000000123456'].map((reference) => embeddedTrackingNumber(reference, key));
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('then ten thousand consecutive buyback codes, packages and returns all get their own tracking number (a keyed permutation: no collision)', () => {
    const references = Array.from({ length: 6_000 }, (_, index) => String(2_611_042_100_000 + index));
    const all = [...references, ...references.slice(0, 2_000).map((code) => `R${code}`), ...Array.from({ length: 2_000 }, (_, index) => `P${String(index).padStart(9, '0')}`)];
    expect(new Set(all.map((reference) => embeddedTrackingNumber(reference, key))).size).toBe(all.length);
  });

  it('then a tracking number cannot be told from its buyback’s code: the code is not in it, another installation numbers the same code otherwise, and neighbouring codes give unrelated numbers', async () => {
    const code = '2167692792717';
    const { trackingNumber } = await carrier.createShipment(request(code));
    const elsewhere = await new EmbeddedCarrier(clock, { publicBaseUrl: null, serverSecret: otherServerSecret }).createShipment(request(code));

    expect(trackingNumber).not.toContain(code.slice(1));
    expect(trackingNumber.slice(2, 16)).not.toBe(`2${code}`);
    expect(elsewhere.trackingNumber).not.toBe(trackingNumber);
    // The next code's number shares no more leading digits than chance would give.
    const next = embeddedTrackingNumber('2167692792718', key);
    expect(next.slice(2, 10)).not.toBe(trackingNumber.slice(2, 10));
    // Over many codes, every digit position takes many values: nothing of the code shows through.
    const serials = Array.from({ length: 1_000 }, (_, index) => embeddedTrackingNumber(String(2_167_692_790_000 + index), key).slice(2, 16));
    for (let position = 0; position < 14; position++) expect(new Set(serials.map((serial) => serial[position])).size).toBe(10);
  });

  it('then the check digit is right for many references, not just one', () => {
    for (let index = 0; index < 200; index++) expect(passesLuhn(embeddedTrackingNumber(`ref-${index}`, key).slice(2))).toBe(true);
  });

  it('when its label is asked for, then it is ready at once: a one-page PDF that prints the tracking number and the reference', async () => {
    const shipment = await carrier.createShipment(request('2167692792717'));

    const label = await carrier.fetchLabel(shipment, request('2167692792717'));

    expect(label.status).toBe('ready');
    if (label.status !== 'ready') return;
    const document = await getDocument({ data: new Uint8Array(label.pdf), verbosity: 0 }).promise;
    expect(document.numPages).toBe(1);
    const text = (await (await document.getPage(1)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join('\n');
    expect(text).toContain(shipment.trackingNumber);
    expect(text).toContain('2167692792717');
    expect(text).toContain('Ørjan Ćosić');
    expect(text).toContain('2026-11-21');
  });

  it('when a label is asked for with another reference than its shipment’s, then it is refused rather than printed', async () => {
    const shipment = await carrier.createShipment(request('2167692792717'));

    await expect(carrier.fetchLabel(shipment, request('2167692792718'))).rejects.toMatchObject({ name: 'CarrierRefusedError', code: 'SHIPMENT_NOT_FOUND' });
  });

  it('when a shipment is cancelled, twice, then nothing fails', async () => {
    const shipment = await carrier.createShipment(request('2167692792717'));

    await expect(carrier.cancelShipment(shipment)).resolves.toBeUndefined();
    await expect(carrier.cancelShipment(shipment)).resolves.toBeUndefined();
  });

  it('when it has no public address, then its shipments have no tracking link', async () => {
    const shipment = await new EmbeddedCarrier(clock, { publicBaseUrl: null, serverSecret }).createShipment(request('2167692792717'));

    expect(shipment.trackingLink).toBeNull();
  });

  it('when a request has no reference or no weight, then it is refused as a carrier would', async () => {
    await expect(carrier.createShipment(request(' '))).rejects.toBeInstanceOf(CarrierRefusedError);
    await expect(carrier.createShipment({ ...request('2167692792717'), weightGrams: 0 })).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
  });
});
