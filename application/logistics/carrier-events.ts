import { DELIVERY_STATUSES, type DeliveryStatus } from '../../domain/values/delivery-status.js';
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

export type CarrierReportOutcome =
  | { applied: true; transportId: string }
  | { applied: false; transportId: string | null; reason: 'unknown_tracking_number' | 'unknown_status' | 'duplicate_or_stale' };

const KNOWN: ReadonlySet<string> = new Set(DELIVERY_STATUSES);

/**
 * Records a carrier's report on the transport its tracking number names; the
 * process manager carries it to the package and its buybacks. A report seen
 * before (its event id), or older than the latest applied, changes nothing;
 * one about a parcel we do not know, or of a status we do not know, is only
 * logged (the caller logs every outcome).
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
    { type: 'RecordDelivery', data: { status: report.type as DeliveryStatus, occurredAt, carrierEventId: report.eventId } },
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
  if (result.events.length === 0) return { applied: false, transportId: transport._id, reason: 'duplicate_or_stale', position: null };
  return { applied: true, transportId: transport._id, position: result.position };
}
