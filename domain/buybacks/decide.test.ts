import { describe, expect, it } from 'vitest';
import type { Money } from '../shared/money.js';
import type { BuybackCommand, BuybackCommandType } from './commands.js';
import { decide } from './decide.js';
import type { BuybackChannel, BuybackEvent, DepositType, PaymentStatus, PaymentType } from './events.js';
import { buybackStatus, foldBuyback, isReceivedAtWarehouse } from './machine.js';
import type { BuybackStatus } from './state.js';
import {
  DECLARED_PRICE,
  OTHER_PACKAGE_ID,
  PACKAGE_ID,
  PACKAGE_NUMBER,
  OTHER_TOKEN_HASH,
  OTHER_WAREHOUSE_ID,
  PROPOSED_PRICE,
  absorbPriceDeviation,
  acceptNewPrice,
  cancel,
  cancelled,
  editBuyback,
  edited,
  checkIn,
  checkedIn,
  completeAfterLoss,
  deliveryStatusChanged,
  pack,
  packed,
  recordDelivery,
  recordShipment,
  shipmentTracked,
  unpack,
  receiveFromStore,
  receivedFromStore,
  unpacked,
  completeBuyback,
  holdLifted,
  liftBuybackHold,
  putBuybackOnHold,
  putOnHold,
  completeByPrice,
  completedAfterLoss,
  completed,
  completedByPrice,
  completedWithAbsorption,
  eur,
  finalizeInStore,
  finalizedInStore,
  given,
  newPriceAccepted,
  newPriceProposed,
  newPriceRejected,
  predeclaredForDrop,
  proposeNewPrice,
  registerBuyback,
  registered,
  rejectNewPrice,
  rule,
  ship,
  shipped,
} from './test-support.js';

// ===========================================================================
// The transition table: the business specification, written out as data.
// It is NOT derived from the machine: the machine must agree with it.
// ===========================================================================

type SubState = 'checking' | 'on_hold' | 'awaiting_customer_decision';

interface GivenState {
  /** Reads after "given ": "a buyback in transit". */
  readonly description: string;
  /** The status the specification gives this history (null: no buyback yet). */
  readonly status: BuybackStatus | null;
  readonly history: readonly BuybackEvent[];
}

const STATES = {
  unregistered: { description: 'no buyback yet', status: null, history: [] },
  awaitingStoreDrop: {
    description: 'a buyback predeclared on the web, to be dropped in a shop',
    status: 'bb_awaiting_store_drop',
    history: [predeclaredForDrop()],
  },
  awaitingInventoryFromStore: {
    description: 'a buyback registered in a shop',
    status: 'bb_awaiting_inventory',
    history: [registered({ channel: 'store', deposit: 'drop' })],
  },
  awaitingInventoryFromWeb: {
    description: 'a buyback registered on the web, to be posted',
    status: 'bb_awaiting_inventory',
    history: [registered({ channel: 'web', deposit: 'post' })],
  },
  awaitingInventoryAfterDrop: {
    description: 'a predeclared buyback finalized in a shop',
    status: 'bb_awaiting_inventory',
    history: [predeclaredForDrop(), finalizedInStore()],
  },
  inTransit: {
    description: 'a buyback in transit',
    status: 'bb_in_transit',
    history: [registered(), shipped()],
  },
  checking: {
    description: 'a buyback being checked at the warehouse',
    status: 'bb_in_processing',
    history: [registered(), shipped(), checkedIn()],
  },
  awaitingCustomerDecision: {
    description: "a buyback awaiting the customer's decision on a new price",
    status: 'bb_in_processing',
    history: [registered(), shipped(), checkedIn(), newPriceProposed()],
  },
  completed: {
    description: 'a completed buyback',
    status: 'bb_completed',
    history: [registered(), shipped(), checkedIn(), completed()],
  },
  completedByPrice: {
    description: 'a buyback completed by price',
    status: 'bb_completed_by_price',
    history: [registered(), shipped(), checkedIn(), completedByPrice()],
  },
  completedWithAbsorption: {
    description: 'a buyback completed with absorption',
    status: 'bb_completed_with_absorption',
    history: [registered(), shipped(), checkedIn(), completedWithAbsorption()],
  },
  completedWithNegociation: {
    description: 'a buyback completed at a negotiated price',
    status: 'bb_completed_with_negociation',
    history: [registered(), shipped(), checkedIn(), newPriceProposed(), newPriceAccepted()],
  },
  notCompleted: {
    description: 'a buyback whose new price was rejected',
    status: 'bb_not_completed',
    history: [registered(), shipped(), checkedIn(), newPriceProposed(), newPriceRejected()],
  },
  onHold: {
    description: 'a buyback whose device is in quarantine at the warehouse',
    status: 'bb_in_processing',
    history: [registered(), shipped(), checkedIn(), putOnHold()],
  },
  cancelled: {
    description: 'a cancelled buyback',
    status: 'bb_cancelled',
    history: [registered(), cancelled()],
  },
  completedAfterLoss: {
    description: 'a buyback completed because its device was lost in transport',
    status: 'bb_completed',
    history: [registered(), shipped(), completedAfterLoss()],
  },
  cancelledDuringProposal: {
    description: 'a buyback cancelled while a new price awaited the decision',
    status: 'bb_cancelled',
    history: [registered(), shipped(), checkedIn(), newPriceProposed(), cancelled()],
  },
} as const satisfies Record<string, GivenState>;

type StateKey = keyof typeof STATES;

/** The command each column sends, with how it reads after "when ". */
const COMMANDS: Record<BuybackCommandType, { readonly command: BuybackCommand; readonly phrase: string }> = {
  RegisterBuyback: { command: registerBuyback(), phrase: 'it is registered' },
  FinalizeBuybackInStore: { command: finalizeInStore(), phrase: 'it is finalized in store' },
  ShipBuyback: { command: ship(), phrase: 'it is shipped' },
  CheckInBuyback: { command: checkIn(), phrase: 'it is checked in' },
  CompleteBuybackByPrice: { command: completeByPrice(), phrase: 'it is completed by price' },
  AbsorbPriceDeviation: { command: absorbPriceDeviation(), phrase: 'its price deviation is absorbed' },
  ProposeNewPrice: { command: proposeNewPrice(), phrase: 'a new price is proposed' },
  AcceptNewPrice: { command: acceptNewPrice(), phrase: 'the new price is accepted' },
  RejectNewPrice: { command: rejectNewPrice(), phrase: 'the new price is rejected' },
  CompleteBuyback: { command: completeBuyback(), phrase: 'it is completed' },
  CompleteBuybackAfterLoss: { command: completeAfterLoss(), phrase: 'its device is declared lost' },
  PutBuybackOnHold: { command: putBuybackOnHold(), phrase: 'its device goes into quarantine' },
  LiftBuybackHold: { command: liftBuybackHold(), phrase: 'its device is released from quarantine' },
  CancelBuyback: { command: cancel(), phrase: 'it is cancelled' },
  PackBuyback: { command: pack(), phrase: "its shop's package takes it" },
  UnpackBuyback: { command: unpack(), phrase: 'it is taken out of a package' },
  ReceiveBuybackFromStore: { command: receiveFromStore(), phrase: 'the warehouse confirms it holds it though its store never shipped it' },
  RecordBuybackShipment: { command: recordShipment(), phrase: "a carrier's label names it" },
  RecordBuybackDelivery: { command: recordDelivery(), phrase: 'its carrier reports on its parcel' },
  EditBuyback: { command: editBuyback(), phrase: "its customer's name and answers are corrected" },
};

