import type { Clock } from '../../ports/clock.js';
import type { DocumentStore } from '../../ports/document-store.js';
import { ApplicationError } from '../../commands/errors.js';
import { isPlatformStaff, type Principal } from '../../organizations/principal.js';
import { ORGANIZATION_COLLECTIONS, type AccountDocument, type OrganizationDocument } from '../../organizations/read-models.js';
import { CATALOG_COLLECTIONS, type CategoryDocument } from '../../catalog/read-models.js';
import { textOf } from '../../catalog/catalog-texts.js';
import type { Scope } from '../../../domain/settings/statistics/facts.js';
import { addWeeks, isIsoWeek, isoWeekOf, lastFullWeek, weekBounds, weeksBetween } from '../../../domain/settings/statistics/iso-week.js';
import { branch, type Tally } from '../../../domain/settings/statistics/tally.js';
import { itemCounts, itemsAtEndOf, NO_STORE, sumTallies, weekFigures, type Breakdown } from '../../../domain/settings/statistics/weekly-figures.js';
import { STATISTICS_COLLECTION, statisticsIds, type StatisticsDocument } from './read-models.js';
import type { DashboardDataView, DashboardWeekView } from './statistics-views.js';

/** How far back provider staff may ask for a week (two years): its items' snapshot reads every week since. */
export const OLDEST_WEEK_BACK = 104;
/** The most stores of a management unit whose figures are summed (its first ones; a unit has far fewer). */
export const UNIT_STORES_LIMIT = 200;

export interface DashboardPorts {
  documents: DocumentStore;
  clock: Clock;
}

/**
 * GET /dashboard-data: a week's figures (the last full week by the server's
 * clock, "refreshed every Monday"; provider staff may ask another) and the
 * week before, in the scope the caller may see: the account for its root
 * users and provider staff, a management unit's stores, a store, a
 * warehouse, a buyer. Read from the totals the statistics projection keeps
 * (a few small documents), never computed over the buybacks.
 */
export async function dashboardData(ports: DashboardPorts, principal: Principal, asked: { week?: string | undefined }, locale: string): Promise<DashboardDataView> {
  if (principal.accountId === null) throw new ApplicationError('ACCOUNT_REQUIRED');
  const accountId = principal.accountId;
  const now = ports.clock.now();
  const thisWeek = isoWeekOf(now);
  const week = chosenWeek(principal, asked.week, now);
  const { kind, scopes } = scopeOf(principal);

  // The week and the week before, the items' moves of every week since the week before, and the current counts.
  const previousWeek = addWeeks(week, -1);
  const since = Array.from({ length: weeksBetween(week, thisWeek) + 1 }, (_, i) => addWeeks(week, i));
  const ids = [
    ...[previousWeek, week].flatMap((w) => scopes.map((scope) => statisticsIds.week(accountId, w, scope))),
    ...since.flatMap((w) => scopes.map((scope) => statisticsIds.moves(accountId, w, scope))),
    ...scopes.map((scope) => statisticsIds.current(accountId, scope)),
  ];
  const documents = new Map((await ports.documents.collection<StatisticsDocument>(STATISTICS_COLLECTION).getMany(ids)).map((d) => [d._id, d]));
  const tallyOf = (id: string): Tally => (documents.get(id)?.figures as Tally | undefined) ?? {};
  const summed = (idOf: (scope: Scope) => string) => sumTallies(scopes.map((scope) => tallyOf(idOf(scope))));
  const current = summed((scope) => statisticsIds.current(accountId, scope));
  const moves = since.map((w) => summed((scope) => statisticsIds.moves(accountId, w, scope)));

  const figures = weekFigures(summed((scope) => statisticsIds.week(accountId, week, scope)), itemsAtEndOf(current, moves.slice(1)));
  const previous = weekFigures(summed((scope) => statisticsIds.week(accountId, previousWeek, scope)), itemsAtEndOf(current, moves));

  const [account, names] = await Promise.all([
    ports.documents.collection<AccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(accountId),
    namesOf(ports.documents, accountId, [figures, previous], locale),
  ]);
  const view = (w: string, f: typeof figures): DashboardWeekView => ({
    week: w,
    ...weekBounds(w),
    created: f.created,
    completed: f.completed,
    cancelled: f.cancelled,
    byChannel: f.byChannel,
    byStore: named(f.byStore, names.stores, NO_STORE),
    byCategory: named(f.byCategory, names.categories, null),
    paid: f.paid,
    conversion: f.conversion,
    completionTime: f.completionTime,
    items: f.items,
  });
  return {
    accountId,
    scope: kind,
    currency: account?.currency ?? 'EUR',
    week: view(week, figures),
    previousWeek: view(previousWeek, previous),
    itemsNow: itemCounts(branch(current, 'items')),
    at: now,
  };
}

