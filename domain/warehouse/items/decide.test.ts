import { describe, expect, it } from 'vitest';
import { ITEM_COMMAND_TYPES, type CheckInRequirement, type ItemCommand, type ItemCommandType } from './commands.js';
import { decide } from './decide.js';
import { LOST_PLACES, stockChangeOf, type ItemAwaiting, type ItemEvent, type LostPlace } from './events.js';
import { foldItem, itemStatus } from './machine.js';
import { ITEM_COMPLETIONS, ITEM_STATUSES, type ItemStatus } from './state.js';
import {
  ABSORBING_FINDINGS,
  CUSTOMER_RETURN,
  DECLARED_PRICE,
  IDENTIFICATION_NUMBER,
  IN_QUARANTINE,
  ITEM_ID,
  OTHER_PRODUCT,
  OTHER_WAREHOUSE_ID,
  PROPOSAL_REASON,
  PROPOSED_PRICE,
  PROPOSING_FINDINGS,
  RECEIVED_AT,
  REFURB_COMPLETED,
  SHELF_A,
  SHELF_B,
  SHORT_CODE,
  TO_APPROVE,
  TO_REFURBISH,
  acceptItemPrice,
  byRule,
  cancelItem,
  cancelled,
  checkIn,
  checkResult,
  completeItem,
  completeRefurb,
  completedByPrice,
  completedWithAbsorption,
  completedWithNegotiation,
  completedWithoutControl,
  createItem,
  created,
  receivedAfterCancellation,
  receivedFromStore,
  receiveFromStore,
  PACKAGE_ID,
  PACKAGE_NUMBER,
  STORE_ID,
  declareLost,
  disputeMailSent,
  dropInStore,
  droppedInStore,
  entering,
  eur,
  findings,
  given,
  leaving,
  lost,
  moveItem,
  movedToStock,
  moving,
  newPriceProposed,
  outside,
  quarantineItem,
  quarantined,
  recordCheck,
  recordDisputeMail,
  recordPriceProposal,
  refurbCompleted,
  refurbDiagnosticStarted,
  refurbStarted,
  registeredInWarehouse,
  rejectItemPrice,
  releaseItem,
  releasedFromQuarantine,
  returnItem,
  returnRequested,
  returned,
  rule,
  ship,
  shipped,
  startRefurb,
  startRefurbDiagnostic,
  toQuarantine,
  correctPurchasePrice,
  purchasePriceCorrected,
} from './test-support.js';

// ===========================================================================
// The transition table: the item lifecycle as we read the specification,
// written out as data. It is NOT derived from the machine: the machine and
// decide must agree with it, stock changes included.
// ===========================================================================

interface GivenState {
  /** Reads after "given ": "an item in transit". */
  readonly description: string;
  /** The status this history reaches (null: no item yet). */
  readonly status: ItemStatus | null;
  /** The stock it is in (null: outside the warehouse). */
  readonly stockId: string | null;
  readonly history: readonly ItemEvent[];
}

const POSTED = [created()];
const IN_TRANSIT = [...POSTED, shipped()];
const RECEIVED = [...IN_TRANSIT, registeredInWarehouse()];
const PROPOSED = [...RECEIVED, newPriceProposed()];
const COMPLETED = [...RECEIVED, completedByPrice()];
const QUARANTINED = [...RECEIVED, quarantined()];

const STATES = {
  unregistered: { description: 'no item yet', status: null, stockId: null, history: [] },
  created: { description: "an item awaiting its customer's shipment", status: 'item_created', stockId: null, history: POSTED },
  awaitingStoreDrop: {
    description: 'an item pre-declared on the web, to be dropped in a shop',
    status: 'item_awaiting_store_drop',
    stockId: null,
    history: [created({ awaiting: 'store_drop' })],
  },
  awaitingInventoryFromStore: {
    description: 'an item of a buyback registered in a shop',
    status: 'item_awaiting_inventory',
    stockId: null,
    history: [created({ awaiting: 'store_shipment' })],
  },
  awaitingInventoryAfterDrop: {
    description: 'a pre-declared item dropped in a shop',
    status: 'item_awaiting_inventory',
    stockId: null,
    history: [created({ awaiting: 'store_drop' }), droppedInStore()],
  },
  inTransit: { description: 'an item in transit', status: 'item_in_transit', stockId: null, history: IN_TRANSIT },
  registered: {
    description: 'an item registered in the to-approve stock',
    status: 'item_registered_in_warehouse',
    stockId: TO_APPROVE,
    history: RECEIVED,
  },
  awaitingCompliancyTests: {
    description: "an item whose new price awaits the customer's answer",
    status: 'item_awaiting_compliancy_tests',
    stockId: TO_APPROVE,
    history: PROPOSED,
  },
  completedByPrice: { description: 'an item completed by price', status: 'item_completed', stockId: TO_REFURBISH, history: COMPLETED },
  completedWithAbsorption: {
    description: 'an item completed with absorption',
    status: 'item_completed',
    stockId: TO_REFURBISH,
    history: [...RECEIVED, completedWithAbsorption()],
  },
  completedWithNegotiation: {
    description: 'an item completed at a negotiated price',
    status: 'item_completed',
    stockId: TO_REFURBISH,
    history: [...PROPOSED, completedWithNegotiation()],
  },
  completedWithoutControl: {
    description: 'an item completed without control',
    status: 'item_completed',
    stockId: TO_REFURBISH,
    history: [...RECEIVED, completedWithoutControl()],
  },
  refurbDiagnostic: {
    description: 'an item in its refurbishment diagnostic',
    status: 'item_refurb_diagnostic_in_progress',
    stockId: TO_REFURBISH,
    history: [...COMPLETED, refurbDiagnosticStarted()],
  },
  refurbInProgress: {
    description: 'an item being refurbished',
    status: 'item_refurb_in_progress',
    stockId: TO_REFURBISH,
    history: [...COMPLETED, refurbDiagnosticStarted(), refurbStarted()],
  },
  refurbCompleted: {
    description: 'a refurbished item',
    status: 'item_refurb_completed',
    stockId: REFURB_COMPLETED,
    history: [...COMPLETED, refurbDiagnosticStarted(), refurbStarted(), refurbCompleted()],
  },
  inQuarantine: { description: 'an item in quarantine', status: 'item_in_quarantine', stockId: IN_QUARANTINE, history: QUARANTINED },
  toReintegrate: {
    description: 'an item released from quarantine',
    status: 'item_to_reintegrate_to_stock',
    stockId: TO_APPROVE,
    history: [...QUARANTINED, releasedFromQuarantine()],
  },
  toReturn: {
    description: 'an item whose new price was rejected',
    status: 'item_to_return',
    stockId: CUSTOMER_RETURN,
    history: [...PROPOSED, returnRequested()],
  },
  returned: {
    description: 'an item sent back to its customer',
    status: 'item_returned',
    stockId: null,
    history: [...PROPOSED, returnRequested(), returned()],
  },
  cancelledOutside: {
    description: 'an item cancelled before it reached the warehouse',
    status: 'item_cancelled',
    stockId: null,
    history: [...POSTED, cancelled()],
  },
  cancelledInStock: {
    description: 'an item cancelled at the warehouse',
    status: 'item_cancelled',
    stockId: CUSTOMER_RETURN,
    history: [...RECEIVED, cancelled({ stock: moving(TO_APPROVE, CUSTOMER_RETURN) })],
  },
  lostInStore: {
    description: 'an item lost in its shop',
    status: 'item_lost_store',
    stockId: null,
    history: [created({ awaiting: 'store_shipment' }), lost('store')],
  },
  lostInTransport: { description: 'an item lost in transport', status: 'item_lost_transport', stockId: null, history: [...IN_TRANSIT, lost('transport')] },
  lostInWarehouse: {
    description: 'an item lost in the warehouse',
    status: 'item_lost_warehouse',
    stockId: null,
    history: [...RECEIVED, lost('warehouse', leaving(TO_APPROVE))],
  },
} as const satisfies Record<string, GivenState>;

type StateKey = keyof typeof STATES;

/** One column per command, and one per place an item can be lost. */
type Column = Exclude<ItemCommandType, 'DeclareItemLost'> | 'DeclareItemLostInStore' | 'DeclareItemLostInTransport' | 'DeclareItemLostInWarehouse';

