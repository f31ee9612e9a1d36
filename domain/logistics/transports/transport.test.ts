import { describe, expect, it } from 'vitest';
import { deciderSpecification } from '../../shared/test-support.js';
import type { DeliveryStatus } from '../../values/delivery-status.js';
import type { CarrierShipment, DeliveryReportSetAsideReason, TransportEvent, TransportRequested } from './events.js';
import { CARRIER_CLOCK_SKEW_SECONDS } from './delivery-order.js';
import {
  EMPTY_TRANSPORT,
  LABEL_NOT_READY_DELAYS_SECONDS,
  LABEL_RETRY_DELAYS_SECONDS,
  MAX_LABEL_ATTEMPTS,
  NOT_READY,
  evolveTransport,
  labelRetryDelaySeconds,
  transportDecider,
  type TransportCommand,
  type TransportState,
} from './transport.js';

// ---------------------------------------------------------------------------
// Factories: one store package to the Lyon warehouse, its shipment, its label's attempts, its carrier's reports.
// ---------------------------------------------------------------------------

const TRANSPORT_ID = 'transport-0001';
const RETRY_AT = '2026-11-02T09:00:05.000Z';

const REQUEST: TransportRequested['data'] = {
  transportId: TRANSPORT_ID,
  kind: 'package',
  reference: 'P000000001',
  accountId: 'account-demo',
  from: { type: 'organization', organizationId: 'store-paris-01' },
  to: { type: 'organization', organizationId: 'warehouse-lyon' },
  packageId: 'package-0001',
  buybackIds: ['bb-0001'],
  identificationNumbers: ['2611042100001'],
  weightGrams: 151,
  contents: ['2611042100001 · Phone 1'],
};

const SHIPMENT: CarrierShipment = { shipmentId: 'shipment-1', trackingNumber: '6A12345678901', trackingLink: null, carrier: 'embedded' };

const requested = (): TransportEvent => ({ type: 'TransportRequested', data: REQUEST });
const shipmentCreated = (): TransportEvent => ({ type: 'TransportShipmentCreated', data: { transportId: TRANSPORT_ID, shipment: SHIPMENT } });
const labelReady = (): TransportEvent => ({ type: 'TransportLabelReady', data: { transportId: TRANSPORT_ID } });
const attemptFailed = (attempt: number, error = 'carrier unreachable'): TransportEvent => ({
  type: 'TransportLabelAttemptFailed',
  data: { transportId: TRANSPORT_ID, attempt, error, retryAt: RETRY_AT },
});
const notReadyYet = (attempt = 0): TransportEvent => attemptFailed(attempt, NOT_READY);
const labelFailed = (attempt: number, error = 'carrier unreachable'): TransportEvent => ({ type: 'TransportLabelFailed', data: { transportId: TRANSPORT_ID, attempt, error } });
const labelRetried = (): TransportEvent => ({ type: 'TransportLabelRetried', data: { transportId: TRANSPORT_ID } });
const deliveryChanged = (status: DeliveryStatus, occurredAt: string, carrierEventId: string): TransportEvent => ({
  type: 'TransportDeliveryStatusChanged',
  data: { transportId: TRANSPORT_ID, status, occurredAt, carrierEventId },
});
const setAside = (status: DeliveryStatus, occurredAt: string, carrierEventId: string, reason: DeliveryReportSetAsideReason, currentStatus: DeliveryStatus): TransportEvent => ({
  type: 'TransportDeliveryReportSetAside',
  data: { transportId: TRANSPORT_ID, status, occurredAt, carrierEventId, reason, currentStatus },
});

/** `n` failed attempts, numbered 1…n. */
const failures = (n: number): TransportEvent[] => Array.from({ length: n }, (_, i) => attemptFailed(i + 1));

const requestTransport = (): TransportCommand => ({ type: 'RequestTransport', data: REQUEST });
const recordShipment = (): TransportCommand => ({ type: 'RecordShipment', data: { shipment: SHIPMENT } });
const recordLabelReady = (): TransportCommand => ({ type: 'RecordLabelReady', data: {} });
const recordAttempt = (options: { refused?: boolean; notReady?: boolean; error?: string } = {}): TransportCommand => ({
  type: 'RecordLabelAttempt',
  data: { error: options.error ?? 'carrier unreachable', refused: options.refused ?? false, notReady: options.notReady ?? false, retryAt: RETRY_AT },
});
const retryLabel = (): TransportCommand => ({ type: 'RetryLabel', data: {} });
/** The platform's clock when the reports come (after every report's time below), plus the clock skew: the latest date a report may carry. */
const LATEST_ACCEPTED_AT = '2026-11-05T12:05:00.000Z';
const recordDelivery = (status: DeliveryStatus, occurredAt: string, carrierEventId: string): TransportCommand => ({
  type: 'RecordDelivery',
  data: { status, occurredAt, carrierEventId, latestAcceptedAt: LATEST_ACCEPTED_AT },
});

