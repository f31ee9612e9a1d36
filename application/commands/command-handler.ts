import type { AppendResult, EventMetadata, EventStore, IdempotencyMark, StoredEvent } from '../ports/event-store.js';
import { WrongExpectedRevisionError } from '../ports/event-store.js';
import { toDomainEvent, toNewEvent, type DomainEvent } from '../events/codec.js';
import { ApplicationError } from './errors.js';
import type { Decider } from '../../domain/shared/decider.js';

export type { Decider };

export interface CommandOptions {
  metadata: EventMetadata;
  /** From `If-Match`: the revision the caller last saw. A different current revision answers 412. */
  expectedRevision?: number;
  newEventId(): string;
}

export interface CommandResult<State, Event> {
  events: Event[];
  state: State;
  /** Revision of the stream after the append (-1 when nothing was appended to a missing stream). */
  revision: number;
  /** Global position to wait for before answering (read your own writes). */
  position: number | null;
  /** The request had already been carried out (same Idempotency-Key): nothing was appended, this is its first outcome. */
  replayed?: boolean;
}

/**
 * Read the stream, fold, decide, append with the revision that was read.
 * A concurrent append in between makes the append fail: 409, nothing written.
 */
export async function handleCommand<State, Command, Event extends DomainEvent>(
  eventStore: EventStore,
  stream: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  options: CommandOptions,
): Promise<CommandResult<State, Event>> {
  const history = await eventStore.readStream(stream);
  const mark = options.metadata.idempotency ?? null;
  const earlier = mark ? replayOf(decider, history, mark) : null;
  if (earlier) return earlier;
  const currentRevision = history.length - 1;
  if (options.expectedRevision !== undefined && options.expectedRevision !== currentRevision) {
    throw new ApplicationError('PRECONDITION_FAILED', {
      expectedRevision: options.expectedRevision,
      currentRevision,
    });
  }
  const state = foldStream(decider, history);
  const events = decider.decide(command, state);
  if (events.length === 0) return { events, state, revision: currentRevision, position: null };

  let appended: AppendResult;
  try {
    appended = await eventStore.appendToStream(
      stream,
      events.map((event, index) =>
        toNewEvent(event, options.newEventId(), {
          ...options.metadata,
          causationId: index === 0 ? options.metadata.causationId : options.metadata.correlationId,
        }),
      ),
      currentRevision < 0 ? 'no_stream' : currentRevision,
    );
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) {
      // The same request running twice at once (a client retrying before the first answer): the winner's events
      // carry its key, and this one answers as the winner did.
      const winner = mark ? replayOf(decider, await eventStore.readStream(stream), mark) : null;
      if (winner) return winner;
      throw new ApplicationError('CONCURRENT_MODIFICATION', { stream, expectedRevision: currentRevision });
    }
    throw error;
  }
  return {
    events,
    state: events.reduce(decider.evolve, state),
    revision: appended.nextExpectedRevision,
    position: appended.lastGlobalPosition,
  };
}

/**
 * The outcome of the request whose events carry this Idempotency-Key, as it
 * was answered then (the state right after its events), or null when no event
 * carries it. The same key with another request is refused.
 */
export function replayOf<State, Command, Event extends DomainEvent>(
  decider: Decider<State, Command, Event>,
  history: readonly StoredEvent[],
  mark: IdempotencyMark,
): CommandResult<State, Event> | null {
  let last = -1;
  for (let index = 0; index < history.length; index++) {
    const carried = history[index]?.metadata.idempotency;
    if (carried?.key !== mark.key) continue;
    if (carried.request !== mark.request) throw new ApplicationError('IDEMPOTENCY_KEY_REUSED');
    last = index;
  }
  if (last < 0) return null;
  const upTo = history.slice(0, last + 1);
  const events = upTo.filter((stored) => stored.metadata.idempotency?.key === mark.key).map((stored) => toDomainEvent<Event>(stored));
  const lastEvent = upTo[last] as StoredEvent;
  return {
    events,
    state: foldStream(decider, upTo),
    revision: lastEvent.streamRevision,
    position: lastEvent.globalPosition,
    replayed: true,
  };
}

export function foldStream<State, Command, Event extends DomainEvent>(
  decider: Decider<State, Command, Event>,
  history: readonly StoredEvent[],
): State {
  return history.reduce((state, stored) => decider.evolve(state, toDomainEvent<Event>(stored)), decider.initialState());
}
