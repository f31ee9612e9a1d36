/**
 * What carriers report about a parcel (specification 001: DELIVERY_INIT,
 * IN_PROGRESS, DELIVERED_OK, CANCELLED "and many others"; the order's own:
 * created, quoted, to be sent to carrier, cancelled). The full list is not
 * shown: these are ours, the carrier contract's (docs/carrier-contract.md).
 * A buyback, a package and a transport each keep the latest.
 */
export const DELIVERY_STATUSES = [
  'ORDER_CREATED',
  'ORDER_QUOTED',
  'ORDER_TO_BE_SENT_TO_CARRIER',
  'ORDER_CANCELLED',
  'DELIVERY_INIT',
  'IN_PROGRESS',
  'AVAILABLE_FOR_PICKUP',
  'DELIVERY_FAILED',
  'RETURNED_TO_SENDER',
  'DELIVERED_OK',
  'CANCELLED',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** What a status does to a parcel: the carrier has it, it arrived, it failed, or nothing (the order's bookkeeping). */
export type DeliveryEffect = 'handed' | 'delivered' | 'failed' | 'none';

export function deliveryEffect(status: DeliveryStatus): DeliveryEffect {
  switch (status) {
    case 'DELIVERY_INIT':
    case 'IN_PROGRESS':
    case 'AVAILABLE_FOR_PICKUP':
      return 'handed';
    case 'DELIVERED_OK':
      return 'delivered';
    case 'DELIVERY_FAILED':
    case 'RETURNED_TO_SENDER':
    case 'CANCELLED':
    case 'ORDER_CANCELLED':
      return 'failed';
    default:
      return 'none';
  }
}
