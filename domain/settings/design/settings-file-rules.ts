/**
 * The settings files' rules (issue 23, specification 002 §5): what each kind
 * accepts and how large it may be, and the type a file really is, read from
 * its first bytes (magic numbers), never from its name nor the type the
 * browser declared.
 */
import { DomainError } from '../../shared/domain-error.js';

export const SETTINGS_FILE_KINDS = ['logo', 'favicon', 'pdf', 'banner'] as const;
export type SettingsFileKind = (typeof SETTINGS_FILE_KINDS)[number];

export const SNIFFED_TYPES = ['image/png', 'image/jpeg', 'image/x-icon', 'application/pdf', 'image/webp'] as const;
export type SniffedType = (typeof SNIFFED_TYPES)[number];

/**
 * Per kind: the types it accepts and its size limit in bytes (a logo 250 kB,
 * a favicon 20 kB, a PDF 250 kB; the home page search widget's banner, whose
 * bound the specification does not give, JPG, PNG or WebP of at most 500 kB:
 * a wide image kept light for the storefront's home).
 */
export const SETTINGS_FILE_RULES: Record<SettingsFileKind, { types: readonly SniffedType[]; maxBytes: number }> = {
  logo: { types: ['image/jpeg', 'image/png'], maxBytes: 250 * 1024 },
  favicon: { types: ['image/x-icon', 'image/png'], maxBytes: 20 * 1024 },
  pdf: { types: ['application/pdf'], maxBytes: 250 * 1024 },
  banner: { types: ['image/jpeg', 'image/png', 'image/webp'], maxBytes: 500 * 1024 },
};

/** The kinds drawn with their width and height (read from the bytes): a file of one whose size cannot be read is refused. */
export const SIZED_KINDS: readonly SettingsFileKind[] = ['banner'];

const SIGNATURES: ReadonlyArray<{ type: SniffedType; bytes: readonly number[] }> = [
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  // An ICONDIR: reserved 0, type 1 (icon); a count of at least one image follows.
  { type: 'image/x-icon', bytes: [0x00, 0x00, 0x01, 0x00] },
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  // "RIFF", a size, then "WEBP" (checked below).
  { type: 'image/webp', bytes: [0x52, 0x49, 0x46, 0x46] },
];

/** The type the bytes are by their signature, or null when none is known. */
export function sniffType(bytes: Uint8Array): SniffedType | null {
  for (const { type, bytes: signature } of SIGNATURES) {
    if (bytes.length < signature.length) continue;
    if (!signature.every((byte, i) => bytes[i] === byte)) continue;
    if (type === 'image/x-icon' && (bytes.length < 6 || (bytes[4] === 0 && bytes[5] === 0))) continue;
    if (type === 'image/webp' && (bytes.length < 12 || String.fromCharCode(...bytes.subarray(8, 12)) !== 'WEBP')) continue;
    return type;
  }
  return null;
}

/**
 * A file of a kind, checked: not empty (SETTINGS_FILE_REQUIRED), within its
 * kind's size (SETTINGS_FILE_TOO_LARGE, with the limit in kB), of a type its
 * kind accepts by its bytes (SETTINGS_FILE_TYPE_REFUSED, with the type found
 * and those accepted). Answers the type.
 */
export function checkedSettingsFile(kind: SettingsFileKind, bytes: Uint8Array): SniffedType {
  const rule = SETTINGS_FILE_RULES[kind];
  if (bytes.length === 0) throw new DomainError('SETTINGS_FILE_REQUIRED', { kind });
  if (bytes.length > rule.maxBytes) throw new DomainError('SETTINGS_FILE_TOO_LARGE', { kind, sizeBytes: bytes.length, maxKb: rule.maxBytes / 1024 });
  const type = sniffType(bytes);
  if (!type || !rule.types.includes(type)) throw new DomainError('SETTINGS_FILE_TYPE_REFUSED', { kind, found: type, accepted: rule.types.join(', ') });
  return type;
}
