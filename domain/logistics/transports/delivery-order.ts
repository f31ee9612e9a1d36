import type { DeliveryStatus } from '../../values/delivery-status.js';

/**
 * How far ahead of the platform's clock a carrier's report may be dated
 * (seconds). Carriers' clocks and ours differ by seconds, a minute at most;
 * a report from further ahead is a broken clock or a forged date, and
 * applying it would make every genuine report after it look older than the
 * latest applied (and be set aside) until that date came. The same five
 * minutes as the signature's tolerance. The application adds it to its clock
 * (RecordDelivery's `latestAcceptedAt`); the transport refuses a report dated
 * after that.
 */
export const CARRIER_CLOCK_SKEW_SECONDS = 300;

/**
 * The carrier contract's order of a parcel's statuses (docs/carrier-contract.md):
 *
 *   1 ORDER_CREATED → 2 ORDER_QUOTED → 3 ORDER_TO_BE_SENT_TO_CARRIER
 *   → 4 DELIVERY_INIT (the carrier has it)
 *   → 5 IN_PROGRESS, AVAILABLE_FOR_PICKUP, DELIVERY_FAILED (on its way: a carrier
 *       goes back and forth among these, a failed attempt is tried again, a parcel
 *       waits at a pick-up point)
 *   → 6 DELIVERED_OK, RETURNED_TO_SENDER, CANCELLED, ORDER_CANCELLED (its journey is over)
 *
 * A transport moves only forward: to a stage at least its own, and never out
 * of stage 6.
 */
export const DELIVERY_STAGES: Readonly<Record<DeliveryStatus, number>> = {
  ORDER_CREATED: 1,
  ORDER_QUOTED: 2,
  ORDER_TO_BE_SENT_TO_CARRIER: 3,
  DELIVERY_INIT: 4,
  IN_PROGRESS: 5,
  AVAILABLE_FOR_PICKUP: 5,
  DELIVERY_FAILED: 5,
  DELIVERED_OK: 6,
  RETURNED_TO_SENDER: 6,
  CANCELLED: 6,
  ORDER_CANCELLED: 6,
};

const FINAL_STAGE = 6;

/** Whether a parcel's journey is over at this status (nothing a carrier says after it changes the transport). */
export function isFinalDeliveryStatus(status: DeliveryStatus): boolean {
  return DELIVERY_STAGES[status] === FINAL_STAGE;
}

/** Whether a transport at `current` (null: no report yet) may move to `next` by the contract's order. */
export function deliveryMovesForward(current: DeliveryStatus | null, next: DeliveryStatus): boolean {
  if (current === null) return true;
  if (isFinalDeliveryStatus(current)) return false;
  return DELIVERY_STAGES[next] >= DELIVERY_STAGES[current];
}
