import type { AccountSettings, ModuleType } from '../../domain/organizations/events.js';
import type { Permission } from './permissions.js';
import type { Principal } from './principal.js';

/** The dashboard menu's sections, in the order it shows them (specification 002's menu tree). */
export const MENU_SECTIONS = ['main', 'buybacks', 'warehouse', 'refurbishment', 'logistics', 'catalog', 'payments', 'settings', 'administration'] as const;
export type MenuSection = (typeof MENU_SECTIONS)[number];

/** What a menu entry may depend on besides its permission. */
export interface MenuContext {
  principal: Principal;
  /** The settings of the caller's retailer; null for provider staff outside a tenant. */
  settings: AccountSettings | null;
  /** The modules of the caller's retailer (its stores, buyers, workshops); null for provider staff outside a tenant. */
  accountModules?: readonly ModuleType[] | null;
}

/** One entry of the dashboard menu, declared by the part that owns its screen. */
export interface MenuEntry {
  readonly section: MenuSection;
  /** Its label is the API text `menu.<key>`. */
  readonly key: string;
  /** The dashboard path it opens. */
  readonly path: string;
  /** Null: everyone signed in sees it. */
  readonly permission: Permission | null;
  /** A further condition (a retailer setting, a module). */
  readonly visible?: (context: MenuContext) => boolean;
  /** A premium feature the screen needs: shown all the same, marked `premium` (the premium badge) while the retailer lacks it. */
  readonly premiumFeature?: string;
}

export interface MenuView {
  sections: Array<{ key: MenuSection; label: string; entries: Array<{ key: string; label: string; path: string; premium?: string }> }>;
}

/** The entries a principal sees, grouped by section in the menu's order; empty sections are left out. */
export function visibleMenu(
  entries: readonly MenuEntry[],
  context: MenuContext,
  label: (key: string) => string,
): MenuView {
  const shown = entries.filter(
    (entry) =>
      (entry.permission === null || context.principal.permissions.has(entry.permission)) && (entry.visible?.(context) ?? true),
  );
  return {
    sections: MENU_SECTIONS.map((section) => ({
      key: section,
      label: label(`sections.${section}`),
      entries: shown
        .filter((e) => e.section === section)
        .map((e) => ({ key: e.key, label: label(e.key), path: e.path, ...(lacks(e, context) ? { premium: e.premiumFeature } : {}) })),
    })).filter((section) => section.entries.length > 0),
  };
}

/** Whether the entry's premium feature is missing from the retailer's settings (provider staff outside a tenant lack nothing). */
function lacks(entry: MenuEntry, context: MenuContext): entry is MenuEntry & { premiumFeature: string } {
  if (!entry.premiumFeature || context.settings === null) return false;
  return !(context.settings.enabledPremiumFeatures ?? []).includes(entry.premiumFeature);
}
