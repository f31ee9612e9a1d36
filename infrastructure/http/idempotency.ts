import { createHash } from 'node:crypto';
import type { DocumentStore } from '../../application/ports/document-store.js';
import type { Clock } from '../../application/ports/clock.js';
import { HttpError } from './errors.js';

export const IDEMPOTENCY_COLLECTION = 'idempotency_keys';
/** A request that crashed mid-way leaves its key "in progress"; after this the key can be retried. */
const IN_PROGRESS_EXPIRY_MS = 60_000;

interface IdempotencyRecord {
  _id: string;
  requestHash: string;
  state: 'in_progress' | 'done';
  status: number | null;
  body: unknown;
  headers: Record<string, string>;
  createdAt: string;
  [field: string]: unknown;
}

export interface StoredResponse {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * Idempotency-Key for POST commands, kept in the document store (so keys
 * survive a restart) and scoped per tenant. Same key and same request:
 * the first answer is replayed and nothing is written again. Same key,
 * different request: IDEMPOTENCY_KEY_REUSED (422).
 */
export class IdempotencyKeys {
  private readonly inFlight = new Set<string>();

  constructor(
    private readonly documents: DocumentStore,
    private readonly clock: Clock,
  ) {}

  private records() {
    return this.documents.collection<IdempotencyRecord>(IDEMPOTENCY_COLLECTION);
  }

  static requestHash(method: string, path: string, body: unknown): string {
    return createHash('sha256').update(`${method} ${path}\n${canonicalJson(body)}`).digest('hex');
  }

  /**
   * Returns a replay when the request was already answered; otherwise claims
   * the key. The claim is an insert of the "in progress" record, so of two
   * requests with one key (in this process or another), one only goes on.
   */
  async begin(scope: string, key: string, requestHash: string): Promise<StoredResponse | null> {
    const id = `${scope}:${key}`;
    if (this.inFlight.has(id)) throw new HttpError('IDEMPOTENCY_KEY_IN_PROGRESS');
    const claim: IdempotencyRecord = {
      _id: id,
      requestHash,
      state: 'in_progress',
      status: null,
      body: null,
      headers: {},
      createdAt: this.clock.now(),
    };
    if (await this.records().insert(claim)) return this.claimed(id);
    const existing = await this.records().get(id);
    if (!existing) {
      // Released (a server error) between the insert and the read: one more try.
      if (await this.records().insert(claim)) return this.claimed(id);
      throw new HttpError('IDEMPOTENCY_KEY_IN_PROGRESS');
    }
    if (existing.requestHash !== requestHash) throw new HttpError('IDEMPOTENCY_KEY_REUSED');
    if (existing.state === 'done' && existing.status !== null) {
      return { status: existing.status, body: existing.body, headers: existing.headers };
    }
    const stale = Date.parse(this.clock.now()) - Date.parse(existing.createdAt) > IN_PROGRESS_EXPIRY_MS;
    if (!stale) throw new HttpError('IDEMPOTENCY_KEY_IN_PROGRESS');
    // A claim left by a request that died is taken over, by one taker only: the
    // replacement holds only while the record is still that stale claim.
    const takenOver = await this.records().replaceWhere(claim, { state: 'in_progress', createdAt: existing.createdAt });
    if (!takenOver) throw new HttpError('IDEMPOTENCY_KEY_IN_PROGRESS');
    return this.claimed(id);
  }

  private claimed(id: string): null {
    this.inFlight.add(id);
    return null;
  }

  /** Stores the answer; a server error releases the key instead, so the client may retry. */
  async finish(scope: string, key: string, requestHash: string, response: StoredResponse): Promise<void> {
    const id = `${scope}:${key}`;
    try {
      if (response.status >= 500) {
        await this.records().delete(id);
        return;
      }
      await this.records().upsert({
        _id: id,
        requestHash,
        state: 'done',
        status: response.status,
        body: response.body,
        headers: response.headers,
        createdAt: this.clock.now(),
      });
    } finally {
      this.inFlight.delete(id);
    }
  }
}

/** JSON with sorted keys, so the same body in another key order hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
