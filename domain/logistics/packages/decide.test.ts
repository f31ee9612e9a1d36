import { describe, expect, it } from 'vitest';
import { PACKAGE_COMMAND_TYPES, type PackageCommand } from './commands.js';
import { decide } from './decide.js';
import { deliveryEffect, type DeliveryEffect, type PackageEvent } from './events.js';
import { foldPackage, packageStatus, packageStatusAfter } from './machine.js';
import { PACKAGE_MAX_BUYBACKS, PACKAGE_STATUSES, type PackageStatus } from './state.js';
import {
  ACCOUNT_ID,
  LABEL,
  PACKAGE_ID,
  PACKAGE_NUMBER,
  STORE_ID,
  WAREHOUSE_ID,
  addBuyback,
  added,
  addedAll,
  at,
  buybackId,
  clearPackage,
  cleared,
  closePackage,
  closed,
  giveUpForWarehouse,
  receivedAtWarehouse,
  deliveryChanged,
  discardPackage,
  discarded,
  given,
  labelReady,
  numbers,
  openPackage,
  opened,
  packedBuyback,
  recordDelivery,
  recordLabel,
  removeBuyback,
  removed,
  weightOf,
} from './test-support.js';

// ===========================================================================
// The transition table: the package lifecycle as we read the specification
// (001: a package is open while the store scans, then closed; the carrier's
// label and reports after), written out as data. It is NOT derived from the
// machine: the machine and decide must agree with it.
// ===========================================================================

interface GivenState {
  /** Reads after "given ": "a closed package awaiting its label". */
  readonly description: string;
  /** The status this history reaches (null: no package yet). */
  readonly status: PackageStatus | null;
  /** The devices in it, by number. */
  readonly content: readonly number[];
  readonly history: readonly PackageEvent[];
}

const FILLED = [opened(), added(1), added(2)];
const CLOSED = [...FILLED, closed([1, 2])];
const FILLED_WITHOUT_LABEL = [opened('without_label'), added(1), added(2)];
const LABELLED = [...CLOSED, labelReady()];
const HANDED = [...LABELLED, deliveryChanged('DELIVERY_INIT', at(3))];

/** Every report the table sends comes after every report of the histories. */
const REPORTED_AT = at(10);

const STATES = {
  unopened: { description: 'no package yet', status: null, content: [], history: [] },
  openEmpty: { description: 'an open package, empty', status: 'open', content: [], history: [opened()] },
  openFilled: { description: 'an open package holding devices 1 and 2', status: 'open', content: [1, 2], history: FILLED },
  openWithoutLabel: {
    description: "an open package for the retailer's own transport, holding devices 1 and 2",
    status: 'open',
    content: [1, 2],
    history: FILLED_WITHOUT_LABEL,
  },
  discarded: { description: 'a discarded package', status: 'discarded', content: [], history: [...FILLED, discarded([1, 2])] },
  closed: { description: 'a closed package awaiting its label', status: 'closed', content: [1, 2], history: CLOSED },
  closedWithoutLabel: {
    description: "a closed package for the retailer's own transport",
    status: 'closed',
    content: [1, 2],
    history: [...FILLED_WITHOUT_LABEL, closed([1, 2], 'without_label')],
  },
  labelReady: { description: 'a package whose label is ready', status: 'label_ready', content: [1, 2], history: LABELLED },
  handedToCarrier: { description: 'a package handed to the carrier', status: 'handed_to_carrier', content: [1, 2], history: HANDED },
  carrierFailure: {
    description: 'a package whose delivery failed',
    status: 'carrier_failure',
    content: [1, 2],
    history: [...HANDED, deliveryChanged('DELIVERY_FAILED', at(4))],
  },
  delivered: {
    description: 'a delivered package',
    status: 'delivered',
    content: [1, 2],
    history: [...HANDED, deliveryChanged('DELIVERED_OK', at(5))],
  },
} as const satisfies Record<string, GivenState>;

