import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Throttles } from '../../infrastructure/security/throttle-stores.js';
import { sharedThrottleContract } from './throttle-stores.contract.js';

// Two connections on one SQLite file: what two server processes on one DATA_DIR hold.
sharedThrottleContract('SQLite file (the embedded default)', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'throttles-'));
  const failures: string[] = [];
  const file = join(folder, 'throttles.db');
  const first = Throttles.sqlite(file, (name) => failures.push(name));
  const second = Throttles.sqlite(file, (name) => failures.push(name));
  return {
    first,
    second,
    failures,
    async cleanup() {
      // Closing twice is harmless (a test closes one itself).
      for (const throttles of [first, second]) await throttles.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
});

describe('Throttles in memory (tests only)', () => {
  it('Given two memory throttles of one name, When one reaches its limit, Then the other does not know: memory is per process', async () => {
    const first = Throttles.memory().create('login-test', 1, 60, 60);
    const second = Throttles.memory().create('login-test', 1, 60, 60);
    await first.hit('203.0.113.1');

    expect(await first.blockedFor('203.0.113.1')).toBeGreaterThan(0);
    expect(await second.blockedFor('203.0.113.1')).toBeNull();
  });
});

describe('Throttles in a SQLite file: what is kept at rest', () => {
  it('Given attempts counted for a client address and an e-mail, When the file is read, Then neither is in it in clear', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'throttles-'));
    const file = join(folder, 'throttles.db');
    const throttles = Throttles.sqlite(file, () => undefined);
    try {
      const throttle = throttles.create('login-test', 5, 60, 60);
      await throttle.hit('198.51.100.77');
      await throttle.hit('someone@example.test');
      expect(await throttle.blockedFor('198.51.100.77')).toBeNull();
    } finally {
      await throttles.close();
    }
    const bytes = [file, `${file}-wal`].filter((path) => existsSync(path)).map((path) => readFileSync(path).toString('latin1')).join('');

    expect(bytes).toContain('login-test:');
    expect(bytes).not.toContain('198.51.100.77');
    expect(bytes).not.toContain('someone@example.test');
    rmSync(folder, { recursive: true, force: true });
  });
});