type Expectation =
  | { readonly kind: 'records'; readonly event: BuybackEvent; readonly status: BuybackStatus; readonly subState?: SubState }
  | { readonly kind: 'refused'; readonly code: string }
  /** Accepted, and nothing to record (a repeat, or nothing to undo). */
  | { readonly kind: 'nothing' };

function records(event: BuybackEvent, status: BuybackStatus, subState?: SubState): Expectation {
  return subState === undefined ? { kind: 'records', event, status } : { kind: 'records', event, status, subState };
}

const NOT_FOUND: Expectation = { kind: 'refused', code: 'BUYBACK_NOT_FOUND' };
const ALREADY_EXISTS: Expectation = { kind: 'refused', code: 'BUYBACK_ALREADY_EXISTS' };
const CANCELLED: Expectation = { kind: 'refused', code: 'BUYBACK_CANCELLED' };
/** Asserted with details { status, command }. */
const NOT_ALLOWED: Expectation = { kind: 'refused', code: 'BUYBACK_TRANSITION_NOT_ALLOWED' };
const NO_PROPOSAL: Expectation = { kind: 'refused', code: 'PRICE_PROPOSAL_NOT_FOUND' };
const ALREADY_RESOLVED: Expectation = { kind: 'refused', code: 'PRICE_PROPOSAL_ALREADY_RESOLVED' };

const NOTHING: Expectation = { kind: 'nothing' };
/** Corrected only before the warehouse has its device. */
const NOT_EDITABLE: Expectation = { kind: 'refused', code: 'BUYBACK_NOT_EDITABLE' };
const PACK_DOES_NOT_EXIST: Expectation = { kind: 'refused', code: 'BB_DOES_NOT_EXIST' };
/** A buyback sent by its customer themselves: no shop packs it. */
const PACK_NOT_NEEDED: Expectation = { kind: 'refused', code: 'BB_EXPEDITION_NOT_NEEDED' };
/** What a carrier says of its parcel is recorded in every status, and changes none. */
function CARRIER_REPORTS(status: BuybackStatus): Pick<Record<BuybackCommandType, Expectation>, 'RecordBuybackShipment' | 'RecordBuybackDelivery'> {
  return { RecordBuybackShipment: records(shipmentTracked(), status), RecordBuybackDelivery: records(deliveryStatusChanged(), status) };
}
const CANCELS = records(cancelled(), 'bb_cancelled');
const LOSS = records(completedAfterLoss(), 'bb_completed');

