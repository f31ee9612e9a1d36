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
