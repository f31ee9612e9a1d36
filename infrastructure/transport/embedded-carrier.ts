import { createHash } from 'node:crypto';
import type { Clock } from '../../application/ports/clock.js';
import {
  CarrierRefusedError,
  type LabelAnswer,
  type Shipment,
  type ShipmentRequest,
  type TransportPort,
} from '../../application/ports/transport.js';
import { renderShippingLabel } from './label-pdf.js';

export const EMBEDDED_CARRIER_NAME = 'Trade-in Platform Transport';

export interface EmbeddedCarrierOptions {
  /** The platform's public address: tracking links are `<publicBaseUrl>/tracking/<trackingNumber>`; null, no link. */
  publicBaseUrl: string | null;
}

/**
 * The carrier the platform is its own: no network, nothing stored. A
 * shipment is a function of its reference, so asking twice answers the same
 * shipment (what the port asks of every carrier) without a table to keep,
 * and the label is printed here, from the request, whenever it is asked for.
 * It is the default of the embedded setup (demo, tests, a store that drops
 * its parcels off itself); a real carrier comes through HttpCarrier.
 */
export class EmbeddedCarrier implements TransportPort {
  private readonly trackingBase: string | null;

  constructor(
    private readonly clock: Clock,
    options: EmbeddedCarrierOptions = { publicBaseUrl: null },
  ) {
    this.trackingBase = options.publicBaseUrl ? options.publicBaseUrl.replace(/\/+$/, '') : null;
  }

  async createShipment(request: ShipmentRequest): Promise<Shipment> {
    // What a carrier's API would refuse (docs/carrier-contract.md, INVALID_REQUEST), refused here too, so both carriers behave alike.
    if (request.reference.trim() === '') throw new CarrierRefusedError('A shipment needs a reference', 'INVALID_REQUEST');
    if (!Number.isInteger(request.weightGrams) || request.weightGrams <= 0) {
      throw new CarrierRefusedError('A shipment needs a weight in whole grams, above zero', 'INVALID_REQUEST');
    }
    return this.shipmentFor(request.reference);
  }

  async fetchLabel(shipment: Shipment, request: ShipmentRequest): Promise<LabelAnswer> {
    // A shipment that this reference would not give was made by another carrier (or for another request): printing it would send the parcel astray.
    if (shipment.shipmentId !== this.shipmentFor(request.reference).shipmentId) {
      throw new CarrierRefusedError('This shipment is not the embedded carrier’s shipment for this reference', 'SHIPMENT_NOT_FOUND');
    }
    return { status: 'ready', pdf: await renderShippingLabel({ request, shipment, createdAt: this.clock.now() }) };
  }

  async cancelShipment(_shipment: Shipment): Promise<void> {
    // Nothing was booked anywhere: there is nothing to cancel.
  }

  private shipmentFor(reference: string): Shipment {
    const trackingNumber = embeddedTrackingNumber(reference);
    return {
      shipmentId: `emb-${digest('shipment', reference).toString('hex').slice(0, 24)}`,
      trackingNumber,
      trackingLink: this.trackingBase ? `${this.trackingBase}/tracking/${trackingNumber}` : null,
      carrier: EMBEDDED_CARRIER_NAME,
    };
  }
}

/**
 * The embedded carrier's tracking numbers, 17 characters:
 *
 *   TP 2 2167692792717 4
 *   │  │ │             └ check digit: Luhn (mod 10) over the fourteen digits before it
 *   │  │ └ the reference's thirteen digits: a buyback's code, or a package's nine, zero-padded
 *   │  └ what the reference is: 1 a package ("P" + 9 digits), 2 a buyback's 13-digit code
 *   │    (a customer's parcel), 3 a return ("R" + a code), 9 anything else (digits from its SHA-256)
 *   └ "TP": Trade-in Platform, so that nobody mistakes it for another carrier's
 *
 * The platform's references are unique, so their tracking numbers are too:
 * a carrier's report can never land on another parcel (a hash of ten digits
 * would have given two of a hundred thousand shipments the same number four
 * times in ten). Luhn catches every mistyped digit and nearly every swap of
 * two neighbours. Code 128 packs digits in pairs: the symbol stays short.
 */
export function embeddedTrackingNumber(reference: string): string {
  const serial = serialOf(reference.trim());
  return `TP${serial}${luhnCheckDigit(serial)}`;
}

function serialOf(reference: string): string {
  const pkg = /^P(\d{9})$/.exec(reference);
  if (pkg) return `1${(pkg[1] as string).padStart(13, '0')}`;
  if (/^\d{13}$/.test(reference)) return `2${reference}`;
  const ret = /^R(\d{13})$/.exec(reference);
  if (ret) return `3${ret[1] as string}`;
  return `9${(digest('tracking', reference).readBigUInt64BE(0) % 10_000_000_000_000n).toString().padStart(13, '0')}`;
}

/** Whether a text is an embedded carrier's tracking number: the shape, and its check digit. */
export function isEmbeddedTrackingNumber(text: string): boolean {
  const match = /^TP(\d{14})(\d)$/.exec(text);
  return match !== null && luhnCheckDigit(match[1] as string) === Number(match[2]);
}

/** The digit that makes `digits` followed by it pass the Luhn test: from the right, every other digit doubled (its digits summed), starting with the rightmost. */
function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    const digit = Number(digits[digits.length - 1 - index]);
    const weighted = index % 2 === 0 ? digit * 2 : digit;
    sum += weighted > 9 ? weighted - 9 : weighted;
  }
  return (10 - (sum % 10)) % 10;
}

/** Separate purposes hash separately, so that the shipment id says nothing about the tracking number. */
function digest(purpose: string, reference: string): Buffer {
  return createHash('sha256').update(`embedded-carrier:${purpose}:${reference}`).digest();
}