const spec = deciderSpecification<TransportState, TransportCommand, TransportEvent>(transportDecider);
const fold = (events: readonly TransportEvent[]): TransportState => events.reduce(evolveTransport, EMPTY_TRANSPORT);

// ---------------------------------------------------------------------------

describe('requesting a transport', () => {
  it('given no transport, when one is requested, then it is pending its label, with no attempt yet', () => {
    const { state } = spec.given().when(requestTransport()).then([requested()]);
    expect(state).toMatchObject({ request: REQUEST, shipment: null, labelStatus: 'pending', attempts: 0, waits: 0, nextAttemptAt: null });
  });

  it('given a transport, when it is requested again, then it is refused with TRANSPORT_ALREADY_EXISTS (the process manager tolerates it)', () => {
    spec.given(requested()).when(requestTransport()).thenRefused('TRANSPORT_ALREADY_EXISTS', { transportId: TRANSPORT_ID });
  });

  it.each<[string, TransportCommand]>([
    ['a shipment', recordShipment()],
    ['a ready label', recordLabelReady()],
    ['a label attempt', recordAttempt()],
    ['a retry', retryLabel()],
    ["a carrier's report", recordDelivery('IN_PROGRESS', '2026-11-03T09:00:00.000Z', 'evt-1')],
  ])('given no transport, when %s is recorded, then it is refused with TRANSPORT_NOT_FOUND', (_title, command) => {
    spec.given().when(command).thenRefused('TRANSPORT_NOT_FOUND');
  });
});

describe("the carrier's shipment and label", () => {
  it('given a transport, when the carrier creates its shipment, then its tracking number is kept, the label still pending', () => {
    const { state } = spec.given(requested()).when(recordShipment()).then([shipmentCreated()]);
    expect(state.shipment).toEqual(SHIPMENT);
    expect(state.labelStatus).toBe('pending');
  });

  it('given a shipment recorded, when it is recorded again, then nothing is recorded: a transport has one shipment', () => {
    spec.given(requested(), shipmentCreated()).when(recordShipment()).then([]);
  });

  it('given no shipment yet, when its label is said ready, then it is refused with TRANSPORT_NO_SHIPMENT', () => {
    spec.given(requested()).when(recordLabelReady()).thenRefused('TRANSPORT_NO_SHIPMENT', { transportId: TRANSPORT_ID });
  });

  it('given a shipment after failed attempts, when its label is ready, then it is ready and the attempts are forgotten', () => {
    const { state } = spec.given(requested(), ...failures(3), shipmentCreated()).when(recordLabelReady()).then([labelReady()]);
    expect(state).toMatchObject({ labelStatus: 'ready', attempts: 0, nextAttemptAt: null });
  });

  it('given a ready label, when it is said ready again, then nothing is recorded', () => {
    spec.given(requested(), shipmentCreated(), labelReady()).when(recordLabelReady()).then([]);
  });
});

