import type { AddressInfo } from 'node:net';
import ssh2 from 'ssh2';
import type { Connection, Server } from 'ssh2';
import type { BackgroundWorker, WorkerStatus } from '../../application/ports/background-worker.js';
import type { DocumentStore } from '../../application/ports/document-store.js';
import type { PasswordHasher } from '../../application/ports/security.js';
import type { SftpEndpoint } from '../../application/settings/sftp/sftp-ports.js';
import type { SftpInbox } from '../../application/settings/sftp/sftp-inbox.js';
import { SFTP_MAX_FILE_BYTES, SFTP_MAX_FILES, sftpSessionValid, verifySftpLogin, type SftpLogin } from '../../application/settings/sftp/sftp-queries.js';
import { SFTP_IMPORT_FILE_NAME } from '../../domain/settings/sftp/sftp.js';
import type { FsSftpFolders } from './sftp-folders.js';
import { sftpHostKey } from './host-key.js';
import { SftpSession } from './sftp-session.js';
import type { Throttle } from '../security/throttle.js';

/** Wrong passwords allowed per user name and per client address in 15 minutes before 15 minutes of refusals (as the dashboard's login). */
export const SFTP_FAILED_LOGINS_ALLOWED = 10;

export interface SftpServerOptions {
  /** Null: no SFTP server here (SFTP_PORT=0); 0: any free port (tests). */
  port: number | null;
  /** The address it listens on. */
  bindHost: string;
  /** The host name the settings screen shows. */
  publicHost: string;
  dataDir: string;
  /** How often every folder is looked at (what a crash left behind, a file that waited for its import to be active again). */
  scanIntervalMs: number;
}

interface Logger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** Sessions are looked at this often: one whose access was disabled (or enabled again: a new password) is closed. */
const SESSION_CHECK_MS = 1_000;

/**
 * The platform's SFTP server (ssh2, pure JavaScript) and its inbox's
 * rounds, as one background worker. A retailer signs in with the user name
 * and password of its SFTP access (verified against the argon2id hash, as
 * the users' passwords); a session sees only its account's folder
 * (SftpSession). A `products-import.csv` written there is handed to the
 * inbox (application/settings/sftp/sftp-inbox.ts) as soon as it is closed.
 * A port already taken is logged and the platform goes on without SFTP.
 */
export class SftpServerWorker implements BackgroundWorker, SftpEndpoint {
  readonly name = 'sftp';
  readonly host: string;
  private server: Server | null = null;
  private boundPort: number | null = null;
  private readonly sessions = new Map<Connection, SftpLogin>();
  private timers: NodeJS.Timeout[] = [];
  private waiting = 0;
  private decoy: Promise<string> | null = null;

  constructor(
    private readonly options: SftpServerOptions,
    private readonly deps: {
      documents: DocumentStore;
      hasher: PasswordHasher;
      inbox: SftpInbox;
      folders: FsSftpFolders;
      logger: Logger;
      /** Failed sign-ins per user name and per address (SFTP_FAILED_LOGINS_ALLOWED in 15 minutes): a blocked one is refused without a password check. */
      failures: Throttle;
    },
  ) {
    this.host = options.publicHost;
  }

  port(): number | null {
    return this.boundPort;
  }

  start(): void {
    const scan = () => void this.scan();
    scan();
    this.timers.push(setInterval(scan, this.options.scanIntervalMs));
    this.timers.push(setInterval(() => void this.checkSessions(), SESSION_CHECK_MS));
    for (const timer of this.timers) timer.unref?.();
    if (this.options.port === null) return;
    const server = new ssh2.Server({ hostKeys: [sftpHostKey(this.options.dataDir)] }, (client, info) => this.accept(client, info.ip));
    server.on('error', (error: NodeJS.ErrnoException) => {
      this.deps.logger.error({ err: error, port: this.options.port }, 'SFTP server not started: the platform runs without it');
      this.server = null;
    });
    server.listen(this.options.port, this.options.bindHost, () => {
      this.boundPort = (server.address() as AddressInfo).port;
      this.deps.logger.info({ port: this.boundPort }, `SFTP server on ${this.options.bindHost}:${this.boundPort}`);
    });
    this.server = server;
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    for (const client of this.sessions.keys()) client.end();
    this.sessions.clear();
    const server = this.server;
    this.server = null;
    this.boundPort = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async status(): Promise<WorkerStatus> {
    return { backlog: this.waiting, retrying: 0, failed: 0, oldestSeconds: 0 };
  }

  private async scan(): Promise<void> {
    try {
      const holding = await this.deps.folders.holding(SFTP_IMPORT_FILE_NAME);
      this.waiting = holding.length;
      for (const accountId of holding) await this.deps.inbox.look(accountId);
    } catch (error) {
      this.deps.logger.error({ err: error }, 'sftp: the folders could not be looked at');
    }
  }

  private async checkSessions(): Promise<void> {
    for (const [client, login] of [...this.sessions]) {
      if (!(await sftpSessionValid(this.deps.documents, login).catch(() => true))) {
        this.sessions.delete(client);
        client.end();
      }
    }
  }

  private accept(client: Connection, address: string): void {
    let login: SftpLogin | null = null;
    client.on('error', () => undefined);
    client.on('authentication', (context) => {
      if (context.method !== 'password') return context.reject(['password']);
      void this.signIn(context.username, context.password, address).then((found) => {
        if (!found) return context.reject(['password']);
        login = found;
        context.accept();
      });
    });
    this.serve(client, () => login);
  }

  /** The login of a right password, else null; the user name and the address each blocked after too many wrong ones. */
  private async signIn(username: string, password: string, address: string): Promise<SftpLogin | null> {
    const keys = [`user:${username.toLowerCase()}`, `address:${address}`];
    for (const key of keys) if ((await this.deps.failures.blockedFor(key)) !== null) return null;
    const decoyHash = () => (this.decoy ??= this.deps.hasher.hash('sftp-decoy-password-never-enabled'));
    const found = await verifySftpLogin({ documents: this.deps.documents, hasher: this.deps.hasher, decoyHash }, username, password).catch(() => null);
    if (found) return found;
    for (const key of keys) await this.deps.failures.hit(key);
    return null;
  }

  /** Once signed in: the account's folder, for as long as its access stays the one it signed in with. */
  private serve(client: Connection, login: () => SftpLogin | null): void {
    client.on('ready', () => {
      const session = login();
      if (!session) return client.end();
      this.sessions.set(client, session);
      client.on('close', () => this.sessions.delete(client));
      client.on('session', (acceptSession) => {
        const channel = acceptSession();
        channel.on('sftp', (acceptSftp) => {
          void this.deps.folders.folderOf(session.accountId).then((folder) => {
            const sftp = acceptSftp();
            new SftpSession(
              sftp,
              folder,
              { maxFiles: SFTP_MAX_FILES, maxFileBytes: SFTP_MAX_FILE_BYTES },
              async () => {
                if (await sftpSessionValid(this.deps.documents, session)) return true;
                this.sessions.delete(client);
                client.end();
                return false;
              },
              (name) => {
                if (name === SFTP_IMPORT_FILE_NAME) void this.deps.inbox.look(session.accountId);
              },
            );
          });
        });
      });
    });
  }
}