type StateKey = keyof typeof STATES;

/** One column per command, and one per effect a carrier's report may have. */
type Column =
  | Exclude<PackageCommand['type'], 'RecordPackageDelivery'>
  | 'ReportHanded'
  | 'ReportDelivered'
  | 'ReportFailed'
  | 'ReportBookkeeping';

/** The command each column sends, with how it reads after "when ". */
const COMMANDS: Record<Column, { readonly command: PackageCommand; readonly phrase: string }> = {
  OpenPackage: { command: openPackage(), phrase: 'it is opened' },
  AddBuybackToPackage: { command: addBuyback(3), phrase: 'device 3 is scanned into it' },
  RemoveBuybackFromPackage: { command: removeBuyback(1), phrase: 'device 1 is taken out' },
  ClearPackage: { command: clearPackage(), phrase: 'it is cleared' },
  DiscardPackage: { command: discardPackage(), phrase: 'it is discarded' },
  GiveUpBuybackReceivedAtWarehouse: { command: giveUpForWarehouse(1), phrase: 'the warehouse confirms it holds device 1' },
  ClosePackage: { command: closePackage(), phrase: 'it is closed' },
  RecordPackageLabel: { command: recordLabel(), phrase: 'its label is made' },
  ReportHanded: { command: recordDelivery('IN_PROGRESS', REPORTED_AT), phrase: 'the carrier reports it in progress' },
  ReportDelivered: { command: recordDelivery('DELIVERED_OK', REPORTED_AT), phrase: 'the carrier reports it delivered' },
  ReportFailed: { command: recordDelivery('RETURNED_TO_SENDER', REPORTED_AT), phrase: 'the carrier reports it returned to sender' },
  ReportBookkeeping: { command: recordDelivery('ORDER_TO_BE_SENT_TO_CARRIER', REPORTED_AT), phrase: 'the carrier reports its order to be sent' },
};

type Expectation =
  | { readonly kind: 'records'; readonly events: readonly PackageEvent[]; readonly status: PackageStatus; readonly content: readonly number[] }
  | { readonly kind: 'refused'; readonly code: string; readonly details: Record<string, unknown> };

function records(events: PackageEvent[], status: PackageStatus, content: readonly number[]): Expectation {
  return { kind: 'records', events, status, content };
}

function refused(code: string, details: Record<string, unknown> = {}): Expectation {
  return { kind: 'refused', code, details };
}

/** The report each report column records when it is applied. */
function reported(column: 'ReportHanded' | 'ReportDelivered' | 'ReportFailed' | 'ReportBookkeeping'): PackageEvent[] {
  const command = COMMANDS[column].command;
  if (command.type !== 'RecordPackageDelivery') throw new Error(`${column} sends no report`);
  return [deliveryChanged(command.data.status, command.data.occurredAt)];
}

const NOT_FOUND = refused('PACKAGE_NOT_FOUND');
const ALREADY_EXISTS = refused('PACKAGE_ALREADY_EXISTS', { packageId: PACKAGE_ID });
const notOpen = (status: PackageStatus) => refused('PACKAGE_NOT_OPEN', { status, number: PACKAGE_NUMBER });
const notClosable = (status: PackageStatus) => refused('PACKAGE_CANNOT_BE_CLOSED', { reason: 'not_open', status, number: PACKAGE_NUMBER });
const notAllowed = (status: PackageStatus, event: PackageEvent['type']) => refused('PACKAGE_TRANSITION_NOT_ALLOWED', { status, event });

/** An open package: the carrier has nothing to say about it yet. */
function openRow(status: 'open'): Pick<Record<Column, Expectation>, 'OpenPackage' | 'RecordPackageLabel' | 'ReportHanded' | 'ReportDelivered' | 'ReportFailed' | 'ReportBookkeeping'> {
  return {
    OpenPackage: ALREADY_EXISTS,
    RecordPackageLabel: notAllowed(status, 'PackageLabelReady'),
    ReportHanded: notAllowed(status, 'PackageDeliveryStatusChanged'),
    ReportDelivered: notAllowed(status, 'PackageDeliveryStatusChanged'),
    ReportFailed: notAllowed(status, 'PackageDeliveryStatusChanged'),
    ReportBookkeeping: notAllowed(status, 'PackageDeliveryStatusChanged'),
  };
}

