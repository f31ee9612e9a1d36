import { createHmac, timingSafeEqual } from 'node:crypto';

/** How old a signed request may be (seconds), either way: a replay later than this is refused. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export type SignatureVerdict = { valid: true; timestamp: number } | { valid: false; reason: 'missing' | 'malformed' | 'expired' | 'mismatch' };

/**
 * A carrier's webhook signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>">` (docs/carrier-contract.md). The timestamp is signed
 * with the body, so an old request sent again is refused once it is older
 * than the tolerance; within it, the event's id makes it change nothing.
 */
export function verifySignature(header: string | undefined, rawBody: Buffer, secret: string, nowSeconds: number): SignatureVerdict {
  if (!header) return { valid: false, reason: 'missing' };
  const parts = new Map(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const t = parts.get('t');
  const v1 = parts.get('v1');
  if (!t || !v1 || !/^\d{1,12}$/.test(t) || !/^[0-9a-f]{64}$/i.test(v1)) return { valid: false, reason: 'malformed' };
  const timestamp = Number(t);
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return { valid: false, reason: 'expired' };
  const expected = signatureOf(secret, t, rawBody);
  const given = Buffer.from(v1.toLowerCase(), 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { valid: false, reason: 'mismatch' };
  return { valid: true, timestamp };
}

function signatureOf(secret: string, timestamp: string, rawBody: Buffer): Buffer {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
}

/** The header a carrier (or a test, or the demo) sends with this body. */
export function signatureHeader(secret: string, rawBody: Buffer | string, nowSeconds: number): string {
  const t = String(Math.floor(nowSeconds));
  return `t=${t},v1=${signatureOf(secret, t, Buffer.from(rawBody)).toString('hex')}`;
}
