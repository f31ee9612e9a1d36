import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BuybackCommand } from '../buybacks/commands.js';
import { decide as decideBuyback } from '../buybacks/decide.js';
import { BUYBACK_EVENT_TYPES, type BuybackChannel, type BuybackEvent, type BuybackEventType, type DepositType } from '../buybacks/events.js';
import { foldBuyback, statePathOf } from '../buybacks/machine.js';
import * as bb from '../buybacks/test-support.js';
import { DomainError } from '../shared/domain-error.js';
import { agree, buybackFollowing, itemAwaitingOf, itemFollowing, itemIdOf } from './buyback-item-sync.js';
import type { ItemCommand } from './items/commands.js';
import { decide as decideItem } from './items/decide.js';
import { ITEM_EVENT_TYPES, type ItemAwaiting, type ItemEvent, type ItemEventType } from './items/events.js';
import { foldItem, itemStatus } from './items/machine.js';
import { ITEM_STATUSES, type ItemStatus } from './items/state.js';
import * as items from './items/test-support.js';

const AT = '2026-11-03T10:00:00.000Z';

// ===========================================================================
// What follows what
// ===========================================================================

describe('itemFollowing: what the item does after each buyback event', () => {
  const REGISTERED = bb.registered({ channel: 'store', deposit: 'drop' });

  const FOLLOW_UPS: Record<BuybackEventType, [BuybackEvent, ItemCommand | null]> = {
    BuybackRegistered: [
      REGISTERED,
      {
        type: 'CreateItem',
        data: {
          itemId: itemIdOf(bb.BUYBACK_ID),
          buybackId: bb.BUYBACK_ID,
          identificationNumber: REGISTERED.data.identificationNumber,
          awaiting: 'store_shipment',
          storeId: bb.STORE_ID,
          warehouseId: bb.WAREHOUSE_ID,
          buyerId: REGISTERED.data.buyerId,
          product: REGISTERED.data.product,
          imei: REGISTERED.data.imei,
          purchasePrice: bb.DECLARED_PRICE,
        },
      },
    ],
    BuybackFinalizedInStore: [bb.finalizedInStore('store-lyon-02'), { type: 'DropItemInStore', data: { storeId: 'store-lyon-02' } }],
    BuybackShipped: [bb.shipped(), { type: 'ShipItem', data: { trackingNumber: bb.TRACKING.trackingNumber, packageId: null } }],
    BuybackCheckedIn: [bb.checkedIn(), { type: 'CheckInItem', data: { warehouseId: bb.WAREHOUSE_ID, at: AT } }],
    BuybackCompletedByPrice: [
      bb.completedByPrice({ controlledPrice: bb.eur(11_000) }),
      { type: 'CompleteItem', data: { completion: 'by_price', validatedPrice: bb.DECLARED_PRICE, absorbedAmount: null } },
    ],
    BuybackCompletedWithAbsorption: [
      bb.completedWithAbsorption({ absorbedAmount: bb.eur(400) }),
      { type: 'CompleteItem', data: { completion: 'with_absorption', validatedPrice: bb.DECLARED_PRICE, absorbedAmount: bb.eur(400) } },
    ],
    BuybackNewPriceProposed: [
      bb.newPriceProposed({ proposedPrice: bb.eur(7_000), reason: 'Battery worn', comment: 'Battery at 70%' }),
      { type: 'RecordPriceProposal', data: { proposedPrice: bb.eur(7_000), reason: 'Battery worn', sharedComment: 'Battery at 70%' } },
    ],
    BuybackNewPriceAccepted: [bb.newPriceAccepted(bb.eur(7_000)), { type: 'AcceptItemPrice', data: { validatedPrice: bb.eur(7_000) } }],
    BuybackNewPriceRejected: [bb.newPriceRejected(), { type: 'RejectItemPrice', data: {} }],
    BuybackCompleted: [bb.completed(bb.eur(9_000)), { type: 'CompleteItem', data: { completion: 'without_control', validatedPrice: bb.eur(9_000), absorbedAmount: null } }],
    // The item's loss is what completed the buyback: nothing more to do.
    BuybackCompletedAfterLoss: [bb.completedAfterLoss('store'), null],
    BuybackPutOnHold: [bb.putOnHold(), null],
    BuybackHoldLifted: [bb.holdLifted(), null],
    // The parcel's facts: the item moves when the buyback ships and is checked in.
    BuybackPacked: [bb.packed(), null],
    BuybackUnpacked: [bb.unpacked(), null],
    // Received from its store without a shipment: the item too (the reconciliation writes both with the package).
    BuybackReceivedFromStore: [
      bb.receivedFromStore({ packageId: bb.PACKAGE_ID, number: bb.PACKAGE_NUMBER }),
      { type: 'ReceiveItemFromStore', data: { warehouseId: bb.WAREHOUSE_ID, at: AT, packageId: bb.PACKAGE_ID, packageNumber: bb.PACKAGE_NUMBER } },
    ],
    BuybackShipmentTracked: [bb.shipmentTracked(), null],
    BuybackDeliveryStatusChanged: [bb.deliveryStatusChanged(), null],
    // Corrected answers change the price the item expects to be paid; a corrected customer alone is the buyback's.
    BuybackEdited: [bb.edited(), { type: 'CorrectItemPurchasePrice', data: { purchasePrice: bb.EDITED_DECLARATION.declaredPrice } }],
    BuybackCancelled: [
      bb.cancelled({ reason: 'technical_problem', comment: 'Label not printed' }),
      { type: 'CancelItem', data: { reason: 'technical_problem', comment: 'Label not printed' } },
    ],
  };

  it('says something about every buyback event', () => {
    expect(Object.keys(FOLLOW_UPS).sort()).toEqual([...BUYBACK_EVENT_TYPES].sort());
  });

  it.each(Object.entries(FOLLOW_UPS))('after %s', (_type, [event, expected]) => {
    expect(itemFollowing(event, AT)).toEqual(expected);
  });

  it('after a cancellation with an empty comment, the item records none', () => {
    expect(itemFollowing(bb.cancelled({ comment: '' }), AT)).toEqual({ type: 'CancelItem', data: { reason: 'customer_retractation', comment: null } });
  });

  it('after an edition of the customer alone, the item does nothing', () => {
    expect(itemFollowing(bb.edited({ declaration: null }), AT)).toBeNull();
  });

  it('after a proposal without a comment, the item shares none', () => {
    expect(itemFollowing(bb.newPriceProposed({ comment: null }), AT)).toMatchObject({ data: { sharedComment: null } });
  });
});

