import type { Decider } from '../../domain/shared/decider.js';
import { toNewEvent, type DomainEvent } from '../events/codec.js';
import { WrongExpectedRevisionError, type EventMetadata, type EventStore, type StoredEvent, type StreamAppend } from '../ports/event-store.js';
import { foldStream, replayOf, type CommandResult } from './command-handler.js';
import { ApplicationError } from './errors.js';

/** One aggregate's part of a decision taken on several at once (made by `onStream`). */
export interface StreamDecision {
  readonly stream: string;
  readonly decider: Decider<unknown, unknown, DomainEvent>;
  readonly command: unknown;
}

/** Pairs a stream's decider with its command, checked together, then erased so one list holds several aggregates. */
export function onStream<State, Command, Event extends DomainEvent>(stream: string, decider: Decider<State, Command, Event>, command: NoInfer<Command>): StreamDecision {
  return { stream, decider: decider as unknown as Decider<unknown, unknown, DomainEvent>, command };
}

export interface TogetherOptions {
  metadata: EventMetadata;
  newEventId(): string;
  /** From If-Match, on the first stream: the revision the caller last saw. */
  expectedRevision?: number;
  /** How many times a concurrent change is met by deciding again on fresh state (0: answer 409 at once). */
  retries?: number;
}

/**
 * Read ▸ fold ▸ decide ▸ append on several streams at once: every stream's
 * decision is taken on its current state, and all events are appended in one
 * atomic multi-stream append, each stream at the revision that was read, so
 * of two requests racing on a shared stream (a buyback two packages want)
 * exactly one is written. A concurrent change is met by deciding again on
 * the fresh state (the loser then gets the aggregate's own refusal). Every
 * adapter appends them atomically (SQLite in one transaction, KurrentDB with
 * its multi-stream append).
 *
 * The first stream carries the Idempotency-Key: a retry of the same request
 * answers as the first attempt did.
 */
export async function handleTogether(eventStore: EventStore, decisions: readonly StreamDecision[], options: TogetherOptions): Promise<CommandResult<unknown, DomainEvent>[]> {
  const retries = options.expectedRevision === undefined ? (options.retries ?? 2) : 0;
  for (let attempt = 0; ; attempt++) {
    try {
      return await decideAndAppend(eventStore, decisions, options);
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (attempt >= retries) throw new ApplicationError('CONCURRENT_MODIFICATION', { streams: decisions.map((d) => d.stream) });
    }
  }
}

async function decideAndAppend(eventStore: EventStore, decisions: readonly StreamDecision[], options: TogetherOptions): Promise<CommandResult<unknown, DomainEvent>[]> {
  const histories = await Promise.all(decisions.map((d) => eventStore.readStream(d.stream)));
  const first = decisions[0];
  const mark = options.metadata.idempotency ?? null;
  if (first && mark) {
    const earlier = replayOf(first.decider, histories[0] as StoredEvent[], mark);
    if (earlier) return [earlier];
  }
  const firstRevision = (histories[0]?.length ?? 0) - 1;
  if (options.expectedRevision !== undefined && options.expectedRevision !== firstRevision) {
    throw new ApplicationError('PRECONDITION_FAILED', { expectedRevision: options.expectedRevision, currentRevision: firstRevision });
  }
  const decided = decisions.map((decision, index) => {
    const history = histories[index] as StoredEvent[];
    const state = foldStream(decision.decider, history);
    const events = decision.decider.decide(decision.command, state) as DomainEvent[];
    return { decision, state, events, revision: history.length - 1 };
  });
  const appends: StreamAppend[] = decided
    .filter((d) => d.events.length > 0)
    .map((d) => ({
      streamName: d.decision.stream,
      expectedRevision: d.revision < 0 ? 'no_stream' : d.revision,
      events: d.events.map((event, index) =>
        toNewEvent(event, options.newEventId(), {
          ...options.metadata,
          causationId: index === 0 ? options.metadata.causationId : options.metadata.correlationId,
          // Only the first stream's events answer a retried request.
          ...(d.decision === first ? {} : { idempotency: null }),
        }),
      ),
    }));
  const results = appends.length === 0 ? [] : await eventStore.appendToStreams(appends);
  return decided.map((d) => {
    const at = appends.findIndex((a) => a.streamName === d.decision.stream);
    const result = at >= 0 ? results[at] : undefined;
    return {
      events: d.events,
      state: d.events.reduce((state, event) => d.decision.decider.evolve(state, event), d.state),
      revision: result?.nextExpectedRevision ?? d.revision,
      position: result?.lastGlobalPosition ?? null,
    };
  });
}