/** The command each column sends, with how it reads after "when ". */
const COMMANDS: Record<Column, { readonly command: ItemCommand; readonly phrase: string }> = {
  CreateItem: { command: createItem(), phrase: 'it is created' },
  DropItemInStore: { command: dropInStore(), phrase: 'it is dropped in a shop' },
  ShipItem: { command: ship(), phrase: 'it is scanned out' },
  CheckInItem: { command: checkIn(), phrase: 'it is checked in' },
  ReceiveItemFromStore: { command: receiveFromStore(), phrase: 'the operator confirms they hold it though its store never shipped it' },
  RecordComplianceCheck: { command: recordCheck(), phrase: 'its check finds it as declared' },
  CompleteItem: { command: completeItem(), phrase: 'its buyback is completed by price' },
  RecordPriceProposal: { command: recordPriceProposal(), phrase: 'its buyback proposes a new price' },
  AcceptItemPrice: { command: acceptItemPrice(), phrase: 'the new price is accepted' },
  RejectItemPrice: { command: rejectItemPrice(), phrase: 'the new price is rejected' },
  ReturnItem: { command: returnItem(), phrase: 'it is sent back' },
  CancelItem: { command: cancelItem(), phrase: 'its buyback is cancelled' },
  QuarantineItem: { command: quarantineItem(), phrase: 'it is put in quarantine' },
  RecordDisputeMail: { command: recordDisputeMail(), phrase: 'the dispute e-mail is sent' },
  ReleaseItem: { command: releaseItem(), phrase: 'it is released to the to-approve stock' },
  DeclareItemLostInStore: { command: declareLost('store'), phrase: 'it is declared lost in the shop' },
  DeclareItemLostInTransport: { command: declareLost('transport'), phrase: 'it is declared lost in transport' },
  DeclareItemLostInWarehouse: { command: declareLost('warehouse'), phrase: 'it is declared lost in the warehouse' },
  MoveItem: { command: moveItem(), phrase: 'it is moved to shelf A' },
  StartRefurbDiagnostic: { command: startRefurbDiagnostic(), phrase: 'its refurbishment diagnostic starts' },
  StartRefurb: { command: startRefurb(), phrase: 'its refurbishment starts' },
  CompleteRefurb: { command: completeRefurb(), phrase: 'its refurbishment is completed' },
  CorrectItemPurchasePrice: { command: correctPurchasePrice(), phrase: "its buyback's corrected answers change its price" },
};

/** What a refusal's details name besides its code: read from the given state and the command. */
type About = 'nothing' | 'status' | 'status and command' | 'status and place' | 'item' | 'item in its store';

type Expectation =
  | { readonly kind: 'records'; readonly events: readonly ItemEvent[]; readonly status: ItemStatus; readonly stockId: string | null }
  | { readonly kind: 'refused'; readonly code: string; readonly about: About };

function records(events: ItemEvent[], status: ItemStatus, stockId: string | null): Expectation {
  return { kind: 'records', events, status, stockId };
}

const refused = (code: string, about: About = 'nothing'): Expectation => ({ kind: 'refused', code, about });

const NOT_FOUND = refused('ITEM_NOT_FOUND');
const ALREADY_EXISTS = refused('ITEM_ALREADY_EXISTS', 'item');
const NOT_ALLOWED = refused('ITEM_TRANSITION_NOT_ALLOWED', 'status and command');
const CANCELLED = refused('ITEM_CANCELLED');
const NOT_TO_REGISTER = refused('ITEM_CHECKIN_STATUS_INVALID', 'status');
/** A device its store never shipped did not travel: the check-in says so (and offers the reconciliation), the check waits for it. */
const STILL_IN_STORE = refused('ITEM_STILL_IN_STORE', 'item in its store');
const NOT_CHECKED_IN = refused('ITEM_NOT_CHECKED_IN', 'status');
const CHECK_DONE = refused('ITEM_CHECK_ALREADY_DONE', 'status');
const CHECK_WRONG_STATUS = refused('ITEM_CHECK_WRONG_STATUS', 'status');
const NOT_ELIGIBLE = refused('ITEM_NOT_ELIGIBLE_FOR_CHECK', 'status');
const NOT_LOST_THERE = refused('ITEM_LOST_PLACE_NOT_ALLOWED', 'status and place');

/** Received when it arrives at the warehouse: nobody scanned it out, so its customer (or shop) sent it. */
const RECEIVED_UNSCANNED = [shipped({ implicit: true }), registeredInWarehouse()];

/** The row of a completed item (every completion alike): refurbishment, moves and a loss in the warehouse remain. */
const COMPLETED_ROW: Record<Column, Expectation> = {
  CreateItem: ALREADY_EXISTS,
  DropItemInStore: NOT_ALLOWED,
  ShipItem: NOT_ALLOWED,
  CheckInItem: NOT_TO_REGISTER,
  ReceiveItemFromStore: NOT_ALLOWED,
  RecordComplianceCheck: CHECK_DONE,
  CompleteItem: NOT_ALLOWED,
  RecordPriceProposal: NOT_ALLOWED,
  AcceptItemPrice: NOT_ALLOWED,
  RejectItemPrice: NOT_ALLOWED,
  ReturnItem: NOT_ALLOWED,
  CancelItem: NOT_ALLOWED,
  QuarantineItem: NOT_ALLOWED,
  RecordDisputeMail: NOT_ALLOWED,
  ReleaseItem: NOT_ALLOWED,
  DeclareItemLostInStore: NOT_LOST_THERE,
  DeclareItemLostInTransport: NOT_LOST_THERE,
  DeclareItemLostInWarehouse: records([lost('warehouse', leaving(TO_REFURBISH))], 'item_lost_warehouse', null),
  MoveItem: records([movedToStock(moving(TO_REFURBISH, SHELF_A))], 'item_completed', SHELF_A),
  StartRefurbDiagnostic: records([refurbDiagnosticStarted()], 'item_refurb_diagnostic_in_progress', TO_REFURBISH),
  StartRefurb: NOT_ALLOWED,
  CompleteRefurb: NOT_ALLOWED,
  CorrectItemPurchasePrice: NOT_ALLOWED,
};

/** The row of an item whose story is over (lost): nothing changes it any more. */
const LOST_ROW: Record<Column, Expectation> = {
  CreateItem: ALREADY_EXISTS,
  DropItemInStore: NOT_ALLOWED,
  ShipItem: NOT_ALLOWED,
  CheckInItem: NOT_TO_REGISTER,
  ReceiveItemFromStore: NOT_ALLOWED,
  RecordComplianceCheck: NOT_ELIGIBLE,
  CompleteItem: NOT_ALLOWED,
  RecordPriceProposal: NOT_ALLOWED,
  AcceptItemPrice: NOT_ALLOWED,
  RejectItemPrice: NOT_ALLOWED,
  ReturnItem: NOT_ALLOWED,
  CancelItem: NOT_ALLOWED,
  QuarantineItem: NOT_ALLOWED,
  RecordDisputeMail: NOT_ALLOWED,
  ReleaseItem: NOT_ALLOWED,
  DeclareItemLostInStore: NOT_LOST_THERE,
  DeclareItemLostInTransport: NOT_LOST_THERE,
  DeclareItemLostInWarehouse: NOT_LOST_THERE,
  MoveItem: NOT_ALLOWED,
  StartRefurbDiagnostic: NOT_ALLOWED,
  StartRefurb: NOT_ALLOWED,
  CompleteRefurb: NOT_ALLOWED,
  CorrectItemPurchasePrice: NOT_ALLOWED,
};

