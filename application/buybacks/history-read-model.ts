import type { BuybackEvent } from '../../domain/buybacks/events.js';
import type { PaymentEvent } from '../../domain/payments/events.js';
import type { BuybackStatus } from '../../domain/buybacks/state.js';

export const BUYBACK_HISTORY_COLLECTION = 'buyback_history';

export interface HistoryEntry {
  eventId: string;
  revision: number;
  /** The event's type: what happened (to the buyback, or to its payment). */
  type: BuybackEvent['type'] | PaymentEvent['type'];
  at: string;
  userId: string | null;
  organizationId: string | null;
  statusBefore: BuybackStatus | null;
  statusAfter: BuybackStatus;
  /** Why, when the event says it. */
  reason: string | null;
  comment: string | null;
  /** The values this event changed, before → after. Personal data never appears here. */
  changes: Record<string, { from: unknown; to: unknown }>;
}

export interface BuybackHistoryDocument {
  _id: string;
  accountId: string;
  statePath: string;
  /** Values the history compares against, kept from earlier events. */
  current: Record<string, unknown>;
  entries: HistoryEntry[];
  /** Its payment's id once created: the payment's events find the history by it. */
  paymentId?: string | null;
  [key: string]: unknown;
}
