/**
 * Barcodes of products (EAN/GTIN), as a scanner reads them: no React, no DOM,
 * so the rules are unit-tested on their own.
 */

/** The lengths of a GTIN (specification 000: EAN/GTIN are 8, 12, 13 or 14 characters): EAN-8, UPC-A, EAN-13, GTIN-14. */
const GTIN_LENGTHS = [8, 12, 13, 14];

/** A GTIN: 8, 12, 13 or 14 digits whose last digit is the GS1 check digit of the others. */
export function isGtin(code: string): boolean {
  if (!/^\d+$/.test(code) || !GTIN_LENGTHS.includes(code.length)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop() as number;
  // From the right, the payload's digits weigh 3, 1, 3, 1…
  const sum = digits.reverse().reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/** Two GTINs name the same product when they are equal once padded to 14 digits (a UPC-A is an EAN-13 with a leading 0). */
export function sameGtin(a: string | null | undefined, b: string | null | undefined): boolean {
  return Boolean(a && b) && (a as string).padStart(14, '0') === (b as string).padStart(14, '0');
}

/**
 * How a keyboard-wedge scanner types: one character every few milliseconds,
 * then Enter. A person's keystrokes are about 100 ms apart at best, and never
 * eight or more of them in a row at this pace.
 */
export const WEDGE = {
  /** The longest pause between two characters of one scan, and before its Enter. */
  maxGapMs: 60,
  /** The shortest scan worth taking for one: an EAN-8. */
  minLength: 8,
} as const;

/** Keys that a scanner may send between characters (Shift before a capital) without ending its burst. */
const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'CapsLock']);

/**
 * Reads a scanner's burst out of a field's keystrokes: give it each key
 * (KeyboardEvent.key) with its time (KeyboardEvent.timeStamp); it answers the
 * characters of the burst when an Enter ends one, else null (a person typing,
 * or a scanner burst too short to be a code).
 */
export function createWedgeReader(options: { maxGapMs?: number; minLength?: number } = {}) {
  const maxGapMs = options.maxGapMs ?? WEDGE.maxGapMs;
  const minLength = options.minLength ?? WEDGE.minLength;
  let burst = '';
  let last = Number.NEGATIVE_INFINITY;

  return {
    key(key: string, time: number): string | null {
      if (MODIFIERS.has(key)) return null;
      const fast = time - last <= maxGapMs;
      last = time;
      if (key === 'Enter') {
        const code = fast && burst.length >= minLength ? burst : null;
        burst = '';
        return code;
      }
      if (key.length !== 1) {
        // Backspace, arrows, Tab…: a person editing.
        burst = '';
        return null;
      }
      burst = fast ? burst + key : key;
      return null;
    },
  };
}