const TRANSITIONS: Record<StateKey, Record<Column, Expectation>> = {
  unregistered: {
    CreateItem: records([created()], 'item_created', null),
    DropItemInStore: NOT_FOUND,
    ShipItem: NOT_FOUND,
    CheckInItem: NOT_FOUND,
    ReceiveItemFromStore: NOT_FOUND,
    RecordComplianceCheck: NOT_FOUND,
    CompleteItem: NOT_FOUND,
    RecordPriceProposal: NOT_FOUND,
    AcceptItemPrice: NOT_FOUND,
    RejectItemPrice: NOT_FOUND,
    ReturnItem: NOT_FOUND,
    CancelItem: NOT_FOUND,
    QuarantineItem: NOT_FOUND,
    RecordDisputeMail: NOT_FOUND,
    ReleaseItem: NOT_FOUND,
    DeclareItemLostInStore: NOT_FOUND,
    DeclareItemLostInTransport: NOT_FOUND,
    DeclareItemLostInWarehouse: NOT_FOUND,
    MoveItem: NOT_FOUND,
    StartRefurbDiagnostic: NOT_FOUND,
    StartRefurb: NOT_FOUND,
    CompleteRefurb: NOT_FOUND,
    CorrectItemPurchasePrice: NOT_FOUND,
  },
  created: {
    CreateItem: ALREADY_EXISTS,
    DropItemInStore: NOT_ALLOWED,
    ShipItem: records([shipped()], 'item_in_transit', null),
    CheckInItem: records(RECEIVED_UNSCANNED, 'item_registered_in_warehouse', TO_APPROVE),
    ReceiveItemFromStore: NOT_ALLOWED,
    RecordComplianceCheck: records([...RECEIVED_UNSCANNED, completedByPrice()], 'item_completed', TO_REFURBISH),
    CompleteItem: NOT_ALLOWED,
    RecordPriceProposal: NOT_ALLOWED,
    AcceptItemPrice: NOT_ALLOWED,
    RejectItemPrice: NOT_ALLOWED,
    ReturnItem: NOT_ALLOWED,
    CancelItem: records([cancelled()], 'item_cancelled', null),
    QuarantineItem: NOT_ALLOWED,
    RecordDisputeMail: NOT_ALLOWED,
    ReleaseItem: NOT_ALLOWED,
    DeclareItemLostInStore: NOT_LOST_THERE,
    DeclareItemLostInTransport: records([lost('transport')], 'item_lost_transport', null),
    DeclareItemLostInWarehouse: NOT_LOST_THERE,
    MoveItem: NOT_ALLOWED,
    StartRefurbDiagnostic: NOT_ALLOWED,
    StartRefurb: NOT_ALLOWED,
    CompleteRefurb: NOT_ALLOWED,
    CorrectItemPurchasePrice: records([purchasePriceCorrected()], 'item_created', null),
  },
  awaitingStoreDrop: {
    CreateItem: ALREADY_EXISTS,
    DropItemInStore: records([droppedInStore()], 'item_awaiting_inventory', null),
    ShipItem: NOT_ALLOWED,
    CheckInItem: records(RECEIVED_UNSCANNED, 'item_registered_in_warehouse', TO_APPROVE),
    ReceiveItemFromStore: NOT_ALLOWED,
    RecordComplianceCheck: records([...RECEIVED_UNSCANNED, completedByPrice()], 'item_completed', TO_REFURBISH),
    CompleteItem: NOT_ALLOWED,
    RecordPriceProposal: NOT_ALLOWED,
    AcceptItemPrice: NOT_ALLOWED,
    RejectItemPrice: NOT_ALLOWED,
    ReturnItem: NOT_ALLOWED,
    CancelItem: records([cancelled()], 'item_cancelled', null),
    QuarantineItem: NOT_ALLOWED,
    RecordDisputeMail: NOT_ALLOWED,
    ReleaseItem: NOT_ALLOWED,
    DeclareItemLostInStore: NOT_LOST_THERE,
    DeclareItemLostInTransport: NOT_LOST_THERE,
    DeclareItemLostInWarehouse: NOT_LOST_THERE,
    MoveItem: NOT_ALLOWED,
    StartRefurbDiagnostic: NOT_ALLOWED,
    StartRefurb: NOT_ALLOWED,
    CompleteRefurb: NOT_ALLOWED,
    CorrectItemPurchasePrice: records([purchasePriceCorrected()], 'item_awaiting_store_drop', null),
  },
  awaitingInventoryFromStore: {
    CreateItem: ALREADY_EXISTS,
    DropItemInStore: NOT_ALLOWED,
    ShipItem: records([shipped()], 'item_in_transit', null),
    CheckInItem: STILL_IN_STORE,
    ReceiveItemFromStore: records([receivedFromStore()], 'item_registered_in_warehouse', TO_APPROVE),
    RecordComplianceCheck: NOT_CHECKED_IN,
    CompleteItem: NOT_ALLOWED,
    RecordPriceProposal: NOT_ALLOWED,
    AcceptItemPrice: NOT_ALLOWED,
    RejectItemPrice: NOT_ALLOWED,
    ReturnItem: NOT_ALLOWED,
    CancelItem: records([cancelled()], 'item_cancelled', null),
    QuarantineItem: NOT_ALLOWED,
    RecordDisputeMail: NOT_ALLOWED,
    ReleaseItem: NOT_ALLOWED,
    DeclareItemLostInStore: records([lost('store')], 'item_lost_store', null),
    DeclareItemLostInTransport: NOT_LOST_THERE,
    DeclareItemLostInWarehouse: NOT_LOST_THERE,
    MoveItem: NOT_ALLOWED,
    StartRefurbDiagnostic: NOT_ALLOWED,
    StartRefurb: NOT_ALLOWED,
    CompleteRefurb: NOT_ALLOWED,
    CorrectItemPurchasePrice: records([purchasePriceCorrected()], 'item_awaiting_inventory', null),
  },
  awaitingInventoryAfterDrop: {
    CreateItem: ALREADY_EXISTS,
    DropItemInStore: NOT_ALLOWED,
    ShipItem: records([shipped()], 'item_in_transit', null),
    CheckInItem: STILL_IN_STORE,
    ReceiveItemFromStore: records([receivedFromStore()], 'item_registered_in_warehouse', TO_APPROVE),
    RecordComplianceCheck: NOT_CHECKED_IN,
    CompleteItem: NOT_ALLOWED,
    RecordPriceProposal: NOT_ALLOWED,
    AcceptItemPrice: NOT_ALLOWED,
    RejectItemPrice: NOT_ALLOWED,
    ReturnItem: NOT_ALLOWED,
    CancelItem: records([cancelled()], 'item_cancelled', null),
    QuarantineItem: NOT_ALLOWED,
    RecordDisputeMail: NOT_ALLOWED,
    ReleaseItem: NOT_ALLOWED,
    DeclareItemLostInStore: records([lost('store')], 'item_lost_store', null),
    DeclareItemLostInTransport: NOT_LOST_THERE,
    DeclareItemLostInWarehouse: NOT_LOST_THERE,
    MoveItem: NOT_ALLOWED,
    StartRefurbDiagnostic: NOT_ALLOWED,
    StartRefurb: NOT_ALLOWED,
    CompleteRefurb: NOT_ALLOWED,
    CorrectItemPurchasePrice: records([purchasePriceCorrected()], 'item_awaiting_inventory', null),
  },
  inTransit: {
    CreateItem: ALREADY_EXISTS,
    DropItemInStore: NOT_ALLOWED,
    ShipItem: NOT_ALLOWED,
    CheckInItem: records([registeredInWarehouse()], 'item_registered_in_warehouse', TO_APPROVE),
    ReceiveItemFromStore: NOT_ALLOWED,
    RecordComplianceCheck: records([registeredInWarehouse(), completedByPrice()], 'item_completed', TO_REFURBISH),
    CompleteItem: NOT_ALLOWED,
    RecordPriceProposal: NOT_ALLOWED,
    AcceptItemPrice: NOT_ALLOWED,
    RejectItemPrice: NOT_ALLOWED,
    ReturnItem: NOT_ALLOWED,
    CancelItem: records([cancelled()], 'item_cancelled', null),
    QuarantineItem: NOT_ALLOWED,
    RecordDisputeMail: NOT_ALLOWED,
    ReleaseItem: NOT_ALLOWED,
    DeclareItemLostInStore: NOT_LOST_THERE,
    DeclareItemLostInTransport: records([lost('transport')], 'item_lost_transport', null),
    DeclareItemLostInWarehouse: NOT_LOST_THERE,
    MoveItem: NOT_ALLOWED,
    StartRefurbDiagnostic: NOT_ALLOWED,
    StartRefurb: NOT_ALLOWED,
    CompleteRefurb: NOT_ALLOWED,
    CorrectItemPurchasePrice: records([purchasePriceCorrected()], 'item_in_transit', null),
  },
  registered: {
    CreateItem: ALREADY_EXISTS,
    DropItemInStore: NOT_ALLOWED,
    ShipItem: NOT_ALLOWED,
    CheckInItem: NOT_TO_REGISTER,
    ReceiveItemFromStore: NOT_ALLOWED,
    RecordComplianceCheck: records([completedByPrice()], 'item_completed', TO_REFURBISH),
    CompleteItem: records([completedByPrice({ check: null })], 'item_completed', TO_REFURBISH),
    RecordPriceProposal: records([newPriceProposed({ check: null })], 'item_awaiting_compliancy_tests', TO_APPROVE),
    AcceptItemPrice: NOT_ALLOWED,
    RejectItemPrice: NOT_ALLOWED,
    ReturnItem: NOT_ALLOWED,
    CancelItem: records([cancelled({ stock: moving(TO_APPROVE, CUSTOMER_RETURN) })], 'item_cancelled', CUSTOMER_RETURN),
    QuarantineItem: records([quarantined()], 'item_in_quarantine', IN_QUARANTINE),
    RecordDisputeMail: NOT_ALLOWED,
    ReleaseItem: NOT_ALLOWED,
    DeclareItemLostInStore: NOT_LOST_THERE,
    DeclareItemLostInTransport: NOT_LOST_THERE,
    DeclareItemLostInWarehouse: records([lost('warehouse', leaving(TO_APPROVE))], 'item_lost_warehouse', null),
    MoveItem: records([movedToStock(moving(TO_APPROVE, SHELF_A))], 'item_registered_in_warehouse', SHELF_A),
    StartRefurbDiagnostic: NOT_ALLOWED,
    StartRefurb: NOT_ALLOWED,
    CompleteRefurb: NOT_ALLOWED,
    CorrectItemPurchasePrice: NOT_ALLOWED,
  },
  awaitingCompliancyTests: {
    CreateItem: ALREADY_EXISTS,
    DropItemInStore: NOT_ALLOWED,
    ShipItem: NOT_ALLOWED,
    CheckInItem: NOT_TO_REGISTER,
    ReceiveItemFromStore: NOT_ALLOWED,
    RecordComplianceCheck: CHECK_DONE,
    CompleteItem: NOT_ALLOWED,
    RecordPriceProposal: NOT_ALLOWED,
    AcceptItemPrice: records([completedWithNegotiation()], 'item_completed', TO_REFURBISH),
    RejectItemPrice: records([returnRequested()], 'item_to_return', CUSTOMER_RETURN),
    ReturnItem: NOT_ALLOWED,
    CancelItem: records([cancelled({ stock: moving(TO_APPROVE, CUSTOMER_RETURN) })], 'item_cancelled', CUSTOMER_RETURN),
    QuarantineItem: NOT_ALLOWED,
    RecordDisputeMail: NOT_ALLOWED,
    ReleaseItem: NOT_ALLOWED,
    DeclareItemLostInStore: NOT_LOST_THERE,
    DeclareItemLostInTransport: NOT_LOST_THERE,
    DeclareItemLostInWarehouse: records([lost('warehouse', leaving(TO_APPROVE))], 'item_lost_warehouse', null),
    MoveItem: records([movedToStock(moving(TO_APPROVE, SHELF_A))], 'item_awaiting_compliancy_tests', SHELF_A),
    StartRefurbDiagnostic: NOT_ALLOWED,
    StartRefurb: NOT_ALLOWED,
    CompleteRefurb: NOT_ALLOWED,
    CorrectItemPurchasePrice: NOT_ALLOWED,
  },
  completedByPrice: COMPLETED_ROW,
  completedWithAbsorption: COMPLETED_ROW,
  completedWithNegotiation: COMPLETED_ROW,
  completedWithoutControl: COMPLETED_ROW,
  refurbDiagnostic: {
    ...COMPLETED_ROW,
    MoveItem: records([movedToStock(moving(TO_REFURBISH, SHELF_A))], 'item_refurb_diagnostic_in_progress', SHELF_A),
    StartRefurbDiagnostic: NOT_ALLOWED,
    StartRefurb: records([refurbStarted()], 'item_refurb_in_progress', TO_REFURBISH),
    CorrectItemPurchasePrice: NOT_ALLOWED,
  },
  refurbInProgress: {
    ...COMPLETED_ROW,
    MoveItem: records([movedToStock(moving(TO_REFURBISH, SHELF_A))], 'item_refurb_in_progress', SHELF_A),
    StartRefurbDiagnostic: NOT_ALLOWED,
    CompleteRefurb: records([refurbCompleted()], 'item_refurb_completed', REFURB_COMPLETED),
    CorrectItemPurchasePrice: NOT_ALLOWED,
  },
  refurbCompleted: {
    ...COMPLETED_ROW,
    DeclareItemLostInWarehouse: records([lost('warehouse', leaving(REFURB_COMPLETED))], 'item_lost_warehouse', null),
    MoveItem: records([movedToStock(moving(REFURB_COMPLETED, SHELF_A))], 'item_refurb_completed', SHELF_A),
    StartRefurbDiagnostic: NOT_ALLOWED,
    CorrectItemPurchasePrice: NOT_ALLOWED,
  },
  inQuarantine: {
    CreateItem: ALREADY_EXISTS,
    DropItemInStore: NOT_ALLOWED,
    ShipItem: NOT_ALLOWED,
    CheckInItem: NOT_TO_REGISTER,
    ReceiveItemFromStore: NOT_ALLOWED,
    RecordComplianceCheck: CHECK_WRONG_STATUS,
    CompleteItem: NOT_ALLOWED,
    RecordPriceProposal: NOT_ALLOWED,
    AcceptItemPrice: NOT_ALLOWED,
    RejectItemPrice: NOT_ALLOWED,
    ReturnItem: NOT_ALLOWED,
    CancelItem: records([cancelled({ stock: moving(IN_QUARANTINE, CUSTOMER_RETURN) })], 'item_cancelled', CUSTOMER_RETURN),
    QuarantineItem: NOT_ALLOWED,
    RecordDisputeMail: records([disputeMailSent()], 'item_in_quarantine', IN_QUARANTINE),
    ReleaseItem: records([releasedFromQuarantine()], 'item_to_reintegrate_to_stock', TO_APPROVE),
    DeclareItemLostInStore: NOT_LOST_THERE,
    DeclareItemLostInTransport: NOT_LOST_THERE,
    DeclareItemLostInWarehouse: records([lost('warehouse', leaving(IN_QUARANTINE))], 'item_lost_warehouse', null),
    MoveItem: NOT_ALLOWED,
    StartRefurbDiagnostic: NOT_ALLOWED,
    StartRefurb: NOT_ALLOWED,
    CompleteRefurb: NOT_ALLOWED,
    CorrectItemPurchasePrice: NOT_ALLOWED,
  },
  toReintegrate: {
    CreateItem: ALREADY_EXISTS,
    DropItemInStore: NOT_ALLOWED,
    ShipItem: NOT_ALLOWED,
    CheckInItem: NOT_TO_REGISTER,
    ReceiveItemFromStore: NOT_ALLOWED,
    RecordComplianceCheck: records([completedByPrice()], 'item_completed', TO_REFURBISH),
    CompleteItem: records([completedByPrice({ check: null })], 'item_completed', TO_REFURBISH),
    RecordPriceProposal: records([newPriceProposed({ check: null })], 'item_awaiting_compliancy_tests', TO_APPROVE),
    AcceptItemPrice: NOT_ALLOWED,
    RejectItemPrice: NOT_ALLOWED,
    ReturnItem: NOT_ALLOWED,
    CancelItem: records([cancelled({ stock: moving(TO_APPROVE, CUSTOMER_RETURN) })], 'item_cancelled', CUSTOMER_RETURN),
    QuarantineItem: records([quarantined()], 'item_in_quarantine', IN_QUARANTINE),
    RecordDisputeMail: NOT_ALLOWED,
    ReleaseItem: NOT_ALLOWED,
    DeclareItemLostInStore: NOT_LOST_THERE,
    DeclareItemLostInTransport: NOT_LOST_THERE,
    DeclareItemLostInWarehouse: records([lost('warehouse', leaving(TO_APPROVE))], 'item_lost_warehouse', null),
    MoveItem: records([movedToStock(moving(TO_APPROVE, SHELF_A))], 'item_to_reintegrate_to_stock', SHELF_A),
    StartRefurbDiagnostic: NOT_ALLOWED,
    StartRefurb: NOT_ALLOWED,
    CompleteRefurb: NOT_ALLOWED,
    CorrectItemPurchasePrice: NOT_ALLOWED,
  },
  toReturn: {
    CreateItem: ALREADY_EXISTS,
    DropItemInStore: NOT_ALLOWED,
    ShipItem: NOT_ALLOWED,
    CheckInItem: NOT_TO_REGISTER,
    ReceiveItemFromStore: NOT_ALLOWED,
    RecordComplianceCheck: CHECK_DONE,
    CompleteItem: NOT_ALLOWED,
    RecordPriceProposal: NOT_ALLOWED,
    AcceptItemPrice: NOT_ALLOWED,
    RejectItemPrice: NOT_ALLOWED,
    ReturnItem: records([returned()], 'item_returned', null),
    CancelItem: NOT_ALLOWED,
    QuarantineItem: NOT_ALLOWED,
    RecordDisputeMail: NOT_ALLOWED,
    ReleaseItem: NOT_ALLOWED,
    DeclareItemLostInStore: NOT_LOST_THERE,
    DeclareItemLostInTransport: NOT_LOST_THERE,
    // Its buyback stays as it was (not completed): the device was the customer's to get back.
    DeclareItemLostInWarehouse: records([lost('warehouse', leaving(CUSTOMER_RETURN))], 'item_lost_warehouse', null),
    MoveItem: records([movedToStock(moving(CUSTOMER_RETURN, SHELF_A))], 'item_to_return', SHELF_A),
    StartRefurbDiagnostic: NOT_ALLOWED,
    StartRefurb: NOT_ALLOWED,
    CompleteRefurb: NOT_ALLOWED,
    CorrectItemPurchasePrice: NOT_ALLOWED,
  },
  returned: { ...LOST_ROW, RecordComplianceCheck: CHECK_DONE },
  cancelledOutside: {
    CreateItem: ALREADY_EXISTS,
    DropItemInStore: CANCELLED,
    ShipItem: CANCELLED,
    CheckInItem: records([receivedAfterCancellation()], 'item_cancelled', CUSTOMER_RETURN),
    ReceiveItemFromStore: CANCELLED,
    RecordComplianceCheck: NOT_ELIGIBLE,
    CompleteItem: CANCELLED,
    RecordPriceProposal: CANCELLED,
    AcceptItemPrice: CANCELLED,
    RejectItemPrice: CANCELLED,
    ReturnItem: CANCELLED,
    CancelItem: CANCELLED,
    QuarantineItem: CANCELLED,
    RecordDisputeMail: CANCELLED,
    ReleaseItem: CANCELLED,
    DeclareItemLostInStore: CANCELLED,
    DeclareItemLostInTransport: CANCELLED,
    DeclareItemLostInWarehouse: CANCELLED,
    MoveItem: CANCELLED,
    StartRefurbDiagnostic: CANCELLED,
    StartRefurb: CANCELLED,
    CompleteRefurb: CANCELLED,
    CorrectItemPurchasePrice: CANCELLED,
  },
  cancelledInStock: {
    CreateItem: ALREADY_EXISTS,
    DropItemInStore: CANCELLED,
    ShipItem: CANCELLED,
    CheckInItem: NOT_TO_REGISTER,
    ReceiveItemFromStore: CANCELLED,
    RecordComplianceCheck: NOT_ELIGIBLE,
    CompleteItem: CANCELLED,
    RecordPriceProposal: CANCELLED,
    AcceptItemPrice: CANCELLED,
    RejectItemPrice: CANCELLED,
    ReturnItem: records([returned()], 'item_returned', null),
    CancelItem: CANCELLED,
    QuarantineItem: CANCELLED,
    RecordDisputeMail: CANCELLED,
    ReleaseItem: CANCELLED,
    DeclareItemLostInStore: CANCELLED,
    DeclareItemLostInTransport: CANCELLED,
    DeclareItemLostInWarehouse: records([lost('warehouse', leaving(CUSTOMER_RETURN))], 'item_lost_warehouse', null),
    MoveItem: records([movedToStock(moving(CUSTOMER_RETURN, SHELF_A))], 'item_cancelled', SHELF_A),
    StartRefurbDiagnostic: CANCELLED,
    StartRefurb: CANCELLED,
    CompleteRefurb: CANCELLED,
    CorrectItemPurchasePrice: CANCELLED,
  },
  lostInStore: LOST_ROW,
  lostInTransport: LOST_ROW,
  lostInWarehouse: LOST_ROW,
};