/** A package past its opening: its content is fixed; only the carrier's label and reports may still change it. */
function fixedRow(status: Exclude<PackageStatus, 'open'>): Record<Column, Expectation> {
  return {
    OpenPackage: ALREADY_EXISTS,
    AddBuybackToPackage: notOpen(status),
    RemoveBuybackFromPackage: notOpen(status),
    ClearPackage: notOpen(status),
    DiscardPackage: notOpen(status),
    GiveUpBuybackReceivedAtWarehouse: notOpen(status),
    ClosePackage: notClosable(status),
    RecordPackageLabel: notAllowed(status, 'PackageLabelReady'),
    ReportHanded: notAllowed(status, 'PackageDeliveryStatusChanged'),
    ReportDelivered: notAllowed(status, 'PackageDeliveryStatusChanged'),
    ReportFailed: notAllowed(status, 'PackageDeliveryStatusChanged'),
    ReportBookkeeping: notAllowed(status, 'PackageDeliveryStatusChanged'),
  };
}

const TRANSITIONS: Record<StateKey, Record<Column, Expectation>> = {
  unopened: {
    OpenPackage: records([opened()], 'open', []),
    AddBuybackToPackage: NOT_FOUND,
    RemoveBuybackFromPackage: NOT_FOUND,
    ClearPackage: NOT_FOUND,
    DiscardPackage: NOT_FOUND,
    GiveUpBuybackReceivedAtWarehouse: NOT_FOUND,
    ClosePackage: NOT_FOUND,
    RecordPackageLabel: NOT_FOUND,
    ReportHanded: NOT_FOUND,
    ReportDelivered: NOT_FOUND,
    ReportFailed: NOT_FOUND,
    ReportBookkeeping: NOT_FOUND,
  },
  openEmpty: {
    ...openRow('open'),
    AddBuybackToPackage: records([added(3)], 'open', [3]),
    RemoveBuybackFromPackage: refused('PACKAGE_BUYBACK_NOT_IN_PACKAGE', { buybackId: buybackId(1) }),
    // Nothing to take out: clearing an empty package records nothing.
    ClearPackage: records([], 'open', []),
    DiscardPackage: records([discarded([])], 'discarded', []),
    GiveUpBuybackReceivedAtWarehouse: refused('PACKAGE_BUYBACK_NOT_IN_PACKAGE', { buybackId: buybackId(1) }),
    ClosePackage: refused('PACKAGE_CANNOT_BE_CLOSED', { reason: 'empty', number: PACKAGE_NUMBER }),
  },
  openFilled: {
    ...openRow('open'),
    AddBuybackToPackage: records([added(3)], 'open', [1, 2, 3]),
    RemoveBuybackFromPackage: records([removed(1)], 'open', [2]),
    ClearPackage: records([cleared([1, 2])], 'open', []),
    DiscardPackage: records([discarded([1, 2])], 'discarded', []),
    GiveUpBuybackReceivedAtWarehouse: records([receivedAtWarehouse(1)], 'open', [2]),
    ClosePackage: records([closed([1, 2])], 'closed', [1, 2]),
  },
  openWithoutLabel: {
    ...openRow('open'),
    AddBuybackToPackage: records([added(3)], 'open', [1, 2, 3]),
    RemoveBuybackFromPackage: records([removed(1)], 'open', [2]),
    ClearPackage: records([cleared([1, 2])], 'open', []),
    DiscardPackage: records([discarded([1, 2])], 'discarded', []),
    GiveUpBuybackReceivedAtWarehouse: records([receivedAtWarehouse(1)], 'open', [2]),
    ClosePackage: records([closed([1, 2], 'without_label')], 'closed', [1, 2]),
  },
  discarded: fixedRow('discarded'),
  closed: {
    ...fixedRow('closed'),
    RecordPackageLabel: records([labelReady()], 'label_ready', [1, 2]),
    // The carrier's order news may come while the label is still being made: recorded, the package stays closed.
    ReportBookkeeping: records(reported('ReportBookkeeping'), 'closed', [1, 2]),
  },
  // The retailer's own transport: no label, and no carrier to report anything.
  closedWithoutLabel: fixedRow('closed'),
  labelReady: {
    ...fixedRow('label_ready'),
    // The same label again (a relay delivered twice) changes nothing.
    RecordPackageLabel: records([], 'label_ready', [1, 2]),
    ReportHanded: records(reported('ReportHanded'), 'handed_to_carrier', [1, 2]),
    ReportDelivered: records(reported('ReportDelivered'), 'delivered', [1, 2]),
    ReportFailed: records(reported('ReportFailed'), 'carrier_failure', [1, 2]),
    ReportBookkeeping: records(reported('ReportBookkeeping'), 'label_ready', [1, 2]),
  },
  handedToCarrier: {
    ...fixedRow('handed_to_carrier'),
    RecordPackageLabel: records([], 'handed_to_carrier', [1, 2]),
    ReportHanded: records(reported('ReportHanded'), 'handed_to_carrier', [1, 2]),
    ReportDelivered: records(reported('ReportDelivered'), 'delivered', [1, 2]),
    ReportFailed: records(reported('ReportFailed'), 'carrier_failure', [1, 2]),
    ReportBookkeeping: records(reported('ReportBookkeeping'), 'handed_to_carrier', [1, 2]),
  },
  // A failed delivery may be tried again: the package can still be on its way and arrive.
  carrierFailure: {
    ...fixedRow('carrier_failure'),
    RecordPackageLabel: records([], 'carrier_failure', [1, 2]),
    ReportHanded: records(reported('ReportHanded'), 'handed_to_carrier', [1, 2]),
    ReportDelivered: records(reported('ReportDelivered'), 'delivered', [1, 2]),
    ReportFailed: records(reported('ReportFailed'), 'carrier_failure', [1, 2]),
    ReportBookkeeping: records(reported('ReportBookkeeping'), 'carrier_failure', [1, 2]),
  },
  // Delivered is the end: whatever the carrier says later changes nothing.
  delivered: {
    ...fixedRow('delivered'),
    RecordPackageLabel: records([], 'delivered', [1, 2]),
    ReportHanded: records([], 'delivered', [1, 2]),
    ReportDelivered: records([], 'delivered', [1, 2]),
    ReportFailed: records([], 'delivered', [1, 2]),
    ReportBookkeeping: records([], 'delivered', [1, 2]),
  },
};

