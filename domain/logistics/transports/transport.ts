import { DomainError } from '../../shared/domain-error.js';
import type { DeliveryStatus } from '../../values/delivery-status.js';
import { deliveryMovesForward } from './delivery-order.js';
import type { CarrierShipment, TransportEvent, TransportRequested } from './events.js';

/** Where a transport's label stands: the label queue's states. */
export type LabelStatus = 'pending' | 'ready' | 'failed';

/** Growing delays between attempts (seconds), the last repeated; after MAX_LABEL_ATTEMPTS the label is failed. */
export const LABEL_RETRY_DELAYS_SECONDS = [5, 15, 30, 60, 120, 300, 600, 1800] as const;
export const MAX_LABEL_ATTEMPTS = 10;
/** While the carrier makes the label: asked again soon, not counted as a failure. */
export const LABEL_NOT_READY_DELAYS_SECONDS = [2, 3, 5, 10, 15, 30] as const;

export interface TransportState {
  request: TransportRequested['data'] | null;
  shipment: CarrierShipment | null;
  labelStatus: LabelStatus;
  /** Failed attempts since the last success or retry. */
  attempts: number;
  /** Times the carrier said "not ready yet". */
  waits: number;
  delivery: { status: DeliveryStatus; occurredAt: string } | null;
  carrierEventIds: ReadonlySet<string>;
  /** When the next attempt is due (null: now, or nothing to do). */
  nextAttemptAt: string | null;
}

export const EMPTY_TRANSPORT: TransportState = {
  request: null,
  shipment: null,
  labelStatus: 'pending',
  attempts: 0,
  waits: 0,
  delivery: null,
  carrierEventIds: new Set(),
  nextAttemptAt: null,
};

export function evolveTransport(state: TransportState, event: TransportEvent): TransportState {
  switch (event.type) {
    case 'TransportRequested':
      return { ...state, request: event.data };
    case 'TransportShipmentCreated':
      return { ...state, shipment: event.data.shipment };
    case 'TransportLabelReady':
      return { ...state, labelStatus: 'ready', attempts: 0, nextAttemptAt: null };
    case 'TransportLabelAttemptFailed':
      return event.data.error === NOT_READY
        ? { ...state, waits: state.waits + 1, nextAttemptAt: event.data.retryAt }
        : { ...state, attempts: event.data.attempt, nextAttemptAt: event.data.retryAt };
    case 'TransportLabelFailed':
      return { ...state, labelStatus: 'failed', attempts: event.data.attempt, nextAttemptAt: null };
    case 'TransportLabelRetried':
      return { ...state, labelStatus: 'pending', attempts: 0, waits: 0, nextAttemptAt: null };
    case 'TransportDeliveryStatusChanged':
      return {
        ...state,
        delivery: { status: event.data.status, occurredAt: event.data.occurredAt },
        carrierEventIds: new Set([...state.carrierEventIds, event.data.carrierEventId]),
      };
    case 'TransportDeliveryReportSetAside':
      return { ...state, carrierEventIds: new Set([...state.carrierEventIds, event.data.carrierEventId]) };
    default: {
      const unknown: never = event;
      throw new Error(`Unknown event ${JSON.stringify(unknown)}`);
    }
  }
}

/** The error an attempt records when the carrier's label was simply not ready yet (not a failure). */
export const NOT_READY = 'LABEL_NOT_READY';

export type TransportCommand =
  | { type: 'RequestTransport'; data: TransportRequested['data'] }
  | { type: 'RecordShipment'; data: { shipment: CarrierShipment } }
  | { type: 'RecordLabelReady'; data: Record<string, never> }
  /**
   * `refused`: the carrier refused the request itself (no retry); `notReady`:
   * the label is still being made. `retryAt`: when to try again, the
   * application's clock plus `labelRetryDelaySeconds` of the state.
   */
  | { type: 'RecordLabelAttempt'; data: { error: string; refused: boolean; notReady: boolean; retryAt: string } }
  | { type: 'RetryLabel'; data: Record<string, never> }
  /**
   * A carrier's report, its time in UTC (ISO-8601, as toISOString writes it);
   * `latestAcceptedAt`: the platform's clock when it came plus
   * CARRIER_CLOCK_SKEW_SECONDS, in the same form: a report dated after it is refused.
   */
  | { type: 'RecordDelivery'; data: { status: DeliveryStatus; occurredAt: string; carrierEventId: string; latestAcceptedAt: string } };