function placeOf(command: ItemCommand): LostPlace | undefined {
  return command.type === 'DeclareItemLost' ? command.data.place : undefined;
}

function detailsOf(about: About, state: GivenState, command: ItemCommand): Record<string, unknown> | undefined {
  switch (about) {
    case 'nothing':
      return undefined;
    case 'item':
      return { itemId: ITEM_ID };
    case 'item in its store':
      return { itemId: ITEM_ID, identificationNumber: IDENTIFICATION_NUMBER, storeId: STORE_ID };
    case 'status':
      return { status: state.status };
    case 'status and command':
      return { status: state.status, command: command.type };
    case 'status and place':
      return { status: state.status, place: placeOf(command) };
    default: {
      const unknown: never = about;
      throw new Error(`Unknown refusal details ${String(unknown)}`);
    }
  }
}

function outcomeTitle(expectation: Expectation): string {
  if (expectation.kind === 'refused') return `it is refused with ${expectation.code}`;
  const where = expectation.stockId === null ? 'outside the warehouse' : `in ${stockName(expectation.stockId)}`;
  return `${expectation.events.map((event) => event.type).join(', ')} ${expectation.events.length > 1 ? 'are' : 'is'} recorded and it is ${expectation.status}, ${where}`;
}

function stockName(stockId: string): string {
  const names: Record<string, string> = {
    [TO_APPROVE]: 'the to-approve stock',
    [TO_REFURBISH]: 'the to-refurbish stock',
    [REFURB_COMPLETED]: 'the refurb-completed stock',
    [CUSTOMER_RETURN]: 'the customer-return stock',
    [IN_QUARANTINE]: 'the quarantine stock',
    [SHELF_A]: 'shelf A',
  };
  return names[stockId] ?? stockId;
}