const TRANSITIONS: Record<StateKey, Record<BuybackCommandType, Expectation>> = {
  unregistered: {
    RegisterBuyback: records(registered(), 'bb_awaiting_inventory'),
    FinalizeBuybackInStore: NOT_FOUND,
    ShipBuyback: NOT_FOUND,
    CheckInBuyback: NOT_FOUND,
    CompleteBuybackByPrice: NOT_FOUND,
    AbsorbPriceDeviation: NOT_FOUND,
    ProposeNewPrice: NOT_FOUND,
    AcceptNewPrice: NOT_FOUND,
    RejectNewPrice: NOT_FOUND,
    CompleteBuyback: NOT_FOUND,
    CompleteBuybackAfterLoss: NOT_FOUND,
    PutBuybackOnHold: NOT_FOUND,
    LiftBuybackHold: NOT_FOUND,
    CancelBuyback: NOT_FOUND,
    PackBuyback: NOT_FOUND,
    UnpackBuyback: NOT_FOUND,
    ReceiveBuybackFromStore: NOT_FOUND,
    RecordBuybackShipment: NOT_FOUND,
    RecordBuybackDelivery: NOT_FOUND,
    EditBuyback: NOT_FOUND,
  },
  awaitingStoreDrop: {
    RegisterBuyback: ALREADY_EXISTS,
    FinalizeBuybackInStore: records(finalizedInStore(), 'bb_awaiting_inventory'),
    ShipBuyback: NOT_ALLOWED,
    CheckInBuyback: NOT_ALLOWED,
    CompleteBuybackByPrice: NOT_ALLOWED,
    AbsorbPriceDeviation: NOT_ALLOWED,
    ProposeNewPrice: NOT_ALLOWED,
    AcceptNewPrice: NO_PROPOSAL,
    RejectNewPrice: NO_PROPOSAL,
    CompleteBuyback: NOT_ALLOWED,
    CompleteBuybackAfterLoss: NOT_ALLOWED,
    PutBuybackOnHold: NOT_ALLOWED,
    LiftBuybackHold: NOT_ALLOWED,
    CancelBuyback: CANCELS,
    PackBuyback: PACK_DOES_NOT_EXIST,
    UnpackBuyback: NOTHING,
    ReceiveBuybackFromStore: NOT_ALLOWED,
    ...CARRIER_REPORTS('bb_awaiting_store_drop'),
    EditBuyback: records(edited(), 'bb_awaiting_store_drop'),
  },
  awaitingInventoryFromStore: {
    RegisterBuyback: ALREADY_EXISTS,
    FinalizeBuybackInStore: NOT_ALLOWED,
    ShipBuyback: records(shipped(), 'bb_in_transit'),
    CheckInBuyback: NOT_ALLOWED,
    CompleteBuybackByPrice: NOT_ALLOWED,
    AbsorbPriceDeviation: NOT_ALLOWED,
    ProposeNewPrice: NOT_ALLOWED,
    AcceptNewPrice: NO_PROPOSAL,
    RejectNewPrice: NO_PROPOSAL,
    CompleteBuyback: NOT_ALLOWED,
    CompleteBuybackAfterLoss: LOSS,
    PutBuybackOnHold: NOT_ALLOWED,
    LiftBuybackHold: NOT_ALLOWED,
    CancelBuyback: CANCELS,
    PackBuyback: records(packed(), 'bb_awaiting_inventory'),
    UnpackBuyback: NOTHING,
    ReceiveBuybackFromStore: records(receivedFromStore(), 'bb_in_processing', 'checking'),
    ...CARRIER_REPORTS('bb_awaiting_inventory'),
    EditBuyback: records(edited(), 'bb_awaiting_inventory'),
  },
  awaitingInventoryFromWeb: {
    RegisterBuyback: ALREADY_EXISTS,
    FinalizeBuybackInStore: NOT_ALLOWED,
    ShipBuyback: records(shipped(), 'bb_in_transit'),
    CheckInBuyback: NOT_ALLOWED,
    CompleteBuybackByPrice: NOT_ALLOWED,
    AbsorbPriceDeviation: NOT_ALLOWED,
    ProposeNewPrice: NOT_ALLOWED,
    AcceptNewPrice: NO_PROPOSAL,
    RejectNewPrice: NO_PROPOSAL,
    CompleteBuyback: NOT_ALLOWED,
    CompleteBuybackAfterLoss: LOSS,
    PutBuybackOnHold: NOT_ALLOWED,
    LiftBuybackHold: NOT_ALLOWED,
    CancelBuyback: CANCELS,
    PackBuyback: PACK_NOT_NEEDED,
    UnpackBuyback: NOTHING,
    ReceiveBuybackFromStore: NOT_ALLOWED,
    ...CARRIER_REPORTS('bb_awaiting_inventory'),
    EditBuyback: records(edited(), 'bb_awaiting_inventory'),
  },
  awaitingInventoryAfterDrop: {
    RegisterBuyback: ALREADY_EXISTS,
    FinalizeBuybackInStore: NOT_ALLOWED,
    ShipBuyback: records(shipped(), 'bb_in_transit'),
    CheckInBuyback: NOT_ALLOWED,
    CompleteBuybackByPrice: NOT_ALLOWED,
    AbsorbPriceDeviation: NOT_ALLOWED,
    ProposeNewPrice: NOT_ALLOWED,
    AcceptNewPrice: NO_PROPOSAL,
    RejectNewPrice: NO_PROPOSAL,
    CompleteBuyback: NOT_ALLOWED,
    CompleteBuybackAfterLoss: LOSS,
    PutBuybackOnHold: NOT_ALLOWED,
    LiftBuybackHold: NOT_ALLOWED,
    CancelBuyback: CANCELS,
    PackBuyback: records(packed(), 'bb_awaiting_inventory'),
    UnpackBuyback: NOTHING,
    ReceiveBuybackFromStore: records(receivedFromStore(), 'bb_in_processing', 'checking'),
    ...CARRIER_REPORTS('bb_awaiting_inventory'),
    EditBuyback: records(edited(), 'bb_awaiting_inventory'),
  },
  inTransit: {
    RegisterBuyback: ALREADY_EXISTS,
    FinalizeBuybackInStore: NOT_ALLOWED,
    ShipBuyback: NOT_ALLOWED,
    CheckInBuyback: records(checkedIn(), 'bb_in_processing', 'checking'),
    CompleteBuybackByPrice: NOT_ALLOWED,
    AbsorbPriceDeviation: NOT_ALLOWED,
    ProposeNewPrice: NOT_ALLOWED,
    AcceptNewPrice: NO_PROPOSAL,
    RejectNewPrice: NO_PROPOSAL,
    CompleteBuyback: NOT_ALLOWED,
    CompleteBuybackAfterLoss: LOSS,
    PutBuybackOnHold: NOT_ALLOWED,
    LiftBuybackHold: NOT_ALLOWED,
    CancelBuyback: CANCELS,
    PackBuyback: PACK_NOT_NEEDED,
    UnpackBuyback: NOTHING,
    ReceiveBuybackFromStore: NOT_ALLOWED,
    ...CARRIER_REPORTS('bb_in_transit'),
    EditBuyback: records(edited(), 'bb_in_transit'),
  },
  checking: {
    RegisterBuyback: ALREADY_EXISTS,
    FinalizeBuybackInStore: NOT_ALLOWED,
    ShipBuyback: NOT_ALLOWED,
    CheckInBuyback: NOT_ALLOWED,
    CompleteBuybackByPrice: records(completedByPrice(), 'bb_completed_by_price'),
    AbsorbPriceDeviation: records(completedWithAbsorption(), 'bb_completed_with_absorption'),
    ProposeNewPrice: records(newPriceProposed(), 'bb_in_processing', 'awaiting_customer_decision'),
    AcceptNewPrice: NO_PROPOSAL,
    RejectNewPrice: NO_PROPOSAL,
    CompleteBuyback: records(completed(), 'bb_completed'),
    CompleteBuybackAfterLoss: LOSS,
    PutBuybackOnHold: records(putOnHold(), 'bb_in_processing', 'on_hold'),
    LiftBuybackHold: NOT_ALLOWED,
    CancelBuyback: CANCELS,
    PackBuyback: PACK_NOT_NEEDED,
    UnpackBuyback: NOTHING,
    ReceiveBuybackFromStore: NOT_ALLOWED,
    ...CARRIER_REPORTS('bb_in_processing'),
    EditBuyback: NOT_EDITABLE,
  },
  awaitingCustomerDecision: {
    RegisterBuyback: ALREADY_EXISTS,
    FinalizeBuybackInStore: NOT_ALLOWED,
    ShipBuyback: NOT_ALLOWED,
    CheckInBuyback: NOT_ALLOWED,
    CompleteBuybackByPrice: NOT_ALLOWED,
    AbsorbPriceDeviation: NOT_ALLOWED,
    ProposeNewPrice: NOT_ALLOWED,
    AcceptNewPrice: records(newPriceAccepted(), 'bb_completed_with_negociation'),
    RejectNewPrice: records(newPriceRejected(), 'bb_not_completed'),
    CompleteBuyback: NOT_ALLOWED,
    CompleteBuybackAfterLoss: LOSS,
    PutBuybackOnHold: NOT_ALLOWED,
    LiftBuybackHold: NOT_ALLOWED,
    CancelBuyback: CANCELS,
    PackBuyback: PACK_NOT_NEEDED,
    UnpackBuyback: NOTHING,
    ReceiveBuybackFromStore: NOT_ALLOWED,
    ...CARRIER_REPORTS('bb_in_processing'),
    EditBuyback: NOT_EDITABLE,
  },
  completed: {
    RegisterBuyback: ALREADY_EXISTS,
    FinalizeBuybackInStore: NOT_ALLOWED,
    ShipBuyback: NOT_ALLOWED,
    CheckInBuyback: NOT_ALLOWED,
    CompleteBuybackByPrice: NOT_ALLOWED,
    AbsorbPriceDeviation: NOT_ALLOWED,
    ProposeNewPrice: NOT_ALLOWED,
    AcceptNewPrice: NO_PROPOSAL,
    RejectNewPrice: NO_PROPOSAL,
    CompleteBuyback: NOT_ALLOWED,
    CompleteBuybackAfterLoss: NOT_ALLOWED,
    PutBuybackOnHold: NOT_ALLOWED,
    LiftBuybackHold: NOT_ALLOWED,
    CancelBuyback: NOT_ALLOWED,
    PackBuyback: PACK_NOT_NEEDED,
    UnpackBuyback: NOTHING,
    ReceiveBuybackFromStore: NOT_ALLOWED,
    ...CARRIER_REPORTS('bb_completed'),
    EditBuyback: NOT_EDITABLE,
  },
  completedByPrice: {
    RegisterBuyback: ALREADY_EXISTS,
    FinalizeBuybackInStore: NOT_ALLOWED,
    ShipBuyback: NOT_ALLOWED,
    CheckInBuyback: NOT_ALLOWED,
    CompleteBuybackByPrice: NOT_ALLOWED,
    AbsorbPriceDeviation: NOT_ALLOWED,
    ProposeNewPrice: NOT_ALLOWED,
    AcceptNewPrice: NO_PROPOSAL,
    RejectNewPrice: NO_PROPOSAL,
    CompleteBuyback: NOT_ALLOWED,
    CompleteBuybackAfterLoss: NOT_ALLOWED,
    PutBuybackOnHold: NOT_ALLOWED,
    LiftBuybackHold: NOT_ALLOWED,
    CancelBuyback: NOT_ALLOWED,
    PackBuyback: PACK_NOT_NEEDED,
    UnpackBuyback: NOTHING,
    ReceiveBuybackFromStore: NOT_ALLOWED,
    ...CARRIER_REPORTS('bb_completed_by_price'),
    EditBuyback: NOT_EDITABLE,
  },
  completedWithAbsorption: {
    RegisterBuyback: ALREADY_EXISTS,
    FinalizeBuybackInStore: NOT_ALLOWED,
    ShipBuyback: NOT_ALLOWED,
    CheckInBuyback: NOT_ALLOWED,
    CompleteBuybackByPrice: NOT_ALLOWED,
    AbsorbPriceDeviation: NOT_ALLOWED,
    ProposeNewPrice: NOT_ALLOWED,
    AcceptNewPrice: NO_PROPOSAL,
    RejectNewPrice: NO_PROPOSAL,
    CompleteBuyback: NOT_ALLOWED,
    CompleteBuybackAfterLoss: NOT_ALLOWED,
    PutBuybackOnHold: NOT_ALLOWED,
    LiftBuybackHold: NOT_ALLOWED,
    CancelBuyback: NOT_ALLOWED,
    PackBuyback: PACK_NOT_NEEDED,
    UnpackBuyback: NOTHING,
    ReceiveBuybackFromStore: NOT_ALLOWED,
    ...CARRIER_REPORTS('bb_completed_with_absorption'),
    EditBuyback: NOT_EDITABLE,
  },
  completedWithNegociation: {
    RegisterBuyback: ALREADY_EXISTS,
    FinalizeBuybackInStore: NOT_ALLOWED,
    ShipBuyback: NOT_ALLOWED,
    CheckInBuyback: NOT_ALLOWED,
    CompleteBuybackByPrice: NOT_ALLOWED,
    AbsorbPriceDeviation: NOT_ALLOWED,
    ProposeNewPrice: NOT_ALLOWED,
    AcceptNewPrice: ALREADY_RESOLVED,
    RejectNewPrice: ALREADY_RESOLVED,
    CompleteBuyback: NOT_ALLOWED,
    CompleteBuybackAfterLoss: NOT_ALLOWED,
    PutBuybackOnHold: NOT_ALLOWED,
    LiftBuybackHold: NOT_ALLOWED,
    CancelBuyback: NOT_ALLOWED,
    PackBuyback: PACK_NOT_NEEDED,
    UnpackBuyback: NOTHING,
    ReceiveBuybackFromStore: NOT_ALLOWED,
    ...CARRIER_REPORTS('bb_completed_with_negociation'),
    EditBuyback: NOT_EDITABLE,
  },
  notCompleted: {
    RegisterBuyback: ALREADY_EXISTS,
    FinalizeBuybackInStore: NOT_ALLOWED,
    ShipBuyback: NOT_ALLOWED,
    CheckInBuyback: NOT_ALLOWED,
    CompleteBuybackByPrice: NOT_ALLOWED,
    AbsorbPriceDeviation: NOT_ALLOWED,
    ProposeNewPrice: NOT_ALLOWED,
    AcceptNewPrice: ALREADY_RESOLVED,
    RejectNewPrice: ALREADY_RESOLVED,
    CompleteBuyback: NOT_ALLOWED,
    CompleteBuybackAfterLoss: NOT_ALLOWED,
    PutBuybackOnHold: NOT_ALLOWED,
    LiftBuybackHold: NOT_ALLOWED,
    CancelBuyback: NOT_ALLOWED,
    PackBuyback: PACK_NOT_NEEDED,
    UnpackBuyback: NOTHING,
    ReceiveBuybackFromStore: NOT_ALLOWED,
    ...CARRIER_REPORTS('bb_not_completed'),
    EditBuyback: NOT_EDITABLE,
  },
  onHold: {
    RegisterBuyback: ALREADY_EXISTS,
    FinalizeBuybackInStore: NOT_ALLOWED,
    ShipBuyback: NOT_ALLOWED,
    CheckInBuyback: NOT_ALLOWED,
    CompleteBuybackByPrice: NOT_ALLOWED,
    AbsorbPriceDeviation: NOT_ALLOWED,
    ProposeNewPrice: NOT_ALLOWED,
    AcceptNewPrice: NO_PROPOSAL,
    RejectNewPrice: NO_PROPOSAL,
    CompleteBuyback: NOT_ALLOWED,
    CompleteBuybackAfterLoss: LOSS,
    PutBuybackOnHold: NOT_ALLOWED,
    LiftBuybackHold: records(holdLifted(), 'bb_in_processing', 'checking'),
    CancelBuyback: CANCELS,
    PackBuyback: PACK_NOT_NEEDED,
    UnpackBuyback: NOTHING,
    ReceiveBuybackFromStore: NOT_ALLOWED,
    ...CARRIER_REPORTS('bb_in_processing'),
    EditBuyback: NOT_EDITABLE,
  },
  cancelled: {
    RegisterBuyback: ALREADY_EXISTS,
    FinalizeBuybackInStore: CANCELLED,
    ShipBuyback: CANCELLED,
    CheckInBuyback: CANCELLED,
    CompleteBuybackByPrice: CANCELLED,
    AbsorbPriceDeviation: CANCELLED,
    ProposeNewPrice: CANCELLED,
    AcceptNewPrice: CANCELLED,
    RejectNewPrice: CANCELLED,
    CompleteBuyback: CANCELLED,
    CompleteBuybackAfterLoss: CANCELLED,
    PutBuybackOnHold: CANCELLED,
    LiftBuybackHold: CANCELLED,
    CancelBuyback: CANCELLED,
    PackBuyback: PACK_DOES_NOT_EXIST,
    UnpackBuyback: NOTHING,
    ReceiveBuybackFromStore: CANCELLED,
    ...CARRIER_REPORTS('bb_cancelled'),
    EditBuyback: NOT_EDITABLE,
  },
  completedAfterLoss: {
    RegisterBuyback: ALREADY_EXISTS,
    FinalizeBuybackInStore: NOT_ALLOWED,
    ShipBuyback: NOT_ALLOWED,
    CheckInBuyback: NOT_ALLOWED,
    CompleteBuybackByPrice: NOT_ALLOWED,
    AbsorbPriceDeviation: NOT_ALLOWED,
    ProposeNewPrice: NOT_ALLOWED,
    AcceptNewPrice: NO_PROPOSAL,
    RejectNewPrice: NO_PROPOSAL,
    CompleteBuyback: NOT_ALLOWED,
    CompleteBuybackAfterLoss: NOT_ALLOWED,
    PutBuybackOnHold: NOT_ALLOWED,
    LiftBuybackHold: NOT_ALLOWED,
    CancelBuyback: NOT_ALLOWED,
    PackBuyback: PACK_NOT_NEEDED,
    UnpackBuyback: NOTHING,
    ReceiveBuybackFromStore: NOT_ALLOWED,
    ...CARRIER_REPORTS('bb_completed'),
    EditBuyback: NOT_EDITABLE,
  },
  cancelledDuringProposal: {
    RegisterBuyback: ALREADY_EXISTS,
    FinalizeBuybackInStore: CANCELLED,
    ShipBuyback: CANCELLED,
    CheckInBuyback: CANCELLED,
    CompleteBuybackByPrice: CANCELLED,
    AbsorbPriceDeviation: CANCELLED,
    ProposeNewPrice: CANCELLED,
    AcceptNewPrice: CANCELLED,
    RejectNewPrice: CANCELLED,
    CompleteBuyback: CANCELLED,
    CompleteBuybackAfterLoss: CANCELLED,
    PutBuybackOnHold: CANCELLED,
    LiftBuybackHold: CANCELLED,
    CancelBuyback: CANCELLED,
    PackBuyback: PACK_DOES_NOT_EXIST,
    UnpackBuyback: NOTHING,
    ReceiveBuybackFromStore: CANCELLED,
    ...CARRIER_REPORTS('bb_cancelled'),
    EditBuyback: NOT_EDITABLE,
  },
};

