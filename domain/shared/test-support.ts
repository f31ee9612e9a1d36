import { expect } from 'vitest';
import { DomainError } from './domain-error.js';
import type { Decider } from './decider.js';

/** The DomainError `fn` throws; fails the test when it throws nothing or something else. */
export function domainErrorOf(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a DomainError, nothing was thrown');
}

// ---------------------------------------------------------------------------
// Given / When / Then for any decider (Emmett's DeciderSpecification, Axon's
// given(events).when(command).expectEvents):
//
//   const spec = deciderSpecification({ decide, evolve, initialState });
//   spec.given(registered(), shipped()).when(checkIn()).then([checkedIn()]);
//   spec.given().when(checkIn()).thenRefused('BUYBACK_NOT_FOUND');
//
// Pure: the given events are folded with `evolve` from `initialState`, then
// `decide` runs; no I/O.
// ---------------------------------------------------------------------------



export interface Recorded<State, Event> {
  /** The emitted events. */
  readonly events: Event[];
  /** The given events and the emitted ones, folded. */
  readonly state: State;
}

export interface Decision<State, Event> {
  /** Asserts that exactly these events are emitted. */
  then(expected: Event[]): Recorded<State, Event>;
  /** Asserts a DomainError with this code and, when given, details containing these. */
  thenRefused(code: string, details?: Record<string, unknown>): DomainError;
}

export interface DeciderSpecification<State, Command, Event> {
  given(...history: Event[]): { when(command: Command): Decision<State, Event> };
}

export function deciderSpecification<State, Command extends { type: string }, Event>(
  decider: Decider<State, Command, Event>,
): DeciderSpecification<State, Command, Event> {
  const fold = (events: readonly Event[]) => events.reduce(decider.evolve, decider.initialState());
  return {
    given(...history) {
      return {
        when(command) {
          const run = () => decider.decide(command, fold(history));
          return {
            then(expected) {
              const events = run();
              expect(events).toEqual(expected);
              return { events, state: fold([...history, ...events]) };
            },
            thenRefused(code, details) {
              let outcome: unknown;
              try {
                outcome = run();
              } catch (error) {
                expect(error).toBeInstanceOf(DomainError);
                const refusal = error as DomainError;
                expect({ code: refusal.code }).toEqual({ code });
                if (details !== undefined) expect(refusal.details).toMatchObject(details);
                return refusal;
              }
              throw new Error(`expected ${command.type} to be refused with ${code}, got ${JSON.stringify(outcome)}`);
            },
          };
        },
      };
    },
  };
}

/** Assertions on the state after the emitted events, each named as a test reads it (`andStatus`…). */
export type StateAssertions<State> = Record<string, (state: State, ...args: never[]) => void>;

/** The emitted events and the state, with each assertion chained (it answers the same). */
export type Asserted<State, Event, A extends StateAssertions<State>> = Recorded<State, Event> & {
  [K in keyof A]: A[K] extends (state: State, ...args: infer P) => void ? (...args: P) => Asserted<State, Event, A> : never;
};

/**
 * An aggregate's `given(...events).when(command)`, whose `thenEvents` adds
 * the aggregate's own assertions on the state after the events:
 *
 *   const given = givenWhenThen(spec, { andStatus: (state, status: Status) => expect(statusOf(state)).toBe(status) });
 *   given(registered()).when(ship()).thenEvents([shipped()]).andStatus('bb_in_transit');
 */
export function givenWhenThen<State, Command, Event, A extends StateAssertions<State>>(specification: DeciderSpecification<State, Command, Event>, assertions: A) {
  return (...history: Event[]) => ({
    when(command: Command) {
      const decision = specification.given(...history).when(command);
      return {
        /** Asserts that exactly these events are emitted. */
        thenEvents(expected: Event[]): Asserted<State, Event, A> {
          const recorded = decision.then(expected);
          const asserted: Record<string, unknown> = { ...recorded };
          for (const [name, assert] of Object.entries(assertions)) {
            asserted[name] = (...args: never[]) => {
              assert(recorded.state, ...args);
              return asserted;
            };
          }
          return asserted as Asserted<State, Event, A>;
        },
        /** Asserts a DomainError with this code and, when given, details containing these. */
        thenRefused: (code: string, details?: Record<string, unknown>): DomainError => decision.thenRefused(code, details),
      };
    },
  });
}