describe('buybackFollowing: what the buyback does after each item event', () => {
  const SHARED = items.findings({ comment: 'Light scratches', commentShared: true });
  const INTERNAL = items.findings({ comment: 'Light scratches', commentShared: false });
  const ABSORBING = items.findings({ ...items.ABSORBING_FINDINGS, comment: 'No box', commentShared: true });

  const FOLLOW_UPS: Record<ItemEventType, [ItemEvent, BuybackCommand | null][]> = {
    ItemCreated: [[items.created(), null]],
    ItemDroppedInStore: [[items.droppedInStore(), null]],
    ItemShipped: [
      [items.shipped(), { type: 'ShipBuyback', data: { trackingNumber: items.TRACKING_NUMBER, trackingLink: null, direct: false } }],
      // Received before anyone scanned it out: its customer sent it, for a pre-declaration straight to the warehouse.
      [items.shipped({ implicit: true }), { type: 'ShipBuyback', data: { trackingNumber: null, trackingLink: null, direct: true } }],
    ],
    ItemRegisteredInWarehouse: [[items.registeredInWarehouse(), { type: 'CheckInBuyback', data: { warehouseId: items.WAREHOUSE_ID } }]],
    ItemReceivedFromStore: [
      [items.receivedFromStore(items.PACKAGE_ID, items.PACKAGE_NUMBER), { type: 'ReceiveBuybackFromStore', data: { warehouseId: items.WAREHOUSE_ID, packageId: items.PACKAGE_ID } }],
      [items.receivedFromStore(), { type: 'ReceiveBuybackFromStore', data: { warehouseId: items.WAREHOUSE_ID, packageId: null } }],
    ],
    ItemCompletedByPrice: [
      [
        items.completedByPrice({ check: items.checkResult(items.findings({ ...SHARED, controlledPrice: items.eur(10_500) })) }),
        { type: 'CompleteBuybackByPrice', data: { controlledPrice: items.eur(10_500), comment: 'Light scratches' } },
      ],
      [items.completedByPrice({ check: items.checkResult(INTERNAL) }), { type: 'CompleteBuybackByPrice', data: { controlledPrice: items.DECLARED_PRICE, comment: null } }],
      // Completed after its buyback, which is completed already.
      [items.completedByPrice({ check: null }), { type: 'CompleteBuybackByPrice', data: { controlledPrice: null, comment: null } }],
    ],
    ItemCompletedWithAbsorption: [
      [
        items.completedWithAbsorption({ check: items.checkResult(ABSORBING, items.eur(1_000)) }),
        { type: 'AbsorbPriceDeviation', data: { controlledPrice: items.eur(9_500), rule: items.rule('value', 1_000), comment: 'No box' } },
      ],
      [items.completedWithAbsorption({ check: null }), null],
    ],
    ItemCompletedWithoutControl: [[items.completedWithoutControl(), null]],
    ItemNewPriceProposed: [
      [
        items.newPriceProposed({ proposedPrice: items.eur(8_500), reason: 'Screen scratched', sharedComment: 'Deep scratch' }),
        {
          type: 'ProposeNewPrice',
          data: {
            proposedPrice: items.eur(8_500),
            // What the check found it worth: the buyback records it beside the proposed price.
            controlledPrice: items.newPriceProposed().data.check!.controlledPrice,
            reason: 'Screen scratched',
            comment: 'Deep scratch',
            decisionTokenHash: bb.DECISION_TOKEN_HASH,
          },
        },
      ],
      [
        items.newPriceProposed({ check: null, proposedPrice: items.eur(8_500), reason: 'Scratches', sharedComment: null }),
        { type: 'ProposeNewPrice', data: { proposedPrice: items.eur(8_500), reason: 'Scratches', comment: null, decisionTokenHash: bb.DECISION_TOKEN_HASH } },
      ],
    ],
    ItemCompletedWithNegotiation: [[items.completedWithNegotiation(), null]],
    ItemReturnRequested: [[items.returnRequested(), null]],
    ItemReturned: [[items.returned(), null]],
    ItemCancelled: [[items.cancelled(), null]],
    ItemReceivedAfterCancellation: [[items.receivedAfterCancellation(), null]],
    ItemQuarantined: [[items.quarantined(), { type: 'PutBuybackOnHold', data: { reason: 'account_lock_active' } }]],
    ItemDisputeMailSent: [[items.disputeMailSent(), null]],
    ItemReleasedFromQuarantine: [[items.releasedFromQuarantine(), { type: 'LiftBuybackHold', data: {} }]],
    ItemLost: [
      [items.lost('store'), { type: 'CompleteBuybackAfterLoss', data: { place: 'store' } }],
      [items.lost('transport'), { type: 'CompleteBuybackAfterLoss', data: { place: 'transport' } }],
      [items.lost('warehouse', items.leaving(items.TO_APPROVE)), { type: 'CompleteBuybackAfterLoss', data: { place: 'warehouse' } }],
    ],
    ItemMovedToStock: [[items.movedToStock(), null]],
    ItemRefurbDiagnosticStarted: [[items.refurbDiagnosticStarted(), null]],
    ItemRefurbStarted: [[items.refurbStarted(), null]],
    ItemRefurbCompleted: [[items.refurbCompleted(), null]],
    ItemPurchasePriceCorrected: [[items.purchasePriceCorrected(), null]],
  };

  it('says something about every item event', () => {
    expect(Object.keys(FOLLOW_UPS).sort()).toEqual([...ITEM_EVENT_TYPES].sort());
  });

  const CASES = Object.entries(FOLLOW_UPS).flatMap(([type, cases]) =>
    cases.map(([event, expected], index) => ({ title: `${type} (${index + 1})`, event, expected })),
  );

  it.each(CASES)('after $title', ({ event, expected }) => {
    expect(buybackFollowing(event, () => bb.DECISION_TOKEN_HASH)).toEqual(expected);
  });

  it("asks for the decision link's secret only for a proposal: it derives from the event and is kept nowhere else", () => {
    const refuse = () => {
      throw new Error('the secret was asked');
    };
    for (const { event } of CASES) if (event.type !== 'ItemNewPriceProposed') expect(() => buybackFollowing(event, refuse)).not.toThrow();
  });
});