describe('label attempts: retried with a growing delay, failed after the maximum', () => {
  it('given a transport, when an attempt fails, then it is attempt 1, tried again at the time given', () => {
    const { state } = spec.given(requested()).when(recordAttempt()).then([attemptFailed(1)]);
    expect(state).toMatchObject({ labelStatus: 'pending', attempts: 1, nextAttemptAt: RETRY_AT });
  });

  it(`given ${MAX_LABEL_ATTEMPTS - 2} failed attempts, when one more fails, then it is attempt ${MAX_LABEL_ATTEMPTS - 1}, still to be tried again`, () => {
    spec
      .given(requested(), ...failures(MAX_LABEL_ATTEMPTS - 2))
      .when(recordAttempt())
      .then([attemptFailed(MAX_LABEL_ATTEMPTS - 1)]);
  });

  it(`given ${MAX_LABEL_ATTEMPTS - 1} failed attempts, when attempt ${MAX_LABEL_ATTEMPTS} fails, then the label is failed: no more tries until someone asks`, () => {
    const { state } = spec
      .given(requested(), ...failures(MAX_LABEL_ATTEMPTS - 1))
      .when(recordAttempt())
      .then([labelFailed(MAX_LABEL_ATTEMPTS)]);
    expect(state).toMatchObject({ labelStatus: 'failed', attempts: MAX_LABEL_ATTEMPTS, nextAttemptAt: null });
  });

  it('given a transport, when the carrier refuses the request itself, then the label is failed at once (the same request would be refused again)', () => {
    spec.given(requested()).when(recordAttempt({ refused: true, error: 'ADDRESS_INVALID' })).then([labelFailed(1, 'ADDRESS_INVALID')]);
  });

  it('given failed attempts, when the carrier says the label is not ready yet, then it is a wait, not a failure: the attempts stay as they were', () => {
    const { state } = spec.given(requested(), ...failures(2), shipmentCreated()).when(recordAttempt({ notReady: true })).then([notReadyYet(2)]);
    expect(state).toMatchObject({ labelStatus: 'pending', attempts: 2, waits: 1, nextAttemptAt: RETRY_AT });
  });

  it(`given ${MAX_LABEL_ATTEMPTS} waits for the label, when it is still not ready, then it is still only a wait`, () => {
    const waits = Array.from({ length: MAX_LABEL_ATTEMPTS }, () => notReadyYet());
    spec.given(requested(), shipmentCreated(), ...waits).when(recordAttempt({ notReady: true })).then([notReadyYet()]);
  });

  it.each<[string, TransportEvent[]]>([
    ['a ready label', [shipmentCreated(), labelReady()]],
    ['a failed label', [labelFailed(1)]],
  ])('given %s, when an attempt is recorded, then nothing is recorded', (_title, history) => {
    spec.given(requested(), ...history).when(recordAttempt()).then([]);
    spec.given(requested(), ...history).when(recordAttempt({ notReady: true })).then([]);
  });

  it('given a failed label, when someone asks for another try, then it is pending again with a fresh count of attempts and waits', () => {
    const { state } = spec.given(requested(), notReadyYet(), ...failures(2), labelFailed(3)).when(retryLabel()).then([labelRetried()]);
    expect(state).toMatchObject({ labelStatus: 'pending', attempts: 0, waits: 0, nextAttemptAt: null });
  });

  it('given a retried label, when the next attempt fails, then it is attempt 1 again', () => {
    spec.given(requested(), labelFailed(1), labelRetried()).when(recordAttempt()).then([attemptFailed(1)]);
  });

  it.each<[string, TransportEvent[], string]>([
    ['a pending label', [], 'pending'],
    ['a ready label', [shipmentCreated(), labelReady()], 'ready'],
  ])('given %s, when someone asks for another try, then it is refused with TRANSPORT_LABEL_NOT_FAILED', (_title, history, labelStatus) => {
    spec.given(requested(), ...history).when(retryLabel()).thenRefused('TRANSPORT_LABEL_NOT_FAILED', { transportId: TRANSPORT_ID, labelStatus });
  });
});

describe('the delay before the next label attempt', () => {
  const afterFailures = (n: number) => fold([requested(), ...failures(n)]);
  const afterWaits = (n: number) => fold([requested(), ...Array.from({ length: n }, () => notReadyYet())]);

  it('grows after each failure: 5 s, 15 s, 30 s, 1 min, 2 min, 5 min, 10 min, 30 min', () => {
    expect(LABEL_RETRY_DELAYS_SECONDS).toEqual([5, 15, 30, 60, 120, 300, 600, 1800]);
    const delays = LABEL_RETRY_DELAYS_SECONDS.map((_, n) => labelRetryDelaySeconds(afterFailures(n), false));
    expect(delays).toEqual([...LABEL_RETRY_DELAYS_SECONDS]);
  });

  it('repeats the longest delay once the list is exhausted, until the label fails', () => {
    const longest = LABEL_RETRY_DELAYS_SECONDS[LABEL_RETRY_DELAYS_SECONDS.length - 1];
    for (let n = LABEL_RETRY_DELAYS_SECONDS.length; n < MAX_LABEL_ATTEMPTS; n++) {
      expect(labelRetryDelaySeconds(afterFailures(n), false)).toBe(longest);
    }
  });

  it('is never shorter than the one before', () => {
    const delays = Array.from({ length: MAX_LABEL_ATTEMPTS }, (_, n) => labelRetryDelaySeconds(afterFailures(n), false));
    for (let n = 1; n < delays.length; n++) expect(delays[n]).toBeGreaterThanOrEqual(delays[n - 1] as number);
  });

  it('while the carrier makes the label: 2 s, 3 s, 5 s, 10 s, 15 s, then every 30 s, whatever the failures before', () => {
    expect(LABEL_NOT_READY_DELAYS_SECONDS).toEqual([2, 3, 5, 10, 15, 30]);
    const delays = Array.from({ length: 9 }, (_, n) => labelRetryDelaySeconds(afterWaits(n), true));
    expect(delays).toEqual([2, 3, 5, 10, 15, 30, 30, 30, 30]);
    expect(labelRetryDelaySeconds(fold([requested(), ...failures(5)]), true)).toBe(2);
  });

  it('starts again from the shortest after someone asks for another try', () => {
    const retried = fold([requested(), notReadyYet(), ...failures(3), labelFailed(4), labelRetried()]);
    expect(labelRetryDelaySeconds(retried, false)).toBe(5);
    expect(labelRetryDelaySeconds(retried, true)).toBe(2);
  });
});

