import type { Money } from '../shared/money.js';
import type { DeliveryStatus } from '../values/delivery-status.js';
import type { AbsorptionRule } from './absorption.js';
import type { BuybackRegistered, CancelReason, DeclarationResponse, PaymentStatus, SealedPersonalData } from './events.js';

/**
 * Commands are imperative and carry everything the decision needs: the
 * application looks up reference data (prices, rules, warehouses) and hashes
 * secrets before calling `decide`, which stays pure.
 */
export type BuybackCommand =
  | { type: 'RegisterBuyback'; data: Omit<BuybackRegistered['data'], 'paymentStatus'> }
  | { type: 'FinalizeBuybackInStore'; data: { storeId: string } }
  | { type: 'ShipBuyback'; data: { trackingNumber: string | null; trackingLink: string | null; direct?: boolean } }
  | { type: 'CheckInBuyback'; data: { warehouseId: string } }
  | { type: 'CompleteBuybackByPrice'; data: { controlledPrice: Money | null; comment: string | null } }
  | { type: 'AbsorbPriceDeviation'; data: { controlledPrice: Money; rule: AbsorptionRule; comment: string | null } }
  | {
      type: 'ProposeNewPrice';
      /** `controlledPrice`: what the check found it worth, when a check made the proposal (else the proposed price). */
      data: { proposedPrice: Money; controlledPrice?: Money; reason: string; comment: string | null; decisionTokenHash: string };
    }
  | { type: 'AcceptNewPrice'; data: { decisionTokenHash: string } }
  | { type: 'RejectNewPrice'; data: { decisionTokenHash: string } }
  | { type: 'CompleteBuyback'; data: Record<string, never> }
  /** Its item was lost (sent by the warehouse part when an item is declared lost). */
  | { type: 'CompleteBuybackAfterLoss'; data: { place: 'store' | 'transport' | 'warehouse' } }
  /** Its device went into quarantine, or out of it (sent by the warehouse part). */
  | { type: 'PutBuybackOnHold'; data: { reason: string } }
  | { type: 'LiftBuybackHold'; data: Record<string, never> }
  /**
   * `paymentStatus`: its payment's status, read from the payment's stream
   * with the decision (the payments part); absent while it has none, when the
   * buyback's own (awaiting, or handed over in store) decides.
   */
  | { type: 'CancelBuyback'; data: { reason: CancelReason; comment: string; force: boolean; paymentStatus?: PaymentStatus | null } }
  /**
   * Scanned into a store's package (sent by the logistics part, appended with
   * the package's event): the buyback's stream is the reservation, so of two
   * packages taking it at once exactly one wins.
   */
  | { type: 'PackBuyback'; data: { packageId: string; packageNumber: string; storeId: string; warehouseId: string; withLabel: boolean } }
  | { type: 'UnpackBuyback'; data: { packageId: string } }
  /**
   * The warehouse holds it though its store never shipped it (sent by the
   * warehouse's check-in, decided with its item and its package): `packageId`
   * is the package the caller found it in, null for none.
   */
  | { type: 'ReceiveBuybackFromStore'; data: { warehouseId: string; packageId: string | null } }
  /** A carrier's label names it, and the carrier's reports on its parcel (sent by the logistics part). */
  | { type: 'RecordBuybackShipment'; data: { transportId: string; carrier: string; trackingNumber: string; trackingLink: string | null } }
  | { type: 'RecordBuybackDelivery'; data: { transportId: string; status: DeliveryStatus; occurredAt: string } }
  /**
   * Corrects the customer's details and the declared answers before the
   * device reaches the warehouse. The application compares, seals the changed
   * customer fields and recomputes the estimate of new answers (never the
   * client's price); `declaration` is null when the answers are unchanged.
   */
  | {
      type: 'EditBuyback';
      data: {
        reason: string;
        customer: SealedPersonalData | null;
        customerFields: string[];
        declaration: { responses: DeclarationResponse[]; grade: string; declaredPrice: Money } | null;
      };
    };

export type BuybackCommandType = BuybackCommand['type'];

export const BUYBACK_COMMAND_TYPES: readonly BuybackCommandType[] = [
  'RegisterBuyback',
  'FinalizeBuybackInStore',
  'ShipBuyback',
  'CheckInBuyback',
  'CompleteBuybackByPrice',
  'AbsorbPriceDeviation',
  'ProposeNewPrice',
  'AcceptNewPrice',
  'RejectNewPrice',
  'CompleteBuyback',
  'CompleteBuybackAfterLoss',
  'PutBuybackOnHold',
  'LiftBuybackHold',
  'CancelBuyback',
  'PackBuyback',
  'UnpackBuyback',
  'ReceiveBuybackFromStore',
  'RecordBuybackShipment',
  'RecordBuybackDelivery',
  'EditBuyback',
];
