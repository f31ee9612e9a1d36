import { createHash } from 'node:crypto';
import type { PaymentCommand } from '../../domain/payments/commands.js';
import { paymentStatus } from '../../domain/payments/machine.js';
import { DomainError } from '../../domain/shared/domain-error.js';
import { foldStream, handleCommand } from '../commands/command-handler.js';
import type { Clock, IdGenerator } from '../ports/clock.js';
import type { EventStore } from '../ports/event-store.js';
import { paymentDecider } from './payment-decider.js';
import { isGatewayProvider } from './payment-gateway.js';
import { PAYMENT_STREAMS } from './streams.js';

/** What a payment provider reports (docs/payment-provider-contract.md, "Reports"). */
export const PROVIDER_REPORT_TYPES = ['payment.completed', 'payment.failed'] as const;

export interface ProviderReport {
  /** The provider's id of this report: the same report sent again carries the same. */
  eventId: string;
  type: (typeof PROVIDER_REPORT_TYPES)[number];
  /** Our payment's id and the attempt, as the provider was asked them. */
  paymentId: string;
  attempt: number;
  providerReference: string;
  /** Why it failed (`payment.failed`): the provider's stable code, and its words. */
  reasonCode?: string | null;
  message?: string | null;
}

export const PROVIDER_REPORT_NOT_APPLIED_REASONS = ['duplicate', 'unknown_payment', 'stale_attempt', 'reference_mismatch', 'not_applicable'] as const;
export type ProviderReportOutcome =
  | { applied: true; position: number | null }
  | { applied: false; reason: (typeof PROVIDER_REPORT_NOT_APPLIED_REASONS)[number]; position: null };

export interface ProviderReportPorts {
  eventStore: EventStore;
  clock: Clock;
  ids: IdGenerator;
}

/**
 * A provider's report completes or fails its payment (`CompletePayment`,
 * `FailPayment`), decided on the payment's stream. Only a payment handed to
 * a provider over HTTP, only its current attempt, only under the reference
 * the provider gave it: anything else is received and changes nothing. The
 * report's id is the idempotency mark of what it records, so the same
 * report sent again finds it and writes nothing; a report the payment is
 * past (completed twice, failed after completed) changes nothing either.
 */
export async function recordProviderReport(ports: ProviderReportPorts, report: ProviderReport): Promise<ProviderReportOutcome> {
  const stream = PAYMENT_STREAMS.payment.name(report.paymentId);
  const state = foldStream(paymentDecider, await ports.eventStore.readStream(stream));
  const ctx = state.context;
  if (ctx.paymentId === null || !isGatewayProvider(ctx.provider) || !ctx.accountId) return notApplied('unknown_payment');
  if ((ctx.attempts.at(-1)?.number ?? 1) !== report.attempt) return notApplied('stale_attempt');
  if (ctx.providerReference !== null && ctx.providerReference !== report.providerReference) return notApplied('reference_mismatch');
  const command: PaymentCommand =
    report.type === 'payment.completed'
      ? { type: 'CompletePayment', data: { providerReference: report.providerReference } }
      : { type: 'FailPayment', data: { reasonCode: report.reasonCode || 'PROVIDER_FAILED', message: report.message ?? null } };
  const key = createHash('sha256').update(`payment-provider-report:${report.paymentId}:${report.eventId}`).digest('hex');
  try {
    const result = await handleCommand(ports.eventStore, stream, paymentDecider, command, {
      metadata: {
        accountId: ctx.accountId,
        organizationId: null,
        userId: null,
        correlationId: ports.ids.uuid(),
        causationId: null,
        occurredAt: ports.clock.now(),
        idempotency: { key, request: key },
      },
      newEventId: () => ports.ids.uuid(),
    });
    if (result.replayed || result.events.length === 0) return notApplied('duplicate');
    return { applied: true, position: result.position };
  } catch (error) {
    // A payment already past this report (failed after it completed, cancelled meanwhile): received, nothing to change.
    if (error instanceof DomainError && paymentStatus(state) !== 'payment_created' && paymentStatus(state) !== 'payment_initiated') return notApplied('not_applicable');
    throw error;
  }
}

function notApplied(reason: (typeof PROVIDER_REPORT_NOT_APPLIED_REASONS)[number]): ProviderReportOutcome {
  return { applied: false, reason, position: null };
}
