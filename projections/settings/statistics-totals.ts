import type { ProjectionTotals } from '../../application/ports/projection.js';
import { statisticsIds, type CurrentTotalDocument, type MovesTotalDocument, type StatisticsDocument, type WeekTotalDocument } from '../../application/settings/statistics/read-models.js';
import {
  buybackContribution,
  cartContribution,
  itemCurrentContribution,
  itemMove,
  scopesOf,
  weeksOf,
  type BuybackFact,
  type CartFact,
  type ItemFact,
  type Scope,
  type StatisticsFact,
} from '../../domain/settings/statistics/facts.js';
import { addTally, type Tally } from '../../domain/settings/statistics/tally.js';

/**
 * The totals of the statistics' facts (Projection.totals): each week's
 * figures per scope, the sums of the contributions of the buybacks and carts
 * that touch that week; the items' moves in each week per scope; and the
 * items' current counts per scope. A fact's change takes its old contribution away and adds
 * its new one, so the totals never depend on the order the facts changed in.
 */
export const statisticsTotals: ProjectionTotals<StatisticsDocument> = {
  targets(before, after) {
    const b = factOf(before);
    const a = factOf(after);
    if (sameContribution(b, a)) return [];
    const facts = [b, a].filter((f): f is StatisticsFact => f !== null);
    const ids = new Set<string>();
    for (const fact of facts) {
      for (const scope of scopesOf(fact)) {
        if (fact.kind === 'item') ids.add(statisticsIds.current(fact.accountId, scope));
        else for (const week of weeksOf(fact)) ids.add(statisticsIds.week(fact.accountId, week, scope));
      }
    }
    const move = a?.kind === 'item' ? itemMove(b as ItemFact | null, a) : null;
    if (move) for (const fact of facts) for (const scope of scopesOf(fact)) ids.add(statisticsIds.moves(fact.accountId, move.week, scope));
    return [...ids];
  },
  evolve(total, before, after, id) {
    const b = factOf(before);
    const a = factOf(after);
    const [kind, accountId, ...rest] = id.split('|') as [string, string, ...string[]];
    if (kind === 'current') {
      const scope = rest[0] as Scope;
      const document: CurrentTotalDocument = (total as CurrentTotalDocument | null) ?? { _id: id, kind: 'current', accountId, scope, figures: {} };
      let figures = document.figures;
      if (b?.kind === 'item' && scopesOf(b).includes(scope)) figures = addTally(figures, itemCurrentContribution(b), -1);
      if (a?.kind === 'item' && scopesOf(a).includes(scope)) figures = addTally(figures, itemCurrentContribution(a), 1);
      return { ...document, figures };
    }
    const [week, scope] = rest as [string, Scope];
    if (kind === 'moves') {
      const document: MovesTotalDocument = (total as MovesTotalDocument | null) ?? { _id: id, kind: 'moves', accountId, week, scope, figures: {} };
      const move = a?.kind === 'item' ? itemMove(b as ItemFact | null, a) : null;
      let figures = document.figures;
      if (move && move.week === week) {
        if (scopesOf(a as ItemFact).includes(scope)) figures = addTally(figures, move.entered);
        if (b && scopesOf(b).includes(scope)) figures = addTally(figures, move.left);
      }
      return { ...document, figures };
    }
    const document: WeekTotalDocument = (total as WeekTotalDocument | null) ?? { _id: id, kind: 'week', accountId, week, scope, figures: {} };
    let figures = addTally(document.figures, contribution(b, week, scope), -1);
    figures = addTally(figures, contribution(a, week, scope), 1);
    return { ...document, figures };
  },
};

function factOf(document: StatisticsDocument | null): StatisticsFact | null {
  return document && (document.kind === 'buyback' || document.kind === 'item' || document.kind === 'cart') ? (document as StatisticsFact) : null;
}

/** What a buyback or cart fact adds to a week in a scope (items: their moves, counted apart). */
function contribution(fact: StatisticsFact | null, week: string, scope: Scope): Tally {
  if (!fact || fact.kind === 'item' || !scopesOf(fact).includes(scope)) return {};
  return fact.kind === 'buyback' ? buybackContribution(fact, week) : cartContribution(fact, week);
}

/** Whether two states of a fact count alike everywhere (most events change nothing the figures read). */
function sameContribution(before: StatisticsFact | null, after: StatisticsFact | null): boolean {
  if (before === null || after === null) return before === after;
  const keys = KEYS[after.kind];
  return before.kind === after.kind && keys.every((key) => JSON.stringify(before[key as keyof typeof before]) === JSON.stringify(after[key as keyof typeof after]));
}

const KEYS: Record<StatisticsFact['kind'], readonly string[]> = {
  buyback: ['accountId', 'channel', 'storeId', 'warehouseId', 'buyerId', 'categoryId', 'createdAt', 'completedAt', 'cancelledAt', 'paid'] satisfies ReadonlyArray<keyof BuybackFact>,
  item: ['accountId', 'storeId', 'warehouseId', 'buyerId', 'status'] satisfies ReadonlyArray<keyof ItemFact>,
  cart: ['accountId', 'channel', 'storeId', 'createdAt', 'devices', 'convertedDevices'] satisfies ReadonlyArray<keyof CartFact>,
};
