import type { BuybackChannel } from '../../buybacks/events.js';
import type { Money } from '../../shared/money.js';
import type { ItemStatus } from '../../warehouse/items/state.js';
import { bucketOf } from './duration-histogram.js';
import { isoWeekOf } from './iso-week.js';
import { bump, type Tally } from './tally.js';
import { instantMs } from './utc-time.js';

/**
 * The facts the weekly statistics are sums of, one per buyback, item and
 * kept cart, folded from their events by the statistics projection; and what
 * each fact contributes to a week's figures. Pure: the week of a date is its
 * ISO week in UTC (iso-week.ts).
 */

/** What a user may be shown figures of: the whole account, or one store, warehouse or buyer of it (application/organizations/principal.ts). */
export type Scope = 'account' | `store:${string}` | `warehouse:${string}` | `buyer:${string}`;

export interface BuybackFact {
  kind: 'buyback';
  accountId: string;
  channel: BuybackChannel;
  storeId: string | null;
  warehouseId: string;
  buyerId: string;
  categoryId: string;
  createdAt: string;
  /** The buyback machine's state path (its status is read from it). */
  statePath: string;
  /** When it was first completed (validated, or after a loss); null until then. */
  completedAt: string | null;
  cancelledAt: string | null;
  /** What its payment pays the customer (the validated price with its bonus), once created. */
  paid: Money | null;
}

export interface ItemFact {
  kind: 'item';
  accountId: string;
  storeId: string | null;
  warehouseId: string;
  buyerId: string;
  status: ItemStatus;
  /** Whether it is in a stock of the warehouse (the one guard input of the item machine beyond its status). */
  inStock: boolean;
  statusSince: string;
}

/** A cart kept for later (POST /carts): each of its devices is an estimate the customer kept; checked out, they became buybacks. */
export interface CartFact {
  kind: 'cart';
  accountId: string;
  channel: BuybackChannel;
  storeId: string | null;
  createdAt: string;
  devices: number;
  convertedDevices: number;
}

export type StatisticsFact = BuybackFact | ItemFact | CartFact;

/** The scopes a fact counts in: its account, and its store, warehouse and buyer when it has them. */
export function scopesOf(fact: StatisticsFact): Scope[] {
  const scopes: Scope[] = ['account'];
  if (fact.storeId) scopes.push(`store:${fact.storeId}`);
  if (fact.kind === 'cart') return scopes;
  scopes.push(`warehouse:${fact.warehouseId}`, `buyer:${fact.buyerId}`);
  return scopes;
}

/** The store key of the figures by store: a web buyback not (yet) in a store counts under 'none'. */
export const NO_STORE = 'none';

/** The weeks whose figures a buyback or cart fact contributes to. */
export function weeksOf(fact: BuybackFact | CartFact): string[] {
  const weeks = new Set([isoWeekOf(fact.createdAt)]);
  if (fact.kind === 'buyback') {
    if (fact.completedAt) weeks.add(isoWeekOf(fact.completedAt));
    if (fact.cancelledAt) weeks.add(isoWeekOf(fact.cancelledAt));
  }
  return [...weeks];
}

/**
 * What a buyback adds to a week's figures: created in it (by channel, store
 * and category), completed in it (the same, its time from creation to
 * completion in the histogram, its payment's amount), cancelled in it.
 */
export function buybackContribution(fact: BuybackFact, week: string): Tally {
  const tally: Tally = {};
  const count = (what: 'created' | 'completed' | 'cancelled') => {
    bump(tally, [what]);
    bump(tally, ['channel', fact.channel, what]);
    bump(tally, ['store', fact.storeId ?? NO_STORE, what]);
    bump(tally, ['category', fact.categoryId, what]);
  };
  if (isoWeekOf(fact.createdAt) === week) count('created');
  if (fact.completedAt && isoWeekOf(fact.completedAt) === week) {
    count('completed');
    const minutes = (instantMs(fact.completedAt) - instantMs(fact.createdAt)) / 60_000;
    bump(tally, ['completionMinutes', String(bucketOf(minutes))]);
    if (fact.paid) {
      bump(tally, ['paid', fact.paid.currency, 'count']);
      bump(tally, ['paid', fact.paid.currency, 'amountInCents'], fact.paid.amountInCents);
    }
  }
  if (fact.cancelledAt && isoWeekOf(fact.cancelledAt) === week) count('cancelled');
  return tally;
}

/** What a kept cart adds to the week it was kept in: its devices as estimates, those checked out as converted. */
export function cartContribution(fact: CartFact, week: string): Tally {
  if (isoWeekOf(fact.createdAt) !== week) return {};
  return { estimates: { devices: fact.devices, converted: fact.convertedDevices } };
}

/** What an item adds to the current counts: one in its status. */
export function itemCurrentContribution(fact: ItemFact): Tally {
  return { items: { [fact.status]: 1 } };
}

/**
 * An item's move from one status to another, counted in the week it
 * happened: one out of the status it left, one into the status it entered.
 * A week's snapshot is then the current counts less every later week's
 * moves (see weekly-figures.ts).
 */
export function itemMove(before: ItemFact | null, after: ItemFact | null): { week: string; left: Tally; entered: Tally } | null {
  if (!after || before?.status === after.status) return null;
  return {
    week: isoWeekOf(after.statusSince),
    left: before ? { itemsLeft: { [before.status]: 1 } } : {},
    entered: { itemsEntered: { [after.status]: 1 } },
  };
}