const TABLE_CASES = (Object.keys(TRANSITIONS) as StateKey[]).flatMap((stateKey) =>
  (Object.keys(TRANSITIONS[stateKey]) as Column[]).map((column) => {
    const state: GivenState = STATES[stateKey];
    const { command, phrase } = COMMANDS[column];
    const expectation = TRANSITIONS[stateKey][column];
    return { title: `given ${state.description}, when ${phrase}, then ${outcomeTitle(expectation)}`, state, command, expectation };
  }),
);

describe('item transition table', () => {
  it('covers every command, and every place of a loss, in every state of the specification', () => {
    const columns = Object.values(COMMANDS).map(({ command }) => command);
    expect(new Set(columns.map((command) => command.type))).toEqual(new Set(ITEM_COMMAND_TYPES));
    expect(columns.map(placeOf).filter((place) => place !== undefined).sort()).toEqual([...LOST_PLACES].sort());
    expect(TABLE_CASES).toHaveLength(Object.keys(STATES).length * Object.keys(COMMANDS).length);
  });

  it('gives a history for every item status, every completion, a cancelled item in a stock and not, and no item yet', () => {
    const states: GivenState[] = Object.values(STATES);
    expect(new Set(states.map((state) => state.status))).toEqual(new Set([null, ...ITEM_STATUSES]));
    const completions = states.filter((state) => state.status === 'item_completed').map((state) => foldItem(state.history).context.completion);
    expect(new Set(completions)).toEqual(new Set(ITEM_COMPLETIONS));
    const cancelledIn = states.filter((state) => state.status === 'item_cancelled').map((state) => state.stockId !== null);
    expect(new Set(cancelledIn)).toEqual(new Set([true, false]));
  });

  it.each(Object.entries(STATES))('the history given for %s reaches its status and its stock', (_key, state: GivenState) => {
    const folded = foldItem(state.history);
    expect(itemStatus(folded)).toBe(state.status);
    expect(folded.context.stockId).toBe(state.stockId);
  });

  for (const { title, state, command, expectation } of TABLE_CASES) {
    it(title, () => {
      const when = given(...state.history).when(command);
      if (expectation.kind === 'records') {
        when.thenEvents([...expectation.events]).andStatus(expectation.status).andStock(expectation.stockId);
      } else {
        const refusal = when.thenRefused(expectation.code, detailsOf(expectation.about, state, command));
        if (expectation.about === 'nothing') expect(refusal.details).toEqual({});
      }
    });
  }
});

// ===========================================================================
// Focused behaviours
// ===========================================================================

describe('creating an item', () => {
  const STATUS_AWAITING: [ItemAwaiting, ItemStatus][] = [
    ['customer_shipment', 'item_created'],
    ['store_drop', 'item_awaiting_store_drop'],
    ['store_shipment', 'item_awaiting_inventory'],
  ];

  it.each(STATUS_AWAITING)('given no item, when it is created awaiting %s, then it starts as %s, outside the warehouse', (awaiting, status) => {
    given()
      .when(createItem({ awaiting }))
      .thenEvents([created({ awaiting })])
      .andStatus(status)
      .andStock(null);
  });

  it("given no item, when it is created, then it carries its buyback's 13-digit code and the last 8 digits as its short code", () => {
    const { events } = given().when(createItem()).thenEvents([created()]);
    expect(events[0]).toMatchObject({ data: { identificationNumber: IDENTIFICATION_NUMBER, shortCode: SHORT_CODE } });
    expect(SHORT_CODE).toBe(IDENTIFICATION_NUMBER.slice(-8));
  });

  it('given no item, when it is created, then it knows its buyback, warehouse and declared price', () => {
    const { state } = given().when(createItem()).thenEvents([created()]);
    expect(state.context).toMatchObject({ itemId: ITEM_ID, warehouseId: 'warehouse-lyon', purchasePrice: DECLARED_PRICE, stockId: null, receivedAt: null });
  });
});

