import { createHash } from 'node:crypto';
import type { Decider } from '../../domain/shared/decider.js';
import { DomainError } from '../../domain/shared/domain-error.js';
import { foldStream } from '../commands/command-handler.js';
import { toNewEvent, type DomainEvent } from '../events/codec.js';
import type { IdGenerator } from '../ports/clock.js';
import type { EventMetadata, NewEvent, StoredEvent } from '../ports/event-store.js';

/**
 * The metadata of another aggregate's follow-up of an event: the event's
 * who, when and why, caused by it, and keyed by it and the process's name.
 * The same whether the follow-up is decided with the event (a command's
 * companion) or later by the process manager: whichever comes second finds
 * the first's events by their key and writes nothing.
 */
export function followUpMetadataOf(process: string, source: { id: string; metadata: EventMetadata }): EventMetadata {
  const key = createHash('sha256').update(`${process}:${source.id}`).digest('hex');
  return {
    accountId: source.metadata.accountId,
    organizationId: source.metadata.organizationId,
    userId: source.metadata.userId,
    correlationId: source.metadata.correlationId,
    causationId: source.id,
    occurredAt: source.metadata.occurredAt,
    idempotency: { key, request: key },
  };
}

/** What a companion does with its aggregate's refusal of a follow-up: other events to record instead (none: nothing to record), or throw to refuse the whole command. */
export type Refused<OtherState, OtherCommand, OtherEvent> = (error: DomainError, command: OtherCommand, state: OtherState) => OtherEvent[];

/**
 * The other aggregate's follow-up of each event of a command, in order, each
 * decided on the state the previous ones left, keyed as `process` keys them
 * (`followUpMetadataOf`). An other aggregate without history is left to the
 * process manager.
 */
export function followEach<OtherState, OtherCommand, OtherEvent extends DomainEvent, SourceEvent>(options: {
  process: string;
  decider: Decider<OtherState, OtherCommand, OtherEvent>;
  history: readonly StoredEvent[];
  events: readonly { event: SourceEvent; stored: NewEvent }[];
  following: (event: SourceEvent, stored: NewEvent, state: OtherState) => OtherCommand | null;
  refused: Refused<OtherState, OtherCommand, OtherEvent>;
  ids: IdGenerator;
}): NewEvent[] {
  const { decider, history, events, following, refused, ids } = options;
  if (history.length === 0) return [];
  let state = foldStream(decider, history);
  const appended: NewEvent[] = [];
  for (const { event, stored } of events) {
    const command = following(event, stored, state);
    if (command === null) continue;
    let decided: OtherEvent[];
    try {
      decided = decider.decide(command, state);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      decided = refused(error, command, state);
    }
    const metadata = followUpMetadataOf(options.process, stored);
    appended.push(...decided.map((e, index) => toNewEvent(e, ids.uuid(), { ...metadata, causationId: index === 0 ? stored.id : metadata.correlationId })));
    state = decided.reduce(decider.evolve, state);
  }
  return appended;
}