function outcomeTitle(expectation: Expectation): string {
  if (expectation.kind === 'refused') return `it is refused with ${expectation.code}`;
  if (expectation.kind === 'nothing') return 'nothing is recorded';
  const where = expectation.subState === undefined ? expectation.status : `${expectation.status} (${expectation.subState})`;
  return `${expectation.event.type} is recorded and it is ${where}`;
}

const TABLE_CASES = (Object.keys(TRANSITIONS) as StateKey[]).flatMap((stateKey) =>
  (Object.keys(TRANSITIONS[stateKey]) as BuybackCommandType[]).map((commandType) => {
    const state: GivenState = STATES[stateKey];
    const { command, phrase } = COMMANDS[commandType];
    const expectation = TRANSITIONS[stateKey][commandType];
    return {
      title: `given ${state.description}, when ${phrase}, then ${outcomeTitle(expectation)}`,
      state,
      command,
      expectation,
    };
  }),
);

describe('buyback transition table', () => {
  it('covers every command in every state of the specification', () => {
    expect(TABLE_CASES).toHaveLength(Object.keys(STATES).length * Object.keys(COMMANDS).length);
  });

  it.each(Object.entries(STATES))('the history given for %s reaches its status', (_key, state: GivenState) => {
    expect(buybackStatus(foldBuyback(state.history))).toBe(state.status);
  });

  for (const { title, state, command, expectation } of TABLE_CASES) {
    it(title, () => {
      const when = given(...state.history).when(command);
      if (expectation.kind === 'records') {
        when.thenEvents([expectation.event]).andStatus(expectation.status, expectation.subState);
      } else if (expectation.kind === 'nothing') {
        when.thenEvents([]);
      } else if (expectation === NOT_ALLOWED) {
        when.thenRefused(expectation.code, { status: state.status, command: command.type });
      } else {
        when.thenRefused(expectation.code);
      }
    });
  }
});

