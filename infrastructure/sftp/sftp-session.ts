import type { FileHandle } from 'node:fs/promises';
import { open, readdir, rename, rm, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { join } from 'node:path';
import ssh2 from 'ssh2';
import type { Attributes, FileEntry, SFTPWrapper } from 'ssh2';
import { resolveVirtualPath } from '../../domain/settings/sftp/virtual-path.js';

const { STATUS_CODE, flagsToString } = ssh2.utils.sftp;

/** What a session may hold: at most this many files in its folder, each at most this large. */
export interface SftpLimits {
  maxFiles: number;
  maxFileBytes: number;
}

/** A file written whole (`w`) goes to a hidden name first and takes its own on close: the inbox never reads half a file. */
type Open = { kind: 'file'; handle: FileHandle; name: string; writing: boolean; upload: { partial: string; final: string } | null } | { kind: 'dir'; listed: boolean };

const DIRECTORY = 0o040000 | 0o750;
const FILE = 0o100000 | 0o640;

function attrsOf(stats: Pick<Stats, 'size' | 'mtimeMs' | 'atimeMs'>, mode = FILE): Attributes {
  return { mode, uid: 0, gid: 0, size: stats.size, atime: Math.floor(stats.atimeMs / 1000), mtime: Math.floor(stats.mtimeMs / 1000) };
}

const rootAttrs = (): Attributes => ({ mode: DIRECTORY, uid: 0, gid: 0, size: 0, atime: 0, mtime: 0 });

function longnameOf(name: string, attrs: Attributes): string {
  const date = new Date(attrs.mtime * 1000).toISOString().slice(0, 10);
  return `-rw-r-----    1 sftp     sftp     ${String(attrs.size).padStart(10)} ${date} ${name}`;
}

/**
 * One SFTP session, chrooted to its account's flat folder: a path is the
 * root or one file name in it (domain/settings/sftp/virtual-path.ts), any
 * other (`../`, a sub-folder, a hidden name) is refused PERMISSION_DENIED.
 * Files are read, written (at most `maxFileBytes`, at most `maxFiles` in
 * the folder), renamed and removed; no folders, no links. `allowed` is asked
 * before every request (the access disabled meanwhile ends the session);
 * `written` is told of each file written or renamed into place.
 */
export class SftpSession {
  private readonly open = new Map<string, Open>();
  private next = 0;

  constructor(
    private readonly sftp: SFTPWrapper,
    private readonly folder: string,
    private readonly limits: SftpLimits,
    private readonly allowed: () => Promise<boolean>,
    private readonly written: (name: string) => void,
  ) {
    const on = (event: string, work: (id: number, ...args: never[]) => Promise<void>) => {
      sftp.on(event as 'OPEN', (id: number, ...args: unknown[]) => {
        void this.guarded(id, () => work(id, ...(args as never[])));
      });
    };
    on('REALPATH', (id, path: string) => this.realpath(id, path));
    on('STAT', (id, path: string) => this.stat(id, path));
    on('LSTAT', (id, path: string) => this.stat(id, path));
    on('OPENDIR', (id, path: string) => this.opendir(id, path));
    on('READDIR', (id, handle: Buffer) => this.readdir(id, handle));
    on('OPEN', (id, path: string, flags: number) => this.openFile(id, path, flags));
    on('READ', (id, handle: Buffer, offset: number, length: number) => this.read(id, handle, offset, length));
    on('WRITE', (id, handle: Buffer, offset: number, data: Buffer) => this.write(id, handle, offset, data));
    on('FSTAT', (id, handle: Buffer) => this.fstat(id, handle));
    on('FSETSTAT', async (id) => void sftp.status(id, STATUS_CODE.OK));
    on('SETSTAT', async (id) => void sftp.status(id, STATUS_CODE.OK));
    on('CLOSE', (id, handle: Buffer) => this.close(id, handle));
    on('REMOVE', (id, path: string) => this.remove(id, path));
    on('RENAME', (id, from: string, to: string) => this.rename(id, from, to));
    on('MKDIR', async (id) => void sftp.status(id, STATUS_CODE.PERMISSION_DENIED, 'Permission denied: the folder is flat, no sub-folders'));
    on('RMDIR', async (id) => void sftp.status(id, STATUS_CODE.PERMISSION_DENIED, 'Permission denied: the folder is flat, no sub-folders'));
    on('READLINK', async (id) => void sftp.status(id, STATUS_CODE.OP_UNSUPPORTED));
    on('SYMLINK', async (id) => void sftp.status(id, STATUS_CODE.OP_UNSUPPORTED));
    sftp.on('close', () => void this.closeAll());
  }

  /** Closes every file left open (the session ended). */
  async closeAll(): Promise<void> {
    const files = [...this.open.values()];
    this.open.clear();
    for (const item of files) {
      if (item.kind !== 'file') continue;
      await item.handle.close().catch(() => undefined);
      // An upload cut off half-way is dropped, never taken for the file.
      if (item.upload) await rm(item.upload.partial, { force: true }).catch(() => undefined);
    }
  }

  private async guarded(id: number, work: () => Promise<void>): Promise<void> {
    try {
      if (!(await this.allowed())) {
        this.sftp.status(id, STATUS_CODE.PERMISSION_DENIED, 'Permission denied: the SFTP access was disabled');
        return;
      }
      await work();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') this.sftp.status(id, STATUS_CODE.NO_SUCH_FILE);
      else if (code === 'EEXIST') this.sftp.status(id, STATUS_CODE.FAILURE, 'The file exists');
      else this.sftp.status(id, STATUS_CODE.FAILURE);
    }
  }

  private fileOf(path: string): { name: string; path: string } | 'root' | null {
    const resolved = resolveVirtualPath(path);
    if (!resolved) return null;
    return resolved.kind === 'root' ? 'root' : { name: resolved.name, path: join(this.folder, resolved.name) };
  }

  private denied(id: number): void {
    this.sftp.status(id, STATUS_CODE.PERMISSION_DENIED, 'Permission denied: outside the account’s folder');
  }

  private handleOf(item: Open): Buffer {
    const handle = Buffer.alloc(4);
    handle.writeUInt32BE(++this.next);
    this.open.set(handle.toString('hex'), item);
    return handle;
  }

  private async realpath(id: number, path: string): Promise<void> {
    const file = this.fileOf(path);
    if (!file) return this.denied(id);
    const name = file === 'root' ? '/' : `/${file.name}`;
    this.sftp.name(id, [{ filename: name, longname: name, attrs: rootAttrs() }]);
  }

  private async stat(id: number, path: string): Promise<void> {
    const file = this.fileOf(path);
    if (!file) return this.denied(id);
    if (file === 'root') return void this.sftp.attrs(id, rootAttrs());
    const stats = await stat(file.path);
    if (!stats.isFile()) return void this.sftp.status(id, STATUS_CODE.NO_SUCH_FILE);
    this.sftp.attrs(id, attrsOf(stats));
  }

  private async opendir(id: number, path: string): Promise<void> {
    const file = this.fileOf(path);
    if (!file) return this.denied(id);
    if (file !== 'root') return void this.sftp.status(id, STATUS_CODE.NO_SUCH_FILE);
    this.sftp.handle(id, this.handleOf({ kind: 'dir', listed: false }));
  }

  private async readdir(id: number, handle: Buffer): Promise<void> {
    const item = this.open.get(handle.toString('hex'));
    if (!item || item.kind !== 'dir') return void this.sftp.status(id, STATUS_CODE.FAILURE, 'No such handle');
    if (item.listed) return void this.sftp.status(id, STATUS_CODE.EOF);
    item.listed = true;
    const entries: FileEntry[] = [];
    for (const name of (await readdir(this.folder)).filter((n) => !n.startsWith('.'))) {
      const stats = await stat(join(this.folder, name)).catch(() => null);
      if (!stats?.isFile()) continue;
      const attrs = attrsOf(stats);
      entries.push({ filename: name, longname: longnameOf(name, attrs), attrs });
    }
    if (entries.length === 0) return void this.sftp.status(id, STATUS_CODE.EOF);
    this.sftp.name(id, entries);
  }

  private async filesHeld(): Promise<number> {
    return (await readdir(this.folder)).filter((n) => !n.startsWith('.')).length;
  }

  private async openFile(id: number, path: string, flags: number): Promise<void> {
    const file = this.fileOf(path);
    if (!file) return this.denied(id);
    if (file === 'root') return void this.sftp.status(id, STATUS_CODE.FAILURE, 'A folder');
    const mode = flagsToString(flags) ?? 'r';
    const writing = mode !== 'r';
    if (writing) {
      const exists = await stat(file.path).then(() => true, () => false);
      if (!exists && (await this.filesHeld()) >= this.limits.maxFiles) {
        return void this.sftp.status(id, STATUS_CODE.FAILURE, `At most ${this.limits.maxFiles} files in the folder`);
      }
    }
    if (mode.startsWith('w')) {
      if (mode.includes('x') && (await stat(file.path).then(() => true, () => false))) return void this.sftp.status(id, STATUS_CODE.FAILURE, 'The file exists');
      const partial = join(this.folder, `.${file.name}.${process.pid}-${this.next + 1}.partial`);
      const handle = await open(partial, mode.replace('x', ''), 0o640);
      this.sftp.handle(id, this.handleOf({ kind: 'file', handle, name: file.name, writing, upload: { partial, final: file.path } }));
      return;
    }
    const handle = await open(file.path, mode, 0o640);
    this.sftp.handle(id, this.handleOf({ kind: 'file', handle, name: file.name, writing, upload: null }));
  }

  private fileHandle(id: number, handle: Buffer): Extract<Open, { kind: 'file' }> | null {
    const item = this.open.get(handle.toString('hex'));
    if (item?.kind === 'file') return item;
    this.sftp.status(id, STATUS_CODE.FAILURE, 'No such handle');
    return null;
  }

  private async read(id: number, handle: Buffer, offset: number, length: number): Promise<void> {
    const item = this.fileHandle(id, handle);
    if (!item) return;
    const buffer = Buffer.alloc(Math.min(length, 256 * 1024));
    const { bytesRead } = await item.handle.read(buffer, 0, buffer.length, offset);
    if (bytesRead === 0) return void this.sftp.status(id, STATUS_CODE.EOF);
    this.sftp.data(id, buffer.subarray(0, bytesRead));
  }

  private async write(id: number, handle: Buffer, offset: number, data: Buffer): Promise<void> {
    const item = this.fileHandle(id, handle);
    if (!item) return;
    if (offset + data.length > this.limits.maxFileBytes) {
      return void this.sftp.status(id, STATUS_CODE.FAILURE, `A file holds at most ${this.limits.maxFileBytes} bytes`);
    }
    await item.handle.write(data, 0, data.length, offset);
    this.sftp.status(id, STATUS_CODE.OK);
  }

  private async fstat(id: number, handle: Buffer): Promise<void> {
    const item = this.fileHandle(id, handle);
    if (item) this.sftp.attrs(id, attrsOf(await item.handle.stat()));
  }

  private async close(id: number, handle: Buffer): Promise<void> {
    const key = handle.toString('hex');
    const item = this.open.get(key);
    if (!item) return void this.sftp.status(id, STATUS_CODE.FAILURE, 'No such handle');
    this.open.delete(key);
    if (item.kind === 'file') {
      await item.handle.close();
      if (item.upload) await rename(item.upload.partial, item.upload.final);
    }
    this.sftp.status(id, STATUS_CODE.OK);
    if (item.kind === 'file' && item.writing) this.written(item.name);
  }

  private async remove(id: number, path: string): Promise<void> {
    const file = this.fileOf(path);
    if (!file || file === 'root') return this.denied(id);
    await rm(file.path);
    this.sftp.status(id, STATUS_CODE.OK);
  }

  private async rename(id: number, from: string, to: string): Promise<void> {
    const source = this.fileOf(from);
    const target = this.fileOf(to);
    if (!source || !target || source === 'root' || target === 'root') return this.denied(id);
    await rename(source.path, target.path);
    this.sftp.status(id, STATUS_CODE.OK);
    this.written(target.name);
  }
}
