import type { Me } from './auth';

export type MenuEntry = Me['menu']['sections'][number]['entries'][number];

/** Every entry of the user's menu (GET /api/me), in the menu's order. */
export function menuEntries(me: Me): MenuEntry[] {
  return me.menu.sections.flatMap((section) => section.entries);
}

/** Whether the menu offers this screen: what the user may open in the module they work in. */
export function menuOffers(me: Me, path: string): boolean {
  return menuEntries(me).some((entry) => entry.path === path);
}
