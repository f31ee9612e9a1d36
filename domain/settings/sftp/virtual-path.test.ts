import { describe, expect, it } from 'vitest';
import { resolveVirtualPath } from './virtual-path.js';

describe('An SFTP path inside an account’s folder', () => {
  it.each([
    ['/', { kind: 'root' }],
    ['.', { kind: 'root' }],
    ['', { kind: 'root' }],
    ['/products-import.csv', { kind: 'file', name: 'products-import.csv' }],
    ['products-import.csv', { kind: 'file', name: 'products-import.csv' }],
    ['./a/../products-import.csv', { kind: 'file', name: 'products-import.csv' }],
  ])('%j leads to %j', (path, expected) => {
    expect(resolveVirtualPath(path)).toEqual(expected);
  });

  it.each(['..', '../other/products-import.csv', '/../etc/passwd', 'a/../../x', '/sub/file.csv', '.hidden', 'a\\..\\b', 'x\0y', `${'n'.repeat(256)}`])('%j is refused', (path) => {
    expect(resolveVirtualPath(path)).toBeNull();
  });
});
