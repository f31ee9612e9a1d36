/**
 * The event store port. Two adapters implement it (SQLite, KurrentDB) and
 * one contract suite (tests/contract/event-store.contract.ts) holds them to it.
 */

/** Who did it, for whom, why, and when: carried by every stored event. */
export interface EventMetadata {
  /** The tenant (retailer account) the event belongs to. */
  accountId: string;
  /** The organization (store, warehouse, management unit…) acting or concerned. */
  organizationId: string | null;
  /** The authenticated user, or null for the system and anonymous visitors. */
  userId: string | null;
  correlationId: string;
  causationId: string | null;
  /** When it happened, UTC ISO-8601, supplied by the command (never read from a clock here). */
  occurredAt: string;
  /**
   * The Idempotency-Key of the request that caused it (hashed with its scope),
   * and the hash of that request: a retry of the same request finds its events
   * and answers as the first attempt did, even after a crash.
   */
  idempotency?: IdempotencyMark | null;
}

export interface IdempotencyMark {
  /** SHA-256 of the key's scope (tenant and user) and the key. */
  key: string;
  /** SHA-256 of the request (method, path, canonical body). */
  request: string;
}

/** An event about to be appended. `type` carries a version: `buyback.BuybackCancelled.v1`. */
export interface NewEvent<TData = Record<string, unknown>> {
  id: string;
  type: string;
  data: TData;
  metadata: EventMetadata;
}

export interface StoredEvent<TData = Record<string, unknown>> extends NewEvent<TData> {
  streamName: string;
  /** 0-based position of the event inside its stream. */
  streamRevision: number;
  /** Position in the global log (`$all`); strictly increasing in append order. */
  globalPosition: number;
}

/** `no_stream`: the stream must not exist; `any`: no check; a number: the stream's current revision. */
export type ExpectedRevision = 'any' | 'no_stream' | number;

export interface AppendResult {
  /** Revision of the last event written; pass it as the next expected revision. */
  nextExpectedRevision: number;
  /** Global position of the last event written. */
  lastGlobalPosition: number;
}

/** One stream's part of an atomic multi-stream append (see EventStore.appendToStreams). */
export interface StreamAppend {
  streamName: string;
  events: NewEvent[];
  expectedRevision: ExpectedRevision;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. Use 0 (or -1) to start at the beginning. */
  after: number;
  maxCount: number;
}

export interface SubscriptionHandle {
  close(): Promise<void>;
}

export interface SubscribeOptions {
  /** Exclusive checkpoint: deliver events strictly after this global position. */
  after: number;
  /** Called with batches in global order; the next batch waits for the promise. */
  onEvents(events: StoredEvent[]): Promise<void>;
  onError?(error: unknown): void;
  batchSize?: number;
}

export interface EventStore {
  appendToStream(streamName: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult>;
  /**
   * Appends to several streams atomically, in order. Every expected revision
   * holds and every event is written, or nothing is (the first failure, e.g.
   * WrongExpectedRevisionError, rejects the whole call). An append with no
   * events is a consistency check: that stream must still be at its expected
   * revision, and nothing is written to it (a decision taken on two
   * aggregates of which only one changes). One result per append, in order.
   * Every adapter implements it (SQLite in one transaction, KurrentDB with
   * its multi-stream append): the platform's invariants rest on it.
   */
  appendToStreams(appends: StreamAppend[]): Promise<AppendResult[]>;
  /** All events of a stream in order; an empty array when the stream does not exist. */
  readStream(streamName: string): Promise<StoredEvent[]>;
  readAll(options: ReadAllOptions): Promise<StoredEvent[]>;
  /** Global position of the newest event, or 0 for an empty store. */
  lastGlobalPosition(): Promise<number>;
  /** Catch-up from the checkpoint, then live. */
  subscribeToAll(options: SubscribeOptions): SubscriptionHandle;
  close(): Promise<void>;
}

/** Thrown when the expected revision does not match: nothing was written. */
export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamName}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}
