import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PERMISSION_MATRIX } from '../support/assembly.js';

/**
 * The UIs name permissions as strings (`guard('buyback.list')`,
 * `can('buyback.export')`), as the API does: every name they use must be one
 * the modules declare, or a typo would hide a screen from everyone.
 */
const UI = fileURLToPath(new URL('../../ui', import.meta.url));
const USE = /\b(?:guard|can|hasPermission)\(\s*'([^']+)'\s*\)/g;

function files(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : files(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

export function permissionsNamedIn(text: string): string[] {
  return [...text.matchAll(USE)].map((m) => m[1] as string);
}

describe('permissions the UIs name', () => {
  it('are all declared by a module', () => {
    const named = files(UI).flatMap((file) => permissionsNamedIn(readFileSync(file, 'utf8')).map((permission) => ({ file, permission })));
    expect(named.length).toBeGreaterThan(3);
    expect(named.filter(({ permission }) => !PERMISSION_MATRIX.has(permission))).toEqual([]);
  });

  it('are found where the screens name them (a made-up typo is caught)', () => {
    const named = permissionsNamedIn("loader: guard('buyback.lsit'), can( 'buyback.export' )");
    expect(named).toEqual(['buyback.lsit', 'buyback.export']);
    expect(named.filter((p) => !PERMISSION_MATRIX.has(p))).toEqual(['buyback.lsit']);
  });
});