function outcomeTitle(expectation: Expectation): string {
  if (expectation.kind === 'refused') return `it is refused with ${expectation.code}`;
  const holding = expectation.content.length === 0 ? 'empty' : `holding ${expectation.content.join(', ')}`;
  if (expectation.events.length === 0) return `nothing is recorded and it stays ${expectation.status}, ${holding}`;
  return `${expectation.events.map((event) => event.type).join(', ')} is recorded and it is ${expectation.status}, ${holding}`;
}

const TABLE_CASES = (Object.keys(TRANSITIONS) as StateKey[]).flatMap((stateKey) =>
  (Object.keys(TRANSITIONS[stateKey]) as Column[]).map((column) => {
    const state: GivenState = STATES[stateKey];
    const { command, phrase } = COMMANDS[column];
    const expectation = TRANSITIONS[stateKey][column];
    return { title: `given ${state.description}, when ${phrase}, then ${outcomeTitle(expectation)}`, state, command, expectation };
  }),
);

describe('package transition table', () => {
  it("covers every command, and every effect of a carrier's report, in every state", () => {
    const commands = Object.values(COMMANDS).map(({ command }) => command);
    expect(new Set(commands.map((command) => command.type))).toEqual(new Set(PACKAGE_COMMAND_TYPES));
    const effects = commands.flatMap((command) => (command.type === 'RecordPackageDelivery' ? [deliveryEffect(command.data.status)] : []));
    expect(effects.sort()).toEqual((['delivered', 'failed', 'handed', 'none'] satisfies DeliveryEffect[]).sort());
    expect(TABLE_CASES).toHaveLength(Object.keys(STATES).length * Object.keys(COMMANDS).length);
  });

  it('gives a history for every package status, both label modes open and closed, and no package yet', () => {
    const states: GivenState[] = Object.values(STATES);
    expect(new Set(states.map((state) => state.status))).toEqual(new Set([null, ...PACKAGE_STATUSES]));
    for (const status of ['open', 'closed'] as const) {
      const modes = states.filter((state) => state.status === status).map((state) => foldPackage(state.history).context.labelMode);
      expect(new Set(modes)).toEqual(new Set(['with_label', 'without_label']));
    }
  });

  it.each(Object.entries(STATES))('the history given for %s reaches its status and its content', (_key, state: GivenState) => {
    const folded = foldPackage(state.history);
    expect(packageStatus(folded)).toBe(state.status);
    expect(folded.context.buybacks).toEqual(state.content.map(packedBuyback));
  });

  for (const { title, state, command, expectation } of TABLE_CASES) {
    it(title, () => {
      const when = given(...state.history).when(command);
      if (expectation.kind === 'records') {
        when.thenEvents([...expectation.events]).andStatus(expectation.status).andContent(expectation.content);
      } else {
        const refusal = when.thenRefused(expectation.code, expectation.details);
        expect(refusal.details).toEqual(expectation.details);
      }
    });
  }

  it("agrees with packageStatusAfter, which read models ask from the status they keep, for every event the table records", () => {
    for (const { state, expectation } of TABLE_CASES) {
      if (expectation.kind !== 'records') continue;
      const withLabel = foldPackage([...state.history, ...expectation.events]).context.labelMode === 'with_label';
      let status = state.status;
      for (const event of expectation.events) status = packageStatusAfter(status, event, withLabel);
      expect(status ?? null).toBe(expectation.events.length === 0 ? state.status : expectation.status);
    }
  });
});

