// `npm start` on a fresh clone: install what is missing, build when sources
// changed, then run the compiled server. Plain Node so it runs before any install.
import { execSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { installIfMissing, root } from './install-if-missing.mjs';

const run = (command) => execSync(command, { cwd: root, stdio: 'inherit' });

installIfMissing();

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const entry = join(root, 'dist', 'infrastructure', 'main.js');
const sources = ['domain', 'application', 'infrastructure', 'projections'].map((d) => newest(join(root, d)));
if (!existsSync(entry) || Math.max(...sources) > statSync(entry).mtimeMs) {
  console.log('Building…');
  run('npm run build');
}

// The storefront and dashboard (Vite), rebuilt when anything under ui/ is newer than the build.
const uiEntry = join(root, 'dist', 'ui', 'index.html');
const uiSources = Math.max(newest(join(root, 'ui')), newest(join(root, 'infrastructure', 'http', 'locales')), newest(join(root, 'infrastructure', 'modules')));
if (!existsSync(uiEntry) || uiSources > statSync(uiEntry).mtimeMs) {
  console.log('Building the storefront and the dashboard…');
  run('npm run build:ui');
}

const server = spawn(process.execPath, ['--enable-source-maps', entry], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
