import type { AppendResult, EventMetadata, EventStore, StoredEvent } from '../ports/event-store.js';
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

export function foldStream<State, Command, Event extends DomainEvent>(
  decider: Decider<State, Command, Event>,
  history: readonly StoredEvent[],
): State {
  return history.reduce((state, stored) => decider.evolve(state, toDomainEvent<Event>(stored)), decider.initialState());
}
