import { createHash } from 'node:crypto';
import type { PaymentCommand } from '../../domain/payments/commands.js';
import type { PaymentCreated } from '../../domain/payments/events.js';
import { paymentStatus, type PaymentSnapshot } from '../../domain/payments/machine.js';
import { DomainError } from '../../domain/shared/domain-error.js';
import { toDomainEvent } from '../events/codec.js';
import { ApplicationError } from '../commands/errors.js';
import { foldStream, handleCommand } from '../commands/command-handler.js';
import type { BackgroundWorker, WorkerStatus } from '../ports/background-worker.js';
import type { Clock, IdGenerator } from '../ports/clock.js';
import type { DocumentStore } from '../ports/document-store.js';
import type { EventStore, StoredEvent } from '../ports/event-store.js';
import { paymentDecider } from './payment-decider.js';
import {
  isGatewayProvider,
  paymentIdempotencyKey,
  PaymentProviderRefusedError,
  PaymentProviderUnavailableError,
  type PaymentGateway,
} from './payment-gateway.js';
import { PAYMENT_PROVIDER_QUEUE, type ProviderQueueDocument } from './provider-queue-read-model.js';
import { PAYMENT_STREAMS } from './streams.js';

export interface PaymentProviderWorkerPorts {
  eventStore: EventStore;
  documents: DocumentStore;
  clock: Clock;
  ids: IdGenerator;
  /** The HTTP provider (PAYMENT_PROVIDER_URL); null when none is configured: the backlog still shows in /api/health. */
  gateway: PaymentGateway | null;
}

export interface PaymentProviderWorkerLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** Who the worker's events name as their cause: the key of what it records for one attempt. */
export const PAYMENT_PROVIDER_WORKER = 'payment-provider-worker';
/** The longest wait before asking a provider that did not answer again. */
const MAX_RETRY_DELAY_MS = 5 * 60_000;

/**
 * Hands the payments whose provider is reached over HTTP (a bank-transfer
 * provider, a gift-card provider, a payment wallet) to it, when created and
 * when relaunched, and records what it answered on the payment's stream:
 * `InitiatePayment` with its reference, or `FailPayment` with its refusal's
 * code. A provider that does not answer is asked again later, with backoff.
 *
 * Exactly once, across crashes and between two processes: the provider is
 * asked with the attempt's idempotency key, so it pays once however often it
 * is asked; what it answered is recorded with an idempotency mark of the
 * payment and its attempt, decided on the payment's own stream at the
 * revision read, so a second recording finds the first and writes nothing.
 */
export class PaymentProviderWorker implements BackgroundWorker {
  readonly name = 'payment-provider';
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = true;
  /** Payments whose provider did not answer: when to ask again (in memory: after a restart it is asked at once, with the same key). */
  private readonly retries = new Map<string, { failures: number; nextAt: number }>();

  constructor(
    private readonly ports: PaymentProviderWorkerPorts,
    private readonly logger: PaymentProviderWorkerLogger,
    private readonly options: { intervalMs: number; batchSize: number } = { intervalMs: 1000, batchSize: 10 },
  ) {}

  start(): void {
    if (!this.stopped || !this.ports.gateway) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** Hands the payments due now to the provider; answers how many it recorded something for. Used by the loop, and by tests. */
  async runOnce(): Promise<number> {
    if (this.running) return this.running;
    this.running = this.work().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Payments to hand to the provider (those it did not answer among them), those it refused, and how long the oldest has waited. */
  async status(): Promise<WorkerStatus> {
    const queue = this.ports.documents.collection<ProviderQueueDocument>(PAYMENT_PROVIDER_QUEUE);
    const [backlog, failed, [oldest]] = await Promise.all([
      queue.count({ status: 'payment_created' }),
      queue.count({ status: 'payment_failed' }),
      queue.find({ status: 'payment_created' }, { sort: [['statusSince', 1]], limit: 1 }),
    ]);
    const oldestSeconds = oldest ? Math.max(0, Math.round((Date.parse(this.ports.clock.now()) - Date.parse(oldest.statusSince)) / 1000)) : 0;
    return { backlog, retrying: this.retries.size, failed, oldestSeconds };
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.runOnce()
        .catch((error: unknown) => this.logger.error({ err: error }, 'payment provider worker failed'))
        .finally(() => this.schedule(this.options.intervalMs));
    }, delayMs);
    this.timer.unref?.();
  }

