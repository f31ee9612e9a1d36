/**
 * The storefront's home page of an account (specification 002 §3 "Home page
 * configuration"): its meta title and description, on or off, and its
 * widgets in order — custom HTML (kept sanitised), highlighted products (by
 * id) and a search with its title and banner. Changed by HomePageChanged on
 * the account's stream (only the fields that changed, the widgets whole).
 *
 * Before the widgets were typed, the home page had HTML widgets, a separate
 * list of highlighted products and a separate search (ClientDetailsChanged v1):
 * `homePageOf` reads either shape, the legacy one as its HTML widgets, then
 * its products, then its search.
 */

export const HOME_PAGE_WIDGET_TYPES = ['html', 'products', 'search'] as const;
export type HomePageWidgetType = (typeof HOME_PAGE_WIDGET_TYPES)[number];

export type HomePageWidget =
  | { type: 'html'; html: string }
  | { type: 'products'; productIds: string[] }
  | { type: 'search'; title: string; bannerImageUrl: string | null };

export interface HomePageConfiguration {
  metaTitle: string;
  metaDescription: string;
  status: 'on' | 'off';
  /** In the order the storefront shows them. */
  widgets: HomePageWidget[];
}

/** The home page changed: only the fields that changed, each whole (the widgets as a whole list). */
export interface HomePageChanged {
  type: 'HomePageChanged';
  data: { accountId: string; changes: Partial<HomePageConfiguration>; reason: string | null };
}

/** A home page never configured: off, no texts, no widgets. */
export const EMPTY_HOME_PAGE: HomePageConfiguration = Object.freeze({ metaTitle: '', metaDescription: '', status: 'off', widgets: [] }) as HomePageConfiguration;

/** The legacy shape (ClientDetailsChanged v1): HTML widgets, then products and a search beside them. */
interface LegacyHomePage {
  metaTitle: string;
  metaDescription: string;
  status: 'on' | 'off';
  widgets: Array<{ html: string }>;
  highlightedProductIds?: string[];
  search?: { title: string; bannerImageUrl: string | null } | null;
}

function isTyped(widget: object): widget is HomePageWidget {
  return typeof (widget as { type?: unknown }).type === 'string';
}

/** A home page in the current shape, whichever shape it was written in (null stays null). */
export function homePageOf(raw: HomePageConfiguration | LegacyHomePage | null | undefined): HomePageConfiguration | null {
  if (!raw) return null;
  const widgets = raw.widgets ?? [];
  if (widgets.every(isTyped) && !('highlightedProductIds' in raw) && !('search' in raw)) return raw as HomePageConfiguration;
  const legacy = raw as LegacyHomePage;
  const typed: HomePageWidget[] = widgets.map((widget) => (isTyped(widget) ? widget : { type: 'html', html: widget.html }));
  if (legacy.highlightedProductIds && legacy.highlightedProductIds.length > 0) typed.push({ type: 'products', productIds: [...legacy.highlightedProductIds] });
  if (legacy.search) typed.push({ type: 'search', title: legacy.search.title, bannerImageUrl: legacy.search.bannerImageUrl });
  return { metaTitle: legacy.metaTitle, metaDescription: legacy.metaDescription, status: legacy.status, widgets: typed };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The HomePageChanged a new home page makes (only the fields that differ), or none. */
export function decideHomePage(accountId: string, current: HomePageConfiguration | null, next: HomePageConfiguration, reason: string | null): HomePageChanged[] {
  const before = current ?? EMPTY_HOME_PAGE;
  const changes = Object.fromEntries(
    (Object.keys(next) as Array<keyof HomePageConfiguration>).filter((key) => current === null || !same(before[key], next[key])).map((key) => [key, next[key]]),
  ) as Partial<HomePageConfiguration>;
  if (current !== null && Object.keys(changes).length === 0) return [];
  return [{ type: 'HomePageChanged', data: { accountId, changes, reason } }];
}

/** The home page after a HomePageChanged. */
export function evolveHomePage(current: HomePageConfiguration | null, changes: Partial<HomePageConfiguration>): HomePageConfiguration {
  return { ...(current ?? EMPTY_HOME_PAGE), ...changes };
}
