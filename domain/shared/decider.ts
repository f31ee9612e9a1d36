/**
 * An aggregate as a decider: the state folded from its events, and the
 * decision a command takes on it. The whole pattern in one interface; the
 * buyback's XState machine provides `initialState` and `evolve`.
 */
export interface Decider<State, Command, Event> {
  initialState(): State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
}
