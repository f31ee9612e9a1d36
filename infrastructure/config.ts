import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { resolve } from 'node:path';

export interface AppConfig {
  port: number;
  dataDir: string;
  eventStore: { kind: 'sqlite'; synchronous: 'FULL' | 'NORMAL' | 'OFF' } | { kind: 'kurrentdb'; url: string };
  readModelStore: { kind: 'sqlite'; synchronous: 'FULL' | 'NORMAL' | 'OFF' } | { kind: 'mongodb'; url: string; database: string };
  /** Base URL of the storefront, for links sent to customers. */
  publicBaseUrl: string;
  sessionTtlMinutes: number;
  anonymousSessionTtlMinutes: number;
  /** A visitor token never used expires after this (a flood of minted tokens leaves nothing behind). */
  anonymousUnusedTtlMinutes: number;
  /** Failed logins: per account (e-mail) and per client address, before a lock of `loginLockMinutes`. */
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerAddress: number;
  loginLockMinutes: number;
  /** Visitor tokens a client address may mint per 10 minutes. */
  anonymousTokensPerAddress: number;
  /** Express's `trust proxy` (a hop count, or false): where the client's address comes from behind a proxy. */
  trustProxy: number | false;
  /** NODE_ENV=production: no demo data unless SEED_DEMO_DATA=true. */
  production: boolean;
  /** How long a command waits for the read models before answering (read your own writes). */
  readYourWritesTimeoutMs: number;
  /** How often at most a background reader's reference cache looks for the other processes' writes (REFERENCE_CACHE_CHECK_MS; API requests look each time). */
  referenceCacheCheckMs: number;
  /** Jobs: how often a process refreshes the heartbeat of its jobs, and how old a heartbeat is when its job was interrupted. */
  jobs: { heartbeatMs: number; staleMs: number };
  seedDemoData: boolean;
  /**
   * With the demo data, the demo's activity: the last weeks of buybacks and
   * their warehouse journeys, written through the commands on first start
   * (SEED_DEMO_ACTIVITY=false leaves the demo without them).
   */
  seedDemoActivity: boolean;
  /** The account whose storefront `/` serves; default: the first account with a white-label site. */
  whiteLabelAccountId: string | null;
  logLevel: string;
  /** This process's name in the logs and metrics (REPLICA_ID, else host:pid): which replica answered what. */
  replica: string;
  /**
   * What this process runs (PLATFORM_ROLE): `all` (default) everything; `api`
   * the HTTP API only; `projector` the projections and rebuilds; `processor`
   * the process managers and the background queues. A background role runs
   * in one process at a time, the holder of its lease (LEASE_TTL_MS).
   */
  role: PlatformRole;
  /** How long a background role's lease lasts unless renewed (renewed every third of it); its holder's death is noticed within it. */
  leaseTtlMs: number;
  /** A port of its own serving GET /metrics to the scraper without a session (METRICS_PORT), or null: then only /api/metrics. */
  metricsPort: number | null;
  /**
   * How long the HTTP server keeps an idle connection open (HTTP_KEEP_ALIVE_TIMEOUT_MS): longer than a load balancer
   * keeps its idle connections to it (nginx's upstream keepalive 60 s, AWS's 60 s), so that the balancer never sends a
   * request on a connection the server is closing (a POST it may not retry: 502 for the client).
   */
  keepAliveTimeoutMs: number;
  /** The built storefront and dashboard (`npm run build:ui`), served at / and /dashboard/. */
  uiDir: string;
  /** The storefront's pages rendered on the server when the UI build has its server entry (ui/README.md); STOREFRONT_SERVER_RENDERING=off: by the browser alone. */
  storefrontServerRendering: boolean;
  /**
   * The carrier: reached over HTTP (docs/carrier-contract.md) when `url` is
   * set, else the embedded carrier (labels made here). `webhookSecret` signs
   * the carriers' reports (POST /api/transport/events): CARRIER_WEBHOOK_SECRET,
   * or null for the installation's own, made in DATA_DIR on its first start
   * (infrastructure/security/carrier-webhook-secret.ts).
   */
  carrier: { url: string | null; apiKey: string | null; timeoutMs: number; webhookSecret: string | null };
  /** How often the label worker looks for labels to make (milliseconds). */
  labelWorkerIntervalMs: number;
  /**
   * The payment provider reached over HTTP (docs/payment-provider-contract.md):
   * payments whose provider is a bank-transfer provider, a gift-card provider
   * or a payment wallet are handed to it when `url` is set (else they wait,
   * counted in /api/health). Its API key: PAYMENT_PROVIDER_API_KEY, or the
   * file PAYMENT_PROVIDER_API_KEY_FILE names (a secret the vault mounts).
   * `webhookSecret` signs its reports (POST /api/payments/provider-webhook):
   * PAYMENT_WEBHOOK_SECRET, or null for the installation's own.
   */
  paymentProvider: { url: string | null; apiKey: string | null; timeoutMs: number; webhookSecret: string | null };
  /** How often the payment provider worker looks for payments to hand over (milliseconds). */
  paymentWorkerIntervalMs: number;
  /** How long a buyback's documents token (its shipping label's link) opens them, from when it is given (days). */
  documentsLinkTtlDays: number;
  /** How long a buyback's tracking token (the customer's /tracking link) opens its journey, from when it is given (days). */
  trackingLinkTtlDays: number;
  /**
   * How long a password link e-mailed to staff opens: a reset (minutes), an
   * invitation to set the first one (minutes); and how many reset requests
   * (POST /password/renew) a client address and an e-mail may make per hour.
   */
  passwordLinks: { resetTtlMinutes: number; invitationTtlMinutes: number; renewPerAddressPerHour: number; renewPerEmailPerHour: number };
  /** An account deletion forgets the customers within the request up to this many buybacks, else in a job with its progress. */
  accountDeletionInlineMaxBuybacks: number;
  /** The SMTP relay e-mails go through (smtp:// or smtps://, credentials in the URL); null: the outbox folder in DATA_DIR. */
  smtpUrl: string | null;
  /** The sender of the e-mails sent through SMTP. */
  mailFrom: string;
  /**
   * The catalogue's search engine: Typesense when TYPESENSE_URL is set (its
   * admin key TYPESENSE_API_KEY; the collections' prefix TYPESENSE_INDEX; a
   * search-only key to scope, TYPESENSE_SEARCH_API_KEY, else one made with the
   * admin key), else the embedded one (infrastructure/search/).
   */
  search: { engine: 'embedded' } | { engine: 'typesense'; url: string; apiKey: string; index: string; searchApiKey: string | null };
  /**
   * The SFTP server (infrastructure/sftp): SFTP_PORT (default 2222; 0: no
   * server; a test's own configuration may say 0 for any free port through
   * `port: 0`, which the environment cannot), SFTP_BIND_HOST (default every
   * interface), SFTP_PUBLIC_HOST (what the settings screen shows; default
   * PUBLIC_BASE_URL's host); the folders are looked at every
   * SFTP_SCAN_INTERVAL_MS.
   */
  sftp: { port: number | null; bindHost: string; publicHost: string; scanIntervalMs: number };
  /**
   * The tag manager's script the storefront loads once a visitor allows
   * audience measurement, with `?id=` the retailer's tagManagerId:
   * TAG_MANAGER_URL (http or https), Google Tag Manager's by default. Its
   * origin is allowed by the storefront's CSP; the browser tests point it at
   * a fake collector that counts the page views.
   */
  tagManagerUrl: string;
}

