import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ssh2 from 'ssh2';

type KeyGenerator = () => { private: string };

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
    writeFileSync(file, newHostKey(), { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return readFileSync(file);
}

/**
 * A new Ed25519 host key that ssh2 can read back. ssh2's generator writes
 * about one key in 300 that its own parser refuses ("Malformed OpenSSH
 * private key": a public key whose first byte is zero is written 31 bytes
 * long), and the server would then never start: such a key is drawn again.
 */
export function newHostKey(generate: KeyGenerator = () => ssh2.utils.generateKeyPairSync('ed25519')): string {
  for (let attempt = 1; attempt <= 20; attempt++) {
    const { private: key } = generate();
    if (!(ssh2.utils.parseKey(key) instanceof Error)) return key;
  }
  throw new Error('No readable SFTP host key after 20 draws');
}
