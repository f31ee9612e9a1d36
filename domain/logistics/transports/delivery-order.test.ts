import { describe, expect, it } from 'vitest';
import { DELIVERY_STATUSES, type DeliveryStatus } from '../../values/delivery-status.js';
import { DELIVERY_STAGES, deliveryMovesForward, isFinalDeliveryStatus } from './delivery-order.js';

describe("the carrier contract's order of a parcel's statuses", () => {
  it('gives every status a stage', () => {
    expect(Object.keys(DELIVERY_STAGES).sort()).toEqual([...DELIVERY_STATUSES].sort());
  });

  it('moves from no report to any status', () => {
    for (const status of DELIVERY_STATUSES) expect(deliveryMovesForward(null, status)).toBe(true);
  });

  it('moves along the order: created, quoted, to be sent, taken by the carrier, on its way, delivered', () => {
    const journey: DeliveryStatus[] = ['ORDER_CREATED', 'ORDER_QUOTED', 'ORDER_TO_BE_SENT_TO_CARRIER', 'DELIVERY_INIT', 'IN_PROGRESS', 'AVAILABLE_FOR_PICKUP', 'DELIVERED_OK'];
    for (let index = 1; index < journey.length; index++) expect(deliveryMovesForward(journey[index - 1]!, journey[index]!)).toBe(true);
  });

  it('never moves back to an earlier stage', () => {
    expect(deliveryMovesForward('IN_PROGRESS', 'DELIVERY_INIT')).toBe(false);
    expect(deliveryMovesForward('DELIVERY_INIT', 'ORDER_QUOTED')).toBe(false);
  });

  it('goes back and forth on the way: a failed attempt tried again, a parcel left at a pick-up point', () => {
    expect(deliveryMovesForward('DELIVERY_FAILED', 'IN_PROGRESS')).toBe(true);
    expect(deliveryMovesForward('DELIVERY_FAILED', 'AVAILABLE_FOR_PICKUP')).toBe(true);
    expect(deliveryMovesForward('AVAILABLE_FOR_PICKUP', 'DELIVERY_FAILED')).toBe(true);
  });

  it('never leaves a journey that is over, not even for another end', () => {
    const finals = DELIVERY_STATUSES.filter(isFinalDeliveryStatus);
    expect([...finals].sort()).toEqual(['CANCELLED', 'DELIVERED_OK', 'ORDER_CANCELLED', 'RETURNED_TO_SENDER']);
    for (const final of finals) for (const next of DELIVERY_STATUSES) expect(deliveryMovesForward(final, next)).toBe(false);
  });
});