// ===========================================================================
// Focused behaviours
// ===========================================================================

describe('registering a buyback', () => {
  const INITIAL_STATUS: [BuybackChannel, DepositType, BuybackStatus][] = [
    ['web', 'drop', 'bb_awaiting_store_drop'],
    ['web', 'drop_label', 'bb_awaiting_inventory'],
    ['web', 'collect', 'bb_awaiting_inventory'],
    ['web', 'post', 'bb_awaiting_inventory'],
    ['store', 'drop', 'bb_awaiting_inventory'],
    ['store', 'drop_label', 'bb_awaiting_inventory'],
    ['store', 'collect', 'bb_awaiting_inventory'],
    ['store', 'post', 'bb_awaiting_inventory'],
  ];

  it.each(INITIAL_STATUS)(
    'given no buyback, when it is registered via %s with deposit %s, then it starts as %s',
    (channel, deposit, status) => {
      given()
        .when(registerBuyback({ channel, deposit }))
        .thenEvents([registered({ channel, deposit })])
        .andStatus(status);
    },
  );

  const INITIAL_PAYMENT_STATUS: [BuybackChannel, PaymentType, PaymentStatus][] = [
    ['store', 'gift_card', 'payment_completed'],
    ['store', 'voucher', 'payment_completed'],
    ['store', 'bank_transfer', 'awaiting_payment'],
    ['store', 'no_iban_transfer', 'awaiting_payment'],
    ['web', 'gift_card', 'awaiting_payment'],
    ['web', 'voucher', 'awaiting_payment'],
    ['web', 'bank_transfer', 'awaiting_payment'],
    ['web', 'no_iban_transfer', 'awaiting_payment'],
  ];

  it.each(INITIAL_PAYMENT_STATUS)(
    'given no buyback, when it is registered via %s paid by %s, then its payment starts as %s',
    (channel, paymentType, paymentStatus) => {
      const { state } = given()
        .when(registerBuyback({ channel, paymentType }))
        .thenEvents([registered({ channel, paymentType, paymentStatus })]);
      expect(state.context.paymentStatus).toBe(paymentStatus);
    },
  );

  it('given no buyback, when it is registered with a negative declared price, then it is refused with MONEY_NEGATIVE', () => {
    given()
      .when(registerBuyback({ declaredPrice: eur(-1) }))
      .thenRefused('MONEY_NEGATIVE', { amountInCents: -1 });
  });
});

