/**
 * The home page as its form reads it (with its own revision: homePageRevision),
 * its history read from the account's stream (its own events only), and the
 * storefront's home as a visitor gets it (the products published, in order).
 */
import type { AccountEvent } from '../../../domain/organizations/account/account-events.js';
import { EMPTY_HOME_PAGE, evolveHomePage, homePageOf, type HomePageConfiguration } from '../../../domain/organizations/account/home-page.js';
import type { Money } from '../../../domain/shared/money.js';
import { CATALOG_COLLECTIONS, type ProductDocument } from '../../catalog/read-models.js';
import { ApplicationError } from '../../commands/errors.js';
import { toDomainEvent } from '../../events/codec.js';
import type { DocumentStore } from '../../ports/document-store.js';
import type { EventStore } from '../../ports/event-store.js';
import type { Principal } from '../../organizations/principal.js';
import { visibleAccount } from '../../organizations/clients/client-commands.js';
import type { ClientAccountDocument } from '../../organizations/clients/client-read-model.js';
import { liveAccount, ORGANIZATION_COLLECTIONS } from '../../organizations/read-models.js';
import { ORGANIZATION_STREAMS } from '../../organizations/streams.js';
import { userNames } from '../../organizations/user-names.js';
import { SETTINGS_FILE_COLLECTION, settingsFileUrl, type SettingsFileDocument } from '../design/settings-file-read-model.js';
import { homePageOfAccount, homePageRevision } from './home-page-commands.js';
import type { HomePageHistoryEntryView, HomePageHistoryView, HomePageSettingsView, StorefrontHomePageView } from './home-page-views.js';

/** The home page as its form edits it, with its own revision (homePageRevision: its ETag), read from the account's stream. */
export async function getHomePage(documents: DocumentStore, eventStore: EventStore, principal: Principal, accountId: string): Promise<HomePageSettingsView> {
  const account = await visibleAccount(documents, principal, accountId);
  const home = homePageOfAccount(account);
  const revision = homePageRevision(await eventStore.readStream(ORGANIZATION_STREAMS.account.name(account._id)));
  return { accountId: account._id, configured: home !== null, ...(home ?? EMPTY_HOME_PAGE), revision };
}

/** A value as the history shows it: the widgets as the list of their types. */
const shown = (key: string, value: unknown) => (key === 'widgets' && Array.isArray(value) ? value.map((widget: { type: string }) => widget.type) : (value ?? null));

/** The home page's changes, oldest first: who, when, why, and each field from and to (the provider's client form's changes before this screen too). */
export async function homePageHistory(eventStore: EventStore, documents: DocumentStore, principal: Principal, accountId: string): Promise<HomePageHistoryView> {
  await visibleAccount(documents, principal, accountId);
  const stored = await eventStore.readStream(ORGANIZATION_STREAMS.account.name(accountId));
  const names = await userNames(documents, stored.map((event) => event.metadata.userId));
  let state: HomePageConfiguration | null = null;
  const items: HomePageHistoryEntryView[] = [];
  for (const entry of stored) {
    const event = toDomainEvent<AccountEvent | { type: 'HomePageChanged'; data: { changes: Partial<HomePageConfiguration>; reason: string | null } }>(entry);
    let after: HomePageConfiguration | null;
    if (event.type === 'HomePageChanged') after = evolveHomePage(state, event.data.changes);
    else if (event.type === 'ClientDetailsChanged' && event.data.changes.homePage !== undefined) after = homePageOf(event.data.changes.homePage as Parameters<typeof homePageOf>[0]);
    else continue;
    const before = (state ?? EMPTY_HOME_PAGE) as unknown as Record<string, unknown>;
    const now = (after ?? EMPTY_HOME_PAGE) as unknown as Record<string, unknown>;
    const changes: HomePageHistoryEntryView['changes'] = {};
    for (const key of Object.keys(EMPTY_HOME_PAGE)) {
      if (state !== null && JSON.stringify(before[key]) === JSON.stringify(now[key])) continue;
      changes[key] = { from: state === null ? null : shown(key, before[key]), to: shown(key, now[key]) };
    }
    const userId = entry.metadata.userId;
    items.push({
      eventId: entry.id,
      revision: entry.streamRevision,
      type: event.type,
      at: entry.metadata.occurredAt,
      user: userId ? { id: userId, name: names.get(userId) ?? userId } : null,
      reason: typeof event.data.reason === 'string' ? event.data.reason : null,
      changes,
    });
    state = after;
  }
  return { items };
}

