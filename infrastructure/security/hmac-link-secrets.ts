import { createHmac, hkdfSync } from 'node:crypto';
import type { LinkSecrets } from '../../application/ports/link-secrets.js';

/**
 * Link secrets as HMAC-SHA256 of their name under a key derived (HKDF) from
 * the server secret: 256 bits, URL-safe, the same for the same name on every
 * start, never stored (only their hash is, on the events).
 */
export class HmacLinkSecrets implements LinkSecrets {
  private readonly key: Buffer;

  constructor(serverSecret: Buffer) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, Buffer.alloc(0), 'trade-in:link-secrets', 32));
  }

  secretFor(name: string): string {
    return createHmac('sha256', this.key).update(name).digest('base64url');
  }
}