// ===========================================================================
// Focused behaviours
// ===========================================================================

describe('opening a package', () => {
  it('given no package, when it is opened, then it knows its number, account, store, destination warehouse and label mode, and holds nothing', () => {
    const { state } = given().when(openPackage()).thenEvents([opened()]).andStatus('open').andContent([]);
    expect(state.context).toMatchObject({
      packageId: PACKAGE_ID,
      number: PACKAGE_NUMBER,
      accountId: ACCOUNT_ID,
      storeId: STORE_ID,
      warehouseId: WAREHOUSE_ID,
      labelMode: 'with_label',
      label: null,
      deliveryStatus: null,
    });
  });

  it("given no package, when it is opened for the retailer's own transport, then it travels without a label", () => {
    const { state } = given().when(openPackage('without_label')).thenEvents([opened('without_label')]).andStatus('open');
    expect(state.context.labelMode).toBe('without_label');
  });
});

describe('scanning devices into a package', () => {
  it('given an open package, when devices are scanned, then they are kept in the order scanned', () => {
    given(opened(), added(2)).when(addBuyback(1)).thenEvents([added(1)]).andContent([2, 1]);
  });

  it('given a device already in the package, when it is scanned again, then it is refused with BB_ALREADY_FILLED, naming its code', () => {
    given(...FILLED)
      .when(addBuyback(1))
      .thenRefused('BB_ALREADY_FILLED', { identificationNumber: packedBuyback(1).identificationNumber });
  });

  it(`given an open package holding ${PACKAGE_MAX_BUYBACKS - 1} devices, when one more is scanned, then it is accepted and the package is full`, () => {
    const almostFull = numbers(PACKAGE_MAX_BUYBACKS - 1);
    given(opened(), ...addedAll(almostFull))
      .when(addBuyback(PACKAGE_MAX_BUYBACKS))
      .thenEvents([added(PACKAGE_MAX_BUYBACKS)])
      .andContent(numbers(PACKAGE_MAX_BUYBACKS));
  });

  it(`given a full package (${PACKAGE_MAX_BUYBACKS} devices), when another device is scanned, then it is refused with PACKAGE_FULL, naming the maximum`, () => {
    given(opened(), ...addedAll(numbers(PACKAGE_MAX_BUYBACKS)))
      .when(addBuyback(PACKAGE_MAX_BUYBACKS + 1))
      .thenRefused('PACKAGE_FULL', { max: PACKAGE_MAX_BUYBACKS });
  });

  it('given a full package, when a device already in it is scanned again, then it is told it is already there rather than that the package is full', () => {
    given(opened(), ...addedAll(numbers(PACKAGE_MAX_BUYBACKS))).when(addBuyback(7)).thenRefused('BB_ALREADY_FILLED');
  });

  it('given a full package, when one device is taken out, then another can be scanned in', () => {
    given(opened(), ...addedAll(numbers(PACKAGE_MAX_BUYBACKS)), removed(7))
      .when(addBuyback(PACKAGE_MAX_BUYBACKS + 1))
      .thenEvents([added(PACKAGE_MAX_BUYBACKS + 1)]);
  });

  it('given a device taken out, when it is scanned again, then it goes back in, last', () => {
    given(...FILLED, removed(1)).when(addBuyback(1)).thenEvents([added(1)]).andContent([2, 1]);
  });

  it('given a package cleared, when its former devices are scanned again, then they go back in', () => {
    given(...FILLED, cleared([1, 2])).when(addBuyback(2)).thenEvents([added(2)]).andContent([2]);
  });

  it('given a device that is not in the package, when it is taken out, then it is refused, naming it', () => {
    given(...FILLED).when(removeBuyback(9)).thenRefused('PACKAGE_BUYBACK_NOT_IN_PACKAGE', { buybackId: buybackId(9) });
  });
});

