import { createHash, createHmac } from 'node:crypto';
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
  /**
   * The server's secret (the pepper): the key of its tracking numbers is
   * derived from it for that purpose alone, so that nobody without it can
   * tell a parcel's tracking number from its buyback's code.
   */
  serverSecret: Buffer;
}

/**
 * The carrier the platform is its own: no network, nothing stored. A
 * shipment is a keyed function of its reference, so asking twice answers the
 * same shipment (what the port asks of every carrier) without a table to
 * keep, and the label is printed here, from the request, whenever it is asked
 * for. Its tracking numbers look random to anyone without the installation's
 * secret (embeddedTrackingNumber).
 * It is the default of the embedded setup (demo, tests, a store that drops
 * its parcels off itself); a real carrier comes through HttpCarrier.
 */
export class EmbeddedCarrier implements TransportPort {
  private readonly trackingBase: string | null;
  private readonly trackingKey: Buffer;

  constructor(
    private readonly clock: Clock,
    options: EmbeddedCarrierOptions,
  ) {
    this.trackingBase = options.publicBaseUrl ? options.publicBaseUrl.replace(/\/+$/, '') : null;
    this.trackingKey = trackingKeyOf(options.serverSecret);
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
    const trackingNumber = embeddedTrackingNumber(reference, this.trackingKey);
    return {
      shipmentId: `emb-${digest('shipment', reference).toString('hex').slice(0, 24)}`,
      trackingNumber,
      trackingLink: this.trackingBase ? `${this.trackingBase}/tracking/${trackingNumber}` : null,
      carrier: EMBEDDED_CARRIER_NAME,
    };
  }
}

/** The key of the tracking numbers, from the server's secret, for that purpose alone. */
export function trackingKeyOf(serverSecret: Buffer): Buffer {
  return createHmac('sha256', serverSecret).update('embedded-carrier:tracking-numbers').digest();
}

/**
 * The embedded carrier's tracking numbers, 17 characters:
 *
 *   TP 38104729916524 7
 *   │  │              └ check digit: Luhn (mod 10) over the fourteen digits before it
 *   │  └ the reference's fourteen-digit serial, enciphered under the installation's key
 *   └ "TP": Trade-in Platform, so that nobody mistakes it for another carrier's
 *
 * The serial says what the reference is (1 a package "P" + 9 digits, 2 a
 * buyback's 13-digit code, 3 a return "R" + a code, 9 anything else: digits
 * from its SHA-256) and its digits; printed as it was, anyone who saw a
 * buyback's code (a receipt, a label, the storefront) knew its parcel's
 * tracking number. Enciphered by a keyed permutation of the fourteen-digit
 * numbers (a Feistel network whose rounds are HMAC-SHA256 under the key), it
 * looks random without the key, and stays unique: the platform's references
 * are unique, their serials too, and a permutation gives two serials two
 * numbers, so a carrier's report can never land on another parcel (ten random
 * digits would have given two of a hundred thousand shipments the same number
 * four times in ten). The same reference always gives the same number, so the
 * carrier keeps nothing. Luhn catches every mistyped digit and nearly every
 * swap of two neighbours. Code 128 packs digits in pairs: the symbol stays
 * short.
 */
export function embeddedTrackingNumber(reference: string, key: Buffer): string {
  const serial = encipherSerial(serialOf(reference.trim()), key);
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

/** The two halves of a serial: seven digits each. */
const HALF = 10_000_000n;
/** Rounds of the Feistel network: ten, as FF1 uses for a domain this small. */
const ROUNDS = 10;

/** A keyed permutation of the fourteen-digit numbers (a balanced Feistel network on two seven-digit halves). */
function encipherSerial(serial: string, key: Buffer): string {
  let left = BigInt(serial.slice(0, 7));
  let right = BigInt(serial.slice(7));
  for (let round = 0; round < ROUNDS; round++) {
    const mixed = (left + roundValue(key, round, right)) % HALF;
    left = right;
    right = mixed;
  }
  return `${left.toString().padStart(7, '0')}${right.toString().padStart(7, '0')}`;
}

function roundValue(key: Buffer, round: number, half: bigint): bigint {
  return createHmac('sha256', key).update(`${round}:${half}`).digest().readBigUInt64BE(0) % HALF;
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
