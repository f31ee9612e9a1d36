/**
 * The clients' reads: the list (provider staff), one client, its history
 * (its account stream's events), its organization root details, and the
 * buyer organizations linked to it. "Linked" is read in
 * docs/specification-readings.md (Clients).
 */
import type { AccountDeleted, AccountEvent } from '../../../domain/organizations/account/account-events.js';
import type { ModuleType } from '../../../domain/organizations/events.js';
import { escapeRegex } from '../../catalog/catalog-service.js';
import { domainTypeOf } from '../../events/codec.js';
import { findPage, type PageRequest, type SortColumns } from '../../lists/paged-query.js';
import type { DocumentStore, Filter } from '../../ports/document-store.js';
import type { EventStore } from '../../ports/event-store.js';
import type { ListPage } from '../../views/schema.js';
import type { Principal } from '../principal.js';
import { LIVE_ACCOUNTS, ORGANIZATION_COLLECTIONS, type OrganizationDocument } from '../read-models.js';
import { ORGANIZATION_STREAMS } from '../streams.js';
import { userNames } from '../user-names.js';
import { accountDocument, rootOrganizationOf, visibleAccount } from './client-commands.js';
import { clientOf, rootDetailsOfAccount, type ClientAccountDocument } from './client-read-model.js';
import type { ClientHistoryEntryView, ClientListItemView, ClientView, LinkedBuyersView, RootDetailsView } from './client-views.js';

export const CLIENT_SORTS: SortColumns = {
  commonName: { path: 'name' },
  createdAt: { path: 'createdAt' },
  status: { path: 'client.status' },
};

export interface ClientFilters {
  name?: string;
  status?: 'active' | 'inactive';
  module?: ModuleType;
}

/** How many organizations a link count reads at most (an account's tree). */
const TREE_LIMIT = 10_000;

const revisionOf = (account: ClientAccountDocument) => (account._applied as Record<string, number> | undefined)?.[ORGANIZATION_STREAMS.account.name(account._id)] ?? 0;

export async function listClients(documents: DocumentStore, query: PageRequest & ClientFilters): Promise<ListPage<ClientListItemView>> {
  const filters: Filter[] = [];
  if (query.name?.trim()) filters.push({ name: { $regex: escapeRegex(query.name.trim()) } });
  if (query.status) filters.push({ 'client.status': query.status });
  if (query.module) filters.push({ 'client.modules': query.module });
  const collection = documents.collection<ClientAccountDocument>(ORGANIZATION_COLLECTIONS.accounts);
  const page = await findPage(collection, { $and: [LIVE_ACCOUNTS, ...filters] }, query, [['name', 1]]);
  return {
    ...page,
    items: page.items.map((account) => {
      const client = clientOf(account);
      return {
        id: account._id,
        commonName: client.commonName,
        corporateName: client.corporateName,
        siret: client.siret,
        status: client.status,
        country: client.country,
        modules: client.modules,
        createdAt: account.createdAt,
      };
    }),
  };
}

export async function getClient(documents: DocumentStore, accountId: string): Promise<ClientView> {
  const account = await accountDocument(documents, accountId);
  const root = await rootOrganizationOf(documents, accountId);
  // The home page is its own screen's (GET /accounts/{id}/home-page).
  const { homePage: _homePage, ...client } = clientOf(account);
  return {
    id: account._id,
    ...client,
    rootOrganizationId: root?._id ?? null,
    createdAt: account.createdAt,
    updatedAt: account.updatedAt ?? account.createdAt,
    revision: revisionOf(account),
  };
}

export async function getRootDetails(documents: DocumentStore, principal: Principal, accountId: string): Promise<RootDetailsView> {
  const account = await visibleAccount(documents, principal, accountId);
  return { id: account._id, ...rootDetailsOfAccount(account), revision: revisionOf(account) };
}

/** The account stream's events, oldest first: who, when, what changed and why. A deleted account's too. */
export async function clientHistory(eventStore: EventStore, documents: DocumentStore, accountId: string): Promise<ClientHistoryEntryView[]> {
  const events = await eventStore.readStream(ORGANIZATION_STREAMS.account.name(accountId));
  if (events.length === 0) await accountDocument(documents, accountId);
  const names = await userNames(documents, events.map((event) => event.metadata.userId));
  return events.map((stored) => {
    const type = domainTypeOf(stored) as ClientHistoryEntryView['type'];
    const data = stored.data as Partial<Extract<AccountEvent, { data: { changes: object } }>['data']> & Partial<AccountDeleted['data']>;
    return {
      eventId: stored.id,
      type,
      at: stored.metadata.occurredAt,
      userId: stored.metadata.userId,
      userName: stored.metadata.userId ? (names.get(stored.metadata.userId) ?? null) : null,
      fields: data.changes ? Object.keys(data.changes) : [],
      reason: typeof data.reason === 'string' ? data.reason : null,
    };
  });
}

export interface AccountLinks {
  view: LinkedBuyersView;
  externalBuyers: number;
}

/**
 * The buyer organizations an account works with: its own buyers and those
 * its organizations name (`buyerId`), each said external when another
 * account's; and how many organizations of other accounts name one of its
 * buyers (the retailers linked to it).
 */
export async function accountLinks(documents: DocumentStore, accountId: string): Promise<AccountLinks> {
  const organizations = documents.collection<OrganizationDocument>(ORGANIZATION_COLLECTIONS.organizations);
  const tree = await organizations.find({ accountId }, { limit: TREE_LIMIT });
  const ownBuyers = tree.filter((organization) => organization.type === 'buyer');
  const named = new Map<string, number>();
  for (const organization of tree) if (organization.buyerId) named.set(organization.buyerId, (named.get(organization.buyerId) ?? 0) + 1);
  const ownIds = new Set(ownBuyers.map((buyer) => buyer._id));
  const others = await organizations.getMany([...named.keys()].filter((id) => !ownIds.has(id)));
  const buyers = [...ownBuyers, ...others.filter((organization) => organization.type === 'buyer')];
  const accountIds = [...new Set(buyers.map((buyer) => buyer.accountId))];
  const accounts = await documents.collection<ClientAccountDocument>(ORGANIZATION_COLLECTIONS.accounts).getMany(accountIds);
  const accountNames = new Map(accounts.map((account) => [account._id, account.name]));
  const linkedRetailers = ownIds.size === 0 ? 0 : await organizations.count({ buyerId: { $in: [...ownIds] }, accountId: { $ne: accountId } }, { limit: TREE_LIMIT });
  const items = buyers
    .map((buyer) => ({
      id: buyer._id,
      commonName: buyer.commonName,
      corporateName: buyer.corporateName,
      status: buyer.status,
      accountId: buyer.accountId,
      accountName: accountNames.get(buyer.accountId) ?? null,
      external: buyer.accountId !== accountId,
      linkedOrganizations: named.get(buyer._id) ?? 0,
    }))
    .sort((a, b) => Number(a.external) - Number(b.external) || a.commonName.localeCompare(b.commonName));
  return { view: { items, linkedRetailers }, externalBuyers: items.filter((item) => item.external).length };
}

export async function linkedBuyers(documents: DocumentStore, principal: Principal, accountId: string): Promise<LinkedBuyersView> {
  await visibleAccount(documents, principal, accountId);
  return (await accountLinks(documents, accountId)).view;
}
