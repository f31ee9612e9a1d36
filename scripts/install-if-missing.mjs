// Installs the dependencies when they are missing (a fresh clone): what both of
// the README's commands do first. Plain Node, so it runs before any install.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

export function installIfMissing() {
  if (existsSync(join(root, 'node_modules', '.package-lock.json'))) return false;
  console.log('Installing dependencies (first run)…');
  execSync('npm ci --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) installIfMissing();
