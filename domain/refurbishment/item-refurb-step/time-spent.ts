/** One action of a step with when it was recorded (its event's metadata time, in epoch milliseconds). */
export interface TimedAction {
  type: 'started' | 'paused' | 'resumed' | 'cancelled' | 'validated';
  atMs: number;
}

export interface TimeSpent {
  /** Milliseconds worked: from each start or resume to the next pause, validation or cancellation (pauses excluded). */
  ms: number;
  /** When the step is in progress: since when (epoch ms) it has been worked on (the time since is not in `ms` yet). */
  runningSinceMs: number | null;
}

export const NO_TIME_SPENT: TimeSpent = { ms: 0, runningSinceMs: null };

/** Time spent on a step, from its actions in order (pure: the times come from the events). */
export function timeSpent(actions: readonly TimedAction[]): TimeSpent {
  return actions.reduce(addAction, NO_TIME_SPENT);
}

/** The running total after one more action, from the kept total (what a projection folds). */
export function addAction(spent: TimeSpent, action: TimedAction): TimeSpent {
  if (action.type === 'started' || action.type === 'resumed') return { ms: spent.ms, runningSinceMs: action.atMs };
  if (spent.runningSinceMs === null) return spent;
  return { ms: spent.ms + Math.max(0, action.atMs - spent.runningSinceMs), runningSinceMs: null };
}
