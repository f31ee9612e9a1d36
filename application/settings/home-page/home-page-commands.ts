/**
 * The retailer's storefront home page (issue 23, specification 002 §3 "Home
 * page configuration"): changed by a merge-patch (the widgets replaced as a
 * whole list, in their new order), its HTML sanitised before anything is
 * checked or recorded, its products checked to be the account's own; decided
 * by the account aggregate on the account's stream (HomePageChanged with only
 * the fields that changed).
 */
import { accountDecider } from '../../../domain/organizations/account/account.js';
import { EMPTY_HOME_PAGE, homePageOf, type HomePageConfiguration, type HomePageWidget } from '../../../domain/organizations/account/home-page.js';
import { productIdsOf, validateHomePage } from '../../../domain/settings/home-page/home-page-rules.js';
import { commandMetadata } from '../../buybacks/commands/buyback-command.js';
import { CATALOG_COLLECTIONS, type ProductDocument } from '../../catalog/read-models.js';
import { handleCommand, revisionOfLast } from '../../commands/command-handler.js';
import { defineCommand, type CommandOutcome } from '../../commands/command-slice.js';
import { ApplicationError } from '../../commands/errors.js';
import { toDomainEvent } from '../../events/codec.js';
import type { Clock, IdGenerator } from '../../ports/clock.js';
import type { DocumentStore } from '../../ports/document-store.js';
import type { EventStore, StoredEvent } from '../../ports/event-store.js';
import { clientOf, type ClientAccountDocument } from '../../organizations/clients/client-read-model.js';
import { visibleAccount } from '../../organizations/clients/client-commands.js';
import { mergePatch } from '../../organizations/clients/merge-patch.js';
import { ORGANIZATION_STREAMS } from '../../organizations/streams.js';
import { sanitiseWidgetHtml } from './sanitise-html.js';

export interface HomePagePorts {
  eventStore: EventStore;
  documents: DocumentStore;
  clock: Clock;
  ids: IdGenerator;
}

/** What PATCH /accounts/{id}/home-page sends: any of the home page's fields (a merge-patch), and why. */
export interface HomePagePatch {
  metaTitle?: string | null;
  metaDescription?: string | null;
  status?: 'on' | 'off' | null;
  widgets?: Array<Record<string, unknown>> | null;
}

/** The account's home page as kept (never configured: the empty one, off). */
export function homePageOfAccount(account: ClientAccountDocument): HomePageConfiguration | null {
  return homePageOf(clientOf(account).homePage as Parameters<typeof homePageOf>[0]);
}

/** A widget as sent, in its kept shape: its HTML sanitised (the only HTML ever recorded), its fields completed. */
function widgetOf(raw: Record<string, unknown>): HomePageWidget {
  switch (raw.type) {
    case 'html':
      return { type: 'html', html: sanitiseWidgetHtml(String(raw.html ?? '')) };
    case 'products':
      return { type: 'products', productIds: Array.isArray(raw.productIds) ? raw.productIds.map(String) : [] };
    default:
      return { type: 'search', title: String(raw.title ?? ''), bannerImageUrl: typeof raw.bannerImageUrl === 'string' ? raw.bannerImageUrl : null };
  }
}

/** The home page a merge-patch makes of the current one, sanitised and validated (HOME_PAGE_INVALID). */
export function homePageFromPatch(current: HomePageConfiguration | null, patch: HomePagePatch): HomePageConfiguration {
  const merged = mergePatch(current ?? EMPTY_HOME_PAGE, patch) as Partial<Record<keyof HomePageConfiguration, unknown>>;
  return validateHomePage({
    metaTitle: typeof merged.metaTitle === 'string' ? merged.metaTitle : '',
    metaDescription: typeof merged.metaDescription === 'string' ? merged.metaDescription : '',
    status: merged.status === 'on' ? 'on' : 'off',
    widgets: Array.isArray(merged.widgets) ? (merged.widgets as Array<Record<string, unknown>>).map(widgetOf) : [],
  });
}

/** Every highlighted product is the account's own: an unknown id, or another retailer's, is refused naming them all. */
async function requireOwnProducts(documents: DocumentStore, accountId: string, productIds: string[]): Promise<void> {
  if (productIds.length === 0) return;
  const found = await documents.collection<ProductDocument>(CATALOG_COLLECTIONS.products).getMany(productIds);
  const own = new Set(found.filter((product) => product.accountId === accountId).map((product) => product._id));
  const unknown = productIds.filter((id) => !own.has(id));
  if (unknown.length > 0) throw new ApplicationError('HOME_PAGE_PRODUCTS_UNKNOWN', { productIds: unknown, ids: unknown.join(', ') });
}

/** Whether a stored event of the account's stream changed its home page (its own event, or the provider's client form naming it). */
function changesHomePage(entry: StoredEvent): boolean {
  const event = toDomainEvent(entry);
  if (event.type === 'HomePageChanged') return true;
  return event.type === 'ClientDetailsChanged' && (event.data as { changes?: Record<string, unknown> }).changes?.homePage !== undefined;
}

/**
 * The home page's own revision, its form's ETag: the account stream's
 * revision of its last change, 0 when it never changed (the account's
 * creation is the stream's first event, never a change of it). The other
 * settings the account's stream holds (design, texts, legal pages…) leave it
 * as it is: saving the home page after one of them changed is no conflict.
 */
export function homePageRevision(history: readonly StoredEvent[]): number {
  return revisionOfLast(history, changesHomePage);
}

/**
 * Changes what a merge-patch names of an account's home page: provider staff any account's, a root manager their own
 * (another's is not found). If-Match names the home page's revision (homePageRevision): 412 only when the home page
 * itself changed since.
 */
export const changeHomePage = defineCommand<HomePagePorts, { accountId: string; patch: HomePagePatch; reason: string | null }, CommandOutcome<'on' | 'off'>>({
  name: 'ChangeHomePage',
  permission: 'design.manage',
  async run(deps, context, { accountId, patch, reason }) {
    const account = await visibleAccount(deps.documents, context.principal, accountId);
    const homePage = homePageFromPatch(homePageOfAccount(account), patch);
    await requireOwnProducts(deps.documents, accountId, productIdsOf(homePage));
    const result = await handleCommand(deps.eventStore, ORGANIZATION_STREAMS.account.name(accountId), accountDecider, { type: 'ChangeHomePage', data: { accountId, homePage, reason } }, {
      metadata: commandMetadata(deps, context, accountId, null),
      ...(context.expectedRevision === undefined ? {} : { expectedRevision: context.expectedRevision }),
      conditionOn: homePageRevision,
      newEventId: () => deps.ids.uuid(),
    });
    return { id: accountId, status: homePage.status, revision: result.revision, position: result.position };
  },
});
