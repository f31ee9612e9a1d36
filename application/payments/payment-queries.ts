/**
 * The payment search (GET /api/payments, its CSV export) and one payment's
 * detail, always through the caller's visibility: their tenant, and the
 * store(s) or buyer they work for, as for buybacks (a payment keeps its
 * buyback's store, warehouse and buyer). Another tenant's payment is not
 * found (404). The customer's name is read from the buybacks, never kept on
 * the payment.
 */
import { allowedPaymentCommandsAt, type PaymentLifecycleCommandType } from '../../domain/payments/allowed-commands.js';
import type { PaymentProvider, PaymentStatus, PaymentType } from '../../domain/payments/state.js';
import type { Collection, DocumentStore, Filter, SortSpec } from '../ports/document-store.js';
import { isForgotten } from '../ports/personal-data.js';
import { ApplicationError } from '../commands/errors.js';
import { buybackVisibility, type Principal } from '../organizations/principal.js';
import type { Permission } from '../organizations/permissions.js';
import { CUSTOMER_NAME_KEY_INDEXES, keyPrefixRange, nameKeyOf } from '../buybacks/customer-name-read-model.js';
import { EXPORT_BATCH_SIZE, findAll, findPage, nullablePaths, type PagePlan, type PageRequest, type SortColumns } from '../lists/paged-query.js';
import type { ListPage } from '../views/schema.js';
import { BUYBACKS_COLLECTION, type BuybackDocument } from '../buybacks/read-models.js';
import { amountKeyOf, PAYMENT_COLLECTIONS, type PaymentDocument } from './read-models.js';
import { paymentSearchPlan, type PaymentSearchShape } from './payment-search-plan.js';
import type { PaymentListItemView, PaymentView } from './payment-views.js';

/** The filters of the payment search (issue 19: code, payment id, customer name, status, type, provider, period, amount). */
export interface PaymentListFilters {
  /** The buyback's 13-digit code, or its start. */
  identificationNumber?: string;
  paymentId?: string;
  /** The customer's last name, or first and last name in either order, or the start of either; accents and case aside. */
  customerName?: string;
  status?: PaymentStatus[];
  type?: PaymentType[];
  provider?: PaymentProvider[];
  storeId?: string[];
  buyerId?: string;
  /** Created at or after / at or before (UTC ISO-8601). */
  createdFrom?: string;
  createdTo?: string;
  /** The amount paid, in cents, at least / at most. */
  amountFrom?: number;
  amountTo?: number;
}

export interface PaymentListQuery extends PageRequest, PaymentListFilters {}

export const PAYMENT_SORTS = {
  createdAt: { path: 'createdAt' },
  updatedAt: { path: 'updatedAt' },
  statusSince: { path: 'statusSince' },
  identificationNumber: { path: 'identificationNumber' },
  status: { path: 'status' },
  amount: { path: 'amountInCents' },
} as const satisfies SortColumns;

/** Newest first: the order the search's indexes serve. */
export const PAYMENT_DEFAULT_ORDER: SortSpec = [['createdAt', -1]];

/**
 * The customer-name filter reads at most this many of the newest matching
 * buybacks the caller sees, then their payments: a name shared by more
 * customers finds the payments of the newest of them, and the page says its
 * total is a lower bound.
 */
export const CUSTOMER_MATCHES_LIMIT = 200;

/** What each command a payment's row may offer needs of its caller; the others are not the user's to run (the providers', the buyback's). */
export const PAYMENT_COMMAND_PERMISSIONS: Partial<Readonly<Record<PaymentLifecycleCommandType, Permission>>> = {
  RelaunchPayment: 'payment.relaunch',
  MarkPaymentAsPaid: 'payment.mark_as_paid',
};

type PaymentSearch = { filter: Filter; plan: PagePlan; truncated: boolean };

export class PaymentQueries {
  constructor(private readonly documents: DocumentStore) {}

  /** One page of the search, or with pagination=false the whole of it (at most UNPAGED_LIMIT rows). */
  async list(principal: Principal, query: PaymentListQuery): Promise<ListPage<PaymentListItemView>> {
    const search = await this.search(principal, query);
    const page = await findPage(this.payments(), search.filter, query, PAYMENT_DEFAULT_ORDER, search.plan);
    const names = await this.customerNames(page.items);
    return {
      ...page,
      totalItemsIsLowerBound: page.totalItemsIsLowerBound || (search.truncated && page.totalItems !== null),
      items: page.items.map((payment) => listItem(payment, principal, names)),
    };
  }