  private async work(): Promise<number> {
    if (!this.ports.gateway) return 0;
    const now = Date.parse(this.ports.clock.now());
    const due = await this.ports.documents
      .collection<ProviderQueueDocument>(PAYMENT_PROVIDER_QUEUE)
      .find({ status: 'payment_created' }, { sort: [['statusSince', 1]], limit: this.options.batchSize * 5 });
    let worked = 0;
    for (const entry of due) {
      if (worked >= this.options.batchSize || (this.stopped && worked > 0)) break;
      if ((this.retries.get(entry._id)?.nextAt ?? 0) > now) continue;
      try {
        if (await this.handOver(this.ports.gateway, entry._id)) worked++;
      } catch (error) {
        // Another worker (another process) recorded this attempt first: it is theirs.
        if (error instanceof ApplicationError && error.code === 'CONCURRENT_MODIFICATION') continue;
        this.logger.error({ err: error, paymentId: entry._id }, 'payment provider answer could not be recorded');
      }
    }
    return worked;
  }

  /** One payment handed to the provider, decided on its own stream. False when there was nothing to do. */
  private async handOver(gateway: PaymentGateway, paymentId: string): Promise<boolean> {
    const history = await this.ports.eventStore.readStream(PAYMENT_STREAMS.payment.name(paymentId));
    const state = foldStream(paymentDecider, history);
    const ctx = state.context;
    if (paymentStatus(state) !== 'payment_created' || !isGatewayProvider(ctx.provider) || !ctx.amount || !ctx.type || !ctx.accountId) {
      // Moved on meanwhile (another process recorded its provider's answer, an operator cancelled it): nothing left to retry.
      this.retries.delete(paymentId);
      return false;
    }
    const attempt = ctx.attempts.at(-1)?.number ?? 1;
    const reference = identificationNumberOf(history);
    try {
      const answer = await gateway.initiate({
        paymentId,
        attempt,
        idempotencyKey: paymentIdempotencyKey(paymentId, attempt),
        provider: ctx.provider,
        type: ctx.type,
        amount: ctx.amount,
        reference,
        payer: { accountId: ctx.accountId, organizationId: storeOf(history) },
      });
      this.retries.delete(paymentId);
      await this.record(state, attempt, { type: 'InitiatePayment', data: { providerReference: answer.providerReference } });
      this.logger.info({ paymentId, attempt, provider: ctx.provider, providerReference: answer.providerReference }, 'payment initiated by its provider');
    } catch (error) {
      if (error instanceof PaymentProviderRefusedError) {
        this.retries.delete(paymentId);
        await this.record(state, attempt, { type: 'FailPayment', data: { reasonCode: error.code, message: error.providerMessage } });
        this.logger.warn({ paymentId, attempt, provider: ctx.provider, reasonCode: error.code }, 'payment refused by its provider');
      } else if (error instanceof PaymentProviderUnavailableError) {
        const failures = (this.retries.get(paymentId)?.failures ?? 0) + 1;
        const delay = Math.min(this.options.intervalMs * 2 ** failures, MAX_RETRY_DELAY_MS);
        this.retries.set(paymentId, { failures, nextAt: Date.parse(this.ports.clock.now()) + delay });
        this.logger.warn({ paymentId, attempt, provider: ctx.provider, failures, retryInMs: delay, error: error.message }, 'payment provider did not answer; asking again later');
      } else {
        throw error;
      }
    }
    return true;
  }

  /**
   * What the provider answered, on the payment's stream, keyed by the
   * payment and its attempt: recorded again (a crash, another process), it
   * finds its own events and writes nothing. A payment that moved on
   * meanwhile (the provider's report came first, an operator cancelled it)
   * refuses, and there is nothing left to record.
   */
  private async record(state: PaymentSnapshot, attempt: number, command: PaymentCommand): Promise<void> {
    const paymentId = state.context.paymentId as string;
    const key = createHash('sha256').update(`${PAYMENT_PROVIDER_WORKER}:${paymentId}:${attempt}`).digest('hex');
    try {
      await handleCommand(this.ports.eventStore, PAYMENT_STREAMS.payment.name(paymentId), paymentDecider, command, {
        metadata: {
          accountId: state.context.accountId as string,
          organizationId: null,
          userId: null,
          correlationId: this.ports.ids.uuid(),
          causationId: null,
          occurredAt: this.ports.clock.now(),
          idempotency: { key, request: key },
        },
        newEventId: () => this.ports.ids.uuid(),
      });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      this.logger.warn({ paymentId, attempt, command: command.type, code: error.code }, 'payment moved on before its provider’s answer was recorded');
    }
  }
}

/** The buyback's store (whose payment provider pays it, see the connectors); null for a web buyback: its account's root then. */
function storeOf(history: readonly StoredEvent[]): string | null {
  for (const stored of history) {
    const event = toDomainEvent(stored);
    if (event.type === 'PaymentCreated') return (event as PaymentCreated).data.buyback.storeId ?? null;
  }
  return null;
}

/** The buyback's 13-digit code, as its payment's creation recorded it: the reference the customer reads. */
function identificationNumberOf(history: readonly StoredEvent[]): string {
  for (const stored of history) {
    const event = toDomainEvent(stored);
    if (event.type === 'PaymentCreated') return (event as PaymentCreated).data.buyback.identificationNumber;
  }
  return '';
}
