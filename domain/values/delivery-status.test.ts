import { describe, expect, it } from 'vitest';
import { DELIVERY_STATUSES, deliveryEffect, type DeliveryEffect, type DeliveryStatus } from './delivery-status.js';

/**
 * What each carrier status does to a parcel, written out: the package machine
 * moves on it (handed to the carrier, delivered, a carrier failure) or only
 * records it (the order's bookkeeping).
 */
const EFFECTS: Record<DeliveryStatus, DeliveryEffect> = {
  ORDER_CREATED: 'none',
  ORDER_QUOTED: 'none',
  ORDER_TO_BE_SENT_TO_CARRIER: 'none',
  ORDER_CANCELLED: 'failed',
  DELIVERY_INIT: 'handed',
  IN_PROGRESS: 'handed',
  AVAILABLE_FOR_PICKUP: 'handed',
  DELIVERY_FAILED: 'failed',
  RETURNED_TO_SENDER: 'failed',
  DELIVERED_OK: 'delivered',
  CANCELLED: 'failed',
};

describe('delivery statuses', () => {
  it('are the eleven of the carrier contract, each once', () => {
    expect(DELIVERY_STATUSES).toHaveLength(11);
    expect(new Set(DELIVERY_STATUSES).size).toBe(DELIVERY_STATUSES.length);
    expect(Object.keys(EFFECTS).sort()).toEqual([...DELIVERY_STATUSES].sort());
  });

  it.each(DELIVERY_STATUSES)('%s has its effect on the parcel', (status) => {
    expect(deliveryEffect(status)).toBe(EFFECTS[status]);
  });

  it('only DELIVERED_OK says the parcel arrived', () => {
    expect(DELIVERY_STATUSES.filter((status) => deliveryEffect(status) === 'delivered')).toEqual(['DELIVERED_OK']);
  });

  it('gives every effect to at least one status', () => {
    expect(new Set(DELIVERY_STATUSES.map(deliveryEffect))).toEqual(new Set<DeliveryEffect>(['handed', 'delivered', 'failed', 'none']));
  });
});