  /** Every payment of the search, in its order, read in batches as the export pulls, each batch with its customers' names. */
  async *all(principal: Principal, query: PaymentListFilters & { order?: SortSpec }): AsyncGenerator<PaymentListItemView & { paidAt: string | null }, void, undefined> {
    const search = await this.search(principal, query);
    const order = query.order?.length ? query.order : PAYMENT_DEFAULT_ORDER;
    let batch: PaymentDocument[] = [];
    const flush = async () => {
      const names = await this.customerNames(batch);
      const rows = batch.map((payment) => ({ ...listItem(payment, principal, names), paidAt: payment.paidAt }));
      batch = [];
      return rows;
    };
    for await (const payment of findAll(this.payments(), search.filter, order, { nullable: nullablePaths(PAYMENT_SORTS) })) {
      batch.push(payment);
      if (batch.length >= EXPORT_BATCH_SIZE) yield* await flush();
    }
    if (batch.length > 0) yield* await flush();
  }

  /** One payment the caller may see, or PAYMENT_NOT_FOUND (another tenant's, another store's). */
  async byId(principal: Principal, paymentId: string): Promise<PaymentView> {
    const payment = await visiblePayment(this.documents, principal, paymentId);
    const names = await this.customerNames([payment]);
    const { _id, organizationId: _organization, amountInCents: _amount, amountKey: _key, _applied: _bookkeeping, ...fields } = payment as PaymentDocument & { _applied?: unknown };
    return {
      ...(fields as Omit<PaymentView, 'id' | 'customerName' | 'allowedCommands'>),
      id: _id,
      customerName: names.get(payment.buybackId) ?? null,
      allowedCommands: allowedCommands(payment, principal),
    };
  }

  private payments(): Collection<PaymentDocument> {
    return this.documents.collection<PaymentDocument>(PAYMENT_COLLECTIONS.payments);
  }

  /** The customers' names of these payments' buybacks, by buyback id: one query; none for a forgotten customer. */
  private async customerNames(payments: readonly PaymentDocument[]): Promise<Map<string, string>> {
    const ids = [...new Set(payments.map((payment) => payment.buybackId))];
    if (ids.length === 0) return new Map();
    const buybacks = await this.documents.collection<BuybackDocument>(BUYBACKS_COLLECTION).find({ _id: { $in: ids } }, { limit: ids.length });
    const names = new Map<string, string>();
    for (const buyback of buybacks) {
      if (!isForgotten(buyback.customer)) names.set(buyback._id, `${buyback.customer.firstName} ${buyback.customer.lastName}`);
    }
    return names;
  }

