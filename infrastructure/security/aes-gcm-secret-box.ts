import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { SecretBox } from '../../application/ports/secret-box.js';

const PREFIX = 'sealed:v1:';

/**
 * AES-256-GCM with a key derived (HKDF-SHA-256) from the server's secret
 * (PERSONAL_DATA_PEPPER or DATA_DIR/pepper.key), a random 96-bit IV per
 * value and the context as additional data: `sealed:v1:<iv>.<ciphertext>.<tag>`
 * (base64url). Whoever reads the event store or the read models without
 * the server's secret learns nothing of the value but its length.
 */
export class AesGcmSecretBox implements SecretBox {
  readonly #key: Buffer;

  constructor(serverSecret: Buffer) {
    this.#key = Buffer.from(hkdfSync('sha256', serverSecret, Buffer.from('connector-secrets'), Buffer.from('aes-256-gcm v1'), 32));
  }

  seal(clear: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]);
    return `${PREFIX}${[iv, ciphertext, cipher.getAuthTag()].map((b) => b.toString('base64url')).join('.')}`;
  }

  open(sealed: string, context: string): string {
    if (!sealed.startsWith(PREFIX)) throw new Error('Not a sealed value');
    const [iv, ciphertext, tag] = sealed.slice(PREFIX.length).split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !ciphertext || !tag) throw new Error('Not a sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, iv);
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  }
}
