/**
 * An id derived from a name: UUID-v4-shaped (`xxxxxxxx-xxxx-4xxx-8xxx-…`),
 * the same for the same name, everywhere. For aggregates whose id follows
 * from another's (a buyback's item, a warehouse's native stocks), so that
 * whoever creates them twice (a retry, a replay) names the same stream.
 * Pure: four 32-bit FNV-1a hashes with different seeds, each finished with
 * the murmur3 mixer; not a cryptographic hash, and never used as a secret.
 */
export function derivedId(name: string): string {
  const hex = [1, 2, 3, 4].map((seed) => hash32(name, Math.imul(seed, 0x9e3779b9)).toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** 32-bit FNV-1a with a seed, finished with the murmur3 mixer. */
export function hash32(text: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
