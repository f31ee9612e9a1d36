/**
 * The design's colours and WCAG 2.x contrast (issue 23): a colour is a hex
 * `#rrggbb` (or `#rgb`); the text drawn on it is white or near black
 * (`#111111`), whichever contrasts more, and AA asks 4.5:1 for normal text.
 * The dashboard's form shows the same ratio live, and the apps' branding
 * draws the same text colour on it (ui/shared/theme/branding.ts).
 */
import { DomainError } from '../../shared/domain-error.js';

export const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
/** WCAG AA for normal text. */
export const AA_NORMAL_TEXT = 4.5;
export const LIGHT_TEXT = '#FFFFFF';
export const DARK_TEXT = '#111111';

/** `#RRGGBB` in capitals (a `#rgb` doubled), or null when it is not a hex colour. */
export function normalisedColor(value: string): string | null {
  const hex = value.trim();
  if (!HEX_COLOR.test(hex)) return null;
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  return full.toUpperCase();
}

/** Relative luminance (WCAG 2.x) of a hex colour. */
export function relativeLuminance(hex: string): number {
  const full = normalisedColor(hex);
  if (!full) throw new DomainError('DESIGN_COLOR_INVALID', { color: hex });
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** The text colour drawn on a background: white or near black, whichever contrasts more (white on a tie). */
export function textColorOn(background: string): typeof LIGHT_TEXT | typeof DARK_TEXT {
  return contrastRatio(background, LIGHT_TEXT) >= contrastRatio(background, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
}

export interface ColorContrast {
  color: string;
  text: string;
  /** Rounded down to two decimals (4.499 is not 4.5). */
  ratio: number;
  passesAA: boolean;
}

/** A colour's contrast with the text drawn on it, and whether it meets AA. */
export function colorContrast(color: string): ColorContrast {
  const full = normalisedColor(color);
  if (!full) throw new DomainError('DESIGN_COLOR_INVALID', { color });
  const text = textColorOn(full);
  const exact = contrastRatio(full, text);
  return { color: full, text, ratio: Math.floor(exact * 100) / 100, passesAA: exact >= AA_NORMAL_TEXT };
}

/**
 * The design's colour, checked: a hex colour (DESIGN_COLOR_INVALID) whose
 * text meets AA (DESIGN_COLOR_CONTRAST_TOO_LOW, with the ratio found and the
 * one required). Answers it normalised.
 */
export function checkedDesignColor(field: 'mainColor' | 'secondaryColor', color: string): string {
  const full = normalisedColor(color);
  if (!full) throw new DomainError('DESIGN_COLOR_INVALID', { field, color });
  const contrast = colorContrast(full);
  if (!contrast.passesAA) throw new DomainError('DESIGN_COLOR_CONTRAST_TOO_LOW', { field, color: full, text: contrast.text, ratio: contrast.ratio, required: AA_NORMAL_TEXT });
  return full;
}