const AT_CHECK = [registered(), shipped(), checkedIn()];
const AWAITING_DECISION = [...AT_CHECK, newPriceProposed()];

describe('checking in a buyback', () => {
  it('given a buyback in transit to another warehouse, when it is checked in here, then it is refused with BUYBACK_NOT_ASSIGNED_TO_WAREHOUSE', () => {
    given(registered(), shipped())
      .when(checkIn(OTHER_WAREHOUSE_ID))
      .thenRefused('BUYBACK_NOT_ASSIGNED_TO_WAREHOUSE', { warehouseId: OTHER_WAREHOUSE_ID });
  });
});

describe('completing a buyback by price', () => {
  it('given a buyback at the check, when it is completed with no controlled price, then the declared price is validated', () => {
    const { state } = given(...AT_CHECK)
      .when(completeByPrice(null))
      .thenEvents([completedByPrice({ controlledPrice: DECLARED_PRICE, validatedPrice: DECLARED_PRICE })]);
    expect(state.context.validatedPrice).toEqual(DECLARED_PRICE);
  });

  it('given a buyback at the check, when it is completed with a higher controlled price, then the declared price is still validated', () => {
    const { state } = given(...AT_CHECK)
      .when(completeByPrice(eur(12_000), 'Better than declared'))
      .thenEvents([completedByPrice({ controlledPrice: eur(12_000), validatedPrice: DECLARED_PRICE, comment: 'Better than declared' })])
      .andStatus('bb_completed_by_price');
    expect(state.context.controlledPrice).toEqual(eur(12_000));
    expect(state.context.validatedPrice).toEqual(DECLARED_PRICE);
  });

  it('given a buyback at the check, when it is completed with a lower controlled price, then it is refused with BUYBACK_PRICE_DEVIATION', () => {
    given(...AT_CHECK)
      .when(completeByPrice(eur(9_999)))
      .thenRefused('BUYBACK_PRICE_DEVIATION', { declaredPrice: DECLARED_PRICE, controlledPrice: eur(9_999) });
  });
});

describe('absorbing a price deviation', () => {
  function absorbed(controlledPrice: Money): BuybackEvent {
    return completedWithAbsorption({
      controlledPrice,
      absorbedAmount: eur(DECLARED_PRICE.amountInCents - controlledPrice.amountInCents),
      validatedPrice: DECLARED_PRICE,
    });
  }

  it("given a rule of type none, when any deviation is absorbed, then it is refused with ABSORPTION_EXCEEDS_RULE", () => {
    given(...AT_CHECK)
      .when(absorbPriceDeviation(eur(9_999), rule('none', 50)))
      .thenRefused('ABSORPTION_EXCEEDS_RULE', { deviation: eur(1), absorbable: eur(0) });
  });

  it('given a rule of type value 5.00, when a 5.00 deviation is absorbed, then the declared price is validated and 5.00 absorbed', () => {
    const { state } = given(...AT_CHECK)
      .when(absorbPriceDeviation(eur(9_500), rule('value', 500)))
      .thenEvents([absorbed(eur(9_500))])
      .andStatus('bb_completed_with_absorption');
    expect(state.context.validatedPrice).toEqual(DECLARED_PRICE);
    expect(state.context.controlledPrice).toEqual(eur(9_500));
  });

  it('given a rule of 10% of the controlled price (90.00 → 9.00), when a 10.00 deviation is absorbed, then it is refused', () => {
    given(...AT_CHECK)
      .when(absorbPriceDeviation(eur(9_000), rule('percentage_of_controlled_price', 10)))
      .thenRefused('ABSORPTION_EXCEEDS_RULE', { deviation: eur(1_000), absorbable: eur(900) });
  });

  it('given a rule of 10% of the controlled price (91.00 → 9.10), when a 9.00 deviation is absorbed, then it is accepted', () => {
    given(...AT_CHECK)
      .when(absorbPriceDeviation(eur(9_100), rule('percentage_of_controlled_price', 10)))
      .thenEvents([absorbed(eur(9_100))]);
  });

  it('given a rule of 10% of the declared price (100.00 → 10.00), when a 10.00 deviation is absorbed, then it is accepted', () => {
    given(...AT_CHECK)
      .when(absorbPriceDeviation(eur(9_000), rule('percentage_of_declared_price', 10)))
      .thenEvents([absorbed(eur(9_000))]);
  });

  it('given a rule of 10% of the declared price (100.00 → 10.00), when a 10.01 deviation is absorbed, then it is refused', () => {
    given(...AT_CHECK)
      .when(absorbPriceDeviation(eur(8_999), rule('percentage_of_declared_price', 10)))
      .thenRefused('ABSORPTION_EXCEEDS_RULE', { deviation: eur(1_001), absorbable: eur(1_000) });
  });

  it('given a rule of 20.00 capped at 3.00, when a 5.00 deviation is absorbed, then it is refused: the cap wins', () => {
    given(...AT_CHECK)
      .when(absorbPriceDeviation(eur(9_500), rule('value', 2_000, 300)))
      .thenRefused('ABSORPTION_EXCEEDS_RULE', { deviation: eur(500), absorbable: eur(300) });
  });

  it('given a rule of 20.00 capped at 3.00, when a 3.00 deviation is absorbed, then it is accepted', () => {
    given(...AT_CHECK)
      .when(absorbPriceDeviation(eur(9_700), rule('value', 2_000, 300)))
      .thenEvents([absorbed(eur(9_700))]);
  });

  it('given a rule of 5.00, when a deviation of exactly 5.00 is absorbed, then it is accepted', () => {
    given(...AT_CHECK)
      .when(absorbPriceDeviation(eur(9_500), rule('value', 500)))
      .thenEvents([absorbed(eur(9_500))]);
  });

  it('given a rule of 5.00, when a deviation of 5.01 is absorbed, then it is refused with ABSORPTION_EXCEEDS_RULE and the amounts', () => {
    given(...AT_CHECK)
      .when(absorbPriceDeviation(eur(9_499), rule('value', 500)))
      .thenRefused('ABSORPTION_EXCEEDS_RULE', { deviation: eur(501), absorbable: eur(500) });
  });

  it('given a buyback at the check, when the controlled price equals the declared one, then it is refused with BUYBACK_NO_PRICE_DEVIATION', () => {
    given(...AT_CHECK)
      .when(absorbPriceDeviation(DECLARED_PRICE, rule('value', 500)))
      .thenRefused('BUYBACK_NO_PRICE_DEVIATION', { declaredPrice: DECLARED_PRICE, controlledPrice: DECLARED_PRICE });
  });

  it('given a buyback at the check, when the controlled price is higher, then it is refused with BUYBACK_NO_PRICE_DEVIATION', () => {
    given(...AT_CHECK)
      .when(absorbPriceDeviation(eur(10_001), rule('value', 500)))
      .thenRefused('BUYBACK_NO_PRICE_DEVIATION');
  });
});