describe('the compliance check: what the prices decide', () => {
  it('given a registered item, when it is found worth its declared price, then it is completed by price at the declared price, into the to-refurbish stock', () => {
    const { state } = given(...RECEIVED)
      .when(recordCheck())
      .thenEvents([completedByPrice({ check: checkResult(findings(), eur(0)), validatedPrice: DECLARED_PRICE, stock: moving(TO_APPROVE, TO_REFURBISH) })])
      .andStatus('item_completed')
      .andStock(TO_REFURBISH);
    expect(state.context).toMatchObject({ completion: 'by_price', validatedPrice: DECLARED_PRICE, check: checkResult() });
  });

  it('given a registered item, when it is found worth more than declared, then the customer still gets the declared price', () => {
    const found = findings({ controlledPrice: eur(12_000), grade: 'grade_a' });
    given(...RECEIVED)
      .when(recordCheck({ findings: found }))
      .thenEvents([completedByPrice({ check: checkResult(found, eur(0)), validatedPrice: DECLARED_PRICE })]);
  });

  it('given a registered item, when a 5.00 deviation is within a rule absorbing up to 10.00, then it is completed with 5.00 absorbed at the declared price', () => {
    const { state } = given(...RECEIVED)
      .when(recordCheck({ findings: ABSORBING_FINDINGS }))
      .thenEvents([
        completedWithAbsorption({ check: checkResult(ABSORBING_FINDINGS, eur(1_000)), absorbedAmount: eur(500), validatedPrice: DECLARED_PRICE }),
      ])
      .andStatus('item_completed')
      .andStock(TO_REFURBISH);
    expect(state.context.completion).toBe('with_absorption');
  });

  it('given a registered item, when the deviation equals what the rule absorbs, then it is absorbed whole', () => {
    const found = findings({ controlledPrice: eur(9_000), absorptionRule: rule('percentage_of_declared_price', 10) });
    given(...RECEIVED)
      .when(recordCheck({ findings: found }))
      .thenEvents([completedWithAbsorption({ check: checkResult(found, eur(1_000)), absorbedAmount: eur(1_000) })]);
  });

  it('given a registered item, when the deviation is beyond the rule, then the controlled price plus what the rule still absorbs is proposed', () => {
    // 80.00 found, 20.00 deviation, the rule absorbs 5.00 of it: 85.00 proposed.
    const found = findings({ controlledPrice: eur(8_000), absorptionRule: rule('value', 500) });
    const { state } = given(...RECEIVED)
      .when(recordCheck({ findings: found, decision: byRule(PROPOSAL_REASON) }))
      .thenEvents([
        newPriceProposed({ check: checkResult(found, eur(500)), previousPrice: DECLARED_PRICE, proposedPrice: eur(8_500), reason: PROPOSAL_REASON }),
      ])
      .andStatus('item_awaiting_compliancy_tests')
      .andStock(TO_APPROVE);
    expect(state.context.proposedPrice).toEqual(eur(8_500));
    expect(state.context.validatedPrice).toBeNull();
  });

  it('given a registered item, when the deviation is one cent beyond a capped rule, then the cap is what the proposal adds', () => {
    // 20.00 per the rule, capped at 3.00: a 3.01 deviation gives 96.99 + 3.00 = 99.99.
    const found = findings({ controlledPrice: eur(9_699), absorptionRule: rule('value', 2_000, 300) });
    given(...RECEIVED)
      .when(recordCheck({ findings: found, decision: byRule(PROPOSAL_REASON) }))
      .thenEvents([newPriceProposed({ check: checkResult(found, eur(300)), proposedPrice: eur(9_999) })]);
  });

  it('given a registered item, when the rule absorbs nothing, then the controlled price itself is proposed', () => {
    given(...RECEIVED)
      .when(recordCheck({ findings: PROPOSING_FINDINGS, decision: byRule(PROPOSAL_REASON) }))
      .thenEvents([newPriceProposed({ check: checkResult(PROPOSING_FINDINGS, eur(0)), proposedPrice: PROPOSED_PRICE })]);
  });

  it('given a registered item, when the device found is worth nothing, then what the rule absorbs is proposed', () => {
    const found = findings({ controlledPrice: eur(0), grade: 'grade_e', absorptionRule: rule('percentage_of_declared_price', 5) });
    given(...RECEIVED)
      .when(recordCheck({ findings: found, decision: byRule(PROPOSAL_REASON) }))
      .thenEvents([newPriceProposed({ check: checkResult(found, eur(500)), proposedPrice: eur(500) })]);
  });

  it('given a registered item, when another model is found, then the check keeps the declared product and the one found', () => {
    const found = findings({ foundProduct: OTHER_PRODUCT, controlledPrice: PROPOSED_PRICE });
    const { events } = given(...RECEIVED)
      .when(recordCheck({ findings: found, decision: byRule(PROPOSAL_REASON) }))
      .thenEvents([newPriceProposed({ check: checkResult(found) })]);
    expect(events[0]).toMatchObject({ data: { check: { declaredProduct: { productId: 'product-iphone-13' }, foundProduct: OTHER_PRODUCT } } });
  });

  it('given a registered item, when the check ends in quarantine, then it is quarantined with the check, whatever the prices, into the quarantine stock', () => {
    const { state } = given(...RECEIVED)
      .when(recordCheck({ findings: PROPOSING_FINDINGS, decision: toQuarantine('imei_reported_stolen', 'IMEI blacklisted') }))
      .thenEvents([
        quarantined({ reason: 'imei_reported_stolen', comment: 'IMEI blacklisted', check: checkResult(PROPOSING_FINDINGS), stock: moving(TO_APPROVE, IN_QUARANTINE) }),
      ])
      .andStatus('item_in_quarantine')
      .andStock(IN_QUARANTINE);
    expect(state.context.quarantine).toEqual({ reason: 'imei_reported_stolen', comment: 'IMEI blacklisted' });
  });

  it('given an item released from quarantine, when it is checked again, then it leaves the stock it was released to', () => {
    given(...QUARANTINED, releasedFromQuarantine({ stock: moving(IN_QUARANTINE, SHELF_B) }))
      .when(recordCheck())
      .thenEvents([completedByPrice({ stock: moving(SHELF_B, TO_REFURBISH) })])
      .andStatus('item_completed');
  });
});

describe("the compliance check's implicit reception", () => {
  const UNREGISTERED: [string, ItemEvent[]][] = [
    ['awaiting its customer’s shipment', POSTED],
    ['pre-declared for a drop in a shop', [created({ awaiting: 'store_drop' })]],
  ];

  it.each(UNREGISTERED)('given an item %s and nobody scanned it out, when it is checked, then it is shipped implicitly and registered first', (_title, history) => {
    given(...history)
      .when(recordCheck({ at: '2026-11-05T14:30:00.000Z' }))
      .thenEvents([
        shipped({ implicit: true }),
        registeredInWarehouse('2026-11-05T14:30:00.000Z'),
        completedByPrice({ stock: moving(TO_APPROVE, TO_REFURBISH, '2026-11-05T14:30:00.000Z') }),
      ])
      .andStatus('item_completed');
  });

  it.each([
    ['awaiting its shop’s shipment', [created({ awaiting: 'store_shipment' })]],
    ['dropped in a shop', [created({ awaiting: 'store_drop' }), droppedInStore()]],
  ] as const)('given an item %s (still in its store), when it is checked, then it is refused with ITEM_NOT_CHECKED_IN: it did not travel', (_title, history) => {
    given(...history).when(recordCheck()).thenRefused('ITEM_NOT_CHECKED_IN', { status: 'item_awaiting_inventory' });
  });

  it('given an item in transit, when it is checked, then it is registered without a second shipment', () => {
    given(...IN_TRANSIT).when(recordCheck()).thenEvents([registeredInWarehouse(), completedByPrice()]);
  });

  const REQUIREMENTS: CheckInRequirement[] = ['disabled', 'optional'];

  it.each(REQUIREMENTS)('given an item in transit and check-in %s, when it is checked, then it is registered on the way', (checkInRequirement) => {
    given(...IN_TRANSIT).when(recordCheck({ checkInRequirement })).thenEvents([registeredInWarehouse(), completedByPrice()]);
  });

  it.each([
    ['in transit', 'item_in_transit', IN_TRANSIT],
    ['awaiting its customer’s shipment', 'item_created', POSTED],
    ['pre-declared for a drop in a shop', 'item_awaiting_store_drop', [created({ awaiting: 'store_drop' })]],
    ['awaiting its shop’s shipment', 'item_awaiting_inventory', [created({ awaiting: 'store_shipment' })]],
  ] as const)('given an item %s and check-in mandatory, when it is checked, then it is refused with ITEM_NOT_CHECKED_IN', (_title, status, history) => {
    given(...history)
      .when(recordCheck({ checkInRequirement: 'mandatory' }))
      .thenRefused('ITEM_NOT_CHECKED_IN', { status });
  });

  it('given a registered item and check-in mandatory, when it is checked, then the check ends as usual', () => {
    given(...RECEIVED).when(recordCheck({ checkInRequirement: 'mandatory' })).thenEvents([completedByPrice()]);
  });

  it('given an item in transit, when its check proposes a new price, then it stays registered in the to-approve stock, received then', () => {
    const { state } = given(...IN_TRANSIT)
      .when(recordCheck({ findings: PROPOSING_FINDINGS, decision: byRule(PROPOSAL_REASON), at: '2026-11-06T08:00:00.000Z' }))
      .thenEvents([registeredInWarehouse('2026-11-06T08:00:00.000Z'), newPriceProposed()])
      .andStatus('item_awaiting_compliancy_tests')
      .andStock(TO_APPROVE);
    expect(state.context.receivedAt).toBe('2026-11-06T08:00:00.000Z');
  });

  it('given an item in transit, when a proposal lacks its reason, then nothing is recorded, not even the reception', () => {
    given(...IN_TRANSIT)
      .when(recordCheck({ findings: PROPOSING_FINDINGS, decision: byRule(null) }))
      .thenRefused('COMPLIANCE_PROPOSAL_REASON_REQUIRED');
  });
});

describe('a device its store never shipped, at the warehouse', () => {
  const IN_STORE = [created({ awaiting: 'store_shipment' })];

  it('given an item awaiting its shop’s shipment, when it is checked in, then it is refused with ITEM_STILL_IN_STORE naming the item and its store, and no shipment is invented', () => {
    given(...IN_STORE)
      .when(checkIn())
      .thenRefused('ITEM_STILL_IN_STORE', { itemId: ITEM_ID, identificationNumber: IDENTIFICATION_NUMBER, storeId: STORE_ID });
  });

  it('given an item awaiting its shop’s shipment, when the operator confirms they hold it, then it is received from its store into the to-approve stock, no shipment recorded', () => {
    const { state } = given(...IN_STORE)
      .when(receiveFromStore(PACKAGE_ID, PACKAGE_NUMBER, undefined, '2026-11-07T10:00:00.000Z'))
      .thenEvents([receivedFromStore(PACKAGE_ID, PACKAGE_NUMBER, '2026-11-07T10:00:00.000Z')])
      .andStatus('item_registered_in_warehouse')
      .andStock(TO_APPROVE);
    expect(state.context.receivedAt).toBe('2026-11-07T10:00:00.000Z');
  });

  it('given an item received from its store, when it is checked, then the check ends as for any received item', () => {
    given(...IN_STORE, receivedFromStore()).when(recordCheck()).thenEvents([completedByPrice()]).andStatus('item_completed');
  });

  it('given an item awaiting its shop’s shipment, when another warehouse confirms it holds it, then it is refused with ITEM_NOT_ASSIGNED_TO_WAREHOUSE', () => {
    given(...IN_STORE)
      .when(receiveFromStore(null, null, OTHER_WAREHOUSE_ID))
      .thenRefused('ITEM_NOT_ASSIGNED_TO_WAREHOUSE', { warehouseId: OTHER_WAREHOUSE_ID, itemWarehouseId: 'warehouse-lyon' });
  });

  it('given an item its store shipped, when the operator confirms they hold it as if it were still in the store, then it is refused: it travelled, check it in', () => {
    given(...IN_STORE, shipped())
      .when(receiveFromStore())
      .thenRefused('ITEM_TRANSITION_NOT_ALLOWED', { status: 'item_in_transit', command: 'ReceiveItemFromStore' });
  });
});