type Env = Record<string, string | undefined>;

export const PLATFORM_ROLES = ['all', 'api', 'projector', 'processor'] as const;
export type PlatformRole = (typeof PLATFORM_ROLES)[number];

function roleOf(env: Env): PlatformRole {
  const value = env.PLATFORM_ROLE || 'all';
  if (!(PLATFORM_ROLES as readonly string[]).includes(value)) throw new Error(`PLATFORM_ROLE must be one of ${PLATFORM_ROLES.join(', ')}, got "${value}"`);
  return value as PlatformRole;
}

function integer(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

function synchronous(env: Env): 'FULL' | 'NORMAL' | 'OFF' {
  const value = (env.SQLITE_SYNCHRONOUS ?? 'FULL').toUpperCase();
  if (value !== 'FULL' && value !== 'NORMAL' && value !== 'OFF') throw new Error('SQLITE_SYNCHRONOUS must be FULL, NORMAL or OFF');
  return value;
}

function required(env: Env, name: string, because: string): string {
  const value = env[name];
  if (!value) throw new Error(`${name} is required ${because}`);
  return value;
}

/** Configuration from the environment; every variable is listed in README.md. */
export function loadConfig(env: Env = process.env): AppConfig {
  const port = integer(env, 'PORT', 3000);
  const production = env.NODE_ENV === 'production';
  const eventStoreKind = env.EVENT_STORE ?? 'sqlite';
  const readModelKind = env.READ_MODEL_STORE ?? 'sqlite';
  // `eventstoredb` still names the production store: KurrentDB is its renamed successor.
  if (eventStoreKind !== 'sqlite' && eventStoreKind !== 'kurrentdb' && eventStoreKind !== 'eventstoredb') {
    throw new Error('EVENT_STORE must be sqlite, kurrentdb or eventstoredb');
  }
  if (readModelKind !== 'sqlite' && readModelKind !== 'mongodb') throw new Error('READ_MODEL_STORE must be sqlite or mongodb');
  return {
    port,
    dataDir: resolve(env.DATA_DIR ?? './data'),
    eventStore:
      eventStoreKind !== 'sqlite'
        ? { kind: 'kurrentdb', url: required(env, 'EVENTSTORE_URL', `when EVENT_STORE=${eventStoreKind}`) }
        : { kind: 'sqlite', synchronous: synchronous(env) },
    readModelStore:
      readModelKind === 'mongodb'
        ? { kind: 'mongodb', url: required(env, 'MONGODB_URL', 'when READ_MODEL_STORE=mongodb'), database: env.MONGODB_DATABASE ?? 'tradein' }
        : { kind: 'sqlite', synchronous: synchronous(env) },
    publicBaseUrl: (env.PUBLIC_BASE_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    sessionTtlMinutes: integer(env, 'SESSION_TTL_MINUTES', 12 * 60),
    anonymousSessionTtlMinutes: integer(env, 'ANONYMOUS_SESSION_TTL_MINUTES', 30 * 24 * 60),
    anonymousUnusedTtlMinutes: integer(env, 'ANONYMOUS_UNUSED_TTL_MINUTES', 60),
    loginMaxFailuresPerAccount: integer(env, 'LOGIN_MAX_FAILURES_PER_ACCOUNT', 10),
    loginMaxFailuresPerAddress: integer(env, 'LOGIN_MAX_FAILURES_PER_ADDRESS', 50),
    loginLockMinutes: integer(env, 'LOGIN_LOCK_MINUTES', 15),
    anonymousTokensPerAddress: integer(env, 'ANONYMOUS_TOKENS_PER_ADDRESS', 30),
    trustProxy: env.TRUST_PROXY ? integer(env, 'TRUST_PROXY', 0) : false,
    production,
    readYourWritesTimeoutMs: integer(env, 'READ_YOUR_WRITES_TIMEOUT_MS', 2000),
    referenceCacheCheckMs: integer(env, 'REFERENCE_CACHE_CHECK_MS', 250),
    jobs: jobTimingOf(env),
    // Demo data (with a super admin whose password is in the README) only where asked for: by default
    // everywhere but production, where it takes SEED_DEMO_DATA=true.
    seedDemoData: production ? env.SEED_DEMO_DATA === 'true' : (env.SEED_DEMO_DATA ?? 'true') !== 'false',
    seedDemoActivity: (env.SEED_DEMO_ACTIVITY ?? 'true') !== 'false',
    whiteLabelAccountId: env.WHITE_LABEL_ACCOUNT_ID || null,
    logLevel: env.LOG_LEVEL ?? 'info',
    replica: env.REPLICA_ID || `${hostname()}:${process.pid}`,
    role: roleOf(env),
    leaseTtlMs: leaseTtlOf(env),
    metricsPort: env.METRICS_PORT ? integer(env, 'METRICS_PORT', 0) : null,
    keepAliveTimeoutMs: integer(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', 65_000),
    uiDir: resolve(env.UI_DIR ?? 'dist/ui'),
    storefrontServerRendering: env.STOREFRONT_SERVER_RENDERING !== 'off',
    carrier: {
      url: env.CARRIER_URL || null,
      apiKey: env.CARRIER_URL ? required(env, 'CARRIER_API_KEY', 'when CARRIER_URL is set') : null,
      timeoutMs: integer(env, 'CARRIER_TIMEOUT_MS', 5000),
      webhookSecret: webhookSecretOf(env),
    },
    labelWorkerIntervalMs: integer(env, 'LABEL_WORKER_INTERVAL_MS', 1000),
    documentsLinkTtlDays: integer(env, 'DOCUMENTS_LINK_TTL_DAYS', 30),
    trackingLinkTtlDays: integer(env, 'TRACKING_LINK_TTL_DAYS', 90),
    paymentProvider: {
      url: env.PAYMENT_PROVIDER_URL || null,
      apiKey: env.PAYMENT_PROVIDER_URL ? paymentProviderApiKey(env) : null,
      timeoutMs: integer(env, 'PAYMENT_PROVIDER_TIMEOUT_MS', 5000),
      webhookSecret: env.PAYMENT_WEBHOOK_SECRET || null,
    },
    paymentWorkerIntervalMs: integer(env, 'PAYMENT_WORKER_INTERVAL_MS', 1000),
    passwordLinks: {
      resetTtlMinutes: integer(env, 'PASSWORD_RESET_TTL_MINUTES', 60),
      invitationTtlMinutes: integer(env, 'INVITATION_TTL_MINUTES', 7 * 24 * 60),
      renewPerAddressPerHour: integer(env, 'PASSWORD_RENEW_PER_ADDRESS', 20),
      renewPerEmailPerHour: integer(env, 'PASSWORD_RENEW_PER_EMAIL', 5),
    },
    accountDeletionInlineMaxBuybacks: integer(env, 'ACCOUNT_DELETION_INLINE_MAX_BUYBACKS', 200),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'no-reply@localhost',
    sftp: {
      port: integer(env, 'SFTP_PORT', 2222) || null,
      bindHost: env.SFTP_BIND_HOST || '0.0.0.0',
      publicHost: env.SFTP_PUBLIC_HOST || URL.parse(env.PUBLIC_BASE_URL ?? '')?.hostname || 'localhost',
      scanIntervalMs: integer(env, 'SFTP_SCAN_INTERVAL_MS', 5000),
    },
    search: env.TYPESENSE_URL
      ? {
          engine: 'typesense',
          url: env.TYPESENSE_URL,
          apiKey: required(env, 'TYPESENSE_API_KEY', 'when TYPESENSE_URL is set'),
          index: env.TYPESENSE_INDEX || 'products',
          searchApiKey: env.TYPESENSE_SEARCH_API_KEY || null,
        }
      : { engine: 'embedded' },
    tagManagerUrl: tagManagerUrlOf(env),
  };
}

export const DEFAULT_TAG_MANAGER_URL = 'https://www.googletagmanager.com/gtm.js';

function tagManagerUrlOf(env: Env): string {
  const value = env.TAG_MANAGER_URL?.trim();
  if (!value) return DEFAULT_TAG_MANAGER_URL;
  const url = URL.parse(value);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) throw new Error(`TAG_MANAGER_URL must be an http(s) address, not "${value}"`);
  return url.toString();
}

/** The payment provider's API key: PAYMENT_PROVIDER_API_KEY, else the file PAYMENT_PROVIDER_API_KEY_FILE names (a secret the vault mounts); never a constant. */
function paymentProviderApiKey(env: Env): string {
  if (env.PAYMENT_PROVIDER_API_KEY) return env.PAYMENT_PROVIDER_API_KEY;
  const file = env.PAYMENT_PROVIDER_API_KEY_FILE;
  if (!file) throw new Error('PAYMENT_PROVIDER_API_KEY (or PAYMENT_PROVIDER_API_KEY_FILE) is required when PAYMENT_PROVIDER_URL is set');
  const key = readFileSync(file, 'utf8').trim();
  if (!key) throw new Error(`${file} (PAYMENT_PROVIDER_API_KEY_FILE) holds no API key`);
  return key;
}

/**
 * The secret carriers sign their reports with: CARRIER_WEBHOOK_SECRET,
 * required with a carrier's API (CARRIER_URL, which must be given it). Without
 * one, null: the installation's own, made on its first start in every mode
 * (no secret is known in advance, the demo's included), shown by
 * `npm run carrier-webhook-secret`.
 */
function webhookSecretOf(env: Env): string | null {
  if (env.CARRIER_URL) return required(env, 'CARRIER_WEBHOOK_SECRET', 'when CARRIER_URL is set');
  return env.CARRIER_WEBHOOK_SECRET || null;
}

/** LEASE_TTL_MS (default 10 s): at least 300 ms, so a renewal every third of it is not a busy loop. */
function leaseTtlOf(env: Env): number {
  const ttl = integer(env, 'LEASE_TTL_MS', 10_000);
  if (ttl < 300) throw new Error('LEASE_TTL_MS must be at least 300');
  return ttl;
}

/** A job is interrupted once its heartbeat is older than JOB_STALE_MS: at least three beats, so one slow beat never fails a live job. */
function jobTimingOf(env: NodeJS.ProcessEnv): AppConfig['jobs'] {
  const heartbeatMs = integer(env, 'JOB_HEARTBEAT_MS', 5_000);
  const staleMs = integer(env, 'JOB_STALE_MS', 20_000);
  if (heartbeatMs < 100) throw new Error('JOB_HEARTBEAT_MS must be at least 100');
  if (staleMs < 3 * heartbeatMs) throw new Error('JOB_STALE_MS must be at least three times JOB_HEARTBEAT_MS');
  return { heartbeatMs, staleMs };
}
