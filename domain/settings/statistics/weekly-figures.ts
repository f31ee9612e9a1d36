import { BUYBACK_CHANNELS, type BuybackChannel } from '../../buybacks/events.js';
import { ITEM_STATUSES, type ItemStatus } from '../../warehouse/items/state.js';
import { countOf, quantileMinutes } from './duration-histogram.js';
import { NO_STORE } from './facts.js';
import { addInto, branch, countAt, type Tally } from './tally.js';

/** The most stores or categories a week's figures name (the busiest); the others are summed in `others`. */
export const BREAKDOWN_LIMIT = 20;

export interface Counts {
  created: number;
  completed: number;
  cancelled: number;
}

export interface Breakdown {
  /** The busiest keys (created + completed + cancelled, then key), at most BREAKDOWN_LIMIT. */
  top: Array<{ key: string } & Counts>;
  /** The sums of the others, and how many they are. */
  others: Counts & { keys: number };
}

export interface PaidFigures {
  currency: string;
  count: number;
  totalInCents: number;
  /** Rounded to the cent; the total divided by the count. */
  averageInCents: number;
}

/** A week's figures, read from its totals (weekly statistics, issue 23). */
export interface WeekFigures extends Counts {
  byChannel: Array<{ channel: BuybackChannel } & Counts>;
  byStore: Breakdown;
  byCategory: Breakdown;
  paid: PaidFigures[];
  /** Devices of the carts kept that week (estimates kept), and how many of them were checked out into buybacks so far. */
  conversion: { estimates: number; converted: number; rate: number | null };
  /** The buybacks completed that week: their time from creation to completion. */
  completionTime: { count: number; medianMinutes: number | null; p90Minutes: number | null };
  /** Items in each status at the week's end (Sunday 23:59:59.999 UTC). */
  items: Array<{ status: ItemStatus; count: number }>;
}

/** Sums several scopes' tallies (a management unit's stores); one scope's is answered as it is (read, never changed). */
export function sumTallies(tallies: ReadonlyArray<Readonly<Tally>>): Readonly<Tally> {
  if (tallies.length === 1) return tallies[0] as Readonly<Tally>;
  return tallies.reduce<Tally>((sum, tally) => addInto(sum, tally), {});
}

function countsOf(tally: Readonly<Tally>): Counts {
  return { created: countAt(tally, 'created'), completed: countAt(tally, 'completed'), cancelled: countAt(tally, 'cancelled') };
}

function breakdownOf(tally: Readonly<Tally>): Breakdown {
  const rows = Object.keys(tally)
    .map((key) => ({ key, ...countsOf(branch(tally, key)) }))
    .sort((a, b) => b.created + b.completed + b.cancelled - (a.created + a.completed + a.cancelled) || a.key.localeCompare(b.key));
  const rest = rows.slice(BREAKDOWN_LIMIT);
  return {
    top: rows.slice(0, BREAKDOWN_LIMIT),
    others: {
      keys: rest.length,
      created: rest.reduce((s, r) => s + r.created, 0),
      completed: rest.reduce((s, r) => s + r.completed, 0),
      cancelled: rest.reduce((s, r) => s + r.cancelled, 0),
    },
  };
}

/**
 * The items in each status at the end of a week: the current counts less
 * the moves of every week after it (their entries taken away, their exits
 * given back).
 */
export function itemsAtEndOf(current: Readonly<Tally>, laterWeeks: ReadonlyArray<Readonly<Tally>>): Tally {
  const items = addInto({}, branch(current, 'items'));
  for (const week of laterWeeks) {
    addInto(items, branch(week, 'itemsEntered'), -1);
    addInto(items, branch(week, 'itemsLeft'), 1);
  }
  return items;
}

/** The item counts of every status that has some, in the machine's order. */
export function itemCounts(items: Readonly<Tally>): Array<{ status: ItemStatus; count: number }> {
  return ITEM_STATUSES.map((status) => ({ status, count: countAt(items, status) })).filter((row) => row.count !== 0);
}

/** A week's figures from its tally and the items at its end. */
export function weekFigures(tally: Readonly<Tally>, itemsAtEnd: Readonly<Tally>): WeekFigures {
  const histogram = branch(tally, 'completionMinutes') as Record<string, number>;
  const estimates = countAt(tally, 'estimates', 'devices');
  const converted = countAt(tally, 'estimates', 'converted');
  const channels = branch(tally, 'channel');
  return {
    ...countsOf(tally),
    byChannel: BUYBACK_CHANNELS.map((channel) => ({ channel, ...countsOf(branch(channels, channel)) })),
    byStore: breakdownOf(branch(tally, 'store')),
    byCategory: breakdownOf(branch(tally, 'category')),
    paid: Object.keys(branch(tally, 'paid'))
      .sort()
      .map((currency) => {
        const count = countAt(tally, 'paid', currency, 'count');
        const totalInCents = countAt(tally, 'paid', currency, 'amountInCents');
        return { currency, count, totalInCents, averageInCents: count === 0 ? 0 : Math.round(totalInCents / count) };
      }),
    conversion: { estimates, converted, rate: estimates === 0 ? null : Math.round((converted / estimates) * 10_000) / 10_000 },
    completionTime: { count: countOf(histogram), medianMinutes: quantileMinutes(histogram, 0.5), p90Minutes: quantileMinutes(histogram, 0.9) },
    items: itemCounts(itemsAtEnd),
  };
}

export { NO_STORE };
