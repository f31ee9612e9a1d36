import type { Money } from '../../shared/money.js';
import type { DeclaredProduct } from '../../buybacks/events.js';
import type { AbsorptionRule } from '../../buybacks/absorption.js';
import type { ComplianceCheckResult, ItemAwaiting, LostPlace, QuarantineReason } from './events.js';

/** The retailer's warehouse check-in requirement (`AccountSettings.warehouseCheckinRequirement`); admins count as disabled. */
export type CheckInRequirement = 'disabled' | 'optional' | 'mandatory';

/**
 * What the compliance check decides, after the operator's summary: the
 * outcome the prices give (completed by price, with absorption, or a new
 * price proposal, by `complianceOutcome`), or quarantine.
 */
export type CheckDecision = { kind: 'by_rule'; proposalReason: string | null } | { kind: 'quarantine'; reason: QuarantineReason; comment: string };

/**
 * What the operator found, as the application computed it from the catalogue
 * (the found product, its TAC codes, its estimate rules, its category's
 * absorption rule); `decide` adds the declaration it is compared with.
 */
export type ComplianceFindings = Omit<ComplianceCheckResult, 'declaredProduct' | 'declaredPrice' | 'absorption'> & {
  absorptionRule: AbsorptionRule;
};

/** Commands on an item: imperative. Time comes in with the command (`at`), never from a clock. */
export type ItemCommand =
  | {
      type: 'CreateItem';
      data: {
        itemId: string;
        buybackId: string;
        identificationNumber: string;
        awaiting: ItemAwaiting;
        storeId: string | null;
        warehouseId: string;
        buyerId: string;
        product: DeclaredProduct;
        imei: string | null;
        purchasePrice: Money;
      };
    }
  | { type: 'DropItemInStore'; data: { storeId: string } }
  | { type: 'ShipItem'; data: { trackingNumber: string | null; packageId: string | null } }
  | { type: 'CheckInItem'; data: { warehouseId: string; at: string } }
  /** The operator confirms they hold a device its store never shipped (a reconciliation; its package, if any, as its buyback says). */
  | { type: 'ReceiveItemFromStore'; data: { warehouseId: string; at: string; packageId: string | null; packageNumber: string | null } }
  | {
      type: 'RecordComplianceCheck';
      data: {
        warehouseId: string;
        findings: ComplianceFindings;
        decision: CheckDecision;
        checkInRequirement: CheckInRequirement;
        commentRequired: boolean;
        at: string;
      };
    }
  /** The buyback was completed without this item's check (its own commands): the item follows. */
  | {
      type: 'CompleteItem';
      data: { completion: 'by_price' | 'with_absorption' | 'without_control'; validatedPrice: Money; absorbedAmount: Money | null };
    }
  /** The buyback received a new price proposal without this item's check: the item follows. */
  | { type: 'RecordPriceProposal'; data: { proposedPrice: Money; reason: string; sharedComment: string | null } }
  | { type: 'AcceptItemPrice'; data: { validatedPrice: Money } }
  | { type: 'RejectItemPrice'; data: Record<string, never> }
  | { type: 'ReturnItem'; data: { trackingNumber: string | null; comment: string | null } }
  | { type: 'CancelItem'; data: { reason: string; comment: string | null } }
  | { type: 'QuarantineItem'; data: { reason: QuarantineReason; comment: string } }
  | { type: 'RecordDisputeMail'; data: { delivered: boolean; failure: string | null } }
  | { type: 'ReleaseItem'; data: { stockId: string; comment: string | null } }
  | { type: 'DeclareItemLost'; data: { place: LostPlace; comment: string } }
  | { type: 'MoveItem'; data: { stockId: string; reason: string } }
  | { type: 'StartRefurbDiagnostic'; data: Record<string, never> }
  /** The diagnosis planned the refurbishment: the item goes to the stock chosen then (none: it stays where it is). */
  | { type: 'StartRefurb'; data: { stockId?: string } }
  | { type: 'CompleteRefurb'; data: Record<string, never> }
  /** Its buyback's corrected answers changed the price (sent with the buyback's edition). */
  | { type: 'CorrectItemPurchasePrice'; data: { purchasePrice: Money } };

export type ItemCommandType = ItemCommand['type'];

export const ITEM_COMMAND_TYPES: readonly ItemCommandType[] = [
  'CreateItem',
  'DropItemInStore',
  'ShipItem',
  'CheckInItem',
  'ReceiveItemFromStore',
  'RecordComplianceCheck',
  'CompleteItem',
  'RecordPriceProposal',
  'AcceptItemPrice',
  'RejectItemPrice',
  'ReturnItem',
  'CancelItem',
  'QuarantineItem',
  'RecordDisputeMail',
  'ReleaseItem',
  'DeclareItemLost',
  'MoveItem',
  'StartRefurbDiagnostic',
  'StartRefurb',
  'CompleteRefurb',
  'CorrectItemPurchasePrice',
];
