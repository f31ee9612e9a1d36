import { DomainError } from '../shared/domain-error.js';

export interface TextBounds {
  readonly min: number;
  readonly max: number;
}

/** Length bounds from the spec, in characters (Unicode code points), after trimming. */
export const TEXT_BOUNDS = {
  default: { min: 2, max: 255 },
  address: { min: 2, max: 125 },
  city: { min: 2, max: 45 },
  comment: { min: 0, max: 255 },
} as const satisfies Record<string, TextBounds>;

/**
 * A trimmed free-text value of `min`..`max` characters (code points, so an
 * emoji counts once). `undefined`, `null` and blank text count as empty:
 * allowed (returns "") when `min` is 0, else `TEXT_REQUIRED` ({field}).
 * Any other non-string value is `TEXT_REQUIRED` too (no text was given).
 * Out of bounds: `TEXT_LENGTH` ({field, min, max}).
 */
export function requireText(field: string, raw: unknown, { min, max }: TextBounds): string {
  if (raw !== undefined && raw !== null && typeof raw !== 'string') {
    throw new DomainError('TEXT_REQUIRED', { field });
  }
  const value = (raw ?? '').trim();
  if (value === '') {
    if (min > 0) throw new DomainError('TEXT_REQUIRED', { field });
    return value;
  }
  const length = [...value].length;
  if (length < min || length > max) {
    throw new DomainError('TEXT_LENGTH', { field, min, max });
  }
  return value;
}
