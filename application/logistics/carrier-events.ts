import { DELIVERY_STATUSES, type DeliveryStatus } from '../../domain/values/delivery-status.js';
import { CARRIER_CLOCK_SKEW_SECONDS } from '../../domain/logistics/transports/delivery-order.js';
import { handleCommand } from '../commands/command-handler.js';
import type { LogisticsPorts } from './logistics-ports.js';
import { transportDecider } from './deciders.js';
import { LOGISTICS_COLLECTIONS, type TransportDocument } from './read-models.js';
import { LOGISTICS_STREAMS } from './streams.js';

/** A carrier's report, as its webhook sends it (docs/carrier-contract.md), its signature already checked. */
export interface CarrierReport {
  eventId: string;
  type: string;
  trackingNumber: string;
  occurredAt: string;
}

/**
 * Why a report changed nothing: a parcel or a status we do not know (only
 * logged), a report received before or older than the latest applied
 * (`duplicate_or_stale`), a status the transport is already past
 * (`not_forward`, the carrier contract's order). The last two are kept on
 * the transport (TransportDeliveryReportSetAside) when not received before.
 */
export const CARRIER_REPORT_NOT_APPLIED_REASONS = ['unknown_tracking_number', 'unknown_status', 'duplicate_or_stale', 'not_forward'] as const;
export type CarrierReportNotAppliedReason = (typeof CARRIER_REPORT_NOT_APPLIED_REASONS)[number];

export type CarrierReportOutcome =
  | { applied: true; transportId: string }
  | { applied: false; transportId: string | null; reason: CarrierReportNotAppliedReason };

const KNOWN: ReadonlySet<string> = new Set(DELIVERY_STATUSES);

/**
 * Records a carrier's report on the transport its tracking number names; the
 * process manager carries it to the package and its buybacks. The transport
 * decides (domain/logistics/transports): a report seen before (its event id)
 * changes nothing; one dated beyond the clock skew is refused
 * (CARRIER_EVENT_IN_FUTURE); one older than the latest applied, or of a
 * status the transport is past, is recorded as set aside, and its package and
 * buybacks never hear of it. One about a parcel we do not know, or of a status
 * we do not know, is only logged (the caller logs every outcome).
 */
export async function recordCarrierReport(deps: LogisticsPorts, report: CarrierReport): Promise<CarrierReportOutcome & { position: number | null }> {
  const [transport] = await deps.documents
    .collection<TransportDocument>(LOGISTICS_COLLECTIONS.transports)
    .find({ trackingNumber: report.trackingNumber }, { limit: 1 });
  if (!transport) return { applied: false, transportId: null, reason: 'unknown_tracking_number', position: null };
  if (!KNOWN.has(report.type)) return { applied: false, transportId: transport._id, reason: 'unknown_status', position: null };
  // Carriers write their times with an offset ("+02:00"): in UTC, so that a later report compares later (a string comparison of two offsets would not).
  const occurredAt = new Date(report.occurredAt).toISOString();
  const result = await handleCommand(
    deps.eventStore,
    LOGISTICS_STREAMS.transport.name(transport._id),
    transportDecider,
    { type: 'RecordDelivery', data: { status: report.type as DeliveryStatus, occurredAt, carrierEventId: report.eventId, latestAcceptedAt: latestAcceptedAt(deps.clock.now()) } },
    {
      metadata: {
        accountId: transport.accountId,
        organizationId: null,
        userId: null,
        correlationId: deps.ids.uuid(),
        causationId: null,
        occurredAt: deps.clock.now(),
      },
      newEventId: () => deps.ids.uuid(),
    },
  );
  const [decided] = result.events;
  if (!decided) return { applied: false, transportId: transport._id, reason: 'duplicate_or_stale', position: null };
  if (decided.type === 'TransportDeliveryReportSetAside') {
    const reason = decided.data.reason === 'not_forward' ? 'not_forward' : 'duplicate_or_stale';
    return { applied: false, transportId: transport._id, reason, position: result.position };
  }
  return { applied: true, transportId: transport._id, position: result.position };
}

/** The latest date a report may carry when it comes now: the platform's clock plus the carriers' clock skew (in UTC, as reports' dates are written). */
function latestAcceptedAt(now: string): string {
  return new Date(Date.parse(now) + CARRIER_CLOCK_SKEW_SECONDS * 1000).toISOString();
}
