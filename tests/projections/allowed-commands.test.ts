import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../application/ports/event-store.js';
import { storedTypeOf } from '../../application/events/codec.js';
import { BUYBACK_STREAMS } from '../../application/buybacks/streams.js';
import { presentBuyback } from '../../application/buybacks/present-buyback.js';
import type { BuybackDocument } from '../../application/buybacks/read-models.js';
import { EVENT_OF_COMMAND, type LifecycleCommandType } from '../../domain/buybacks/allowed-commands.js';
import type { BuybackCommand } from '../../domain/buybacks/commands.js';
import { decide } from '../../domain/buybacks/decide.js';
import type { BuybackEvent } from '../../domain/buybacks/events.js';
import { buybackMachine, foldBuyback, statePathOf } from '../../domain/buybacks/machine.js';
import { DomainError } from '../../domain/shared/domain-error.js';
import {
  BUYBACK_ID,
  absorbPriceDeviation,
  acceptNewPrice,
  cancel,
  cancelled,
  checkIn,
  checkedIn,
  completeAfterLoss,
  completeBuyback,
  liftBuybackHold,
  putBuybackOnHold,
  putOnHold,
  completeByPrice,
  completed,
  completedByPrice,
  completedWithAbsorption,
  finalizeInStore,
  newPriceAccepted,
  newPriceProposed,
  newPriceRejected,
  pack,
  predeclaredForDrop,
  recordDelivery,
  editBuyback,
  recordShipment,
  unpack,
  receiveFromStore,
  proposeNewPrice,
  registered,
  rejectNewPrice,
  ship,
  shipped,
} from '../../domain/buybacks/test-support.js';
import { buybacksProjection } from '../../projections/buybacks/list-projection.js';
import { PERMISSION_MATRIX } from '../support/assembly.js';

/**
 * "The machine decides on screen too": for every state of the buyback
 * machine, the commands a view offers are exactly those `decide` accepts. The
 * view is built the way the API builds it (the list projection's document,
 * then presentBuyback), so no rule about which transition is allowed can
 * live outside the domain without this test failing.
 */

/** One history per state of the machine, sub-states included. */
const HISTORIES: Record<string, BuybackEvent[]> = {
  bb_awaiting_store_drop: [predeclaredForDrop()],
  bb_awaiting_inventory: [registered()],
  bb_in_transit: [registered(), shipped()],
  'bb_in_processing.checking': [registered(), shipped(), checkedIn()],
  'bb_in_processing.on_hold': [registered(), shipped(), checkedIn(), putOnHold()],
  'bb_in_processing.awaiting_customer_decision': [registered(), shipped(), checkedIn(), newPriceProposed()],
  bb_completed: [registered(), shipped(), checkedIn(), completed()],
  bb_completed_by_price: [registered(), shipped(), checkedIn(), completedByPrice()],
  bb_completed_with_absorption: [registered(), shipped(), checkedIn(), completedWithAbsorption()],
  bb_completed_with_negociation: [registered(), shipped(), checkedIn(), newPriceProposed(), newPriceAccepted()],
  bb_not_completed: [registered(), shipped(), checkedIn(), newPriceProposed(), newPriceRejected()],
  bb_cancelled: [registered(), cancelled()],
};

/** A valid input of each command: what a caller allowed to send it would send (cancellation forced when it must be). */
const VALID: Record<LifecycleCommandType, BuybackCommand> = {
  FinalizeBuybackInStore: finalizeInStore(),
  ShipBuyback: ship(),
  CheckInBuyback: checkIn(),
  CompleteBuybackByPrice: completeByPrice(),
  AbsorbPriceDeviation: absorbPriceDeviation(),
  ProposeNewPrice: proposeNewPrice(),
  AcceptNewPrice: acceptNewPrice(),
  RejectNewPrice: rejectNewPrice(),
  CompleteBuyback: completeBuyback(),
  CompleteBuybackAfterLoss: completeAfterLoss(),
  PutBuybackOnHold: putBuybackOnHold(),
  LiftBuybackHold: liftBuybackHold(),
  CancelBuyback: cancel({ force: true }),
  PackBuyback: pack(),
  UnpackBuyback: unpack(),
  ReceiveBuybackFromStore: receiveFromStore(),
  RecordBuybackShipment: recordShipment(),
  RecordBuybackDelivery: recordDelivery(),
  EditBuyback: editBuyback(),
};

/**
 * The customer answers a proposal from their e-mail, not from a staff screen;
 * a loss is declared on the item, whose process manager completes the buyback.
 */