describe('proposing a new price', () => {
  it('given a buyback at the check, when the proposed price equals the declared one, then it is refused with BUYBACK_PROPOSED_PRICE_NOT_LOWER', () => {
    given(...AT_CHECK)
      .when(proposeNewPrice(DECLARED_PRICE))
      .thenRefused('BUYBACK_PROPOSED_PRICE_NOT_LOWER', { declaredPrice: DECLARED_PRICE, proposedPrice: DECLARED_PRICE });
  });

  it('given a buyback at the check, when the proposed price is higher, then it is refused with BUYBACK_PROPOSED_PRICE_NOT_LOWER', () => {
    given(...AT_CHECK).when(proposeNewPrice(eur(10_500))).thenRefused('BUYBACK_PROPOSED_PRICE_NOT_LOWER');
  });

  it('given a buyback at the check, when a negative price is proposed, then it is refused with MONEY_NEGATIVE', () => {
    given(...AT_CHECK).when(proposeNewPrice(eur(-100))).thenRefused('MONEY_NEGATIVE', { amountInCents: -100 });
  });

  it('given a buyback at the check, when a lower price is proposed, then the proposal awaits the customer with the token hash', () => {
    const { state } = given(...AT_CHECK)
      .when(proposeNewPrice(eur(7_000), { reason: 'Battery worn', comment: 'Battery at 70%' }))
      .thenEvents([newPriceProposed({ proposedPrice: eur(7_000), reason: 'Battery worn', comment: 'Battery at 70%' })])
      .andStatus('bb_in_processing', 'awaiting_customer_decision');
    expect(state.context.proposal).toMatchObject({ proposedPrice: eur(7_000), decision: 'pending' });
  });
});

describe("the customer's decision on a new price", () => {
  it('given a pending proposal, when the customer accepts it, then the proposed price is validated', () => {
    const { state } = given(...AWAITING_DECISION)
      .when(acceptNewPrice())
      .thenEvents([newPriceAccepted(PROPOSED_PRICE)])
      .andStatus('bb_completed_with_negociation');
    expect(state.context.validatedPrice).toEqual(PROPOSED_PRICE);
    expect(state.context.proposal?.decision).toBe('accepted');
  });

  it('given a pending proposal, when the customer rejects it, then the rejected price is recorded and the buyback is not completed', () => {
    const { state } = given(...AWAITING_DECISION)
      .when(rejectNewPrice())
      .thenEvents([newPriceRejected(PROPOSED_PRICE)])
      .andStatus('bb_not_completed');
    expect(state.context.proposal?.decision).toBe('rejected');
    expect(state.context.validatedPrice).toBeNull();
  });

  it('given a pending proposal, when it is accepted with another token, then it is refused with PRICE_PROPOSAL_TOKEN_INVALID', () => {
    given(...AWAITING_DECISION).when(acceptNewPrice(OTHER_TOKEN_HASH)).thenRefused('PRICE_PROPOSAL_TOKEN_INVALID');
  });

  it('given a pending proposal, when it is rejected with another token, then it is refused with PRICE_PROPOSAL_TOKEN_INVALID', () => {
    given(...AWAITING_DECISION).when(rejectNewPrice(OTHER_TOKEN_HASH)).thenRefused('PRICE_PROPOSAL_TOKEN_INVALID');
  });

  it('given an accepted proposal, when it is rejected, then it is refused with PRICE_PROPOSAL_ALREADY_RESOLVED and the decision', () => {
    given(...AWAITING_DECISION, newPriceAccepted())
      .when(rejectNewPrice())
      .thenRefused('PRICE_PROPOSAL_ALREADY_RESOLVED', { decision: 'accepted' });
  });
});

describe('cancelling a buyback', () => {
  it('given a buyback awaiting payment, when it is cancelled, then its payment is cancelled and the cancellation is not forced', () => {
    const { state } = given(registered())
      .when(cancel({ reason: 'technical_problem', comment: 'Label could not be printed' }))
      .thenEvents([
        cancelled({
          reason: 'technical_problem',
          comment: 'Label could not be printed',
          forced: false,
          previousPaymentStatus: 'awaiting_payment',
          paymentStatus: 'payment_cancelled',
        }),
      ])
      .andStatus('bb_cancelled');
    expect(state.context.paymentStatus).toBe('payment_cancelled');
  });

  const PAID_IN_STORE = registered({ channel: 'store', paymentType: 'gift_card' });

  it('given a buyback paid by gift card in store, when it is cancelled without force, then it is refused with BUYBACK_PAYMENT_NOT_CANCELLABLE', () => {
    given(PAID_IN_STORE)
      .when(cancel({ force: false }))
      .thenRefused('BUYBACK_PAYMENT_NOT_CANCELLABLE', { paymentStatus: 'payment_completed', forceAvailable: true });
  });

  it('given a buyback paid by gift card in store, when it is cancelled with force, then it is cancelled, forced, and the payment is kept', () => {
    const { state } = given(PAID_IN_STORE)
      .when(cancel({ force: true }))
      .thenEvents([
        cancelled({ forced: true, previousPaymentStatus: 'payment_completed', paymentStatus: 'payment_completed' }),
      ])
      .andStatus('bb_cancelled');
    expect(state.context.paymentStatus).toBe('payment_completed');
  });

  it('given a cancelled buyback, when it is cancelled again, then it is refused with BUYBACK_CANCELLED', () => {
    given(registered(), cancelled()).when(cancel()).thenRefused('BUYBACK_CANCELLED');
    given(PAID_IN_STORE, cancelled({ forced: true, previousPaymentStatus: 'payment_completed', paymentStatus: 'payment_completed' }))
      .when(cancel({ force: true }))
      .thenRefused('BUYBACK_CANCELLED');
  });
});

