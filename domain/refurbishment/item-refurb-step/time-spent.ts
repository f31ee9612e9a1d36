/** One action of a step with the time it was recorded (its event's metadata). */
export interface TimedAction {
  type: 'started' | 'paused' | 'resumed' | 'cancelled' | 'validated';
  at: string;
}

export interface TimeSpent {
  /** Milliseconds worked: from each start or resume to the next pause, validation or cancellation (pauses excluded). */
  ms: number;
  /** When the step is in progress: since when it has been worked on (the time since is not in `ms` yet). */
  runningSince: string | null;
}

/** Time spent on a step, from its actions in order (pure: the times come from the events). */
export function timeSpent(actions: readonly TimedAction[]): TimeSpent {
  return actions.reduce(addAction, { ms: 0, runningSince: null });
}

/** The running total after one more action, from the kept total (what a projection folds). */
export function addAction(spent: TimeSpent, action: TimedAction): TimeSpent {
  if (action.type === 'started' || action.type === 'resumed') return { ms: spent.ms, runningSince: action.at };
  if (spent.runningSince === null) return spent;
  return { ms: spent.ms + Math.max(0, Date.parse(action.at) - Date.parse(spent.runningSince)), runningSince: null };
}