describe('closing a package', () => {
  it('given an open package that was never filled, when it is closed, then it is refused: an empty package cannot be closed', () => {
    given(opened()).when(closePackage()).thenRefused('PACKAGE_CANNOT_BE_CLOSED', { reason: 'empty' });
  });

  it('given every device taken out one by one, when it is closed, then it is refused as empty', () => {
    given(...FILLED, removed(1), removed(2)).when(closePackage()).thenRefused('PACKAGE_CANNOT_BE_CLOSED', { reason: 'empty' });
  });

  it('given a package cleared, when it is closed, then it is refused as empty', () => {
    given(...FILLED, cleared([1, 2])).when(closePackage()).thenRefused('PACKAGE_CANNOT_BE_CLOSED', { reason: 'empty' });
  });

  it('given an open package, when it is closed, then its devices in scan order, their total weight and its label mode are fixed in the event', () => {
    const { events } = given(opened(), added(3), added(1), added(2))
      .when(closePackage())
      .thenEvents([closed([3, 1, 2])])
      .andStatus('closed');
    expect(events[0]).toMatchObject({ data: { buybackIds: [buybackId(3), buybackId(1), buybackId(2)], weightGrams: weightOf([1, 2, 3]), labelMode: 'with_label' } });
    expect(weightOf([1, 2, 3])).toBe(151 + 152 + 153);
  });

  it('given a full package, when it is closed, then all its devices leave together', () => {
    const all = numbers(PACKAGE_MAX_BUYBACKS);
    given(opened(), ...addedAll(all)).when(closePackage()).thenEvents([closed(all)]).andContent(all);
  });

  it('given a device the warehouse already received (BB_ALREADY_AT_WAREHOUSE), when the package is closed, then it is left out and only the others ship', () => {
    given(...FILLED)
      .when(closePackage([1]))
      .thenEvents([receivedAtWarehouse(1, 'BB_ALREADY_AT_WAREHOUSE'), closed([2])])
      .andStatus('closed')
      .andContent([2]);
  });

  it('given every device already received by the warehouse, when the package is closed, then they leave it and it stays open, empty: nothing ships', () => {
    given(...FILLED)
      .when(closePackage([1, 2]))
      .thenEvents([receivedAtWarehouse(1, 'BB_ALREADY_AT_WAREHOUSE'), receivedAtWarehouse(2, 'BB_ALREADY_AT_WAREHOUSE')])
      .andStatus('open')
      .andContent([]);
  });

  it('given a device the warehouse reconciled at check-in, when the package is closed, then it does not ship: the package no longer holds it', () => {
    given(...FILLED, receivedAtWarehouse(1)).when(closePackage()).thenEvents([closed([2])]).andContent([2]);
  });

  it('given a closed package, when it is closed again, then it is refused as not open, naming its status', () => {
    given(...CLOSED).when(closePackage()).thenRefused('PACKAGE_CANNOT_BE_CLOSED', { reason: 'not_open', status: 'closed' });
  });
});

