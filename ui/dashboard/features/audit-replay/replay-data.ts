import type { MoneyView } from '@server/application/views/schema.js';
import type { ReplayEventView, ReplayView } from '@server/application/warehouse/warehouse-views.js';

/** The replay's answer and its events, as GET /buybacks/{id}/replay sends them. */
export type Replay = ReplayView;
export type ReplayEvent = ReplayEventView;
export type ReplayEventType = ReplayEventView['type'];

/**
 * i18next's `t` for the replay's texts: keys of the audit-replay namespace,
 * and `<namespace>:<key>` for the texts it shares (buybacks' payment statuses
 * and cancellation reasons; the server's item statuses, quarantine reasons,
 * places of loss and native stocks, `api:items.*` and `api:stocks.native.*`).
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What turning an event into words needs besides the event. */
export interface ReplayWording {
  t: Translate;
  language: string;
  /** A stock's name as the warehouse knows it (a native stock by its kind's label); a neutral name when unknown. */
  stockName(stockId: string | null): string;
  /** A product state as both apps name it (useGradeLabel). */
  gradeLabel(grade: string | null): string;
}

/** Events carry their facts as the domain recorded them (ReplayEventView.data): read them defensively. */
export type EventData = ReplayEventView['data'];

export function recordIn(data: EventData | null, key: string): EventData | null {
  const value = data?.[key];
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as EventData) : null;
}

export function moneyIn(data: EventData | null, key: string): MoneyView | null {
  const value = recordIn(data, key);
  return value && typeof value.amountInCents === 'number' && typeof value.currency === 'string' ? (value as unknown as MoneyView) : null;
}

export function textIn(data: EventData | null, key: string): string | null {
  const value = data?.[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** The stock an item event records it leaving and entering (StockChange), or null. */
export function stockChangeIn(data: EventData): { from: string | null; to: string | null } | null {
  const stock = recordIn(data, 'stock');
  if (!stock) return null;
  const id = (key: string) => (typeof stock[key] === 'string' ? (stock[key] as string) : null);
  return { from: id('fromStockId'), to: id('toStockId') };
}
