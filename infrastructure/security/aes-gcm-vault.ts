import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { SealedPersonalData } from '../../domain/buyback/events.js';
import { FORGOTTEN, type PersonalDataVault } from '../../application/ports/personal-data.js';
import type { SubjectKeyStore } from '../../application/ports/security.js';

/**
 * AES-256-GCM with one key per data subject. The subject id of an e-mail is
 * an HMAC with a server secret (the pepper), so it links a customer's
 * buybacks without revealing the e-mail.
 */
export class AesGcmPersonalDataVault implements PersonalDataVault {
  constructor(
    private readonly keys: SubjectKeyStore,
    private readonly pepper: Buffer,
  ) {}

  subjectIdFor(accountId: string, email: string): string {
    return createHmac('sha256', this.pepper).update(`${accountId}\n${email.trim().toLowerCase()}`).digest('hex').slice(0, 32);
  }

  async seal(subjectId: string, data: object): Promise<SealedPersonalData> {
    const key = await this.keys.getOrCreate(subjectId);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(subjectId));
    const ciphertext = Buffer.concat([cipher.update(JSON.stringify(data), 'utf8'), cipher.final()]);
    return {
      $sealed: 'v1',
      subjectId,
      iv: iv.toString('base64'),
      ciphertext: ciphertext.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
    };
  }

  async reveal<T>(value: T): Promise<T> {
    // Most events hold nothing sealed: hand them back untouched, without walking them asynchronously.
    if (!containsSealed(value)) return value;
    return (await this.revealValue(value)) as T;
  }

  forget(subjectId: string): Promise<boolean> {
    return this.keys.delete(subjectId);
  }

  private async revealValue(value: unknown): Promise<unknown> {
    if (Array.isArray(value)) return Promise.all(value.map((item) => this.revealValue(item)));
    if (value === null || typeof value !== 'object') return value;
    if (isSealed(value)) return this.open(value);
    const entries = await Promise.all(
      Object.entries(value as Record<string, unknown>).map(async ([k, v]) => [k, await this.revealValue(v)] as const),
    );
    return Object.fromEntries(entries);
  }

  private async open(sealed: SealedPersonalData): Promise<unknown> {
    const key = await this.keys.get(sealed.subjectId);
    if (!key) return FORGOTTEN;
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
    decipher.setAAD(Buffer.from(sealed.subjectId));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    let clear: Buffer;
    try {
      clear = Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()]);
    } catch {
      // The subject's current key does not open it: it was sealed with an earlier key,
      // deleted when the customer was forgotten (a customer who comes back gets a new key).
      return FORGOTTEN;
    }
    return JSON.parse(clear.toString('utf8'));
  }
}

function containsSealed(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(containsSealed);
  if (value === null || typeof value !== 'object') return false;
  if (isSealed(value)) return true;
  for (const key in value) if (containsSealed((value as Record<string, unknown>)[key])) return true;
  return false;
}

function isSealed(value: object): value is SealedPersonalData {
  return (value as { $sealed?: unknown }).$sealed === 'v1';
}