describe('the warehouse comment', () => {
  it('given a comment is required, when the check has none, then it is refused with WAREHOUSE_COMMENT_REQUIRED', () => {
    given(...RECEIVED).when(recordCheck({ commentRequired: true })).thenRefused('WAREHOUSE_COMMENT_REQUIRED');
  });

  it('given a comment is required, when the check has only spaces, then it is refused with WAREHOUSE_COMMENT_REQUIRED', () => {
    given(...RECEIVED)
      .when(recordCheck({ commentRequired: true, findings: findings({ comment: '   ' }) }))
      .thenRefused('WAREHOUSE_COMMENT_REQUIRED');
  });

  it('given a comment is required, when the check ends in quarantine without one, then it is refused too', () => {
    given(...RECEIVED)
      .when(recordCheck({ commentRequired: true, decision: toQuarantine() }))
      .thenRefused('WAREHOUSE_COMMENT_REQUIRED');
  });

  it('given a comment is required, when the check has one, then it is recorded with it', () => {
    const found = findings({ comment: 'Light scratches on the back' });
    given(...RECEIVED)
      .when(recordCheck({ commentRequired: true, findings: found }))
      .thenEvents([completedByPrice({ check: checkResult(found) })]);
  });

  it('given a comment is not required, when the check has none, then it is recorded without', () => {
    given(...RECEIVED).when(recordCheck({ commentRequired: false })).thenEvents([completedByPrice()]);
  });
});

describe("the proposal's reason", () => {
  it.each([
    ['none', null],
    ['an empty one', ''],
    ['only spaces', '   '],
  ])('given a check that proposes a new price, when %s is given as reason, then it is refused with COMPLIANCE_PROPOSAL_REASON_REQUIRED', (_title, reason) => {
    given(...RECEIVED)
      .when(recordCheck({ findings: PROPOSING_FINDINGS, decision: byRule(reason) }))
      .thenRefused('COMPLIANCE_PROPOSAL_REASON_REQUIRED');
  });

  it('given a check that proposes a new price, when the reason has spaces around, then it is recorded trimmed', () => {
    given(...RECEIVED)
      .when(recordCheck({ findings: PROPOSING_FINDINGS, decision: byRule('  Battery worn  ') }))
      .thenEvents([newPriceProposed({ reason: 'Battery worn' })]);
  });

  it('given a check that completes the item, when no reason is given, then none is needed', () => {
    given(...RECEIVED).when(recordCheck({ findings: ABSORBING_FINDINGS, decision: byRule(null) })).thenEvents([completedWithAbsorption()]);
  });
});

describe('the comment shared with the customer', () => {
  const COMMENT = 'Screen cracked in the top corner';

  it('given the comment is shared, when the check proposes a new price, then the proposal carries the comment', () => {
    const found = findings({ ...PROPOSING_FINDINGS, comment: COMMENT, commentShared: true });
    given(...RECEIVED)
      .when(recordCheck({ findings: found, decision: byRule(PROPOSAL_REASON) }))
      .thenEvents([newPriceProposed({ check: checkResult(found), sharedComment: COMMENT })]);
  });

  it('given the comment is internal, when the check proposes a new price, then the proposal carries none, and the check keeps it', () => {
    const found = findings({ ...PROPOSING_FINDINGS, comment: COMMENT, commentShared: false });
    const { events } = given(...RECEIVED)
      .when(recordCheck({ findings: found, decision: byRule(PROPOSAL_REASON) }))
      .thenEvents([newPriceProposed({ check: checkResult(found), sharedComment: null })]);
    expect(events[0]).toMatchObject({ data: { check: { comment: COMMENT, commentShared: false } } });
  });

  it('given the comment is shared, when the check has none, then the proposal carries none', () => {
    const found = findings({ ...PROPOSING_FINDINGS, comment: null, commentShared: true });
    given(...RECEIVED)
      .when(recordCheck({ findings: found, decision: byRule(PROPOSAL_REASON) }))
      .thenEvents([newPriceProposed({ check: checkResult(found), sharedComment: null })]);
  });

  it("given a registered item, when its buyback proposes a new price with a comment, then the item's proposal carries it as is", () => {
    given(...RECEIVED)
      .when(recordPriceProposal({ proposedPrice: eur(7_000), reason: 'Battery worn', sharedComment: 'Battery at 70%' }))
      .thenEvents([newPriceProposed({ check: null, proposedPrice: eur(7_000), reason: 'Battery worn', sharedComment: 'Battery at 70%' })]);
  });
});

describe('completing an item after its buyback', () => {
  it('given a registered item, when its buyback is completed with absorption, then the absorbed amount is recorded', () => {
    given(...RECEIVED)
      .when(completeItem('with_absorption', DECLARED_PRICE, eur(700)))
      .thenEvents([completedWithAbsorption({ check: null, absorbedAmount: eur(700), stock: moving(TO_APPROVE, TO_REFURBISH) })]);
  });

  it('given a registered item, when its buyback is completed with absorption without an amount, then nothing is said to be absorbed', () => {
    given(...RECEIVED)
      .when(completeItem('with_absorption', DECLARED_PRICE, null))
      .thenEvents([completedWithAbsorption({ check: null, absorbedAmount: eur(0) })]);
  });

  it('given a registered item, when its buyback is completed without control, then it is completed at the validated price', () => {
    const { state } = given(...RECEIVED)
      .when(completeItem('without_control', eur(9_000)))
      .thenEvents([completedWithoutControl({ validatedPrice: eur(9_000) })])
      .andStatus('item_completed');
    expect(state.context).toMatchObject({ completion: 'without_control', validatedPrice: eur(9_000), check: null });
  });

  it('given a proposal awaiting the customer, when the new price is accepted, then it is completed at the price the buyback validated', () => {
    const { state } = given(...PROPOSED)
      .when(acceptItemPrice(eur(7_500)))
      .thenEvents([completedWithNegotiation({ validatedPrice: eur(7_500) })]);
    expect(state.context).toMatchObject({ completion: 'with_negociation', validatedPrice: eur(7_500) });
  });
});