export function decideTransport(command: TransportCommand, state: TransportState): TransportEvent[] {
  if (command.type === 'RequestTransport') {
    if (state.request) throw new DomainError('TRANSPORT_ALREADY_EXISTS', { transportId: state.request.transportId });
    return [{ type: 'TransportRequested', data: command.data }];
  }
  const request = state.request;
  if (!request) throw new DomainError('TRANSPORT_NOT_FOUND');
  const transportId = request.transportId;
  switch (command.type) {
    case 'RecordShipment':
      if (state.shipment) return [];
      return [{ type: 'TransportShipmentCreated', data: { transportId, shipment: command.data.shipment } }];
    case 'RecordLabelReady':
      if (state.labelStatus === 'ready') return [];
      if (!state.shipment) throw new DomainError('TRANSPORT_NO_SHIPMENT', { transportId });
      return [{ type: 'TransportLabelReady', data: { transportId } }];
    case 'RecordLabelAttempt': {
      if (state.labelStatus !== 'pending') return [];
      const { error, refused, notReady, retryAt } = command.data;
      if (notReady) return [{ type: 'TransportLabelAttemptFailed', data: { transportId, attempt: state.attempts, error: NOT_READY, retryAt } }];
      const attempt = state.attempts + 1;
      if (refused || attempt >= MAX_LABEL_ATTEMPTS) return [{ type: 'TransportLabelFailed', data: { transportId, attempt, error } }];
      return [{ type: 'TransportLabelAttemptFailed', data: { transportId, attempt, error, retryAt } }];
    }
    case 'RetryLabel':
      if (state.labelStatus !== 'failed') throw new DomainError('TRANSPORT_LABEL_NOT_FAILED', { transportId, labelStatus: state.labelStatus });
      return [{ type: 'TransportLabelRetried', data: { transportId } }];
    case 'RecordDelivery':
      return decideDelivery(state, transportId, command.data);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * A carrier's report: a report received before (its id) changes nothing; one
 * dated beyond the clock skew is refused (CARRIER_EVENT_IN_FUTURE: applied,
 * it would make every genuine report after it look stale); one older than
 * the latest applied, or of a status the transport is past (the contract's
 * order, delivery-order.ts), is recorded as set aside; any other is applied.
 */
function decideDelivery(state: TransportState, transportId: string, report: Extract<TransportCommand, { type: 'RecordDelivery' }>['data']): TransportEvent[] {
  const { latestAcceptedAt, ...data } = report;
  if (state.carrierEventIds.has(data.carrierEventId)) return [];
  if (data.occurredAt > latestAcceptedAt) throw new DomainError('CARRIER_EVENT_IN_FUTURE', { transportId, occurredAt: data.occurredAt, latestAcceptedAt });
  const current = state.delivery;
  if (current && data.occurredAt < current.occurredAt) {
    return [{ type: 'TransportDeliveryReportSetAside', data: { transportId, ...data, reason: 'older_than_latest', currentStatus: current.status } }];
  }
  if (current && !deliveryMovesForward(current.status, data.status)) {
    return [{ type: 'TransportDeliveryReportSetAside', data: { transportId, ...data, reason: 'not_forward', currentStatus: current.status } }];
  }
  return [{ type: 'TransportDeliveryStatusChanged', data: { transportId, ...data } }];
}

/**
 * How long to wait before the next attempt: a growing delay after each
 * failure (LABEL_RETRY_DELAYS_SECONDS, the last repeated), a short one while
 * the carrier is still making the label (LABEL_NOT_READY_DELAYS_SECONDS).
 */
export function labelRetryDelaySeconds(state: TransportState, notReady: boolean): number {
  if (notReady) return LABEL_NOT_READY_DELAYS_SECONDS[Math.min(state.waits, LABEL_NOT_READY_DELAYS_SECONDS.length - 1)] as number;
  return LABEL_RETRY_DELAYS_SECONDS[Math.min(state.attempts, LABEL_RETRY_DELAYS_SECONDS.length - 1)] as number;
}

export const transportDecider = {
  initialState: (): TransportState => EMPTY_TRANSPORT,
  evolve: evolveTransport,
  decide: decideTransport,
};