/** The week asked (provider staff only), else the last full one; never one not yet over, nor one older than OLDEST_WEEK_BACK. */
function chosenWeek(principal: Principal, asked: string | undefined, now: string): string {
  const last = lastFullWeek(now);
  if (asked === undefined) return last;
  if (!isPlatformStaffUser(principal)) throw new ApplicationError('DASHBOARD_WEEK_NOT_ALLOWED');
  if (!isIsoWeek(asked) || weeksBetween(asked, last) < 0 || weeksBetween(asked, last) > OLDEST_WEEK_BACK) {
    throw new ApplicationError('DASHBOARD_WEEK_OUT_OF_RANGE', { week: asked, latest: last, oldest: addWeeks(last, -OLDEST_WEEK_BACK) });
  }
  return asked;
}

/** Provider staff (acting for an account: their principal then carries it). */
function isPlatformStaffUser(principal: Principal): boolean {
  return isPlatformStaff(principal) || principal.userType === 'super_admin' || principal.userType === 'admin';
}

/** The scopes whose totals the principal sees (the same cut as the buybacks they may list: principal.ts). */
function scopeOf(principal: Principal): { kind: DashboardDataView['scope']; scopes: Scope[] } {
  const organization = principal.organizationId ?? '';
  switch (principal.userType) {
    case 'store_manager':
    case 'store_seller':
      return { kind: 'store', scopes: [`store:${organization}`] };
    case 'management_unit_manager':
    case 'management_unit_analyst':
      return { kind: 'stores', scopes: (principal.visibleStoreIds ?? []).slice(0, UNIT_STORES_LIMIT).map((id): Scope => `store:${id}`) };
    case 'warehouse_manager':
    case 'warehouse_operator':
      return { kind: 'warehouse', scopes: [`warehouse:${organization}`] };
    case 'buyer_manager':
      return { kind: 'buyer', scopes: [`buyer:${organization}`] };
    default:
      return { kind: 'account', scopes: ['account'] };
  }
}

async function namesOf(documents: DocumentStore, accountId: string, weeks: ReadonlyArray<{ byStore: Breakdown; byCategory: Breakdown }>, locale: string) {
  const storeIds = [...new Set(weeks.flatMap((w) => w.byStore.top.map((row) => row.key)).filter((id) => id !== NO_STORE))];
  const categoryIds = [...new Set(weeks.flatMap((w) => w.byCategory.top.map((row) => row.key)))];
  const [stores, categories] = await Promise.all([
    documents.collection<OrganizationDocument>(ORGANIZATION_COLLECTIONS.organizations).getMany(storeIds),
    documents.collection<CategoryDocument>(CATALOG_COLLECTIONS.categories).getMany(categoryIds),
  ]);
  return {
    stores: new Map(stores.filter((s) => s.accountId === accountId).map((s) => [s._id, s.commonName])),
    categories: new Map(categories.filter((c) => c.accountId === accountId).map((c) => [c._id, textOf(c, c.label, 'label', locale)])),
  };
}

function named(breakdown: Breakdown, names: ReadonlyMap<string, string>, none: string | null): DashboardWeekView['byStore'] {
  return {
    top: breakdown.top.map(({ key, created, completed, cancelled }) => ({
      id: key === none ? null : key,
      name: names.get(key) ?? null,
      created,
      completed,
      cancelled,
    })),
    others: breakdown.others,
  };
}
