import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SftpFolders } from '../../application/settings/sftp/sftp-ports.js';

/** An account's id as a folder name: what an id is made of, nothing that could climb out. */
const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The accounts' SFTP folders: `<DATA_DIR>/sftp/accounts/<accountId>/`, one
 * flat folder each (the SFTP server chroots a session to its account's).
 */
export class FsSftpFolders implements SftpFolders {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = join(dataDir, 'sftp', 'accounts');
  }

  /** The account's folder, made when missing. */
  async folderOf(accountId: string): Promise<string> {
    if (!SAFE_ID.test(accountId)) throw new Error(`not an account id: ${accountId}`);
    const folder = join(this.root, accountId);
    await mkdir(folder, { recursive: true });
    return folder;
  }

  async read(accountId: string, name: string): Promise<Buffer | null> {
    try {
      return await readFile(join(await this.folderOf(accountId), name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async removeIfSame(accountId: string, name: string, sha256: string): Promise<void> {
    const bytes = await this.read(accountId, name);
    if (bytes && createHash('sha256').update(bytes).digest('hex') === sha256) await rm(join(await this.folderOf(accountId), name), { force: true });
  }

  /** Written whole, then renamed into place: a reader never sees half of it. */
  async write(accountId: string, name: string, bytes: Buffer): Promise<void> {
    const folder = await this.folderOf(accountId);
    const partial = join(folder, `.${name}.partial`);
    await writeFile(partial, bytes);
    await rename(partial, join(folder, name));
  }

  async holding(name: string): Promise<string[]> {
    let accounts: string[];
    try {
      accounts = await readdir(this.root);
    } catch {
      return [];
    }
    const found: string[] = [];
    for (const accountId of accounts) {
      if (!SAFE_ID.test(accountId)) continue;
      try {
        if ((await stat(join(this.root, accountId, name))).isFile()) found.push(accountId);
      } catch {
        // no such file there
      }
    }
    return found;
  }
}
