import Database from 'better-sqlite3';
import { MongoClient } from 'mongodb';
import { RateLimiterMemory, RateLimiterMongo, RateLimiterSQLite, type RateLimiterAbstract, type RateLimiterRes } from 'rate-limiter-flexible';
import { Throttle, type LimiterOptions } from './throttle.js';

/** The table (SQLite) or collection (MongoDB) holding every throttle's counts, each throttle's keys prefixed by its name. */
const TABLE = 'throttles';
/** Counts whose window and block are over are deleted this often (SQLite; MongoDB's TTL index does it there). */
const CLEANUP_EVERY_MS = 5 * 60_000;
/** A throttle falling back to its in-memory counts says so at most this often. */
const REPORT_EVERY_MS = 60_000;
/** How long a throttle waits for another process's write to the SQLite file before it counts in memory instead. */
const SQLITE_BUSY_TIMEOUT_MS = 2_000;

/** Told when a throttle's shared store failed and it counted in memory instead (at most once a minute per throttle). */
export type ThrottleStoreFailure = (throttle: string, error: unknown) => void;

type StoreLimiterOf = (name: string, options: LimiterOptions & { insuranceLimiter: RateLimiterAbstract }) => RateLimiterAbstract;

/**
 * Where the throttles count, picked by the composition root: a SQLite file
 * in DATA_DIR (the embedded default; WAL, so every process on the same
 * folder counts in the same table), MongoDB (when the read models are
 * there), or memory (tests that ask for it). Every throttle is named: two
 * processes' throttles of one name count together.
 *
 * **When the store fails** (a locked or full disk, MongoDB unreachable), a
 * throttle neither lets everything through nor crashes: it counts in its own
 * process's memory (rate-limiter-flexible's `insuranceLimiter`), with the same
 * limits, and the failure is reported. The login throttles too: refusing
 * every sign-in (failing closed) while the store is down would lock every
 * user out, whereas the fallback still bounds guessing to the limit times
 * the number of replicas; and with the store down the sessions (in the same
 * store) are down as well.
 */
export class Throttles {
  private readonly lastReported = new Map<string, number>();

  private constructor(
    private readonly storeLimiterOf: StoreLimiterOf | null,
    private readonly closeStore: () => Promise<void>,
    private readonly onFailure: ThrottleStoreFailure,
  ) {}

  /** Counts in this process's memory only (tests, tools). */
  static memory(): Throttles {
    return new Throttles(null, async () => undefined, () => undefined);
  }

  /** Counts in the SQLite file at `path` (made private by the caller), shared by every process opening it. */
  static sqlite(path: string, onFailure: ThrottleStoreFailure): Throttles {
    const db = new Database(path);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    // The library's own table (created here, so no limiter writes before it exists).
    db.exec(`CREATE TABLE IF NOT EXISTS ${TABLE} (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER)`);
    const cleanup = setInterval(() => {
      try {
        db.prepare(`DELETE FROM ${TABLE} WHERE expire < ?`).run(Date.now());
      } catch (error) {
        onFailure('cleanup', error);
      }
    }, CLEANUP_EVERY_MS);
    cleanup.unref();
    return new Throttles(
      (name, options) => new RateLimiterSQLite({ ...options, keyPrefix: name, storeClient: db, storeType: 'better-sqlite3', tableName: TABLE, tableCreated: true }),
      async () => {
        clearInterval(cleanup);
        db.close();
      },
      onFailure,
    );
  }

  /** Counts in MongoDB (the read models' server and database), collection `throttles`, expired counts removed by a TTL index. */
  static async mongodb(url: string, database: string, onFailure: ThrottleStoreFailure): Promise<Throttles> {
    const client = await MongoClient.connect(url);
    try {
      const collection = client.db(database).collection(TABLE);
      await collection.createIndex({ expire: -1 }, { expireAfterSeconds: 0 });
      await collection.createIndex({ key: 1 }, { unique: true });
    } catch (error) {
      await client.close();
      throw error;
    }
    return new Throttles(
      (name, options) => new RateLimiterMongo({ ...options, keyPrefix: name, storeClient: client, dbName: database, tableName: TABLE, disableIndexesCreation: true }),
      () => client.close(),
      onFailure,
    );
  }

  /** The throttle `name` (unique per use: a name's counts are shared by every throttle and process using it). */
  create(name: string, limit: number, windowSeconds: number, blockSeconds: number): Throttle {
    const storeLimiterOf = this.storeLimiterOf;
    if (!storeLimiterOf) return new Throttle(limit, windowSeconds, blockSeconds);
    return new Throttle(limit, windowSeconds, blockSeconds, (options) =>
      storeLimiterOf(name, { ...options, insuranceLimiter: new ReportingInsurance(options, () => this.report(name)) }),
    );
  }

  close(): Promise<void> {
    return this.closeStore();
  }

  private report(name: string): void {
    const now = Date.now();
    if (now - (this.lastReported.get(name) ?? 0) < REPORT_EVERY_MS) return;
    this.lastReported.set(name, now);
    this.onFailure(name, new Error('the throttle store failed: counting in this process only'));
  }
}

/** The in-memory counts a throttle falls back to when its store fails; each use is reported. */
class ReportingInsurance extends RateLimiterMemory {
  constructor(options: LimiterOptions, private readonly used: () => void) {
    super(options);
  }

  override consume(key: string | number, points?: number, options?: Record<string, unknown>): Promise<RateLimiterRes> {
    this.used();
    return super.consume(key, points, options);
  }

  override get(key: string | number, options?: Record<string, unknown>): Promise<RateLimiterRes | null> {
    this.used();
    return super.get(key, options);
  }

  override delete(key: string | number, options?: Record<string, unknown>): Promise<boolean> {
    this.used();
    return super.delete(key, options);
  }
}
