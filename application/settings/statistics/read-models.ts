import type { StoredDocument } from '../../ports/document-store.js';
import type { BuybackFact, CartFact, ItemFact, Scope } from '../../../domain/settings/statistics/facts.js';
import type { Tally } from '../../../domain/settings/statistics/tally.js';

/**
 * The weekly statistics' read model (issue 23, GET /dashboard-data): one
 * collection holding the facts (one document per buyback, item and kept
 * cart, folded from their events) and the totals kept over them (one per
 * account, ISO week and scope, and the items' current counts per scope),
 * the items' moves per week and scope, which the dashboard reads by id: a few small documents per request, never
 * the facts themselves.
 */
export const STATISTICS_COLLECTION = 'settings_statistics';

export type FactDocument = StoredDocument & (BuybackFact | ItemFact | CartFact);

/** A week's totals in one scope: every figure as a tally (domain/settings/statistics/facts.ts). */
export interface WeekTotalDocument extends StoredDocument {
  kind: 'week';
  accountId: string;
  week: string;
  scope: Scope;
  figures: Tally;
}

/** The items' moves between statuses in one week and scope (apart from the week's figures: a snapshot reads every later week's, and only those). */
export interface MovesTotalDocument extends StoredDocument {
  kind: 'moves';
  accountId: string;
  week: string;
  scope: Scope;
  figures: Tally;
}

/** The items' current counts by status in one scope. */
export interface CurrentTotalDocument extends StoredDocument {
  kind: 'current';
  accountId: string;
  scope: Scope;
  figures: Tally;
}

export type StatisticsDocument = FactDocument | WeekTotalDocument | MovesTotalDocument | CurrentTotalDocument;

export const statisticsIds = {
  buyback: (buybackId: string) => `buyback|${buybackId}`,
  item: (itemId: string) => `item|${itemId}`,
  cart: (cartId: string) => `cart|${cartId}`,
  week: (accountId: string, week: string, scope: Scope) => `week|${accountId}|${week}|${scope}`,
  moves: (accountId: string, week: string, scope: Scope) => `moves|${accountId}|${week}|${scope}`,
  current: (accountId: string, scope: Scope) => `current|${accountId}|${scope}`,
};