describe('discarding a package', () => {
  it('given an open package holding devices, when it is discarded, then every device is named (free to go in another package) and it holds none', () => {
    const { events } = given(...FILLED, added(3), removed(2))
      .when(discardPackage())
      .thenEvents([discarded([1, 3])])
      .andStatus('discarded')
      .andContent([]);
    expect(events[0]).toMatchObject({ data: { buybackIds: [buybackId(1), buybackId(3)] } });
  });

  it('given a discarded package, when anything is scanned, cleared or closed, then it is refused: a discarded package is over', () => {
    const gone = [...FILLED, discarded([1, 2])];
    given(...gone).when(addBuyback(1)).thenRefused('PACKAGE_NOT_OPEN', { status: 'discarded' });
    given(...gone).when(clearPackage()).thenRefused('PACKAGE_NOT_OPEN', { status: 'discarded' });
    given(...gone).when(discardPackage()).thenRefused('PACKAGE_NOT_OPEN', { status: 'discarded' });
    given(...gone).when(closePackage()).thenRefused('PACKAGE_CANNOT_BE_CLOSED', { reason: 'not_open', status: 'discarded' });
  });

  it('given a closed package, when it is discarded, then it is refused: closing is irreversible', () => {
    given(...CLOSED).when(discardPackage()).thenRefused('PACKAGE_NOT_OPEN', { status: 'closed' });
  });
});

describe("a package's label", () => {
  it('given a closed package under label, when its label is made, then the carrier, tracking number and link are kept', () => {
    const { state } = given(...CLOSED).when(recordLabel()).thenEvents([labelReady()]).andStatus('label_ready');
    expect(state.context.label).toEqual(LABEL);
  });

  it("given a closed package for the retailer's own transport, when a label is recorded, then it is refused: it travels without one", () => {
    given(...FILLED_WITHOUT_LABEL, closed([1, 2], 'without_label'))
      .when(recordLabel())
      .thenRefused('PACKAGE_TRANSITION_NOT_ALLOWED', { status: 'closed', event: 'PackageLabelReady' });
  });

  it('given an open package, when a label is recorded, then it is refused: a label comes after closing', () => {
    given(...FILLED).when(recordLabel()).thenRefused('PACKAGE_TRANSITION_NOT_ALLOWED', { status: 'open' });
  });

  it('given a label recorded, when the same label is recorded again, then nothing is recorded', () => {
    given(...LABELLED).when(recordLabel()).thenEvents([]).andStatus('label_ready');
  });

  it('given a label recorded, when a label with another tracking number comes, then it is refused: a package has one label', () => {
    given(...LABELLED)
      .when(recordLabel({ trackingNumber: '6A99999999999' }))
      .thenRefused('PACKAGE_TRANSITION_NOT_ALLOWED', { status: 'label_ready', event: 'PackageLabelReady' });
  });
});