describe('the stock changes each event records', () => {
  it('given an item in transit, when it is checked in, then it enters the to-approve stock, received at the check-in', () => {
    const { events, state } = given(...IN_TRANSIT)
      .when(checkIn('warehouse-lyon', '2026-11-03T10:15:00.000Z'))
      .thenEvents([registeredInWarehouse('2026-11-03T10:15:00.000Z')])
      .andStock(TO_APPROVE);
    expect(stockChangeOf(events[0] as ItemEvent)).toEqual(entering(TO_APPROVE, '2026-11-03T10:15:00.000Z'));
    expect(state.context.receivedAt).toBe('2026-11-03T10:15:00.000Z');
  });

  it.each([
    ['its check', recordCheck(), completedByPrice()],
    ['its buyback completed by price', completeItem('by_price'), completedByPrice({ check: null })],
    ['its buyback completed with absorption', completeItem('with_absorption', DECLARED_PRICE, eur(500)), completedWithAbsorption({ check: null })],
    ['its buyback completed without control', completeItem('without_control'), completedWithoutControl()],
  ] as const)('given a registered item, when completed by %s, then it goes to the to-refurbish stock', (_title, command, event) => {
    given(...RECEIVED).when(command).thenEvents([event]).andStock(TO_REFURBISH);
  });

  it('given a proposal awaiting the customer on shelf A, when it is accepted, then it goes from shelf A to the to-refurbish stock', () => {
    given(...PROPOSED, movedToStock(moving(TO_APPROVE, SHELF_A)))
      .when(acceptItemPrice())
      .thenEvents([completedWithNegotiation({ stock: moving(SHELF_A, TO_REFURBISH) })])
      .andStock(TO_REFURBISH);
  });

  it('given a proposal awaiting the customer, when it is rejected, then it goes to the customer-return stock', () => {
    given(...PROPOSED).when(rejectItemPrice()).thenEvents([returnRequested(moving(TO_APPROVE, CUSTOMER_RETURN))]).andStock(CUSTOMER_RETURN);
  });

  it('given an item in the warehouse, when its buyback is cancelled, then it goes to the customer-return stock', () => {
    given(...RECEIVED).when(cancelItem()).thenEvents([cancelled({ stock: moving(TO_APPROVE, CUSTOMER_RETURN) })]).andStock(CUSTOMER_RETURN);
  });

  it('given an item in transit, when its buyback is cancelled, then it enters no stock', () => {
    given(...IN_TRANSIT).when(cancelItem('other', null)).thenEvents([cancelled({ reason: 'other', comment: null, stock: outside() })]).andStock(null);
  });

  it('given a registered item, when it is put in quarantine, then it goes to the quarantine stock', () => {
    const { state } = given(...RECEIVED)
      .when(quarantineItem('counterfeit', 'Not an original screen'))
      .thenEvents([quarantined({ reason: 'counterfeit', comment: 'Not an original screen', check: null, stock: moving(TO_APPROVE, IN_QUARANTINE) })])
      .andStock(IN_QUARANTINE);
    expect(state.context.quarantine).toEqual({ reason: 'counterfeit', comment: 'Not an original screen' });
  });

  it('given a quarantined item, when it is released to shelf B, then it goes there and its quarantine is over', () => {
    const { state } = given(...QUARANTINED)
      .when(releaseItem(SHELF_B, null))
      .thenEvents([releasedFromQuarantine({ comment: null, stock: moving(IN_QUARANTINE, SHELF_B) })])
      .andStatus('item_to_reintegrate_to_stock')
      .andStock(SHELF_B);
    expect(state.context.quarantine).toBeNull();
  });

  it('given an item to return, when it is sent back, then it leaves the warehouse, still saying when it was received', () => {
    const { state } = given(...PROPOSED, returnRequested())
      .when(returnItem('8R000', 'Sent with its box'))
      .thenEvents([returned({ trackingNumber: '8R000', comment: 'Sent with its box', stock: leaving(CUSTOMER_RETURN, RECEIVED_AT) })])
      .andStock(null);
    expect(state.context.receivedAt).toBe(RECEIVED_AT);
  });

  it('given a completed item, when it is lost in the warehouse, then it leaves its stock, still saying when it was received', () => {
    given(...COMPLETED).when(declareLost('warehouse')).thenEvents([lost('warehouse', leaving(TO_REFURBISH, RECEIVED_AT))]).andStock(null);
  });

  it('given an item in transit, when it is lost in transport, then it was never in a stock', () => {
    given(...IN_TRANSIT).when(declareLost('transport', 'Parcel reported lost')).thenEvents([lost('transport', outside(), 'Parcel reported lost')]);
  });

  it('given an item moved to shelf A, when it is moved to shelf B, then it records both and when it was received', () => {
    given(...COMPLETED, movedToStock(moving(TO_REFURBISH, SHELF_A)))
      .when(moveItem(SHELF_B, 'Inventory'))
      .thenEvents([movedToStock(moving(SHELF_A, SHELF_B, RECEIVED_AT), 'Inventory')])
      .andStock(SHELF_B);
  });

  it('given a completed item, when its refurbishment starts, then it stays in its stock, and when it is completed it goes to the refurb-completed stock', () => {
    given(...COMPLETED, refurbDiagnosticStarted()).when(startRefurb()).thenEvents([refurbStarted(moving(TO_REFURBISH, TO_REFURBISH))]);
    given(...COMPLETED, refurbDiagnosticStarted(), refurbStarted())
      .when(completeRefurb())
      .thenEvents([refurbCompleted(moving(TO_REFURBISH, REFURB_COMPLETED))])
      .andStock(REFURB_COMPLETED);
  });

  it.each([
    ['a stock the diagnosis chose', SHELF_A, [refurbStarted(moving(TO_REFURBISH, SHELF_A))], SHELF_A],
    ['the stock it is in', TO_REFURBISH, [refurbStarted(moving(TO_REFURBISH, TO_REFURBISH))], TO_REFURBISH],
  ] as const)('given an item in its refurbishment diagnosis, when its refurbishment starts into %s, then it moves there', (_title, stockId, events, stock) => {
    given(...COMPLETED, refurbDiagnosticStarted()).when(startRefurb(stockId)).thenEvents([...events]).andStock(stock);
  });

  it('given an item in its refurbishment diagnosis, when its refurbishment starts into the quarantine stock, then it is refused', () => {
    given(...COMPLETED, refurbDiagnosticStarted()).when(startRefurb(IN_QUARANTINE)).thenRefused('ITEM_STOCK_RESERVED_FOR_QUARANTINE');
  });

  it('records no stock change for events that do not move the item', () => {
    for (const event of [created(), droppedInStore(), shipped(), newPriceProposed(), disputeMailSent(), refurbDiagnosticStarted()]) {
      expect(stockChangeOf(event)).toBeNull();
    }
  });
});

describe('moving an item', () => {
  it('given an item in the to-approve stock, when it is moved there, then it is refused with ITEM_ALREADY_IN_STOCK', () => {
    given(...RECEIVED).when(moveItem(TO_APPROVE)).thenRefused('ITEM_ALREADY_IN_STOCK', { stockId: TO_APPROVE });
  });

  it('given a registered item, when it is moved into the quarantine stock, then it is refused with ITEM_STOCK_RESERVED_FOR_QUARANTINE', () => {
    given(...RECEIVED).when(moveItem(IN_QUARANTINE)).thenRefused('ITEM_STOCK_RESERVED_FOR_QUARANTINE', { stockId: IN_QUARANTINE });
  });

  it('given a quarantined item, when it is released into the quarantine stock, then it is refused with ITEM_STOCK_RESERVED_FOR_QUARANTINE', () => {
    given(...QUARANTINED).when(releaseItem(IN_QUARANTINE)).thenRefused('ITEM_STOCK_RESERVED_FOR_QUARANTINE', { stockId: IN_QUARANTINE });
  });

  it('given a quarantined item, when it is moved, then it is refused: only its release takes it out', () => {
    given(...QUARANTINED).when(moveItem(SHELF_A)).thenRefused('ITEM_TRANSITION_NOT_ALLOWED', { status: 'item_in_quarantine', command: 'MoveItem' });
  });

  it('given an item cancelled at the warehouse, when it is moved, then it stays cancelled in its new stock', () => {
    given(...RECEIVED, cancelled({ stock: moving(TO_APPROVE, CUSTOMER_RETURN) }))
      .when(moveItem(SHELF_B))
      .thenEvents([movedToStock(moving(CUSTOMER_RETURN, SHELF_B))])
      .andStatus('item_cancelled')
      .andStock(SHELF_B);
  });
});

describe('the warehouse an item is assigned to', () => {
  it('given an item in transit to Lyon, when it is checked in at Lille, then it is refused with ITEM_NOT_ASSIGNED_TO_WAREHOUSE', () => {
    given(...IN_TRANSIT)
      .when(checkIn(OTHER_WAREHOUSE_ID))
      .thenRefused('ITEM_NOT_ASSIGNED_TO_WAREHOUSE', { warehouseId: OTHER_WAREHOUSE_ID, itemWarehouseId: 'warehouse-lyon' });
  });

  it('given an item registered at Lyon, when it is checked at Lille, then it is refused with ITEM_NOT_ASSIGNED_TO_WAREHOUSE', () => {
    given(...RECEIVED)
      .when(recordCheck({ warehouseId: OTHER_WAREHOUSE_ID }))
      .thenRefused('ITEM_NOT_ASSIGNED_TO_WAREHOUSE', { warehouseId: OTHER_WAREHOUSE_ID, itemWarehouseId: 'warehouse-lyon' });
  });

  it("given an item of Lille's, when it is checked in there, then it enters Lille's to-approve stock", () => {
    given(created({ warehouseId: OTHER_WAREHOUSE_ID }), shipped())
      .when(checkIn(OTHER_WAREHOUSE_ID))
      .thenEvents([registeredInWarehouse(RECEIVED_AT, OTHER_WAREHOUSE_ID)]);
  });
});

describe('the dispute e-mail of a quarantined item', () => {
  it('given a quarantined item, when the e-mail could not be sent, then the failure is recorded and it stays in quarantine', () => {
    const { state } = given(...QUARANTINED)
      .when(recordDisputeMail(false, 'mailbox unavailable'))
      .thenEvents([disputeMailSent(false, 'mailbox unavailable')])
      .andStatus('item_in_quarantine')
      .andStock(IN_QUARANTINE);
    expect(state.context.disputeMailDelivered).toBe(false);
  });

  it('given a failed e-mail, when it is sent again and leaves, then the item says it was delivered', () => {
    const { state } = given(...QUARANTINED, disputeMailSent(false, 'mailbox unavailable')).when(recordDisputeMail()).thenEvents([disputeMailSent()]);
    expect(state.context.disputeMailDelivered).toBe(true);
  });
});

describe('purity', () => {
  const HISTORIES: ItemEvent[][] = Object.values(STATES).map((state: GivenState) => [...state.history]);

  it('folding the same events always gives the same state', () => {
    for (const history of HISTORIES) {
      const first = foldItem(history);
      const second = foldItem(structuredClone(history));
      expect(second.value).toEqual(first.value);
      expect(second.context).toEqual(first.context);
    }
  });

  function deepFreeze<T>(value: T): T {
    if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
      Object.freeze(value);
      for (const child of Object.values(value)) deepFreeze(child);
    }
    return value;
  }

  it('decide never mutates the given state, whether it records or refuses', () => {
    for (const history of HISTORIES) {
      const state = foldItem(history);
      const before = structuredClone({ value: state.value, context: state.context });
      deepFreeze(state.context);
      for (const { command } of Object.values(COMMANDS)) {
        try {
          decide(command, state);
        } catch (error) {
          expect((error as Error).name).toBe('DomainError');
        }
      }
      expect({ value: state.value, context: state.context }).toEqual(before);
    }
  });
});
