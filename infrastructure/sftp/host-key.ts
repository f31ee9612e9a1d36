import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ssh2 from 'ssh2';

/**
 * The SFTP server's host key: made on the installation's first start
 * (Ed25519, OpenSSH format) in `<DATA_DIR>/sftp/host_key`, readable by the
 * process's user only, and kept: clients remember it. Never in the
 * repository (the data folder is ignored).
 */
export function sftpHostKey(dataDir: string): Buffer {
  const folder = join(dataDir, 'sftp');
  const file = join(folder, 'host_key');
  if (!existsSync(file)) {
    mkdirSync(folder, { recursive: true });
    const { private: privateKey } = ssh2.utils.generateKeyPairSync('ed25519');
    writeFileSync(file, privateKey, { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return readFileSync(file);
}
