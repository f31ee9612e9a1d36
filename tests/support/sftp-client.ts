import ssh2 from 'ssh2';
import type { SFTPWrapper } from 'ssh2';

/** A real SFTP client (ssh2's) signed in to the platform's SFTP server, with the few calls the tests make. */
export class SftpTestClient {
  private constructor(
    private readonly connection: ssh2.Client,
    readonly sftp: SFTPWrapper,
    readonly closed: Promise<void>,
  ) {}

  /** Signs in with a password; rejects with the server's refusal (`All configured authentication methods failed`). */
  static connect(port: number, username: string, password: string): Promise<SftpTestClient> {
    return new Promise((resolve, reject) => {
      const connection = new ssh2.Client();
      const closed = new Promise<void>((done) => connection.once('close', () => done()));
      connection.once('error', reject);
      connection.once('ready', () => {
        connection.sftp((error, sftp) => {
          if (error) return reject(error);
          connection.on('error', () => undefined);
          resolve(new SftpTestClient(connection, sftp, closed));
        });
      });
      connection.connect({ host: '127.0.0.1', port, username, password, readyTimeout: 20_000, tryKeyboard: false });
    });
  }

  put(path: string, content: string | Buffer): Promise<void> {
    return new Promise((resolve, reject) => this.sftp.writeFile(path, content, (error) => (error ? reject(error) : resolve())));
  }

  get(path: string): Promise<Buffer> {
    return new Promise((resolve, reject) => this.sftp.readFile(path, (error, data) => (error ? reject(error) : resolve(data))));
  }

  list(path = '/'): Promise<string[]> {
    return new Promise((resolve, reject) => this.sftp.readdir(path, (error, list) => (error ? reject(error) : resolve(list.map((entry) => entry.filename).sort()))));
  }

  end(): void {
    this.connection.end();
  }
}
