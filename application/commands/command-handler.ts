import type { AppendResult, EventMetadata, EventStore, ExpectedRevision, IdempotencyMark, NewEvent, StoredEvent, StreamAppend } from '../ports/event-store.js';
import { WrongExpectedRevisionError } from '../ports/event-store.js';
import { toDomainEvent, toNewEvent, type DomainEvent } from '../events/codec.js';
import { ApplicationError } from './errors.js';
import type { Decider } from '../../domain/shared/decider.js';

export type { Decider };

export interface CommandOptions<State = unknown, Event = DomainEvent> {
  metadata: EventMetadata;
  /** From `If-Match`: the revision the caller last saw. A different current revision answers 412. */
  expectedRevision?: number;
  /**
   * What `expectedRevision` is compared with, and the revision answered when
   * nothing changed: the stream's revision by default. A part of an aggregate
   * that has its own form (the account's home page, design, each general
   * settings page) names the revision of its own last change (revisionOfLast),
   * so that the aggregate's other changes leave its form's ETag as it was; the
   * append is still made at the stream's revision read.
   */
  conditionOn?(history: readonly StoredEvent[]): number;
  newEventId(): string;
  /**
   * Other aggregates that must agree with this one: what each does after the
   * command's events is decided on its current state and appended in the
   * same atomic append, every stream at the revision read (see
   * `handlePaired`). None when the command stands alone.
   */
  companions?: readonly Companion<State, Event>[];
}

/**
 * The other side of a decision taken on two aggregates at once (a buyback
 * and its item). `follow` gets the command's events (each with its stored
 * form: id and metadata), the command's aggregate's state after them and the companion stream's
 * history, and answers the companion's events (none: only a consistency
 * check that the companion stream did not change) or throws the companion's
 * refusal, which refuses the whole command.
 */
export interface Companion<State, Event> {
  readonly stream: string;
  follow(events: readonly { event: Event; stored: NewEvent }[], stateAfter: State, history: readonly StoredEvent[]): NewEvent[];
}

/**
 * A command, or how to build it from the companions' streams as read for
 * this decision (`history(stream)`): a cancellation reads its payment's
 * status there, and is decided again on fresh reads when it loses a race.
 */
export type CommandInput<Command> = Command | ((history: (stream: string) => readonly StoredEvent[]) => Command);

function resolveCommand<Command>(command: CommandInput<Command>, history: (stream: string) => readonly StoredEvent[]): Command {
  return typeof command === 'function' ? (command as (h: typeof history) => Command)(history) : command;
}

/** How many times a paired decision meets a concurrent change and decides again on fresh state. */
const PAIRED_RETRIES = 5;

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
  command: CommandInput<Command>,
  options: CommandOptions<State, Event>,
): Promise<CommandResult<State, Event>> {
  if (options.companions && options.companions.length > 0) return handlePaired(eventStore, stream, decider, command, { ...options, companions: options.companions });
  const history = await eventStore.readStream(stream);
  const mark = options.metadata.idempotency ?? null;
  const earlier = mark ? replayOf(decider, history, mark) : null;
  if (earlier) return earlier;
  const currentRevision = history.length - 1;
  const seenRevision = preconditionChecked(history, options);
  const state = foldStream(decider, history);
  const events = decider.decide(resolveCommand(command, () => []), state);
  if (events.length === 0) return { events, state, revision: seenRevision, position: null };

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

/** The stream revision of the last event that `changes` names, 0 when none did: the revision of a part of an aggregate (CommandOptions.conditionOn). */
export function revisionOfLast(history: readonly StoredEvent[], changes: (entry: StoredEvent) => boolean): number {
  for (let index = history.length - 1; index >= 0; index--) {
    const entry = history[index] as StoredEvent;
    if (changes(entry)) return entry.streamRevision;
  }
  return 0;
}

/** The revision `If-Match` speaks of (CommandOptions.conditionOn); 412 PRECONDITION_FAILED when the caller saw another. */
function preconditionChecked(history: readonly StoredEvent[], options: CommandOptions<never, never>): number {
  const currentRevision = options.conditionOn ? options.conditionOn(history) : history.length - 1;
  if (options.expectedRevision !== undefined && options.expectedRevision !== currentRevision) {
    throw new ApplicationError('PRECONDITION_FAILED', { expectedRevision: options.expectedRevision, currentRevision });
  }
  return currentRevision;
}

/**
 * Read ▸ fold ▸ decide on the command's stream, then each companion's
 * follow-up on its stream, and one atomic append of all, each at the
 * revision read: of two commands racing on the pair from its two sides
 * exactly one is written. The loser decides again on the fresh state (up to
 * PAIRED_RETRIES times, unless the caller named a revision with If-Match),
 * so it gets the aggregates' own refusal rather than a bare 409.
 */
async function handlePaired<State, Command, Event extends DomainEvent>(
  eventStore: EventStore,
  stream: string,
  decider: Decider<State, Command, Event>,
  command: CommandInput<Command>,
  options: CommandOptions<State, Event> & { companions: readonly Companion<State, Event>[] },
): Promise<CommandResult<State, Event>> {
  const mark = options.metadata.idempotency ?? null;
  const retries = options.expectedRevision === undefined ? PAIRED_RETRIES : 0;
  for (let attempt = 0; ; attempt++) {
    const [history, ...companionHistories] = await Promise.all([stream, ...options.companions.map((c) => c.stream)].map((name) => eventStore.readStream(name)));
    const earlier = mark ? replayOf(decider, history as StoredEvent[], mark) : null;
    if (earlier) return earlier;
    const currentRevision = (history as StoredEvent[]).length - 1;
    const seenRevision = preconditionChecked(history as StoredEvent[], options);
    const state = foldStream(decider, history as StoredEvent[]);
    const historyOf = (name: string) => companionHistories[options.companions.findIndex((c) => c.stream === name)] ?? [];
    const events = decider.decide(resolveCommand(command, historyOf), state);
    if (events.length === 0) return { events, state, revision: seenRevision, position: null };
    const stored = events.map((event, index) =>
      toNewEvent(event, options.newEventId(), { ...options.metadata, causationId: index === 0 ? options.metadata.causationId : options.metadata.correlationId }),
    );
    const stateAfter = events.reduce(decider.evolve, state);
    const pairs = events.map((event, index) => ({ event, stored: stored[index] as NewEvent }));
    const appends: StreamAppend[] = [
      { streamName: stream, events: stored, expectedRevision: revisionOf(history as StoredEvent[]) },
      ...options.companions.map((companion, index) => {
        const companionHistory = companionHistories[index] as StoredEvent[];
        return { streamName: companion.stream, events: companion.follow(pairs, stateAfter, companionHistory), expectedRevision: revisionOf(companionHistory) };
      }),
    ];
    try {
      const results = await eventStore.appendToStreams(appends);
      const appended = results[0] as AppendResult;
      // The answer waits for the read models to have applied every side (read your writes).
      const position = Math.max(...results.map((result, index) => ((appends[index] as StreamAppend).events.length > 0 ? result.lastGlobalPosition : 0)));
      return { events, state: stateAfter, revision: appended.nextExpectedRevision, position };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      const winner = mark ? replayOf(decider, await eventStore.readStream(stream), mark) : null;
      if (winner) return winner;
      if (attempt >= retries) throw new ApplicationError('CONCURRENT_MODIFICATION', { stream, expectedRevision: currentRevision });
    }
  }
}

function revisionOf(history: readonly StoredEvent[]): ExpectedRevision {
  return history.length === 0 ? 'no_stream' : history.length - 1;
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
