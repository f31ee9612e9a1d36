import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lazyGlobal } from '../../ui/build/chakra-lazy-global.js';

/** The pinned Chakra's styled-system/system.js, which the build rewrites (ui/build/chakra-lazy-global.ts). */
const chakraRoot = join(createRequire(import.meta.url).resolve('@chakra-ui/react'), '..', '..', '..');
const systemSource = readFileSync(join(chakraRoot, 'dist', 'esm', 'styled-system', 'system.js'), 'utf8');

describe('Given Chakra’s createSystem as the build rewrites it', () => {
  it('Then the global styles are computed on first read of `_global`, not when the system is made', () => {
    const rewritten = lazyGlobal(systemSource);
    expect(rewritten).not.toContain('const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];');
    expect(rewritten).toContain('get _global() {');
    // The rewritten module still runs: made into a function, it parses.
    expect(() => new Function(rewritten.replace(/^import .*$/gm, '').replace(/^export .*$/gm, ''))).not.toThrow();
  });

  it('When Chakra no longer writes those lines (an upgrade), then the build fails instead of silently doing nothing', () => {
    expect(() => lazyGlobal(systemSource.replace('const _global = [', 'const globalStyles = ['))).toThrow(/chakraLazyGlobal/);
  });
});
