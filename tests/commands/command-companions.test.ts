import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '../../infrastructure/event-store/sqlite-event-store.js';
import { DomainError } from '../../domain/shared/domain-error.js';
import type { Decider } from '../../domain/shared/decider.js';
import { toDomainEvent, toNewEvent } from '../../application/events/codec.js';
import type { EventMetadata, EventStore, NewEvent, StoredEvent, StreamAppend } from '../../application/ports/event-store.js';
import { foldStream, handleCommand, type Companion } from '../../application/commands/command-handler.js';
import { ApplicationError } from '../../application/commands/errors.js';

/**
 * A decision taken on two aggregates at once (handleCommand's companions):
 * a lamp and its switch. Switching the lamp off turns its switch down; the
 * switch refuses to go down when it is locked.
 */
type LampEvent = { type: 'LampSwitchedOff'; data: Record<string, never> } | { type: 'LampSwitchedOn'; data: Record<string, never> };
type SwitchEvent = { type: 'SwitchTurnedDown'; data: Record<string, never> } | { type: 'SwitchLocked'; data: Record<string, never> };

const lamp: Decider<{ on: boolean }, { type: 'SwitchOff' | 'SwitchOn' }, LampEvent> = {
  initialState: () => ({ on: true }),
  evolve: (state, event) => ({ on: event.type === 'LampSwitchedOn' }),
  decide: (command, state) => {
    if (command.type === 'SwitchOff' && !state.on) throw new DomainError('LAMP_ALREADY_OFF');
    return [{ type: command.type === 'SwitchOff' ? 'LampSwitchedOff' : 'LampSwitchedOn', data: {} }];
  },
};
const switchDecider: Decider<{ down: boolean; locked: boolean }, { type: 'TurnDown' | 'Lock' }, SwitchEvent> = {
  initialState: () => ({ down: false, locked: false }),
  evolve: (state, event) => (event.type === 'SwitchTurnedDown' ? { ...state, down: true } : { ...state, locked: true }),
  decide: (command, state) => {
    if (command.type === 'TurnDown' && state.locked) throw new DomainError('SWITCH_LOCKED');
    return [{ type: command.type === 'TurnDown' ? 'SwitchTurnedDown' : 'SwitchLocked', data: {} }];
  },
};

const metadata: EventMetadata = { accountId: 'a', organizationId: null, userId: 'u', correlationId: 'c', causationId: null, occurredAt: '2026-11-26T10:00:00.000Z' };
let sequence = 0;
const newEventId = () => `00000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`;

/** The switch follows the lamp: each LampSwitchedOff turns it down, caused by that event. */
const switchFollows: Companion<{ on: boolean }, LampEvent> = {
  stream: 'switch-1',
  follow(events, _lampAfter, history) {
    let state = foldStream(switchDecider, history);
    const out: NewEvent[] = [];
    for (const { event, stored } of events) {
      if (event.type !== 'LampSwitchedOff') continue;
      const decided = switchDecider.decide({ type: 'TurnDown' }, state);
      out.push(...decided.map((e) => toNewEvent(e, newEventId(), { ...metadata, causationId: stored.id })));
      state = decided.reduce(switchDecider.evolve, state);
    }
    return out;
  },
};

let store: SqliteEventStore;
beforeEach(() => {
  store = new SqliteEventStore({ path: ':memory:' });
});
afterEach(async () => {
  await store.close();
});

const typesOf = (events: readonly StoredEvent[]) => events.map((e) => toDomainEvent(e).type);

/** The store, with something written by someone else between this command's reads and its append, once. */
function withInterleaved(eventStore: EventStore, interleave: () => Promise<unknown>): EventStore {
  let done = false;
  return Object.assign(Object.create(eventStore) as EventStore, {
    appendToStreams: async (appends: StreamAppend[]) => {
      if (!done) {
        done = true;
        await interleave();
      }
      return eventStore.appendToStreams(appends);
    },
  });
}

