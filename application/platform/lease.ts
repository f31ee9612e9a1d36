/**
 * One owner per background role (issue 25): a lease in the document store,
 * one document per role in LEASES_COLLECTION. A process started with the role
 * takes it when it is free or expired, renews it every third of its time to
 * live, and releases it when it stops; a process that dies stops renewing it,
 * and another takes it over once it has expired. Each takeover raises the
 * lease's fencing token: the holder's writes carry its token (`fence()`, an
 * `expect` operation of the batch), so a holder that lost the lease without
 * knowing it yet (a stalled process) has its writes refused, nothing written.
 *
 * Only compare-and-set operations of the DocumentStore port are used
 * (`insert`, `replaceWhere`), so SQLite and MongoDB hold it alike. Times are
 * the machines' own (Date.now), never a test's clock: a lease expires in
 * real time.
 */
import type { DocumentStore, StoredDocument, WriteOperation } from '../ports/document-store.js';

export const LEASES_COLLECTION = 'leases';
/** The background roles that have one owner at a time. */
export const LEASED_ROLES = ['projector', 'processor'] as const;
export type LeasedRole = (typeof LEASED_ROLES)[number];

export interface LeaseDocument extends StoredDocument {
  /** The role. */
  _id: string;
  /** The replica holding it (REPLICA_ID, else host:pid). */
  holder: string;
  /** Raised by one on each takeover (never on a renewal). */
  token: number;
  /** When this holder took it (UTC). */
  since: string;
  renewedAt: string;
  /** Past this (UTC), anyone may take it over. */
  expiresAt: string;
}

/** What the holder runs: started once the lease is taken, stopped at once when it is lost or released. */
export interface LeasedWork {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface LeaseLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface LeaseOptions {
  ttlMs: number;
  /** Milliseconds since the epoch (the machine's clock). */
  now?: () => number;
}

/** A fence for a holder's writes: the check its batch carries, and what to do when a batch is refused. */
export interface WriteFence {
  /** The `expect` operation of the current token, or null when the lease is not held (then nothing may be written). */
  check(): WriteOperation | null;
  /** A batch was refused (FencedWriteError): the lease is lost, the work stops. */
  refused(): void;
}

export class Lease implements WriteFence {
  private held: LeaseDocument | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** Serialises the ticks, the losses and the stop. */
  private turn: Promise<void> = Promise.resolve();
  private readonly now: () => number;

  constructor(
    private readonly documents: DocumentStore,
    readonly role: LeasedRole,
    readonly holder: string,
    private readonly work: LeasedWork,
    private readonly logger: LeaseLogger,
    private readonly options: LeaseOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  private get leases() {
    return this.documents.collection<LeaseDocument>(LEASES_COLLECTION);
  }

  /** Whether this process holds the lease (as far as it knows: the fence is what decides). */
  get holding(): boolean {
    return this.held !== null;
  }

  /** The current fencing token, or null. */
  get token(): number | null {
    return this.held?.token ?? null;
  }

  /** Tries to take the lease now, then renews it (or tries again) every third of its time to live. Resolves after the first try. */
  start(): Promise<void> {
    if (this.timer) return this.turn;
    this.timer = setInterval(() => void this.serialise(() => this.tick()), Math.max(100, Math.floor(this.options.ttlMs / 3)));
    this.timer.unref();
    return this.serialise(() => this.tick());
  }

  /** Stops the work and releases the lease (a clean stop: another process takes it over at its next try). */
  stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    return this.serialise(async () => {
      const held = this.held;
      if (!held) return;
      await this.lose('released');
      const released = { ...held, expiresAt: new Date(this.now()).toISOString() };
      await this.leases.replaceWhere(released, { token: held.token, holder: this.holder }).catch((error: unknown) => {
        this.logger.warn({ err: error, lease: this.role }, 'lease: could not release (it expires by itself)');
      });
    });
  }

  /** One renewal, or one try to take it, now (what the timer does every third of the time to live). */
  renewOrTake(): Promise<void> {
    return this.serialise(() => this.tick());
  }

  /** Stops renewing and trying, as a process frozen or cut off would: the work goes on until a write is refused. For tests of a takeover. */
  freeze(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  check(): WriteOperation | null {
    const held = this.held;
    return held ? { kind: 'expect', collection: LEASES_COLLECTION, id: this.role, field: 'token', value: held.token } : null;
  }

  refused(): void {
    void this.serialise(async () => {
      if (this.held) await this.lose('fenced: another holder took over');
    });
  }

  private serialise(step: () => Promise<void>): Promise<void> {
    const next = this.turn.then(step).catch((error: unknown) => this.logger.error({ err: error, lease: this.role }, 'lease: a step failed'));
    this.turn = next;
    return next;
  }

  private async tick(): Promise<void> {
    if (this.held) await this.renew(this.held);
    else await this.acquire();
  }

  private fresh(token: number, since: string): LeaseDocument {
    const now = this.now();
    return { _id: this.role, holder: this.holder, token, since, renewedAt: new Date(now).toISOString(), expiresAt: new Date(now + this.options.ttlMs).toISOString() };
  }

  private async acquire(): Promise<void> {
    const current = await this.leases.get(this.role);
    const since = new Date(this.now()).toISOString();
    if (!current) {
      const first = this.fresh(1, since);
      if (await this.leases.insert(first)) await this.take(first);
      return;
    }
    if (Date.parse(current.expiresAt) > this.now()) return;
    const next = this.fresh(current.token + 1, since);
    if (await this.leases.replaceWhere(next, { token: current.token, holder: current.holder, expiresAt: current.expiresAt })) await this.take(next);
  }

  private async take(lease: LeaseDocument): Promise<void> {
    this.held = lease;
    this.logger.info({ lease: this.role, fencingToken: lease.token }, 'lease taken: this process runs the role');
    try {
      await this.work.start();
    } catch (error) {
      this.logger.error({ err: error, lease: this.role }, 'lease: the role could not start; letting the lease go');
      await this.lose('the role could not start');
    }
  }

  /**
   * A compare-and-set on the token: it fails once another process took the
   * lease over. One late past the expiry (this process stalled) renews it
   * still if no one took it meanwhile: the token is what fences the writes.
   */
  private async renew(held: LeaseDocument): Promise<void> {
    const renewed = { ...this.fresh(held.token, held.since) };
    try {
      if (await this.leases.replaceWhere(renewed, { token: held.token, holder: this.holder })) this.held = renewed;
      else await this.lose('taken over by another process');
    } catch (error) {
      this.logger.warn({ err: error, lease: this.role }, 'lease: renewal failed; trying again');
    }
  }

  private async lose(why: string): Promise<void> {
    this.held = null;
    if (why === 'released') this.logger.info({ lease: this.role }, 'lease released: this process stopped the role');
    else this.logger.warn({ lease: this.role, why }, 'lease lost: this process stops the role');
    await this.work.stop();
  }
}

/** Who holds each leased role, for /api/health: expired leases included (`live` false). */
export interface LeaseHolding {
  role: string;
  holder: string;
  token: number;
  since: string;
  expiresAt: string;
  live: boolean;
}

export async function leaseHoldings(documents: DocumentStore, now: number = Date.now()): Promise<LeaseHolding[]> {
  const leases = await documents.collection<LeaseDocument>(LEASES_COLLECTION).find({}, { sort: [['_id', 1]], limit: 20 });
  return leases.map((lease) => ({
    role: lease._id,
    holder: lease.holder,
    token: lease.token,
    since: lease.since,
    expiresAt: lease.expiresAt,
    live: Date.parse(lease.expiresAt) > now,
  }));
}