describe("the carrier's reports on a transport", () => {
  const reported = [requested(), shipmentCreated(), labelReady(), deliveryChanged('IN_PROGRESS', '2026-11-03T10:00:00.000Z', 'evt-1')];

  it('given a ready label, when the carrier reports, then the status and its time are kept with the report id', () => {
    const { state } = spec
      .given(requested(), shipmentCreated(), labelReady())
      .when(recordDelivery('DELIVERY_INIT', '2026-11-03T09:00:00.000Z', 'evt-0'))
      .then([deliveryChanged('DELIVERY_INIT', '2026-11-03T09:00:00.000Z', 'evt-0')]);
    expect(state.delivery).toEqual({ status: 'DELIVERY_INIT', occurredAt: '2026-11-03T09:00:00.000Z' });
    expect(state.carrierEventIds.has('evt-0')).toBe(true);
  });

  it('given a report applied, when the same report (its id) comes again, then nothing is recorded, whatever it says', () => {
    spec.given(...reported).when(recordDelivery('IN_PROGRESS', '2026-11-03T10:00:00.000Z', 'evt-1')).then([]);
    spec.given(...reported).when(recordDelivery('DELIVERED_OK', '2026-11-04T10:00:00.000Z', 'evt-1')).then([]);
  });

  it('given a report applied, when an older one arrives late, then it is recorded as set aside, the transport unchanged', () => {
    const { state } = spec
      .given(...reported)
      .when(recordDelivery('DELIVERY_INIT', '2026-11-03T09:00:00.000Z', 'evt-0'))
      .then([setAside('DELIVERY_INIT', '2026-11-03T09:00:00.000Z', 'evt-0', 'older_than_latest', 'IN_PROGRESS')]);
    expect(state.delivery).toEqual({ status: 'IN_PROGRESS', occurredAt: '2026-11-03T10:00:00.000Z' });
    // Its id is known now: the carrier sending it again adds nothing.
    spec
      .given(...reported, setAside('DELIVERY_INIT', '2026-11-03T09:00:00.000Z', 'evt-0', 'older_than_latest', 'IN_PROGRESS'))
      .when(recordDelivery('DELIVERY_INIT', '2026-11-03T09:00:00.000Z', 'evt-0'))
      .then([]);
  });

  it('given a report applied, when another report of the same instant comes, then it is recorded', () => {
    spec
      .given(...reported)
      .when(recordDelivery('DELIVERED_OK', '2026-11-03T10:00:00.000Z', 'evt-2'))
      .then([deliveryChanged('DELIVERED_OK', '2026-11-03T10:00:00.000Z', 'evt-2')]);
  });

  it('given a report applied, when a later one comes, then it is recorded', () => {
    const { state } = spec
      .given(...reported)
      .when(recordDelivery('DELIVERED_OK', '2026-11-04T10:00:00.000Z', 'evt-2'))
      .then([deliveryChanged('DELIVERED_OK', '2026-11-04T10:00:00.000Z', 'evt-2')]);
    expect(state.delivery?.status).toBe('DELIVERED_OK');
    expect([...state.carrierEventIds].sort()).toEqual(['evt-1', 'evt-2']);
  });
});

