import { createHash } from 'node:crypto';
import type { DocumentStore } from '../../application/ports/document-store.js';
import type { Clock } from '../../application/ports/clock.js';
import type { IdempotencyMark } from '../../application/ports/event-store.js';
import { HttpError } from './errors.js';

export const IDEMPOTENCY_COLLECTION = 'idempotency_keys';

interface AnswerRecord {
  _id: string;
  requestHash: string;
  status: number;
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
 * Idempotency-Key for POST commands. What makes a retry safe is in the event
 * store: the key (hashed with its scope) and the request's hash are written
 * on every event the command appends, in the same append, so a retry finds
 * them and answers as the first attempt did, and the aggregate a keyed
 * creation makes takes its id from the key (so a second creation is refused
 * by the stream's expected revision). Nothing is locked: a request that died
 * leaves nothing that blocks its retry.
 *
 * Here, the answers themselves are kept (per tenant and user, in the
 * document store, surviving a restart) so that a retry gets exactly the first
 * answer, headers included, without running the command; the same key with
 * another request answers IDEMPOTENCY_KEY_REUSED (422).
 */
export class IdempotencyKeys {
  constructor(
    private readonly documents: DocumentStore,
    private readonly clock: Clock,
  ) {}

  private records() {
    return this.documents.collection<AnswerRecord>(IDEMPOTENCY_COLLECTION);
  }

  static requestHash(method: string, path: string, body: unknown): string {
    return createHash('sha256').update(`${method} ${path}\n${canonicalJson(body)}`).digest('hex');
  }

  /** What the events of a keyed command carry. */
  static mark(scope: string, key: string, requestHash: string): IdempotencyMark {
    return { key: createHash('sha256').update(`${scope}\n${key}`).digest('hex'), request: requestHash };
  }

  /** The first answer to this key when it is kept; null when the command must run (it finds its own events if it ran). */
  async replay(scope: string, key: string, requestHash: string): Promise<StoredResponse | null> {
    const existing = await this.records().get(`${scope}:${key}`);
    if (!existing) return null;
    if (existing.requestHash !== requestHash) throw new HttpError('IDEMPOTENCY_KEY_REUSED');
    return { status: existing.status, body: existing.body, headers: existing.headers };
  }

  /** Keeps the answer; a server error is not kept, so the client may retry. */
  async remember(scope: string, key: string, requestHash: string, response: StoredResponse): Promise<void> {
    if (response.status >= 500) return;
    // First writer wins: two attempts of one request answer alike, and a kept answer never changes.
    await this.records().insert({
      _id: `${scope}:${key}`,
      requestHash,
      status: response.status,
      body: response.body,
      headers: response.headers,
      createdAt: this.clock.now(),
    });
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
