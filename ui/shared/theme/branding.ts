import { colorContrast, normalisedColor } from '@server/domain/settings/design/contrast';

/** The tenant's look: its design's colours, logo and favicon, applied to either app. */
export interface Branding {
  name: string;
  mainColor: string | null;
  /** The design's secondary colour (links, secondary buttons); none: the main colour. */
  secondaryColor?: string | null;
  logo: string | null;
  favicon: string | null;
}

export { DEFAULT_BRAND_COLOR } from './brand-color';

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Relative luminance (WCAG) of a #rgb / #rrggbb colour. */
export function luminance(hex: string): number {
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * (r as number) + 0.7152 * (g as number) + 0.0722 * (b as number);
}

/** The CSS variables a brand colour sets, under a prefix (`--brand`, `--brand-secondary`). */
export function brandVariables(prefix: string, color: string): Record<string, string> {
  const contrast = colorContrast(color);
  // A colour the design checked (WCAG AA with its text) is drawn as is, with that text; another
  // (an account's colour from before the design) keeps the darker 70 % shade (system.ts), with dark text only when very light.
  return contrast.passesAA
    ? { [`${prefix}-color`]: contrast.color, [`${prefix}-solid`]: contrast.color, [`${prefix}-contrast`]: contrast.text }
    : { [`${prefix}-color`]: contrast.color, [`${prefix}-contrast`]: luminance(contrast.color) > 0.6 ? '#111' : 'white' };
}

const VARIABLES = ['--brand-color', '--brand-solid', '--brand-contrast', '--brand-secondary-color', '--brand-secondary-solid', '--brand-secondary-contrast'];

/** The CSS variables of the tenant's colours (none for a colour that is not #rgb / #rrggbb). */
export function brandingVariables(branding: Pick<Branding, 'mainColor' | 'secondaryColor'>): Record<string, string> {
  const main = branding.mainColor && HEX.test(branding.mainColor) && normalisedColor(branding.mainColor) ? branding.mainColor : null;
  const secondary = branding.secondaryColor && HEX.test(branding.secondaryColor) ? branding.secondaryColor : null;
  return { ...(main ? brandVariables('--brand', main) : {}), ...(secondary ? brandVariables('--brand-secondary', secondary) : {}) };
}

/**
 * Sets the tenant's colours and favicon, changing only what differs: a
 * server-rendered page already has them (app/server.tsx), and any change of
 * `<html>`'s style makes the browser recalculate the style of the whole page.
 */
export function applyBranding(branding: Branding): void {
  const root = document.documentElement;
  const variables = brandingVariables(branding);
  for (const name of VARIABLES) {
    const value = variables[name];
    if (value === undefined) {
      if (root.style.getPropertyValue(name) !== '') root.style.removeProperty(name);
    } else if (root.style.getPropertyValue(name) !== value) root.style.setProperty(name, value);
  }
  const href = branding.favicon ?? '/branding/favicon.svg';
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  if (link.getAttribute('href') !== href) link.href = href;
}

/** Logout clears the tenant's look: the next user may belong to another tenant. */
export function clearBranding(): void {
  const root = document.documentElement;
  for (const name of VARIABLES) root.style.removeProperty(name);
  const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (link) link.href = '/branding/favicon.svg';
}