describe('a command decided with a companion', () => {
  it('Given a lamp on and its switch up, When the lamp is switched off, Then the lamp and its switch are written in one append, the switch caused by the lamp', async () => {
    const result = await handleCommand(store, 'lamp-1', lamp, { type: 'SwitchOff' }, { metadata, newEventId, companions: [switchFollows] });

    const [lampHistory, switchHistory] = await Promise.all([store.readStream('lamp-1'), store.readStream('switch-1')]);
    expect(typesOf(lampHistory)).toEqual(['LampSwitchedOff']);
    expect(typesOf(switchHistory)).toEqual(['SwitchTurnedDown']);
    expect(switchHistory[0]!.metadata.causationId).toBe(lampHistory[0]!.id);
    expect(switchHistory[0]!.globalPosition).toBe(lampHistory[0]!.globalPosition + 1);
    // The answer waits for both sides to be read.
    expect(result.position).toBe(switchHistory[0]!.globalPosition);
  });

  it('Given a locked switch, When the lamp is switched off, Then the switch’s refusal refuses the command and nothing is written', async () => {
    await store.appendToStream('switch-1', [toNewEvent({ type: 'SwitchLocked', data: {} }, newEventId(), metadata)], 'no_stream');

    await expect(handleCommand(store, 'lamp-1', lamp, { type: 'SwitchOff' }, { metadata, newEventId, companions: [switchFollows] })).rejects.toMatchObject({ code: 'SWITCH_LOCKED' });
    expect(await store.readStream('lamp-1')).toEqual([]);
    expect(typesOf(await store.readStream('switch-1'))).toEqual(['SwitchLocked']);
  });

  it('Given the switch is locked by someone else between the reads and the append, When the lamp is switched off, Then it decides again on the locked switch and is refused, nothing written', async () => {
    const racing = withInterleaved(store, () => store.appendToStream('switch-1', [toNewEvent({ type: 'SwitchLocked', data: {} }, newEventId(), metadata)], 'no_stream'));

    await expect(handleCommand(racing, 'lamp-1', lamp, { type: 'SwitchOff' }, { metadata, newEventId, companions: [switchFollows] })).rejects.toBeInstanceOf(DomainError);
    expect(await store.readStream('lamp-1')).toEqual([]);
  });

  it('Given a companion with nothing to do, When its stream changes between the reads and the append, Then the command still decides again (the unchanged side is a consistency check)', async () => {
    let decisions = 0;
    const counting: Companion<{ on: boolean }, LampEvent> = { stream: 'switch-1', follow: () => (decisions++, []) };
    await store.appendToStream('lamp-1', [toNewEvent({ type: 'LampSwitchedOff', data: {} }, newEventId(), metadata)], 'no_stream');
    const racing = withInterleaved(store, () => store.appendToStream('switch-1', [toNewEvent({ type: 'SwitchLocked', data: {} }, newEventId(), metadata)], 'no_stream'));

    await handleCommand(racing, 'lamp-1', lamp, { type: 'SwitchOn' }, { metadata, newEventId, companions: [counting] });

    expect(decisions).toBe(2);
    expect(typesOf(await store.readStream('lamp-1'))).toEqual(['LampSwitchedOff', 'LampSwitchedOn']);
  });

  it('Given an If-Match revision, When the companion changes meanwhile, Then it answers CONCURRENT_MODIFICATION at once, nothing written', async () => {
    await store.appendToStream('lamp-1', [toNewEvent({ type: 'LampSwitchedOn', data: {} }, newEventId(), metadata)], 'no_stream');
    const racing = withInterleaved(store, () => store.appendToStream('switch-1', [toNewEvent({ type: 'SwitchLocked', data: {} }, newEventId(), metadata)], 'no_stream'));

    const answer = handleCommand(racing, 'lamp-1', lamp, { type: 'SwitchOff' }, { metadata, newEventId, expectedRevision: 0, companions: [switchFollows] });

    await expect(answer).rejects.toBeInstanceOf(ApplicationError);
    await expect(answer).rejects.toMatchObject({ code: 'CONCURRENT_MODIFICATION' });
    expect(typesOf(await store.readStream('lamp-1'))).toEqual(['LampSwitchedOn']);
  });

  it('Given a keyed command already carried out, When it is sent again, Then it answers as the first time and writes nothing', async () => {
    const keyed = { ...metadata, idempotency: { key: 'k', request: 'r' } };
    const first = await handleCommand(store, 'lamp-1', lamp, { type: 'SwitchOff' }, { metadata: keyed, newEventId, companions: [switchFollows] });
    const again = await handleCommand(store, 'lamp-1', lamp, { type: 'SwitchOff' }, { metadata: keyed, newEventId, companions: [switchFollows] });

    expect(again).toMatchObject({ replayed: true, revision: first.revision });
    expect(await store.readStream('switch-1')).toHaveLength(1);
  });
});
