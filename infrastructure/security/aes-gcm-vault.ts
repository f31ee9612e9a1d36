import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { SealedPersonalData } from '../../domain/buybacks/events.js';
import { FORGOTTEN, type PersonalDataVault, type Revealer } from '../../application/ports/personal-data.js';
import type { SubjectKeyStore } from '../../application/ports/security.js';

/**
 * AES-256-GCM with one key per data subject. The subject id of an e-mail is
 * an HMAC with a server secret (the pepper), so it links a customer's
 * buybacks without revealing the e-mail.
 */
export class AesGcmPersonalDataVault implements PersonalDataVault {
  /**
   * The clear data of the envelopes this vault sealed, for as long as the
   * envelope object lives: the live projections receive the very events this
   * process appended (see SqliteEventStore), and open them without a key
   * lookup or a decryption. Held weakly: gone with the event. An entry counts
   * only until the next `forget` (of anyone: forgetting is rare), after which
   * envelopes are opened with the key store again.
   */
  private readonly sealedHere = new SealedHere();

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
    const clear = JSON.stringify(data);
    const ciphertext = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]);
    const envelope: SealedPersonalData = {
      $sealed: 'v1',
      subjectId,
      iv: iv.toString('base64'),
      ciphertext: ciphertext.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
    };
    // What opening it would give (JSON-exact, and a copy the caller cannot change).
    this.sealedHere.remember(envelope, JSON.parse(clear));
    return envelope;
  }

  async reveal<T>(value: T): Promise<T> {
    // Most events hold nothing sealed: hand them back untouched, without walking them asynchronously.
    if (!containsSealed(value)) return value;
    return (await this.revealValue(value)) as T;
  }

  forget(subjectId: string): Promise<boolean> {
    this.sealedHere.forgetAll();
    return this.keys.delete(subjectId);
  }

  revealer(): Revealer {
    return new AesGcmRevealer(this.keys, this.sealedHere);
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
    const clear = decrypt(sealed, key);
    // The subject's current key does not open it: it was sealed with an earlier key,
    // deleted when the customer was forgotten (a customer who comes back gets a new key).
    return clear === NOT_OPENED ? FORGOTTEN : clear;
  }
}

/** The clear data of envelopes sealed by this vault since its last `forget`; see AesGcmPersonalDataVault.sealedHere. */
class SealedHere {
  private readonly entries = new WeakMap<SealedPersonalData, { generation: number; clear: unknown }>();
  private generation = 0;

  remember(envelope: SealedPersonalData, clear: unknown): void {
    this.entries.set(envelope, { generation: this.generation, clear });
  }

  forgetAll(): void {
    this.generation += 1;
  }

  /** The clear data, or NOT_OPENED when this vault did not seal it (or a forget came since). */
  open(envelope: SealedPersonalData): unknown {
    const entry = this.entries.get(envelope);
    return entry && entry.generation === this.generation ? entry.clear : NOT_OPENED;
  }
}

/** Subject keys a revealer keeps at most; past that, the longest-held one is dropped. */
const REVEALER_KEYS = 10_000;

/**
 * Bulk revealing for a pass over many events: one key-store read per call for
 * the subjects it has not met yet, then synchronous AES-GCM opens.
 */
class AesGcmRevealer implements Revealer {
  private readonly known = new Map<string, Buffer>();

  constructor(
    private readonly keys: SubjectKeyStore,
    private readonly sealedHere: SealedHere = new SealedHere(),
  ) {}

  async revealAll<T>(values: readonly T[]): Promise<T[]> {
    const envelopes: SealedPersonalData[] = [];
    const sealedIn = values.map((value) => {
      const before = envelopes.length;
      collectSealed(value, envelopes);
      return envelopes.length > before;
    });
    if (envelopes.length === 0) return [...values];
    const opened = new Map<object, unknown>();
    const unknown = new Set<string>();
    for (const envelope of envelopes) {
      const clear = this.sealedHere.open(envelope);
      if (clear !== NOT_OPENED) opened.set(envelope, clear);
      else if (!this.known.has(envelope.subjectId)) unknown.add(envelope.subjectId);
    }
    const fetched = unknown.size > 0 ? await this.keys.getMany([...unknown]) : new Map<string, Buffer>();
    for (const [subjectId, key] of fetched) this.remember(subjectId, key);

    for (const envelope of envelopes) {
      if (opened.has(envelope)) continue;
      const key = fetched.get(envelope.subjectId) ?? this.known.get(envelope.subjectId);
      let clear = key ? decrypt(envelope, key) : NOT_OPENED;
      if (clear === NOT_OPENED && !unknown.has(envelope.subjectId)) {
        // A key kept from an earlier call may have been replaced since (forgotten, then back with
        // a new key), or created since (the subject was unknown then): read it again, once.
        unknown.add(envelope.subjectId);
        const fresh = await this.keys.get(envelope.subjectId);
        if (fresh) {
          this.remember(envelope.subjectId, fresh);
          clear = decrypt(envelope, fresh);
        } else this.known.delete(envelope.subjectId);
      }
      opened.set(envelope, clear === NOT_OPENED ? FORGOTTEN : clear);
    }
    return values.map((value, index) => (sealedIn[index] ? (withOpened(value, opened) as T) : value));
  }

  private remember(subjectId: string, key: Buffer): void {
    this.known.delete(subjectId);
    if (this.known.size >= REVEALER_KEYS) this.known.delete(this.known.keys().next().value as string);
    this.known.set(subjectId, key);
  }
}

const NOT_OPENED = Symbol('not opened');

/** The clear value, or NOT_OPENED when `key` is not the one it was sealed with. */
function decrypt(sealed: SealedPersonalData, key: Buffer): unknown {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
  decipher.setAAD(Buffer.from(sealed.subjectId));
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
  let clear: Buffer;
  try {
    clear = Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()]);
  } catch {
    return NOT_OPENED;
  }
  return JSON.parse(clear.toString('utf8'));
}

function collectSealed(value: unknown, into: SealedPersonalData[]): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) collectSealed(item, into);
  } else if (isSealed(value)) {
    into.push(value);
  } else {
    for (const key in value) collectSealed((value as Record<string, unknown>)[key], into);
  }
}

/** `value` with its envelopes replaced by their openings; only the objects on the way to one are copied. */
function withOpened(value: unknown, opened: ReadonlyMap<object, unknown>): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (opened.has(value)) return opened.get(value);
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    value.forEach((item: unknown, index) => {
      const revealed = withOpened(item, opened);
      if (revealed !== item) (copy ??= [...value])[index] = revealed;
    });
    return copy ?? value;
  }
  let copy: Record<string, unknown> | null = null;
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key];
    const revealed = withOpened(item, opened);
    if (revealed !== item) (copy ??= { ...(value as Record<string, unknown>) })[key] = revealed;
  }
  return copy ?? value;
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