describe('the item of a buyback', () => {
  it('has an id derived from its buyback: the same every time, another for another buyback, shaped as a UUID', () => {
    expect(itemIdOf('bb-0001')).toBe(itemIdOf('bb-0001'));
    expect(itemIdOf('bb-0001')).not.toBe(itemIdOf('bb-0002'));
    expect(itemIdOf('bb-0001')).not.toBe('bb-0001');
    expect(itemIdOf('bb-0001')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('has distinct ids for many buybacks', () => {
    const ids = Array.from({ length: 10_000 }, (_, n) => itemIdOf(`buyback-${n}`));
    expect(new Set(ids).size).toBe(ids.length);
  });

  const AWAITING: [BuybackChannel, DepositType, ItemAwaiting][] = [
    ['store', 'drop', 'store_shipment'],
    ['store', 'drop_label', 'store_shipment'],
    ['store', 'collect', 'store_shipment'],
    ['store', 'post', 'store_shipment'],
    ['web', 'drop', 'store_drop'],
    ['web', 'drop_label', 'customer_shipment'],
    ['web', 'collect', 'customer_shipment'],
    ['web', 'post', 'customer_shipment'],
  ];

  it.each(AWAITING)('of a %s buyback deposited by %s awaits %s', (channel, deposit, awaiting) => {
    expect(itemAwaitingOf(bb.registered({ channel, deposit }).data)).toBe(awaiting);
  });

  it.each(AWAITING)('of a %s buyback deposited by %s starts in agreement with it', (channel, deposit) => {
    const registration = bb.registered({ channel, deposit });
    const creation = itemFollowing(registration, AT) as ItemCommand;
    const item = foldItem(decideItem(creation, foldItem([])));
    expect(agree(itemStatus(item), statePathOf(foldBuyback([registration])))).toBe(true);
  });
});

// ===========================================================================
// When a buyback and its item agree
// ===========================================================================

const BUYBACK_PATHS = [
  'bb_awaiting_store_drop',
  'bb_awaiting_inventory',
  'bb_in_transit',
  'bb_in_processing.checking',
  'bb_in_processing.on_hold',
  'bb_in_processing.awaiting_customer_decision',
  'bb_completed',
  'bb_completed_by_price',
  'bb_completed_with_absorption',
  'bb_completed_with_negociation',
  'bb_not_completed',
  'bb_cancelled',
] as const;

const COMPLETED = ['bb_completed', 'bb_completed_by_price', 'bb_completed_with_absorption', 'bb_completed_with_negociation'];

/** The buyback states each item status agrees with: written out, not read from the sync. */
const AGREEMENT: Record<ItemStatus, readonly string[]> = {
  item_created: ['bb_awaiting_inventory'],
  item_awaiting_store_drop: ['bb_awaiting_store_drop'],
  item_awaiting_inventory: ['bb_awaiting_inventory'],
  item_in_transit: ['bb_in_transit'],
  item_registered_in_warehouse: ['bb_in_processing.checking'],
  item_in_quarantine: ['bb_in_processing.on_hold'],
  item_to_reintegrate_to_stock: ['bb_in_processing.checking'],
  item_awaiting_compliancy_tests: ['bb_in_processing.awaiting_customer_decision'],
  item_completed: COMPLETED,
  item_refurb_diagnostic_in_progress: COMPLETED,
  item_refurb_in_progress: COMPLETED,
  item_refurb_completed: COMPLETED,
  item_to_return: ['bb_not_completed'],
  // Sent back after the customer refused the new price, or after a cancellation at the warehouse.
  item_returned: ['bb_not_completed', 'bb_cancelled'],
  item_cancelled: ['bb_cancelled'],
  // A loss completes the buyback (bb_completed); an item completed first may still be lost in the warehouse,
  // and so may one waiting to go back to its customer (its buyback stays as it was).
  item_lost_store: ['bb_completed'],
  item_lost_transport: ['bb_completed'],
  item_lost_warehouse: [...COMPLETED, 'bb_not_completed', 'bb_cancelled'],
};

describe('agree', () => {
  it('knows every buyback state path of the machine', () => {
    const reached = [
      [bb.predeclaredForDrop()],
      [bb.registered()],
      [bb.registered(), bb.shipped()],
      [bb.registered(), bb.shipped(), bb.checkedIn()],
      [bb.registered(), bb.shipped(), bb.checkedIn(), bb.newPriceProposed()],
      [bb.registered(), bb.shipped(), bb.checkedIn(), bb.putOnHold()],
    ].map((history) => statePathOf(foldBuyback(history)));
    expect(BUYBACK_PATHS).toEqual(expect.arrayContaining(reached));
  });

  const PAIRS = ITEM_STATUSES.flatMap((status) => BUYBACK_PATHS.map((path) => ({ status, path, agreeing: AGREEMENT[status].includes(path) })));

  it.each(PAIRS)('an item $status and a buyback $path agree: $agreeing', ({ status, path, agreeing }) => {
    expect(agree(status, path)).toBe(agreeing);
  });

  it.each([
    ['by_price', 'bb_completed_by_price'],
    ['with_absorption', 'bb_completed_with_absorption'],
    ['with_negociation', 'bb_completed_with_negociation'],
    ['without_control', 'bb_completed'],
  ] as const)('a completed item agrees only with the buyback completion it followed: %s with %s', (completion, status) => {
    for (const path of COMPLETED) expect(agree('item_completed', path, completion), path).toBe(path === status);
    expect(agree('item_refurb_completed', status, completion)).toBe(true);
  });

  it('no item and no buyback agree; an item without its buyback, or a buyback without its item, do not', () => {
    expect(agree(null, null)).toBe(true);
    for (const path of BUYBACK_PATHS) expect(agree(null, path)).toBe(false);
    for (const status of ITEM_STATUSES) expect(agree(status, null)).toBe(false);
  });
});

// ===========================================================================
// The round trip: each follow-up applied through the other's decide
// ===========================================================================

interface Conflict {
  source: string;
  code: string;
  itemStatus: ItemStatus | null;
  buybackPath: string | null;
}

type Recorded = { side: 'buyback'; event: BuybackEvent } | { side: 'item'; event: ItemEvent };

/**
 * A buyback and its item with the process manager between them, in memory:
 * every event recorded on one side is handed, in order, to the other's
 * follow-up, applied through the other's decide; a refusal is a conflict
 * unless the two already agree. application/warehouse/buyback-item-process.ts
 * does the same over the event store, and also lets pass a refusal that later
 * events overtook; this is stricter: one person after another, every refused
 * follow-up must find the pair agreeing at once.
 */
class Pair {
  readonly buybackEvents: BuybackEvent[] = [];
  readonly itemEvents: ItemEvent[] = [];
  readonly conflicts: Conflict[] = [];
  private readonly pending: Recorded[] = [];

  get itemStatus(): ItemStatus | null {
    return itemStatus(foldItem(this.itemEvents));
  }

  get buybackPath(): string | null {
    return this.buybackEvents.length === 0 ? null : statePathOf(foldBuyback(this.buybackEvents));
  }

  /** A person acts on one side; false when that side refuses (the screen would not offer it, or says why). */
  act(action: Action): boolean {
    try {
      if (action.side === 'buyback') this.recordOnBuyback(decideBuyback(action.command, foldBuyback(this.buybackEvents)));
      else this.recordOnItem(decideItem(action.command, foldItem(this.itemEvents)));
    } catch (error) {
      if (error instanceof DomainError) return false;
      throw error;
    }
    this.settle();
    return true;
  }

  private recordOnBuyback(events: BuybackEvent[]): void {
    this.buybackEvents.push(...events);
    this.pending.push(...events.map((event): Recorded => ({ side: 'buyback', event })));
  }

  private recordOnItem(events: ItemEvent[]): void {
    this.itemEvents.push(...events);
    this.pending.push(...events.map((event): Recorded => ({ side: 'item', event })));
  }

  private settle(): void {
    for (let handled = 0; this.pending.length > 0; handled++) {
      if (handled > 100) throw new Error('The follow-ups do not settle');
      this.follow(this.pending.shift() as Recorded);
    }
  }

  private follow(recorded: Recorded): void {
    try {
      if (recorded.side === 'buyback') {
        const command = itemFollowing(recorded.event, AT);
        if (command) this.recordOnItem(decideItem(command, foldItem(this.itemEvents)));
      } else {
        const command = buybackFollowing(recorded.event, () => bb.DECISION_TOKEN_HASH);
        if (command) this.recordOnBuyback(decideBuyback(command, foldBuyback(this.buybackEvents)));
      }
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      if (error.code === 'ITEM_ALREADY_EXISTS' || agree(this.itemStatus, this.buybackPath)) return;
      this.conflicts.push({ source: recorded.event.type, code: error.code, itemStatus: this.itemStatus, buybackPath: this.buybackPath });
    }
  }
}

type Action = { name: string; side: 'buyback'; command: BuybackCommand } | { name: string; side: 'item'; command: ItemCommand };

const onBuyback = (name: string, command: BuybackCommand): Action => ({ name, side: 'buyback', command });
const onItem = (name: string, command: ItemCommand): Action => ({ name, side: 'item', command });

/** What people do on either side, from their screens (and the customer from their e-mail). */
const ACT = {
  register: (channel: BuybackChannel, deposit: DepositType) => onBuyback(`registered (${channel}, ${deposit})`, bb.registerBuyback({ channel, deposit })),
  finalizeInStore: onBuyback('buyback finalized in store', bb.finalizeInStore()),
  shipBuyback: onBuyback('buyback shipped', bb.ship()),
  checkInBuyback: onBuyback('buyback checked in', bb.checkIn()),
  completeBuybackByPrice: onBuyback('buyback completed by price', bb.completeByPrice()),
  absorbOnBuyback: onBuyback('buyback deviation absorbed', bb.absorbPriceDeviation()),
  proposeOnBuyback: onBuyback('buyback new price proposed', bb.proposeNewPrice()),
  completeBuyback: onBuyback('buyback completed without control', bb.completeBuyback()),
  cancelBuyback: onBuyback('buyback cancelled', bb.cancel({ force: true })),
  accept: onBuyback('customer accepts the new price', bb.acceptNewPrice()),
  reject: onBuyback('customer rejects the new price', bb.rejectNewPrice()),
  checkInItem: onItem('item checked in', items.checkIn()),
  receiveItemFromStore: onItem('item received from its store (reconciled)', items.receiveFromStore()),
  receiveBuybackFromStore: onBuyback('buyback received from its store (reconciled)', bb.receiveFromStore()),
  checkAsDeclared: onItem('item checked as declared', items.recordCheck()),
  checkAbsorbed: onItem('item checked, deviation absorbed', items.recordCheck({ findings: items.ABSORBING_FINDINGS })),
  checkProposes: onItem(
    'item checked, new price proposed',
    items.recordCheck({ findings: items.findings({ ...items.PROPOSING_FINDINGS, comment: 'Scratched', commentShared: true }), decision: items.byRule(items.PROPOSAL_REASON) }),
  ),
  checkQuarantines: onItem('item checked, quarantined', items.recordCheck({ decision: items.toQuarantine() })),
  checkInMandatoryCheck: onItem('item checked with check-in mandatory', items.recordCheck({ checkInRequirement: 'mandatory' })),
  quarantine: onItem('item quarantined', items.quarantineItem()),
  disputeMail: onItem('dispute e-mail sent', items.recordDisputeMail()),
  release: onItem('item released', items.releaseItem(items.SHELF_B)),
  lostInStore: onItem('item lost in store', items.declareLost('store')),
  lostInTransport: onItem('item lost in transport', items.declareLost('transport')),
  lostInWarehouse: onItem('item lost in the warehouse', items.declareLost('warehouse')),
  move: onItem('item moved', items.moveItem(items.SHELF_A)),
  sendBack: onItem('item sent back', items.returnItem()),
  refurbDiagnostic: onItem('refurbishment diagnostic started', items.startRefurbDiagnostic()),
  refurb: onItem('refurbishment started', items.startRefurb()),
  refurbDone: onItem('refurbishment completed', items.completeRefurb()),
} as const;

/** The buyback's own check outcomes, which its machine refuses while its item is in quarantine (on hold). */
const BUYBACK_CHECK_OUTCOMES: readonly Action[] = [ACT.completeBuybackByPrice, ACT.absorbOnBuyback, ACT.proposeOnBuyback, ACT.completeBuyback];

interface Journey {
  readonly title: string;
  readonly actions: readonly Action[];
  readonly item: ItemStatus;
  readonly buyback: string;
}

const JOURNEYS: readonly Journey[] = [
  {
    title: 'a store buyback shipped, checked in at the warehouse and found as declared',
    actions: [ACT.register('store', 'drop'), ACT.shipBuyback, ACT.checkInItem, ACT.checkAsDeclared],
    item: 'item_completed',
    buyback: 'bb_completed_by_price',
  },
  {
    title: "a web buyback its customer posted, received unscanned, whose deviation is absorbed",
    actions: [ACT.register('web', 'post'), ACT.checkAbsorbed],
    item: 'item_completed',
    buyback: 'bb_completed_with_absorption',
  },
  {
    title: 'a web pre-declaration posted straight to the warehouse, a new price proposed and accepted',
    actions: [ACT.register('web', 'drop'), ACT.checkInItem, ACT.checkProposes, ACT.accept],
    item: 'item_completed',
    buyback: 'bb_completed_with_negociation',
  },
  {
    title: 'a web pre-declaration dropped in a shop, its new price rejected, sent back',
    actions: [ACT.register('web', 'drop'), ACT.finalizeInStore, ACT.shipBuyback, ACT.checkInItem, ACT.checkProposes, ACT.reject, ACT.sendBack],
    item: 'item_returned',
    buyback: 'bb_not_completed',
  },
  {
    title: 'a store buyback checked in and completed without control from its own screen',
    actions: [ACT.register('store', 'post'), ACT.shipBuyback, ACT.checkInBuyback, ACT.completeBuyback],
    item: 'item_completed',
    buyback: 'bb_completed',
  },
  {
    title: 'a buyback whose own screen proposes a new price the customer accepts',
    actions: [ACT.register('store', 'drop'), ACT.shipBuyback, ACT.checkInItem, ACT.proposeOnBuyback, ACT.accept],
    item: 'item_completed',
    buyback: 'bb_completed_with_negociation',
  },
  {
    title: 'a store buyback cancelled before it left the shop',
    actions: [ACT.register('store', 'drop'), ACT.cancelBuyback],
    item: 'item_cancelled',
    buyback: 'bb_cancelled',
  },
  {
    title: 'a web buyback cancelled once at the warehouse, then sent back',
    actions: [ACT.register('web', 'post'), ACT.checkInItem, ACT.move, ACT.cancelBuyback, ACT.sendBack],
    item: 'item_returned',
    buyback: 'bb_cancelled',
  },
  {
    title: 'a store buyback lost in its shop',
    actions: [ACT.register('store', 'drop'), ACT.lostInStore],
    item: 'item_lost_store',
    buyback: 'bb_completed',
  },
  {
    title: 'a buyback lost in transport',
    actions: [ACT.register('store', 'drop'), ACT.shipBuyback, ACT.lostInTransport],
    item: 'item_lost_transport',
    buyback: 'bb_completed',
  },
  {
    title: 'a device quarantined at its check, mailed, released and found as declared',
    actions: [ACT.register('web', 'post'), ACT.shipBuyback, ACT.checkInItem, ACT.checkQuarantines, ACT.disputeMail, ACT.release, ACT.checkAsDeclared],
    item: 'item_completed',
    buyback: 'bb_completed_by_price',
  },
  {
    title: 'a device quarantined whose buyback is cancelled',
    actions: [ACT.register('store', 'drop'), ACT.shipBuyback, ACT.checkInItem, ACT.quarantine, ACT.cancelBuyback],
    item: 'item_cancelled',
    buyback: 'bb_cancelled',
  },
  {
    title: 'a device completed, refurbished, then lost in the warehouse',
    actions: [ACT.register('store', 'drop'), ACT.shipBuyback, ACT.checkAsDeclared, ACT.refurbDiagnostic, ACT.refurb, ACT.refurbDone, ACT.lostInWarehouse],
    item: 'item_lost_warehouse',
    buyback: 'bb_completed_by_price',
  },
  {
    title: 'a device lost in the warehouse while its customer considers a new price',
    actions: [ACT.register('store', 'drop'), ACT.shipBuyback, ACT.checkProposes, ACT.lostInWarehouse],
    item: 'item_lost_warehouse',
    buyback: 'bb_completed',
  },
];

describe('the round trip: each follow-up applied through the other’s decide', () => {
  it.each(JOURNEYS)('$title: every step is taken, the two agree after each, and end as $item and $buyback', ({ actions, item, buyback }) => {
    const pair = new Pair();
    for (const action of actions) {
      expect({ action: action.name, accepted: pair.act(action) }).toEqual({ action: action.name, accepted: true });
      expect(pair.conflicts).toEqual([]);
      expect(agree(pair.itemStatus, pair.buybackPath), `${pair.itemStatus} / ${pair.buybackPath} after ${action.name}`).toBe(true);
    }
    expect({ item: pair.itemStatus, buyback: pair.buybackPath }).toEqual({ item, buyback });
  });

  const REGISTRATIONS = fc.constantFrom(
    ...(['drop', 'drop_label', 'collect', 'post'] as const).flatMap((deposit) => [ACT.register('store', deposit), ACT.register('web', deposit)]),
  );
  const ANY_ACTION = fc.constantFrom(...Object.values(ACT).filter((action): action is Action => typeof action !== 'function'));

  it('whatever people do on either side, one after another, the two agree after every step and the process manager reports nothing', () => {
    fc.assert(
      fc.property(REGISTRATIONS, fc.array(ANY_ACTION, { maxLength: 14 }), (registration, actions) => {
        const pair = new Pair();
        pair.act(registration);
        for (const action of actions) {
          pair.act(action);
          expect(pair.conflicts, `after ${action.name}`).toEqual([]);
          expect(agree(pair.itemStatus, pair.buybackPath), `${pair.itemStatus} / ${pair.buybackPath} after ${action.name}`).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it.each(BUYBACK_CHECK_OUTCOMES.map((action) => [action.name, action] as const))(
    'given an item in quarantine, when the %s on the buyback’s own screen, then the buyback (on hold) refuses it and the two still agree',
    (_name, action) => {
      const pair = new Pair();
      for (const step of [ACT.register('store', 'drop'), ACT.shipBuyback, ACT.checkInItem, ACT.quarantine]) pair.act(step);
      expect(pair.buybackPath).toBe('bb_in_processing.on_hold');
      expect(pair.act(action)).toBe(false);
      expect(pair.itemStatus).toBe('item_in_quarantine');
      expect(agree(pair.itemStatus, pair.buybackPath)).toBe(true);
      expect(pair.conflicts).toEqual([]);
    },
  );
});