describe("packing a shop's buyback", () => {
  const inShop = registered({ channel: 'store', deposit: 'drop' });

  it('given a buyback packed, when another package takes it, then it is refused with BB_ALREADY_PROCESSED', () => {
    given(inShop, packed()).when(pack({ packageId: OTHER_PACKAGE_ID })).thenRefused('BB_ALREADY_PROCESSED');
  });

  it('given a buyback packed, when the same package takes it again, then it is refused with BB_ALREADY_FILLED', () => {
    given(inShop, packed()).when(pack()).thenRefused('BB_ALREADY_FILLED');
  });

  it('given a buyback packed then taken out, when another package takes it, then it is packed there', () => {
    given(inShop, packed(), unpacked()).when(pack({ packageId: OTHER_PACKAGE_ID })).thenEvents([packed(OTHER_PACKAGE_ID)]);
  });

  it('given a buyback packed, when it is taken out of another package, then nothing is recorded', () => {
    given(inShop, packed()).when(unpack(OTHER_PACKAGE_ID)).thenEvents([]);
  });

  it('given a buyback packed, when it is taken out of its package, then it is free again', () => {
    given(inShop, packed()).when(unpack()).thenEvents([unpacked()]).andStatus('bb_awaiting_inventory');
  });

  it("given another shop's buyback, when this shop's package takes it, then it is refused with BB_DOES_NOT_EXIST", () => {
    given(inShop).when(pack({ storeId: 'store-other' })).thenRefused('BB_DOES_NOT_EXIST');
  });

  it('given a buyback in transit from a shop, when a package takes it, then it is refused with BB_ALREADY_PROCESSED', () => {
    given(inShop, shipped()).when(pack()).thenRefused('BB_ALREADY_PROCESSED');
  });

  it('given a package to another warehouse, when it takes the buyback, then it is refused with SHIPMENT_ERROR', () => {
    given(inShop).when(pack({ warehouseId: OTHER_WAREHOUSE_ID })).thenRefused('SHIPMENT_ERROR', { reason: 'other_warehouse' });
  });

  it('given a buyback whose circuit needs a label, when a package without label takes it, then it is refused with BB_NEEDS_LABEL', () => {
    given(inShop).when(pack({ withLabel: false })).thenRefused('BB_NEEDS_LABEL');
  });

  it("given a buyback the retailer's transport collects, when a package under label takes it, then it is refused with BB_LABEL_NOT_NEEDED", () => {
    const collected = registered({ channel: 'store', deposit: 'collect' });
    given(collected).when(pack()).thenRefused('BB_LABEL_NOT_NEEDED');
    given(collected).when(pack({ withLabel: false })).thenEvents([packed()]);
  });
});

describe("cancelling a shop's buyback in its package", () => {
  const inShop = registered({ channel: 'store', deposit: 'drop' });

  it('given a buyback packed, when it is cancelled, then it is refused with BUYBACK_IN_PACKAGE naming the package: it is taken out first', () => {
    given(inShop, packed()).when(cancel()).thenRefused('BUYBACK_IN_PACKAGE', { packageId: PACKAGE_ID, packageNumber: PACKAGE_NUMBER });
  });

  it('given a buyback packed then taken out, when it is cancelled, then it is cancelled', () => {
    given(inShop, packed(), unpacked()).when(cancel()).thenEvents([cancelled()]).andStatus('bb_cancelled');
  });

  it('given a buyback packed, then its package shipped, when it is cancelled in transit, then it is cancelled', () => {
    given(inShop, packed(), shipped()).when(cancel()).thenEvents([cancelled()]).andStatus('bb_cancelled');
  });
});

describe("a shop's device the warehouse holds though its shop never shipped it", () => {
  const inShop = registered({ channel: 'store', deposit: 'drop' });
  const inPackage = { packageId: PACKAGE_ID, number: PACKAGE_NUMBER };

  it('given a buyback packed, when the warehouse confirms it holds it, then it is received from its shop out of its package, in processing, never shipped', () => {
    const { state } = given(inShop, packed())
      .when(receiveFromStore(PACKAGE_ID))
      .thenEvents([receivedFromStore(inPackage)])
      .andStatus('bb_in_processing', 'checking');
    expect(state.context.package).toBeNull();
    expect(isReceivedAtWarehouse(state)).toBe(true);
  });

  it('given a buyback received from its shop, when its package is closed and ships it, then the shipment is refused: the warehouse holds it', () => {
    given(inShop, packed(), receivedFromStore(inPackage)).when(ship()).thenRefused('BUYBACK_TRANSITION_NOT_ALLOWED');
  });

  it('given a buyback packed, when the warehouse found it in no package (it was packed since), then it is refused with CONCURRENT_MODIFICATION', () => {
    given(inShop, packed()).when(receiveFromStore(null)).thenRefused('CONCURRENT_MODIFICATION', { packageId: PACKAGE_ID });
  });

  it('given a buyback of another warehouse, when this warehouse confirms it holds it, then it is refused with BUYBACK_NOT_ASSIGNED_TO_WAREHOUSE', () => {
    given(inShop).when(receiveFromStore(null, OTHER_WAREHOUSE_ID)).thenRefused('BUYBACK_NOT_ASSIGNED_TO_WAREHOUSE');
  });

  it('given a buyback awaiting its shop’s shipment, then the warehouse has not received it; checked in or received, it has', () => {
    expect(isReceivedAtWarehouse(foldBuyback([inShop]))).toBe(false);
    expect(isReceivedAtWarehouse(foldBuyback([inShop, shipped()]))).toBe(false);
    expect(isReceivedAtWarehouse(foldBuyback([inShop, shipped(), checkedIn()]))).toBe(true);
    expect(isReceivedAtWarehouse(foldBuyback([inShop, cancelled()]))).toBe(false);
  });
});

describe("a carrier's reports", () => {
  it('given a delivery status recorded, when an older or repeated report comes, then nothing is recorded', () => {
    const history = [registered(), shipped(), deliveryStatusChanged('IN_PROGRESS', '2026-11-20T10:00:00.000Z')];
    given(...history).when(recordDelivery('DELIVERY_INIT', '2026-11-20T09:00:00.000Z')).thenEvents([]);
    given(...history).when(recordDelivery('IN_PROGRESS', '2026-11-20T10:00:00.000Z')).thenEvents([]);
    given(...history)
      .when(recordDelivery('DELIVERED_OK', '2026-11-20T12:00:00.000Z'))
      .thenEvents([deliveryStatusChanged('DELIVERED_OK', '2026-11-20T12:00:00.000Z')])
      .andStatus('bb_in_transit');
  });

  it('given a tracking number recorded, when the same label names it again, then nothing is recorded', () => {
    given(registered(), shipmentTracked()).when(recordShipment()).thenEvents([]);
  });
});

describe('purity', () => {
  const HISTORIES: BuybackEvent[][] = Object.values(STATES).map((state: GivenState) => [...state.history]);

  it('folding the same events always gives the same state', () => {
    for (const history of HISTORIES) {
      const first = foldBuyback(history);
      const second = foldBuyback(structuredClone(history));
      expect(second.value).toEqual(first.value);
      expect(second.context).toEqual(first.context);
      expect(second.status).toBe(first.status);
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
      const state = foldBuyback(history);
      const before = structuredClone({ value: state.value, context: state.context, status: state.status });
      deepFreeze(state.context);
      deepFreeze(state.value);
      for (const { command } of Object.values(COMMANDS)) {
        try {
          decide(command, state);
        } catch (error) {
          expect((error as Error).name).toBe('DomainError');
        }
      }
      expect({ value: state.value, context: state.context, status: state.status }).toEqual(before);
      expect(buybackStatus(state)).toBe(buybackStatus(foldBuyback(history)));
    }
  });
});