describe("the carrier's reports: only forward, never from the future", () => {
  const delivered = [requested(), shipmentCreated(), labelReady(), deliveryChanged('IN_PROGRESS', '2026-11-03T10:00:00.000Z', 'evt-1'), deliveryChanged('DELIVERED_OK', '2026-11-04T10:00:00.000Z', 'evt-2')];

  it('given a delivered transport, when a later report says it is in progress, then it is recorded as set aside and the transport stays delivered', () => {
    const { state } = spec
      .given(...delivered)
      .when(recordDelivery('IN_PROGRESS', '2026-11-04T11:00:00.000Z', 'evt-3'))
      .then([setAside('IN_PROGRESS', '2026-11-04T11:00:00.000Z', 'evt-3', 'not_forward', 'DELIVERED_OK')]);
    expect(state.delivery).toEqual({ status: 'DELIVERED_OK', occurredAt: '2026-11-04T10:00:00.000Z' });
    expect(state.carrierEventIds.has('evt-3')).toBe(true);
  });

  it('given a delivered transport, when a later report says it went back to its sender, then it is set aside: a journey over takes no other end', () => {
    spec
      .given(...delivered)
      .when(recordDelivery('RETURNED_TO_SENDER', '2026-11-04T12:00:00.000Z', 'evt-3'))
      .then([setAside('RETURNED_TO_SENDER', '2026-11-04T12:00:00.000Z', 'evt-3', 'not_forward', 'DELIVERED_OK')]);
  });

  it('given a transport in progress, when a later report says the carrier only just took it (DELIVERY_INIT), then it is set aside', () => {
    spec
      .given(requested(), shipmentCreated(), labelReady(), deliveryChanged('IN_PROGRESS', '2026-11-03T10:00:00.000Z', 'evt-1'))
      .when(recordDelivery('DELIVERY_INIT', '2026-11-03T11:00:00.000Z', 'evt-2'))
      .then([setAside('DELIVERY_INIT', '2026-11-03T11:00:00.000Z', 'evt-2', 'not_forward', 'IN_PROGRESS')]);
  });

  it('given a failed delivery attempt, when the carrier reports it in progress again, then it is applied (the same stage: tried again)', () => {
    spec
      .given(requested(), shipmentCreated(), labelReady(), deliveryChanged('DELIVERY_FAILED', '2026-11-03T10:00:00.000Z', 'evt-1'))
      .when(recordDelivery('IN_PROGRESS', '2026-11-03T11:00:00.000Z', 'evt-2'))
      .then([deliveryChanged('IN_PROGRESS', '2026-11-03T11:00:00.000Z', 'evt-2')]);
  });

  it(`given a transport, when a report is dated more than the clock skew (${CARRIER_CLOCK_SKEW_SECONDS / 60} minutes) after the platform's clock, then it is refused with CARRIER_EVENT_IN_FUTURE and nothing is recorded`, () => {
    spec
      .given(requested(), shipmentCreated(), labelReady())
      .when(recordDelivery('DELIVERED_OK', '2999-01-01T00:00:00.000Z', 'evt-forged'))
      .thenRefused('CARRIER_EVENT_IN_FUTURE', { occurredAt: '2999-01-01T00:00:00.000Z', latestAcceptedAt: LATEST_ACCEPTED_AT });
    spec.given(requested(), shipmentCreated(), labelReady()).when(recordDelivery('IN_PROGRESS', '2026-11-05T12:05:00.001Z', 'evt-ahead')).thenRefused('CARRIER_EVENT_IN_FUTURE');
  });

  it("given a transport, when a report is dated a little after the platform's clock (within the skew), then it is applied", () => {
    const aheadWithinSkew = LATEST_ACCEPTED_AT;
    spec
      .given(requested(), shipmentCreated(), labelReady())
      .when(recordDelivery('IN_PROGRESS', aheadWithinSkew, 'evt-1'))
      .then([deliveryChanged('IN_PROGRESS', aheadWithinSkew, 'evt-1')]);
  });

  it('given a report from the future was refused, when the genuine report comes, then it is applied (the refused one left no trace)', () => {
    const given = [requested(), shipmentCreated(), labelReady(), deliveryChanged('IN_PROGRESS', '2026-11-03T10:00:00.000Z', 'evt-1')];
    spec.given(...given).when(recordDelivery('DELIVERED_OK', '2999-01-01T00:00:00.000Z', 'evt-forged')).thenRefused('CARRIER_EVENT_IN_FUTURE');
    spec
      .given(...given)
      .when(recordDelivery('DELIVERED_OK', '2026-11-05T11:00:00.000Z', 'evt-2'))
      .then([deliveryChanged('DELIVERED_OK', '2026-11-05T11:00:00.000Z', 'evt-2')]);
  });
});