export interface StorefrontHomePagePorts {
  documents: DocumentStore;
  /** The best price a product's diagnostic can give (the catalogue's). */
  bestPrices(products: readonly ProductDocument[]): Promise<Map<string, Money | null>>;
  present(product: ProductDocument, maxPrice: Money | null): Extract<StorefrontHomePageView['widgets'][number], { type: 'products' }>['products'][number];
}

/**
 * The storefront's home as a visitor gets it: not enabled when it is off or
 * was never configured (the storefront's default home then); the HTML as
 * recorded (sanitised when saved), the products that are published, a
 * products widget with none left out.
 */
export async function storefrontHomePage(ports: StorefrontHomePagePorts, accountId: string): Promise<StorefrontHomePageView> {
  const account = liveAccount(await ports.documents.collection<ClientAccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(accountId));
  if (!account?.whiteLabel) throw new ApplicationError('WHITE_LABEL_NOT_AVAILABLE');
  const home = homePageOfAccount(account);
  if (!home || home.status !== 'on') return { enabled: false, metaTitle: null, metaDescription: null, widgets: [] };
  const ids = [...new Set(home.widgets.flatMap((widget) => (widget.type === 'products' ? widget.productIds : [])))];
  const found = ids.length > 0 ? await ports.documents.collection<ProductDocument>(CATALOG_COLLECTIONS.products).getMany(ids) : [];
  const published = new Map(found.filter((product) => product.accountId === accountId && product.status === 'published').map((product) => [product._id, product]));
  const best = await ports.bestPrices([...published.values()]);
  const banners = await bannerSizes(ports.documents, accountId, home.widgets.flatMap((widget) => (widget.type === 'search' && widget.bannerImageUrl ? [widget.bannerImageUrl] : [])));
  const widgets: StorefrontHomePageView['widgets'] = [];
  for (const widget of home.widgets) {
    if (widget.type === 'search') {
      const size = widget.bannerImageUrl ? banners.get(widget.bannerImageUrl) : undefined;
      widgets.push({ ...widget, bannerWidth: size?.width ?? null, bannerHeight: size?.height ?? null });
      continue;
    }
    if (widget.type !== 'products') {
      widgets.push(widget);
      continue;
    }
    const products = widget.productIds.flatMap((id) => {
      const product = published.get(id);
      return product ? [ports.present(product, best.get(id) ?? null)] : [];
    });
    if (products.length > 0) widgets.push({ type: 'products', products });
  }
  return { enabled: true, metaTitle: home.metaTitle, metaDescription: home.metaDescription, widgets };
}

/** The size of each banner that is one of the account's uploaded images (its settings file's address), by address. */
async function bannerSizes(documents: DocumentStore, accountId: string, urls: readonly string[]): Promise<Map<string, { width: number; height: number }>> {
  const ids = new Map(urls.flatMap((url) => {
    const id = /^\/api\/settings-files\/([0-9a-f-]{36})$/i.exec(url)?.[1];
    return id ? [[id, url] as const] : [];
  }));
  if (ids.size === 0) return new Map();
  const files = await documents.collection<SettingsFileDocument>(SETTINGS_FILE_COLLECTION).getMany([...ids.keys()]);
  return new Map(
    files.flatMap((file) => (file.accountId === accountId && file.width && file.height ? [[settingsFileUrl(file._id), { width: file.width, height: file.height }] as const] : [])),
  );
}