const CUSTOMER_COMMANDS: readonly LifecycleCommandType[] = [
  'AcceptNewPrice',
  'RejectNewPrice',
  'CompleteBuybackAfterLoss',
  'PutBuybackOnHold',
  'LiftBuybackHold',
  // The logistics part sends these (a package's scans, a carrier's label and reports): no staff screen sends them on a buyback.
  'PackBuyback',
  'UnpackBuyback',
  'RecordBuybackShipment',
  'RecordBuybackDelivery',
  // The warehouse's check-in sends it (a device its store never shipped, reconciled), with the item and the package.
  'ReceiveBuybackFromStore',
];

function accepted(history: readonly BuybackEvent[]): LifecycleCommandType[] {
  const state = foldBuyback(history);
  return (Object.keys(EVENT_OF_COMMAND) as LifecycleCommandType[]).filter((command) => {
    try {
      decide(VALID[command], state);
      return true;
    } catch (error) {
      if (error instanceof DomainError) return false;
      throw error;
    }
  });
}

/** What the runner hands the projection once the sealed customer is opened. */
const REVEALED_CUSTOMER = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '+33612345678',
  street: '1 rue de la Paix',
  streetComplement: null,
  city: 'Paris',
  zipCode: '75002',
  country: 'FR',
  iban: 'FR7630006000011234567890189',
  identity: null,
};

/** The read model's document after the history, as the projection writes it. */
function documentAfter(history: readonly BuybackEvent[]): BuybackDocument {
  let document: BuybackDocument | null = null;
  history.forEach((original, revision) => {
    const event = original.type === 'BuybackRegistered' ? { ...original, data: { ...original.data, customer: REVEALED_CUSTOMER } } : original;
    const stored: StoredEvent = {
      id: `event-${revision}`,
      type: storedTypeOf(event.type),
      data: event.data as unknown as Record<string, unknown>,
      metadata: {
        accountId: 'account',
        organizationId: null,
        userId: null,
        correlationId: 'c',
        causationId: null,
        occurredAt: `2026-11-0${revision + 1}T10:00:00.000Z`,
      },
      streamName: BUYBACK_STREAMS.buyback.name(BUYBACK_ID),
      streamRevision: revision,
      globalPosition: revision + 1,
    };
    document = buybacksProjection.evolve(document, stored, BUYBACK_ID);
  });
  if (!document) throw new Error('no document');
  return document;
}

/** Every leaf state of the machine, as a dotted path. */
interface Node {
  key: string;
  states: Record<string, Node>;
}
function leafStates(node: Node = buybackMachine.root as unknown as Node, prefix = ''): string[] {
  const children = Object.values(node.states);
  if (children.length === 0) return [prefix];
  return children.flatMap((child) => leafStates(child, prefix ? `${prefix}.${child.key}` : child.key));
}

const everyone = { permissions: new Set(PERMISSION_MATRIX.all()) };

describe('allowed commands, in every state of the buyback machine', () => {
  it('every state but the initial one has a history here (a new state must be added to this table)', () => {
    expect(leafStates().filter((state) => state !== 'unregistered').sort()).toEqual(Object.keys(HISTORIES).sort());
    for (const [state, history] of Object.entries(HISTORIES)) expect(statePathOf(foldBuyback(history))).toBe(state);
  });

  describe.each(Object.entries(HISTORIES))('given a buyback in %s', (_state, history) => {
    it('then a view offers a caller holding every permission exactly the staff commands decide accepts', () => {
      const view = presentBuyback(documentAfter(history), everyone, { sensitive: false });
      const expected = accepted(history).filter((command) => !CUSTOMER_COMMANDS.includes(command));
      expect([...view.allowedCommands].sort()).toEqual(expected.sort());
    });

    it('then a caller holding no permission is offered nothing', () => {
      expect(presentBuyback(documentAfter(history), { permissions: new Set() }, { sensitive: false }).allowedCommands).toEqual([]);
    });
  });

  it('given a store seller, then a buyback in transit offers them cancelling and correcting it only (shipping is done, checking is the warehouse’s)', () => {
    const seller = { permissions: PERMISSION_MATRIX.permissionsOf('store_seller') };
    const view = presentBuyback(documentAfter(HISTORIES.bb_in_transit as BuybackEvent[]), seller, { sensitive: false });
    expect(view.allowedCommands).toEqual(['CancelBuyback', 'EditBuyback']);
  });

  it('given a warehouse operator, then a buyback being checked offers the four outcomes of the check and no cancellation', () => {
    const operator = { permissions: PERMISSION_MATRIX.permissionsOf('warehouse_operator') };
    const view = presentBuyback(documentAfter(HISTORIES['bb_in_processing.checking'] as BuybackEvent[]), operator, { sensitive: false });
    expect([...view.allowedCommands].sort()).toEqual(['AbsorbPriceDeviation', 'CompleteBuyback', 'CompleteBuybackByPrice', 'ProposeNewPrice']);
  });
});
