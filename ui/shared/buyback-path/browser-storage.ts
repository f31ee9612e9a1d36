/**
 * The browser's storage as the buyback path uses it: null where it is
 * refused (some private modes throw on access), and a fingerprint that tells
 * two request bodies apart without keeping either.
 */
/** What the buyback path needs of the browser's localStorage and sessionStorage. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function browserStorage(kind: 'localStorage' | 'sessionStorage'): KeyValueStorage | null {
  try {
    return ((globalThis as Record<string, unknown>)[kind] as KeyValueStorage | undefined) ?? null;
  } catch {
    // Storage disabled: some private modes throw on access.
    return null;
  }
}

/** FNV-1a (two 32-bit lanes) of a text, in hex: tells two bodies apart without keeping either (a body with personal data is never stored). */
export function fingerprintOf(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193) >>> 0;
    b = Math.imul(b ^ code, 0x811c9dc5) >>> 0;
  }
  return `${a.toString(16).padStart(8, '0')}${b.toString(16).padStart(8, '0')}:${text.length}`;
}
