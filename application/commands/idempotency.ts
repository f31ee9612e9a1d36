/**
 * The id of an aggregate a keyed request creates, derived from its
 * Idempotency-Key (already hashed with its scope): the same request always
 * targets the same new stream, so the event store's "stream must not exist"
 * check lets one attempt create it, and a retry finds it.
 */
export function idFromIdempotencyKey(keyHash: string): string {
  if (!/^[0-9a-f]{32,}$/.test(keyHash)) throw new Error('An idempotency key hash is hexadecimal SHA-256');
  const h = keyHash.slice(0, 32);
  // UUID v8 layout (custom, name-based): version 8, RFC 4122 variant.
  const variant = ((parseInt(h[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
