/** The tenant's look: main colour, logo and favicon, applied to either app. */
export interface Branding {
  name: string;
  mainColor: string | null;
  logo: string | null;
  favicon: string | null;
}

/**
 * The brand colour before a tenant's own is known, or when it has none
 * (specification 002: the default primary colour is green). The tenant's
 * main colour replaces it at run time (`applyBranding`).
 */
export const DEFAULT_BRAND_COLOR = '#16A34A';

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Relative luminance (WCAG) of a #rgb / #rrggbb colour. */
export function luminance(hex: string): number {
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * (r as number) + 0.7152 * (g as number) + 0.0722 * (b as number);
}

export function applyBranding(branding: Branding): void {
  const root = document.documentElement;
  if (branding.mainColor && HEX.test(branding.mainColor)) {
    root.style.setProperty('--brand-color', branding.mainColor);
    // Solid buttons use the 70 % shade: very light brand colours still need dark text.
    root.style.setProperty('--brand-contrast', luminance(branding.mainColor) > 0.6 ? '#111' : 'white');
  }
  const href = branding.favicon ?? '/branding/favicon.svg';
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  link.href = href;
}