describe("the carrier's reports", () => {
  it('given a package handed to the carrier, when a report older than the latest applied comes, then nothing is recorded', () => {
    given(...HANDED).when(recordDelivery('DELIVERED_OK', at(2))).thenEvents([]).andStatus('handed_to_carrier');
  });

  it('given a package handed to the carrier, when the same report comes again, then nothing is recorded', () => {
    given(...HANDED).when(recordDelivery('DELIVERY_INIT', at(3))).thenEvents([]).andStatus('handed_to_carrier');
  });

  it('given a package handed to the carrier, when a later report comes, then it is recorded with its time', () => {
    const { state } = given(...HANDED)
      .when(recordDelivery('AVAILABLE_FOR_PICKUP', at(4)))
      .thenEvents([deliveryChanged('AVAILABLE_FOR_PICKUP', at(4))])
      .andStatus('handed_to_carrier');
    expect(state.context).toMatchObject({ deliveryStatus: 'AVAILABLE_FOR_PICKUP', deliveryAt: at(4) });
  });

  it('given a late failure report after the delivery, when it comes, then the package stays delivered', () => {
    given(...HANDED, deliveryChanged('DELIVERED_OK', at(5)))
      .when(recordDelivery('RETURNED_TO_SENDER', at(6)))
      .thenEvents([])
      .andStatus('delivered');
  });

  it('given a failed delivery, when the carrier tries again and delivers, then the package goes back on its way and arrives', () => {
    const failed = [...HANDED, deliveryChanged('DELIVERY_FAILED', at(4))];
    given(...failed).when(recordDelivery('IN_PROGRESS', at(5))).thenEvents([deliveryChanged('IN_PROGRESS', at(5))]).andStatus('handed_to_carrier');
    given(...failed, deliveryChanged('IN_PROGRESS', at(5)))
      .when(recordDelivery('DELIVERED_OK', at(6)))
      .thenEvents([deliveryChanged('DELIVERED_OK', at(6))])
      .andStatus('delivered');
  });

  it('given a label ready, when the carrier cancels, then the package is a carrier failure', () => {
    given(...LABELLED).when(recordDelivery('CANCELLED', at(4))).thenEvents([deliveryChanged('CANCELLED', at(4))]).andStatus('carrier_failure');
  });

  it("given a closed package awaiting its label, when the carrier's order news comes, then it is recorded and the label still makes it ready", () => {
    const news = deliveryChanged('ORDER_CREATED', at(2));
    const { state } = given(...CLOSED).when(recordDelivery('ORDER_CREATED', at(2))).thenEvents([news]).andStatus('closed');
    expect(state.context.deliveryStatus).toBe('ORDER_CREATED');
    given(...CLOSED, news).when(recordLabel()).thenEvents([labelReady()]).andStatus('label_ready');
  });

  it('given a closed package awaiting its label, when the carrier says it has it, then it is refused: no parcel leaves without its label', () => {
    given(...CLOSED).when(recordDelivery('DELIVERY_INIT', at(2))).thenRefused('PACKAGE_TRANSITION_NOT_ALLOWED', { status: 'closed' });
  });
});

describe('purity', () => {
  const HISTORIES: PackageEvent[][] = Object.values(STATES).map((state: GivenState) => [...state.history]);

  it('decides the same events twice from the same state, and leaves the state as it was', () => {
    for (const history of HISTORIES) {
      for (const { command } of Object.values(COMMANDS)) {
        const state = foldPackage(history);
        const before = structuredClone(state.context);
        const attempt = () => {
          try {
            return decide(command, state);
          } catch (error) {
            return error;
          }
        };
        expect(attempt()).toEqual(attempt());
        expect(state.context).toEqual(before);
      }
    }
  });
});