  /**
   * The ids of the newest CUSTOMER_MATCHES_LIMIT buybacks the caller sees
   * whose customer's last name, or first and last name in either order, is
   * the name typed (accents and case aside): an equality on each key's index,
   * read newest first. Fewer found, the names starting with it are added (a
   * range of the two whole-name keys, read in the index's order): all of them
   * when they are few, otherwise some, and the page says its total is a
   * lower bound. Every read stops after CUSTOMER_MATCHES_LIMIT + 1 entries.
   */
  private async buybacksNamed(visibility: Filter, name: string): Promise<{ ids: string[]; truncated: boolean }> {
    const buybacks = this.documents.collection<BuybackDocument>(BUYBACKS_COLLECTION);
    const read = (path: string, index: string, match: string | { $gte: string; $lt: string }, sort: SortSpec | undefined) =>
      buybacks.find({ $and: [visibility, { [path]: match }] }, { ...(sort ? { sort } : {}), limit: CUSTOMER_MATCHES_LIMIT + 1, hint: index });
    const newest: SortSpec = [['createdAt', -1]];
    const exact = (await Promise.all(CUSTOMER_NAME_KEY_INDEXES.map(([path, index]) => read(path, index, name, newest)))).flat();
    const found = new Map(exact.map((buyback) => [buyback._id, buyback]));
    let truncated = found.size >= CUSTOMER_MATCHES_LIMIT;
    if (!truncated) {
      const starting = await Promise.all(
        CUSTOMER_NAME_KEY_INDEXES.filter(([path]) => path !== 'customerLastNameKey').map(([path, index]) => read(path, index, keyPrefixRange(name), undefined)),
      );
      for (const buyback of starting.flat()) found.set(buyback._id, buyback);
      truncated = starting.some((matches) => matches.length > CUSTOMER_MATCHES_LIMIT);
    }
    const ids = [...found.values()]
      .sort((a, b) => (a.createdAt === b.createdAt ? (a._id < b._id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1))
      .slice(0, CUSTOMER_MATCHES_LIMIT)
      .map((buyback) => buyback._id);
    return { ids, truncated: truncated || found.size >= CUSTOMER_MATCHES_LIMIT };
  }

  /** The search's filter, and the indexes that find its page (payment-search-plan.ts; the buybacks a name matched, by theirs). */
  private async search(principal: Principal, query: PaymentListFilters): Promise<PaymentSearch> {
    const visibility = buybackVisibility(principal);
    const filters: Filter[] = [visibility, ...listFilters(query)];
    const name = query.customerName === undefined ? '' : nameKeyOf(query.customerName);
    if (name) {
      const { ids, truncated } = await this.buybacksNamed(visibility, name);
      filters.push({ buybackId: { $in: ids } });
      return { filter: { $and: filters }, plan: { countIndex: 'by_buyback', index: () => 'by_buyback' }, truncated };
    }
    if (query.paymentId) return { filter: { $and: filters }, plan: {}, truncated: false };
    return { filter: { $and: filters }, plan: paymentSearchPlan(shapeOf(visibility, query)), truncated: false };
  }
}

/** What the search plan needs to know: whether the tenant is named, and the paths narrowed (a range counts as many values). */
function shapeOf(visibility: Filter, query: PaymentListFilters): PaymentSearchShape {
  const narrowedBy = new Map<string, number>();
  const scope = (path: string) => {
    const value = visibility[path];
    if (value === undefined) return;
    const values = typeof value === 'object' && value !== null && '$in' in value ? ((value as { $in?: unknown[] }).$in?.length ?? 0) : 1;
    narrowedBy.set(path, values);
  };
  scope('storeId');
  scope('buyerId');
  const values = (path: string, count: number | undefined) => {
    if (count) narrowedBy.set(path, Math.max(count, narrowedBy.get(path) ?? 0));
  };
  values('status', query.status?.length);
  values('type', query.type?.length);
  values('provider', query.provider?.length);
  values('storeId', query.storeId?.length);
  values('buyerId', query.buyerId ? 1 : undefined);
  if (query.identificationNumber) narrowedBy.set('identificationNumber', Number.POSITIVE_INFINITY);
  if (query.amountFrom !== undefined || query.amountTo !== undefined) narrowedBy.set('amountKey', Number.POSITIVE_INFINITY);
  return { tenantScoped: 'accountId' in visibility, narrowedBy };
}

/** A payment the caller may see, or PAYMENT_NOT_FOUND. */
export async function visiblePayment(documents: DocumentStore, principal: Principal, paymentId: string): Promise<PaymentDocument> {
  const [payment] = await documents
    .collection<PaymentDocument>(PAYMENT_COLLECTIONS.payments)
    .find({ $and: [buybackVisibility(principal), { _id: paymentId }] }, { limit: 1 });
  if (!payment) throw new ApplicationError('PAYMENT_NOT_FOUND', { paymentId });
  return payment;
}

function listFilters(query: PaymentListFilters): Filter[] {
  const filters: Filter[] = [];
  const code = query.identificationNumber?.replace(/\s+/g, '');
  // ':' follows '9': every code starting with these digits lies in [code, code + ':'), a range of the code's index.
  if (code) filters.push(code.length === 13 ? { identificationNumber: code } : { identificationNumber: { $gte: code, $lt: `${code}:` } });
  if (query.paymentId) filters.push({ _id: query.paymentId });
  if (query.status?.length) filters.push({ status: { $in: query.status } });
  if (query.type?.length) filters.push({ type: { $in: query.type } });
  if (query.provider?.length) filters.push({ provider: { $in: query.provider } });
  if (query.storeId?.length) filters.push({ storeId: { $in: query.storeId } });
  if (query.buyerId) filters.push({ buyerId: query.buyerId });
  if (query.createdFrom) filters.push({ createdAt: { $gte: query.createdFrom } });
  if (query.createdTo) filters.push({ createdAt: { $lte: query.createdTo } });
  if (query.amountFrom !== undefined) filters.push({ amountKey: { $gte: amountKeyOf(query.amountFrom) } });
  if (query.amountTo !== undefined) filters.push({ amountKey: { $lte: amountKeyOf(query.amountTo) } });
  return filters;
}

/** The commands a payment's status and kind allow, by status and the fields the machine's guards read: a page asks for few combinations. */
const allowedByKind = new Map<string, PaymentLifecycleCommandType[]>();

/** The commands the payment's status allows that the caller may run. */
function allowedCommands(payment: PaymentDocument, principal: Principal): PaymentLifecycleCommandType[] {
  const key = [payment.status, payment.provider, payment.type, payment.origin, payment.voucherCode === null, payment.claim === null].join('|');
  let allowed = allowedByKind.get(key);
  if (!allowed) allowedByKind.set(key, (allowed = allowedPaymentCommandsAt(payment.status, payment)));
  return allowed.filter((command) => {
    const permission = PAYMENT_COMMAND_PERMISSIONS[command];
    return permission !== undefined && principal.permissions.has(permission);
  });
}

function listItem(payment: PaymentDocument, principal: Principal, names: ReadonlyMap<string, string>): PaymentListItemView {
  return {
    id: payment._id,
    buybackId: payment.buybackId,
    identificationNumber: payment.identificationNumber,
    customerName: names.get(payment.buybackId) ?? null,
    storeId: payment.storeId,
    buyerId: payment.buyerId,
    status: payment.status,
    type: payment.type,
    provider: payment.provider,
    amount: payment.amount,
    failure: payment.failure,
    attempts: payment.attempts.length,
    createdAt: payment.createdAt,
    statusSince: payment.statusSince,
    allowedCommands: allowedCommands(payment, principal),
  } as PaymentListItemView;
}
